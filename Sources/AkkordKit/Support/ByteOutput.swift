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
    @usableFromInline let state: UnsafeMutablePointer<State>
    private var failure: FileIO.Failure?
    package static let bufferSize = 1 << 16
    /// See `init(fd:path:startingWriteback:)`; false once the system did not take a piece.
    private var startsWriteback: Bool
    /// Bytes written to the descriptor so far, and how many of them were handed to the disk.
    private var written = 0
    package private(set) var handedToDisk = 0

    @usableFromInline struct State {
        @usableFromInline var start: UnsafeMutablePointer<UInt8>
        @usableFromInline var count: Int
        @usableFromInline var capacity: Int
    }

    /// Writes to `fd` (`path` names it in an error: "standard output", the file).
    /// `startingWriteback`: `fd` is a new file that is fsynced when complete (`AtomicFile`); each
    /// MiB written is handed to the disk at once (`FileIO.startWriteback`), so the disk writes
    /// while the rest is made and the fsync waits for little.
    public init(fd: Int32, path: String, startingWriteback: Bool = false) {
        self.fd = fd
        self.path = path
        startsWriteback = startingWriteback
        state = .allocate(capacity: 1)
        state.initialize(to: State(start: .allocate(capacity: Self.bufferSize), count: 0, capacity: Self.bufferSize))
    }

    /// Collects everything written (`bytes`).
    public init() {
        fd = nil
        path = ""
        startsWriteback = false
        state = .allocate(capacity: 1)
        state.initialize(to: State(start: .allocate(capacity: 4096), count: 0, capacity: 4096))
    }

    deinit {
        state.pointee.start.deallocate()
        state.deallocate()
    }

    /// Everything written so far, for an output that collects.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: state.pointee.start, count: state.pointee.count)) }

    // Disfavoured: a literal goes to the `StaticString` overload, which copies its bytes without
    // making or releasing a `String`.
    @_disfavoredOverload
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    @inlinable public func write(_ text: StaticString) {
        write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable public func write(byte: UInt8) {
        if state.pointee.count == state.pointee.capacity { makeRoom(1) }
        state.pointee.start[state.pointee.count] = byte
        state.pointee.count += 1
    }

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    @inlinable public func write(_ bytes: UnsafeRawBufferPointer) {
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

    /// Writes what the collecting output `collected` holds.
    package func write(_ collected: ByteOutput) {
        write(UnsafeRawBufferPointer(start: collected.state.pointee.start, count: collected.state.pointee.count))
    }

    /// How many bytes a collecting output holds.
    package var count: Int { state.pointee.count }

    /// Whether a collecting output holds exactly `bytes`.
    package func holds(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count == state.pointee.count && (bytes.isEmpty || memcmp(bytes.baseAddress!, state.pointee.start, bytes.count) == 0)
    }

    /// Empties a collecting output, keeping its room (a scratch output used again).
    package func removeAll() {
        guard fd == nil else { return }
        state.pointee.count = 0
    }

    /// `count` spaces.
    @inlinable public func write(spaces count: Int) {
        guard count > 0 else { return }
        if state.pointee.count + count > state.pointee.capacity { makeRoom(count) }
        if count > state.pointee.capacity - state.pointee.count {
            for _ in 0..<count { write(byte: 0x20) }
            return
        }
        (state.pointee.start + state.pointee.count).update(repeating: 0x20, count: count)
        state.pointee.count += count
    }

    /// Writes at most `room` bytes straight into the buffer: `body` puts them through the cursor
    /// (never more than `room`). One check of the buffer for a whole row of a long table instead
    /// of one per piece; a row larger than a descriptor's buffer is made aside and written through.
    @inline(__always)
    @inlinable public func withCursor(room: Int, _ body: (inout ByteCursor) -> Void) {
        if state.pointee.capacity - state.pointee.count < room { makeRoom(room) }
        let free = state.pointee.capacity - state.pointee.count
        guard room <= free else { return writeAside(room, body) }
        let start = state.pointee.start + state.pointee.count
        var cursor = ByteCursor(start)
        body(&cursor)
        state.pointee.count += start.distance(to: cursor.at)
    }

    @usableFromInline func writeAside(_ room: Int, _ body: (inout ByteCursor) -> Void) {
        let aside = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
        defer { aside.deallocate() }
        var cursor = ByteCursor(aside)
        body(&cursor)
        writeOut(UnsafeRawBufferPointer(start: aside, count: aside.distance(to: cursor.at)))
    }

    /// Writes what is buffered and throws the first failure of any write.
    public func flush() throws {
        drain()
        if let failure { throw failure }
    }

    /// A descriptor's output drains its buffer; a collecting one grows it.
    @usableFromInline func makeRoom(_ n: Int) {
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

    @usableFromInline func writeOut(_ bytes: UnsafeRawBufferPointer) {
        guard let fd, failure == nil else { return }
        var offset = 0
        while offset < bytes.count {
            // A file handed to the disk as it goes is written a MiB at a time (a large piece too).
            let n = systemWrite(fd, bytes.baseAddress! + offset, min(bytes.count - offset, startsWriteback ? 1 << 20 : Int.max))
            if n < 0 {
                if errno == EINTR { continue }
                failure = .system(path: path, operation: "write", message: FileIO.errnoMessage())
                return
            }
            offset += n
            written += n
            if startsWriteback, written - handedToDisk >= 1 << 20 {
                startsWriteback = FileIO.startWriteback(fd: fd, handedToDisk..<written)
                if startsWriteback { handedToDisk = written }
            }
        }
    }
}

/// Where a writer puts bytes in room `ByteOutput.withCursor` made: no checks, the room was
/// reserved for all of them.
public struct ByteCursor {
    @inlinable public var at: UnsafeMutablePointer<UInt8> { next }
    /// `at`, stored apart so that the writers below, inlined into the other layers' modules, may
    /// move it (a public property's setter that is not public cannot be used there).
    @usableFromInline var next: UnsafeMutablePointer<UInt8>

    @inlinable package init(_ at: UnsafeMutablePointer<UInt8>) { next = at }

    @inlinable @inline(__always) public mutating func put(_ byte: UInt8) {
        next.pointee = byte
        next += 1
    }

    @inlinable @inline(__always) public mutating func put(_ literal: StaticString) {
        next.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        next += literal.utf8CodeUnitCount
    }

    @inlinable @inline(__always) public mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        Self.move(bytes.count, from: base, to: next)
        next += bytes.count
    }

    /// Copies `n` bytes from `from` to `to`, which may overlap. Most pieces of a table's cell are
    /// a few bytes: those are copied here (each piece read whole before it is written), not by a
    /// call to memmove.
    @inlinable @inline(__always) package static func move(_ n: Int, from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>) {
        let source = UnsafeRawPointer(from), target = UnsafeMutableRawPointer(to)
        if n >= 8 && n <= 16 {
            let head = source.loadUnaligned(as: UInt64.self), tail = source.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            let head = source.loadUnaligned(as: UInt32.self), tail = source.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
        } else if n < 4 {
            // Back to front: right for a move to a later place too.
            var k = n
            while k > 0 { k -= 1; to[k] = from[k] }
        } else {
            to.update(from: from, count: n)
        }
    }

    @inlinable @inline(__always) public mutating func put(spaces count: Int) {
        guard count > 0 else { return }
        // The padding of a table's cell is a few spaces: put here, not by a call to memset.
        let to = UnsafeMutableRawPointer(next), spaces: UInt64 = 0x2020_2020_2020_2020
        if count >= 8 && count <= 16 {
            to.storeBytes(of: spaces, as: UInt64.self)
            to.storeBytes(of: spaces, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 && count < 8 {
            to.storeBytes(of: UInt32(truncatingIfNeeded: spaces), as: UInt32.self)
            to.storeBytes(of: UInt32(truncatingIfNeeded: spaces), toByteOffset: count - 4, as: UInt32.self)
        } else if count < 4 {
            for k in 0..<count { next[k] = 0x20 }
        } else {
            next.update(repeating: 0x20, count: count)
        }
        next += count
    }

    /// Steps back over the spaces at the end, but not before `start`.
    @inlinable @inline(__always) package mutating func dropTrailingSpaces(after start: UnsafeMutablePointer<UInt8>) {
        while next > start, (next - 1).pointee == 0x20 { next -= 1 }
    }

    /// Advances over `count` bytes that were written at `at` by other means.
    @inlinable @inline(__always) package mutating func advance(_ count: Int) { next += count }
}
