import AkkordSupport
import AkkordModel

/// Writing a report to a path the user chose: atomic, readable by others (0644).
public enum ReportFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        do { try AtomicFile.write(bytes, to: path, mode: 0o644) } catch {
            throw AkkordError.cannotWrite(path: path, reason: "\(error)")
        }
    }

    /// Writes what `body` puts into the output, as it goes; nothing is replaced if `body` throws
    /// (its error is thrown as it is).
    public static func write(to path: String, _ body: (ByteOutput) throws -> Void) throws {
        struct BodyError: Error { let error: Error }
        do {
            try AtomicFile.write(to: path, mode: 0o644) { out in
                do { try body(out) } catch { throw BodyError(error: error) }
            }
        } catch let e as BodyError { throw e.error } catch {
            throw AkkordError.cannotWrite(path: path, reason: "\(error)")
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
