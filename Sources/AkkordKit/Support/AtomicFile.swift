#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic replacement of a file: temporary file (in the same directory, or in
/// `temporaryDirectory` on the same file system), fsync, rename over the target, fsync of the
/// directory. A reader sees the old file or the new one, never a mix.
package enum AtomicFile {
    /// The new file is in place (the rename succeeded) but the directory could not be synced, so
    /// a crash of the system (not of akkord) could still bring the old file back. The write is
    /// done: a caller reports it as done, with this as a warning, and never as a failure a user
    /// would answer by doing it again.
    package struct NotSynced: PhrasedError {
        package let path: String
        package let reason: Phrase
        package var phrase: Phrase { "\(path) is written, but its folder could not be synced to disk (\(reason))" }
    }

    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600, temporaryDirectory: String? = nil) throws {
        try write(to: path, mode: mode, temporaryDirectory: temporaryDirectory) { fd, temporary in try FileIO.writeAll(fd: fd, bytes, path: temporary) }
    }

    /// As `write`, with the bytes written by `body` through a buffered output as it makes them
    /// (a report of any size); if `body` throws, the temporary file is removed and nothing replaced.
    package static func write(to path: String, mode: mode_t = 0o600, temporaryDirectory: String? = nil, streaming body: (ByteOutput) throws -> Void) throws {
        try write(to: path, mode: mode, temporaryDirectory: temporaryDirectory) { fd, temporary in
            let out = ByteOutput(fd: fd, path: temporary, startingWriteback: true)
            try body(out)
            try out.flush()
        }
    }

    private static func write(to path: String, mode: mode_t, temporaryDirectory: String?, body: (Int32, String) throws -> Void) throws {
        let directory = parentDirectory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = "\(temporaryDirectory ?? directory)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw FileIO.Failure.system(path: temporary, operation: "create", message: FileIO.errnoMessage()) }
        var closed = false
        defer {
            if !closed { close(fd) }
        }
        do {
            try body(fd, temporary)
            guard fsync(fd) == 0 else { throw FileIO.Failure.system(path: temporary, operation: "fsync", message: FileIO.errnoMessage()) }
            closed = true
            guard close(fd) == 0 else { throw FileIO.Failure.system(path: temporary, operation: "close", message: FileIO.errnoMessage()) }
            guard rename(temporary, path) == 0 else { throw FileIO.Failure.system(path: path, operation: "rename", message: FileIO.errnoMessage()) }
        } catch {
            unlink(temporary)
            throw error
        }
        do { try syncDirectory(directory) } catch { throw NotSynced(path: path, reason: (error as? FileIO.Failure)?.reason ?? "\(error)") }
    }

    /// Makes a directory's entries durable (a rename or unlink in it survives a crash). A file
    /// system that cannot sync directories at all (EINVAL) is taken as it is; any other failure
    /// is an error.
    package static func syncDirectory(_ directory: String) throws {
        let dfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dfd >= 0 else { throw FileIO.Failure.system(path: directory, operation: "open the directory to sync it", message: FileIO.errnoMessage()) }
        defer { close(dfd) }
        if fsync(dfd) != 0, errno != EINVAL {
            throw FileIO.Failure.system(path: directory, operation: "sync the directory", message: FileIO.errnoMessage())
        }
    }

    /// `.<name>.tmp-<pid>-<random>`: the temporaries `write` makes. The pid tells whether the
    /// writer is still running.
    package static func temporaryOwner(_ fileName: String) -> Int32? {
        let bytes = Array(fileName.utf8), marker = Array(".tmp-".utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count > marker.count,
              let start = (1...(bytes.count - marker.count)).reversed().first(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
        else { return nil }
        let parts = bytes[(start + marker.count)...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, UInt32(parts[1]) != nil else { return nil }
        return pid
    }

    package static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    package static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
