/// Control characters in text that came from outside (arguments, price lists, store files).
/// They are refused, never stored: an ESC printed raw can rewrite a clerk's terminal, a NUL can
/// cut a PDF string. A tab is allowed (spreadsheets paste them); a line break only in notes.
public enum ControlCharacters {
    /// The first refused character of `text`: C0 controls but tab (and line feed when
    /// `allowsLineBreaks`), DEL, and the C1 controls U+0080–U+009F.
    public static func first(in text: String, allowsLineBreaks: Bool = false) -> Unicode.Scalar? {
        // Scanning bytes first: almost every text has no byte below 0x20, DEL or 0xC2.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return nil }
        return text.unicodeScalars.first { s in
            switch s.value {
            case 0x09: return false
            case 0x0A: return !allowsLineBreaks
            case 0x00...0x1F, 0x7F...0x9F: return true
            default: return false
            }
        }
    }

    /// "contains the control character U+001B", or nil when there is none.
    public static func problem(in text: String, allowsLineBreaks: Bool = false) -> String? {
        guard let s = first(in: text, allowsLineBreaks: allowsLineBreaks) else { return nil }
        let hex = String(s.value, radix: 16, uppercase: true)
        let name = names[s.value].map { " (\($0))" } ?? ""
        return "contains the control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)\(name)"
            + (s.value == 0x0A ? "; a line break is allowed only in notes" : "")
    }

    private static let names: [UInt32: String] = [0x00: "NUL", 0x0A: "line feed", 0x0D: "carriage return", 0x1B: "ESC", 0x7F: "DEL"]
}
