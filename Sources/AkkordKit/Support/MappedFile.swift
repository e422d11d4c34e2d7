#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file mapped read-only, for readers that pass over a large file once or twice (a
/// project of 100,000 lines) without copying it into memory. The pages a reader has passed can
/// be handed back (`release(before:)`), so a million-line file does not stay resident.
///
/// The mapping is of the file as it was opened: akkord replaces files by renaming a new one over
/// them, which leaves this one's bytes as they were.
public final class MappedFile {
    public let bytes: UnsafeBufferPointer<UInt8>
    private let base: UnsafeMutableRawPointer?
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps `path` with the checks of `FileIO.read`: a regular file of at most `limit` bytes.
    public init(path: String, limit: Int, followSymlinks: Bool = true) throws {
        let fd = try FileIO.openRegularFile(path, limit: limit, followSymlinks: followSymlinks)
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileIO.Failure.system(path: path, operation: "stat", message: FileIO.errnoMessage()) }
        let size = Int(st.st_size)
        guard size > 0 else {
            base = nil
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let p, p != MAP_FAILED else { throw FileIO.Failure.system(path: path, operation: "map", message: FileIO.errnoMessage()) }
        _ = madvise(p, size, Int32(MADV_SEQUENTIAL))
        base = p
        bytes = UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt8.self), count: size)
    }

    /// Hands back the pages wholly inside `range` (a later pass reads them again from the page
    /// cache): what keeps a reader's resident memory small.
    public func release(_ range: Range<Int>) {
        guard let base else { return }
        let start = (range.lowerBound + Self.pageSize - 1) / Self.pageSize * Self.pageSize
        let end = min(range.upperBound, bytes.count) / Self.pageSize * Self.pageSize
        guard end > start else { return }
        _ = madvise(base + start, end - start, Int32(MADV_DONTNEED))
    }

    deinit {
        if let base { munmap(base, bytes.count) }
    }
}
