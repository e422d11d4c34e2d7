/// SHA-256 (FIPS 180-4), for content-addressed photo files. Foundation on Linux has no CryptoKit
/// and the package takes no dependencies, so it is here; tests check it against known digests.
///
/// Whole at once (`digest`, `hex`) or a piece at a time (`Hasher`: `update` with each piece,
/// then `finalize`), so a photo of 25 MB is hashed as it is read, never held whole.
public enum SHA256 {
    fileprivate static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    public static func hex(_ data: [UInt8]) -> String { hex(digest: digest(data)) }

    /// A digest's 32 bytes as 64 lowercase hex digits.
    public static func hex(digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for b in digest { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    public static func digest(_ data: [UInt8]) -> [UInt8] {
        var hasher = Hasher()
        data.withUnsafeBytes { hasher.update($0) }
        return hasher.finalize()
    }

    /// SHA-256 a piece at a time: whole blocks are read straight from each piece (only a block
    /// that straddles two pieces, and the padded end, go through a 64-byte buffer), with the
    /// message schedule on the stack.
    public struct Hasher: Sendable {
        private var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        /// The bytes of a block not yet whole.
        private var pending: [UInt8] = []
        private var length: UInt64 = 0

        public init() { pending.reserveCapacity(64) }

        public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

        public mutating func update(_ piece: UnsafeRawBufferPointer) {
            guard piece.count > 0, let base = piece.baseAddress else { return }
            length &+= UInt64(piece.count)
            var at = 0
            if !pending.isEmpty {
                let take = min(64 - pending.count, piece.count)
                pending += UnsafeRawBufferPointer(rebasing: piece[0..<take])
                at = take
                guard pending.count == 64 else { return }
                pending.withUnsafeBytes { blocks($0.baseAddress!, count: 1) }
                pending.removeAll(keepingCapacity: true)
            }
            let whole = (piece.count - at) / 64
            if whole > 0 { blocks(base + at, count: whole) }
            at += whole * 64
            if at < piece.count { pending += UnsafeRawBufferPointer(rebasing: piece[at...]) }
        }

        /// The digest of every byte given; the hasher is spent.
        public mutating func finalize() -> [UInt8] {
            let bitLength = length &* 8
            var tail = pending
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            for i in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(i) * 8))) }
            tail.withUnsafeBytes { blocks($0.baseAddress!, count: $0.count / 64) }
            pending.removeAll()
            return h.flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - $0 * 8)) } }
        }

        private mutating func blocks(_ start: UnsafeRawPointer, count: Int) {
            h.withUnsafeMutableBufferPointer { state in
                SHA256.k.withUnsafeBufferPointer { k in
                    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                        let p = start.assumingMemoryBound(to: UInt8.self)
                        for b in 0..<count { SHA256.compress(p + b * 64, state, k, w) }
                    }
                }
            }
        }
    }

    /// One 64-byte block at `p` into the state `h`.
    @inline(__always)
    fileprivate static func compress(_ p: UnsafePointer<UInt8>, _ h: UnsafeMutableBufferPointer<UInt32>,
                                     _ k: UnsafeBufferPointer<UInt32>, _ w: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<16 {
            let j = i * 4
            w[i] = UInt32(p[j]) << 24 | UInt32(p[j + 1]) << 16 | UInt32(p[j + 2]) << 8 | UInt32(p[j + 3])
        }
        for i in 16..<64 {
            let s0 = w[i - 15].rotatedRight(7) ^ w[i - 15].rotatedRight(18) ^ (w[i - 15] >> 3)
            let s1 = w[i - 2].rotatedRight(17) ^ w[i - 2].rotatedRight(19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7]
        for i in 0..<64 {
            let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
            let ch = (e & f) ^ (~e & g)
            let t1 = hh &+ s1 &+ ch &+ k[i] &+ w[i]
            let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
            let maj = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ maj
            hh = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
        }
        h[0] = h[0] &+ a; h[1] = h[1] &+ b; h[2] = h[2] &+ c; h[3] = h[3] &+ d
        h[4] = h[4] &+ e; h[5] = h[5] &+ f; h[6] = h[6] &+ g; h[7] = h[7] &+ hh
    }
}

extension UInt32 {
    @inline(__always) func rotatedRight(_ n: UInt32) -> UInt32 { (self >> n) | (self << (32 - n)) }
}
