/// Control characters in text that came from outside (arguments, price lists, store files).
/// They are refused, never stored: an ESC printed raw can rewrite a clerk's terminal, a NUL can
/// cut a PDF string. A tab is allowed (spreadsheets paste them); a line break only in notes.
public enum ControlCharacters {
    /// The first refused character of `text`: C0 controls but tab (and line feed when
    /// `allowsLineBreaks`), DEL, and the C1 controls U+0080–U+009F.
    public static func first(in text: String, allowsLineBreaks: Bool = false) -> Unicode.Scalar? {
        // Scanning bytes first: almost every text has no byte below 0x20, DEL or 0xC2.
        var text = text
        guard text.withUTF8({ $0.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 } }) else { return nil }
        return text.unicodeScalars.first { s in
            switch s.value {
            case 0x09: return false
            case 0x0A: return !allowsLineBreaks
            case 0x00...0x1F, 0x7F...0x9F: return true
            default: return false
            }
        }
    }

    /// Whether UTF-8 `bytes` hold no refused character (line breaks and tabs allowed): the check
    /// of a whole search index on every catalogue command, so eight bytes at a time while they
    /// are printable ASCII, byte by byte only around anything else.
    public static func bytesHaveNone(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        var i = 0
        while i + 8 <= n {
            let w = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let belowSpace = (w &- ones &* 0x20) & ~w & highs           // a byte < 0x20
            let x = w ^ (ones &* 0x7F)
            let isDelete = (x &- ones) & ~x & highs                     // a byte == 0x7F
            if (belowSpace | isDelete | (w & highs)) != 0, !slowCheck(bytes, from: i, to: i + 8) { return false }
            i += 8
        }
        return slowCheck(bytes, from: i, to: n)
    }

    private static func slowCheck(_ bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Bool {
        var previous: UInt8 = from > 0 ? bytes[from - 1] : 0
        for k in from..<to {
            let b = bytes[k]
            if (b < 0x20 && b != 0x0A && b != 0x09) || b == 0x7F || (previous == 0xC2 && b >= 0x80 && b <= 0x9F) { return false }
            previous = b
        }
        return true
    }

    /// "contains the control character U+001B", or nil when there is none.
    public static func problem(in text: String, allowsLineBreaks: Bool = false) -> Phrase? {
        guard let s = first(in: text, allowsLineBreaks: allowsLineBreaks) else { return nil }
        let hex = String(s.value, radix: 16, uppercase: true)
        let code = "U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)"
        if s.value == 0x0A { return "contains the control character \(code) (line feed); a line break is allowed only in notes" }
        if let name = names[s.value] { return "contains the control character \(code) (\(name))" }
        return "contains the control character \(code)"
    }

    private static let names: [UInt32: Phrase] = [0x00: "NUL", 0x0D: "carriage return", 0x1B: "ESC", 0x7F: "DEL"]
}
