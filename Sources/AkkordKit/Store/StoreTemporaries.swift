import AkkordSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary files that killed writes leave behind (`.<name>.tmp-<pid>-<random>`): removed by
/// the next writer under the lock, listed by `check`. A temporary whose writer is still running
/// is left alone.
extension Store {
    /// Leftover temporaries of writers that are no longer running, with their sizes. A writer
    /// looks where temporaries are made today (`tmp/`, and the store directory for the search
    /// index); `check` (`everywhere`) also looks in every folder, where older versions made them.
    func staleTemporaries(everywhere: Bool = false) -> [(path: String, bytes: Int)] {
        (everywhere ? [directory] + subdirectories : [directory, temporaryDirectory]).flatMap { Self.staleTemporaries(in: $0) }
    }

    /// The temporaries in `directory` (those of the file `named`, when given) whose writers are
    /// no longer running, regular files only, with their sizes.
    static func staleTemporaries(in directory: String, named: String? = nil) -> [(path: String, bytes: Int)] {
        let prefix = named.map { "." + $0 + ".tmp-" }
        var found: [(String, Int)] = []
        for name in entries(of: directory, hiddenOnly: true) where prefix.map(name.hasPrefix) ?? true {
            guard let pid = AtomicFile.temporaryOwner(name), !isRunning(pid) else { continue }
            let path = directory + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            found.append((path, Int(st.st_size)))
        }
        return found
    }

    /// Removes stale temporaries; call inside the exclusive lock. Best effort: one that cannot be
    /// removed is listed by `check` later.
    func removeStaleTemporaries() {
        for (path, _) in staleTemporaries() { unlink(path) }
    }

    static func isRunning(_ pid: Int32) -> Bool {
        if pid == getpid() { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// The names in a directory (none when it does not exist), without `.` and `..`. With
    /// `hiddenOnly`, only names starting with `.`, read without making a string of the others:
    /// every write looks for temporaries among a store's 20,000 project files.
    package static func entries(of directory: String, hiddenOnly: Bool = false) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            if hiddenOnly, withUnsafeBytes(of: entry.pointee.d_name, { $0.first != UInt8(ascii: ".") }) { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
