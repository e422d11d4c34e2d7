#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small POSIX file helpers: no Foundation on the hot path, errno turned into messages.
public enum FileIO {
    public enum Failure: Equatable, PhrasedError {
        case notFound(String)
        case system(path: String, operation: Phrase, message: Phrase)
        /// A directory, device, FIFO or socket where a file's bytes were expected.
        case notRegularFile(path: String, kind: Phrase)
        /// More bytes than the reader accepts; checked before and while reading, never after.
        case tooBig(path: String, limit: Int)
        public var path: String {
            switch self {
            case .notFound(let p), .system(let p, _, _), .notRegularFile(let p, _), .tooBig(let p, _): return p
            }
        }
        /// What is wrong, without the path (for messages that name the file already).
        public var reason: Phrase {
            switch self {
            case .notFound: return "no such file"
            case .system(_, let op, let m): return "cannot \(op): \(m)"
            case .notRegularFile(_, let kind): return "is \(kind), not a regular file"
            case .tooBig(_, let limit): return "is larger than \(FileIO.sizeText(limit)), the most akkord reads"
            }
        }
        public var phrase: Phrase { "\(path): \(reason)" }
    }

    package static func sizeText(_ bytes: Int) -> Phrase {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// What a file that is not a regular file is, in one wording for every message.
    package static func kindDescription(_ mode: mode_t) -> Phrase {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }

    /// The system's words for an error number; the text itself is the phrase's key, so a
    /// phrasebook can say the common ones in its language.
    package static func errnoMessage(_ code: Int32 = errno) -> Phrase { Phrase(stringLiteral: String(cString: strerror(code))) }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Reads a regular file whole, refusing anything else and anything over `limit` bytes before
    /// reading it. `followSymlinks: false` refuses a symbolic link at `path` itself (store files).
    public static func read(_ path: String, limit: Int, followSymlinks: Bool = true) throws -> [UInt8] {
        let fd = try openRegularFile(path, limit: limit, followSymlinks: followSymlinks)
        defer { close(fd) }
        return try readAll(fd: fd, path: path, limit: limit)
    }

    /// Reads a regular file as `read` does, but in pieces of `pieceSize` bytes (the last may be
    /// shorter) through one small buffer, for a reader that needs each byte once (a hash) and not
    /// the whole file in memory. Returns the file's size.
    public static func readPieces(_ path: String, limit: Int, followSymlinks: Bool = true, pieceSize: Int = 1 << 18,
                                  _ body: (ArraySlice<UInt8>) -> Void) throws -> Int {
        let fd = try openRegularFile(path, limit: limit, followSymlinks: followSymlinks)
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: pieceSize)
        var total = 0, filled = 0, ended = false
        while !ended {
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, pieceSize - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure.system(path: path, operation: "read", message: errnoMessage())
            }
            filled += n
            ended = n == 0
            if filled == pieceSize || (ended && filled > 0) {
                total += filled
                if total > limit { throw Failure.tooBig(path: path, limit: limit) }
                body(buffer[0..<filled])
                filled = 0
            }
        }
        return total
    }

    /// Opens a regular file for reading, refusing anything else and anything over `limit` bytes.
    static func openRegularFile(_ path: String, limit: Int, followSymlinks: Bool) throws -> Int32 {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused after the fstat.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followSymlinks ? 0 : O_NOFOLLOW))
        if fd < 0 {
            let code = errno
            if code == ENOENT { throw Failure.notFound(path) }
            if code == ELOOP, !followSymlinks { throw Failure.notRegularFile(path: path, kind: "a symbolic link") }
            throw Failure.system(path: path, operation: "open", message: errnoMessage(code))
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else { let m = errnoMessage(); close(fd); throw Failure.system(path: path, operation: "stat", message: m) }
        guard (st.st_mode & S_IFMT) == S_IFREG else { close(fd); throw Failure.notRegularFile(path: path, kind: kindDescription(st.st_mode)) }
        guard Int(st.st_size) <= limit else { close(fd); throw Failure.tooBig(path: path, limit: limit) }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    /// Reads a descriptor to its end (a file, a pipe, standard input), refusing more than `limit`
    /// bytes as soon as they arrive.
    public static func readAll(fd: Int32, path: String, limit: Int = Int.max) throws -> [UInt8] {
        var st = stat()
        let size = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : 0
        if size > limit { throw Failure.tooBig(path: path, limit: limit) }
        if size > 0 {
            // A regular file: read straight into a buffer of its size, then pick up anything
            // appended since the fstat.
            var failure: Int32 = 0
            var result = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
                while count < size {
                    let n = systemRead(fd, buffer.baseAddress! + count, size - count)
                    if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                    if n == 0 { break }
                    count += n
                }
            }
            if failure != 0 { throw Failure.system(path: path, operation: "read", message: errnoMessage(failure)) }
            if result.count == size { result += try readRemaining(fd: fd, path: path, limit: limit - size) }
            return result
        }
        return try readRemaining(fd: fd, path: path, limit: limit)
    }

    /// Asks Linux to back a big buffer (4 MiB or more) with 2 MiB pages where it can, before
    /// it is first written: reading a big file (a catalogue's search index, a large project) then
    /// takes a few page faults instead of one per 4 KiB, about a third of the time of reading an
    /// 8 MB index. Only advice: nothing changes where it is not followed.
    private static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        let huge = 2 << 20, base = Int(bitPattern: buffer.baseAddress)
        guard buffer.count >= 4 << 20, base != 0 else { return }
        let start = (base + huge - 1) & ~(huge - 1), end = (base + buffer.count) & ~(huge - 1)
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, Int32(MADV_HUGEPAGE)) }
        #endif
    }

    /// Reads to the end in chunks (pipes, standard input, growing files).
    private static func readRemaining(fd: Int32, path: String, limit: Int) throws -> [UInt8] {
        var result = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure.system(path: path, operation: "read", message: errnoMessage())
            }
            if n == 0 { break }
            if n > limit - result.count { throw Failure.tooBig(path: path, limit: limit) }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }

    /// Starts writing `range` of the file open at `fd` to its disk without waiting for it
    /// (Linux's `sync_file_range` with `SYNC_FILE_RANGE_WRITE`): a large file written in pieces is
    /// then mostly on disk when its fsync comes, and that fsync, which is still what makes it
    /// durable, waits for little. False where that is not done (another system, a descriptor it
    /// does not apply to); any failure of the disk is the fsync's to report.
    package static func startWriteback(fd: Int32, _ range: Range<Int>) -> Bool {
        #if os(Linux)
        return syncFileRange?(fd, Int64(range.lowerBound), Int64(range.count), 2 /* SYNC_FILE_RANGE_WRITE */) == 0
        #else
        return false
        #endif
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

#if os(Linux)
/// `sync_file_range`, which the Glibc module does not declare (a GNU extension), found in the C library by name.
private let syncFileRange = dlsym(dlopen(nil, RTLD_NOW), "sync_file_range").map {
    unsafeBitCast($0, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
}
#endif
