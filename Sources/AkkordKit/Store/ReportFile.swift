#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AkkordSupport
import AkkordModel

/// Writing a report or export to a path the user chose (`-o`): the one output path. The file is
/// replaced atomically (readable by others, 0644); a symbolic link is followed to its target,
/// which is replaced; anything that is not a regular file (a device, a FIFO, a directory) is
/// refused before anything is written, since the rename would replace it.
public enum ReportFile {
    /// The file a write to `path` replaces or creates: `path`, or the end of the chain of
    /// symbolic links it is.
    public static func target(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT {
                    // A new file: its folder must be there (said as such, not as a temporary file that could not be made).
                    let folder = AtomicFile.parentDirectory(of: current)
                    guard FileIO.isDirectory(folder) else { throw AkkordError.outputFailed(path: path, reason: "the folder \(folder) does not exist") }
                    return current
                }
                throw AkkordError.outputFailed(path: path, reason: FileIO.errnoMessage())
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return current
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let n = readlink(current, &buffer, buffer.count - 1)
                guard n > 0 else { throw AkkordError.outputFailed(path: path, reason: FileIO.errnoMessage()) }
                let link = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                current = link.hasPrefix("/") ? link : AtomicFile.parentDirectory(of: current) + "/" + link
            default: throw AkkordError.outputNotARegularFile(path: path, kind: FileIO.kindDescription(info.st_mode))
            }
        }
        throw AkkordError.outputFailed(path: path, reason: "too many levels of symbolic links")
    }

    /// Removes the temporaries an earlier write to `path` left beside it when it was killed
    /// (`.<name>.tmp-<pid>-<random>` of a process that is no longer running); only those of this
    /// name, so nothing of anyone else's in the folder is touched.
    static func removeStaleTemporaries(of path: String) {
        for (stale, _) in Store.staleTemporaries(in: AtomicFile.parentDirectory(of: path), named: AtomicFile.fileName(path)) { unlink(stale) }
    }

    /// Writes `bytes` to `path` (`target(path)`, which the caller has checked).
    public static func write(_ bytes: [UInt8], to path: String) throws {
        removeStaleTemporaries(of: path)
        do { try AtomicFile.write(bytes, to: path, mode: 0o644) } catch {
            throw AkkordError.outputFailed(path: path, reason: (error as? FileIO.Failure)?.reason ?? "\(error)")
        }
    }

    /// Writes what `body` puts into the output, as it goes; nothing is replaced if `body` throws
    /// (its error is thrown as it is).
    public static func write(to path: String, _ body: (ByteOutput) throws -> Void) throws {
        removeStaleTemporaries(of: path)
        struct BodyError: Error { let error: Error }
        do {
            try AtomicFile.write(to: path, mode: 0o644) { out in
                do { try body(out) } catch { throw BodyError(error: error) }
            }
        } catch let e as BodyError { throw e.error } catch {
            throw AkkordError.outputFailed(path: path, reason: (error as? FileIO.Failure)?.reason ?? "\(error)")
        }
    }
}

extension Store {
    /// Whether `path` would be written inside the store (after resolving links and `..` of the
    /// directory it is in).
    public func contains(_ path: String) -> Bool {
        guard let store = Self.realPath(directory) else { return false }
        let parent = AtomicFile.parentDirectory(of: path)
        guard let resolved = Self.realPath(parent) else { return false }
        return resolved == store || resolved.hasPrefix(store == "/" ? "/" : store + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
