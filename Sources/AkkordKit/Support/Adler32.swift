/// Adler-32 (RFC 1950 §8.2), the checksum at the end of a zlib stream: two sums modulo 65,521,
/// `a` of the bytes plus one and `b` of the successive `a`s, as `b << 16 | a`.
/// Adler32("Wikipedia") = 0x11E60398.
public enum Adler32 {
    /// The largest prime below 2¹⁶.
    static let modulus: UInt32 = 65_521
    /// The most bytes that can be summed before `b` could overflow 32 bits (zlib's NMAX).
    static let run = 5_552

    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { update(1, $0) }
    }

    /// The checksum `adler` (1 for no bytes yet) carried on over `b`.
    public static func update(_ adler: UInt32, _ b: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var a = adler & 0xFFFF, s = adler >> 16
        var p = 0
        while p < b.count {
            let end = p + min(run, b.count - p)
            while p + 8 <= end {
                a &+= UInt32(b[p]); s &+= a
                a &+= UInt32(b[p + 1]); s &+= a
                a &+= UInt32(b[p + 2]); s &+= a
                a &+= UInt32(b[p + 3]); s &+= a
                a &+= UInt32(b[p + 4]); s &+= a
                a &+= UInt32(b[p + 5]); s &+= a
                a &+= UInt32(b[p + 6]); s &+= a
                a &+= UInt32(b[p + 7]); s &+= a
                p += 8
            }
            while p < end { a &+= UInt32(b[p]); s &+= a; p += 1 }
            a %= modulus
            s %= modulus
        }
        return s << 16 | a
    }
}
