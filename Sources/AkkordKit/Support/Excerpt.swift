/// A value quoted in a message: cut so one bad 10 MB field cannot make a 10 MB error line, and
/// with control characters shown as `\u{1B}` so an error cannot rewrite the terminal.
public enum Excerpt {
    public static let maximumCharacters = 80

    /// `"value"`, or its first 80 characters and `…"` with the full length, e.g.
    /// `"aaaa…" (10485760 characters)`.
    public static func quoted(_ value: some StringProtocol) -> String { phrase(value).description }

    /// `quoted` as a phrase: the value as it is, the length of a cut one in the language's words.
    public static func phrase(_ value: some StringProtocol) -> Phrase {
        var out = "\""
        var n = 0
        for scalar in value.unicodeScalars {
            if n == maximumCharacters {
                return "\(out)…\" (\(value.count) characters)"
            }
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
            n += 1
        }
        return Phrase(verbatim: out + "\"")
    }
}
