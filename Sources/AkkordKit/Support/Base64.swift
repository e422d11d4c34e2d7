/// Standard base64 (RFC 4648 §4: `A–Z a–z 0–9 + /`, `=` padding), strict both ways: the encoder
/// writes one line without breaks, and the decoder takes only what the encoder writes. No line
/// breaks, spaces, URL-safe letters or missing padding, and the bits the last letter carries past
/// the data must be zero, so every byte string has exactly one accepted text and a changed
/// letter is a changed photo, never the same one spelt differently.
public enum Base64 {
    /// Where and why a text is not strict base64.
    public struct Failure: Equatable, Sendable, PhrasedError {
        /// The character position (from 0) of the first wrong character, or the length for a
        /// text whose length is wrong.
        public let offset: Int
        public let reason: Phrase
        public var phrase: Phrase { reason }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// 0–63 for a letter of the alphabet, 0xFF for anything else.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }()

    public static func encode(_ bytes: [UInt8]) -> [UInt8] {
        let count = (bytes.count + 2) / 3 * 4
        return [UInt8](unsafeUninitializedCapacity: count) { out, written in
            alphabet.withUnsafeBufferPointer { a in
                bytes.withUnsafeBufferPointer { b in
                    var i = 0, o = 0
                    let whole = b.count / 3 * 3
                    while i < whole {
                        let v = UInt32(b[i]) << 16 | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2])
                        out[o] = a[Int(v >> 18)]; out[o + 1] = a[Int(v >> 12 & 63)]
                        out[o + 2] = a[Int(v >> 6 & 63)]; out[o + 3] = a[Int(v & 63)]
                        i += 3; o += 4
                    }
                    let rest = b.count - whole
                    if rest > 0 {
                        let v = UInt32(b[i]) << 16 | (rest == 2 ? UInt32(b[i + 1]) << 8 : 0)
                        out[o] = a[Int(v >> 18)]; out[o + 1] = a[Int(v >> 12 & 63)]
                        out[o + 2] = rest == 2 ? a[Int(v >> 6 & 63)] : UInt8(ascii: "=")
                        out[o + 3] = UInt8(ascii: "=")
                    }
                }
            }
            written = count
        }
    }

    public static func encodedString(_ bytes: [UInt8]) -> String { String(decoding: encode(bytes), as: UTF8.self) }

    /// The bytes of a strict base64 text, or where it first goes wrong.
    public static func decode(_ text: String) -> Result<[UInt8], Failure> {
        var text = text
        return text.withUTF8 { decode($0) }
    }

    public static func decode(_ t: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], Failure> {
        let n = t.count
        guard n % 4 == 0 else {
            return .failure(Failure(offset: n, reason: "its length (\(n) characters) is not a multiple of 4; base64 is written in groups of four"))
        }
        if n == 0 { return .success([]) }
        let padding = t[n - 1] == UInt8(ascii: "=") ? (t[n - 2] == UInt8(ascii: "=") ? 2 : 1) : 0
        let count = n / 4 * 3 - padding
        var failure: Failure?
        let bytes = values.withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: count) { out, written in
                func bad(_ at: Int) -> Failure {
                    let c = t[at]
                    let shown = c >= 0x21 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x\(String(c, radix: 16, uppercase: true))"
                    return Failure(offset: at, reason: c == UInt8(ascii: "=")
                                   ? "padding '=' at character \(at) before the end" : "\(shown) at character \(at) is not a base64 letter")
                }
                var o = 0
                let full = n - 4   // the last group may carry padding
                var i = 0
                while i < full {
                    let a = table[Int(t[i])], b = table[Int(t[i + 1])], c = table[Int(t[i + 2])], d = table[Int(t[i + 3])]
                    if (a | b | c | d) & 0xC0 != 0 {
                        let at = (i..<(i + 4)).first { table[Int(t[$0])] == 0xFF }!
                        failure = bad(at); written = 0; return
                    }
                    let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    out[o] = UInt8(truncatingIfNeeded: v >> 16); out[o + 1] = UInt8(truncatingIfNeeded: v >> 8); out[o + 2] = UInt8(truncatingIfNeeded: v)
                    i += 4; o += 3
                }
                // The last group: 4 letters, 3 and '=', or 2 and '=='.
                let letters = 4 - padding
                var v: UInt32 = 0
                for k in 0..<4 {
                    let value = k < letters ? table[Int(t[i + k])] : 0
                    if value == 0xFF { failure = bad(i + k); written = 0; return }
                    v = v << 6 | UInt32(value)
                }
                if padding > 0, v & (padding == 1 ? 0xFF : 0xFFFF) != 0 {
                    failure = Failure(offset: n - padding - 1, reason: "the last letter before the padding carries bits past the data; it is not how base64 writes these bytes")
                    written = 0; return
                }
                out[o] = UInt8(truncatingIfNeeded: v >> 16)
                if letters >= 3 { out[o + 1] = UInt8(truncatingIfNeeded: v >> 8) }
                if letters == 4 { out[o + 2] = UInt8(truncatingIfNeeded: v) }
                written = count
            }
        }
        if let failure { return .failure(failure) }
        return .success(bytes)
    }
}
