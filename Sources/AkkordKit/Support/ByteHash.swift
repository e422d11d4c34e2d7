/// A fast 64-bit hash of bytes (FNV-1a style, eight bytes a step, with a shift to mix). Not
/// cryptographic: it tells a file from a changed copy of it, and any change to one 8-byte word
/// always changes the hash (each step is a bijection of the running value).
public enum ByteHash {
    public static let start: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Bytes that come in pieces hash as they would whole when each piece goes on from the hash
    /// of those before it (`seed`) and every piece but the last is a multiple of 8 bytes long.
    public static func hash64(_ bytes: ArraySlice<UInt8>, seed: UInt64 = start) -> UInt64 {
        var h = seed
        bytes.withUnsafeBytes { raw in
            var i = 0
            while i + 8 <= raw.count {
                h = step(h, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            while i < raw.count { h = (h ^ UInt64(raw[i])) &* 0x100_0000_01b3; i += 1 }
        }
        return h
    }

    /// One 8-byte word into the running hash: a bijection of `h` for each word.
    @inline(__always) static func step(_ h: UInt64, _ word: UInt64) -> UInt64 {
        var h = (h ^ word) &* 0x100_0000_01b3
        h ^= h >> 29
        return h
    }

    /// `step` in four lanes side by side (the words of each 32 bytes go one to each lane), which a
    /// processor runs at once, so 10 MB hash in about a millisecond: for large files hashed on
    /// every run (the search index and its catalogue file). Not equal to `hash64`. A change to any
    /// one 8-byte word changes the hash: each step is a bijection of its lane's value, and so is
    /// each step of joining the lanes.
    public struct FourLanes: Sendable {
        private var lanes: (UInt64, UInt64, UInt64, UInt64) = (start, start ^ 1, start ^ 2, start ^ 3)

        public init() {}

        /// Bytes that come in pieces hash as they would whole when every piece but the last is a
        /// multiple of 32 bytes long.
        public mutating func add(_ raw: UnsafeRawBufferPointer) {
            var (a, b, c, d) = lanes
            let n = raw.count
            var i = 0
            while i + 32 <= n {
                a = step(a, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                b = step(b, raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                c = step(c, raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
                d = step(d, raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
                i += 32
            }
            while i + 8 <= n { a = step(a, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)); i += 8 }
            while i < n { a = step(a, UInt64(raw[i])); i += 1 }
            lanes = (a, b, c, d)
        }

        public var value: UInt64 { step(step(step(lanes.0, lanes.1), lanes.2), lanes.3) }

        /// The hash of the first `count` bytes.
        package static func of(_ bytes: [UInt8], count: Int) -> UInt64 {
            var hash = FourLanes()
            bytes.withUnsafeBytes { hash.add(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            return hash.value
        }
    }
}
