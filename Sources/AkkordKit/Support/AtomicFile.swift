#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic replacement of a file: temporary file in the same directory, fsync, rename over the
/// target, fsync of the directory. A reader sees the old file or the new one, never a mix.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws {
        let directory = parentDirectory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = "\(directory)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw FileIO.Failure.system(path: temporary, operation: "create", message: FileIO.errnoMessage()) }
        var closed = false
        defer {
            if !closed { close(fd) }
        }
        do {
            try FileIO.writeAll(fd: fd, bytes, path: temporary)
            guard fsync(fd) == 0 else { throw FileIO.Failure.system(path: temporary, operation: "fsync", message: FileIO.errnoMessage()) }
            closed = true
            guard close(fd) == 0 else { throw FileIO.Failure.system(path: temporary, operation: "close", message: FileIO.errnoMessage()) }
            guard rename(temporary, path) == 0 else { throw FileIO.Failure.system(path: path, operation: "rename", message: FileIO.errnoMessage()) }
        } catch {
            unlink(temporary)
            throw error
        }
        syncDirectory(directory)
    }

    static func syncDirectory(_ directory: String) {
        let dfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
