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
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x100_0000_01b3
                h ^= h >> 29
                i += 8
            }
            while i < raw.count { h = (h ^ UInt64(raw[i])) &* 0x100_0000_01b3; i += 1 }
        }
        return h
    }
}
