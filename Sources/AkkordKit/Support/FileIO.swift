#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small POSIX file helpers: no Foundation on the hot path, errno turned into messages.
public enum FileIO {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notFound(String)
        case system(path: String, operation: String, message: String)
        public var description: String {
            switch self {
            case .notFound(let p): return "\(p): no such file"
            case .system(let p, let op, let m): return "\(p): cannot \(op): \(m)"
            }
        }
    }

    static func errnoMessage(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    public static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { throw Failure.notFound(path) }
            throw Failure.system(path: path, operation: "open", message: errnoMessage())
        }
        defer { close(fd) }
        return try readAll(fd: fd, path: path)
    }

    public static func readAll(fd: Int32, path: String) throws -> [UInt8] {
        var st = stat()
        let size = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : 0
        if size > 0 {
            // A regular file: read straight into a buffer of its size, then pick up anything
            // appended since the fstat.
            var failure: Int32 = 0
            var result = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                while count < size {
                    let n = systemRead(fd, buffer.baseAddress! + count, size - count)
                    if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                    if n == 0 { break }
                    count += n
                }
            }
            if failure != 0 { throw Failure.system(path: path, operation: "read", message: errnoMessage(failure)) }
            if result.count == size { result += try readRemaining(fd: fd, path: path) }
            return result
        }
        return try readRemaining(fd: fd, path: path)
    }

    /// Reads to the end in chunks (pipes, standard input, growing files).
    private static func readRemaining(fd: Int32, path: String) throws -> [UInt8] {
        var result = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure.system(path: path, operation: "read", message: errnoMessage())
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }

    /// Writes all bytes to an open descriptor.
    public static func writeAll(fd: Int32, _ bytes: [UInt8], path: String) throws {
        var offset = 0
        try bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw Failure.system(path: path, operation: "write", message: errnoMessage())
                }
                offset += n
            }
        }
    }
}

#if canImport(Glibc)
let systemRead = Glibc.read
let systemWrite = Glibc.write
#elseif canImport(Darwin)
let systemRead = Darwin.read
let systemWrite = Darwin.write
#endif
