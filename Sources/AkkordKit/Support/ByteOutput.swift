#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a writer puts its bytes: one buffer of 64 KiB in front of a descriptor (standard
/// output, a report's temporary file), or collected in memory (tests, a workbook's parts). The
/// report writers write through it as they go, so no whole report is ever held as one `String`.
///
/// A failed write (a closed pipe, a full disk) is remembered and thrown by `flush()`; later
/// writes are dropped, so a writer need not check after every row.
public final class ByteOutput {
    private let fd: Int32?
    private let path: String
    // The buffer is reached through pointers, not stored arrays: a class's stored properties are
    // checked for exclusive access at run time on every write, which cost more than the copying.
    private let state: UnsafeMutablePointer<State>
    private var failure: FileIO.Failure?
    static let bufferSize = 1 << 16

    private struct State {
        var start: UnsafeMutablePointer<UInt8>
        var count: Int
        var capacity: Int
    }

    /// Writes to `fd` (`path` names it in an error: "standard output", the file).
    public init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
        state = .allocate(capacity: 1)
        state.initialize(to: State(start: .allocate(capacity: Self.bufferSize), count: 0, capacity: Self.bufferSize))
    }

    /// Collects everything written (`bytes`).
    public init() {
        fd = nil
        path = ""
        state = .allocate(capacity: 1)
        state.initialize(to: State(start: .allocate(capacity: 4096), count: 0, capacity: 4096))
    }

    deinit {
        state.pointee.start.deallocate()
        state.deallocate()
    }

    /// Everything written so far, for an output that collects.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: state.pointee.start, count: state.pointee.count)) }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    public func write(_ text: StaticString) {
        write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public func write(byte: UInt8) {
        if state.pointee.count == state.pointee.capacity { makeRoom(1) }
        state.pointee.start[state.pointee.count] = byte
        state.pointee.count += 1
    }

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        guard n > 0 else { return }
        if state.pointee.count + n > state.pointee.capacity { makeRoom(n) }
        if n > state.pointee.capacity - state.pointee.count {
            // Larger than the buffer of a descriptor's output: straight through.
            writeOut(bytes)
            return
        }
        (state.pointee.start + state.pointee.count).update(from: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n)
        state.pointee.count += n
    }

    /// `count` spaces.
    public func write(spaces count: Int) {
        guard count > 0 else { return }
        if state.pointee.count + count > state.pointee.capacity { makeRoom(count) }
        if count > state.pointee.capacity - state.pointee.count {
            for _ in 0..<count { write(byte: 0x20) }
            return
        }
        (state.pointee.start + state.pointee.count).update(repeating: 0x20, count: count)
        state.pointee.count += count
    }

    /// Writes what is buffered and throws the first failure of any write.
    public func flush() throws {
        drain()
        if let failure { throw failure }
    }

    /// A descriptor's output drains its buffer; a collecting one grows it.
    private func makeRoom(_ n: Int) {
        if fd != nil { drain(); return }
        var capacity = state.pointee.capacity
        while capacity - state.pointee.count < n { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: state.pointee.start, count: state.pointee.count)
        state.pointee.start.deallocate()
        state.pointee.start = grown
        state.pointee.capacity = capacity
    }

    private func drain() {
        guard fd != nil, state.pointee.count > 0 else { return }
        writeOut(UnsafeRawBufferPointer(start: state.pointee.start, count: state.pointee.count))
        state.pointee.count = 0
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) {
        guard let fd, failure == nil else { return }
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                failure = .system(path: path, operation: "write", message: FileIO.errnoMessage())
                return
            }
            offset += n
        }
    }
}
