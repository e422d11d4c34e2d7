import AkkordSupport
import AkkordModel

/// The sentences of errors, hints, warnings and notes in the languages other than English,
/// keyed by the English template of a `Phrase` (its literal text with `{}` where values go).
/// Each language's sentences are in its files (`Phrasebook+Danish*.swift` for the library's; the program keeps its own, `ProgramPhrasebook`), written as pairs of
/// lines: `en: <template>` and `da: <sentence>` with the values as `{1}`, `{2}` … in the order
/// the sentence needs them. A sentence with no entry is shown in English (a test runs every
/// error the end-to-end tests provoke again in Danish and fails on English words).
public enum Phrasebook {
    /// The sentence in `language`, numbers written as the number format `numbers` has them.
    /// `adding`: a caller's own sentences, looked up first (the program's, `ProgramPhrasebook`).
    public static func text(_ phrase: Phrase, _ language: Language, numbers: Language? = nil, adding own: [String: String] = [:]) -> String {
        let numbers = numbers ?? language
        let book: [String: String]? = language == .da ? danish : nil
        return phrase.rendered(template: { own[$0] ?? book?[$0] }, number: { plain, grouped in figure(plain, grouped: grouped, numbers) })
    }

    /// The Danish sentences, read once from their text.
    public static let danish: [String: String] = entries(danishText + "\n" + danishLibraryText)

    /// The pairs of a phrasebook's text; a malformed text is a programming error a test finds
    /// (`PhrasebookTests`), so it is read leniently here.
    package static func entries(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        var key: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("en: ") { key = String(line.dropFirst(4)) }
            else if line.hasPrefix("da: "), let k = key { table[k] = String(line.dropFirst(4)); key = nil }
        }
        return table
    }

    /// `-1234.5` as the number format writes it: `-1.234,5` in Danish, `-1,234.5` in English
    /// (grouped only when `grouped`: an amount, not a line id).
    static func figure(_ plain: String, grouped: Bool, _ numbers: Language) -> String {
        var sign = "", digits = Substring(plain)
        if digits.first == "-" || digits.first == "+" { sign = String(digits.first!); digits = digits.dropFirst() }
        guard digits.allSatisfy({ $0.isASCIIDigit || $0 == "." }) else { return plain }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var whole = String(parts[0])
        if grouped, whole.count > 3 {
            var out = ""
            for (i, c) in whole.enumerated() {
                if i > 0, (whole.count - i) % 3 == 0 { out += numbers.groupingSeparator }
                out.append(c)
            }
            whole = out
        }
        return sign + whole + (parts.count > 1 ? numbers.decimalSeparator + parts[1] : "")
    }
}

extension Phrase {
    /// The sentence in `language` (see `Phrasebook`).
    public func text(_ language: Language, numbers: Language? = nil) -> String { Phrasebook.text(self, language, numbers: numbers) }
}
