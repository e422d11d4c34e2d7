import AkkordKit

/// Danish ways of writing numbers that only the command line takes (SPEC §15); files keep to §2.
enum DanishNumberText {
    /// The number of an amount written with a Danish mark (`5.000,-`, `5.000 kr.`, `kr. 5.000`,
    /// `5.000 kr`), or nil when it has none.
    static func markedAmount(_ text: String) -> String? {
        var t = Substring(text.trimmingSpaces)
        var marked = false
        if t.hasSuffix(",-") { t = t.dropLast(2); marked = true }
        for mark in [" kr.", "kr.", " kr", "kr"] where t.lowercased().hasSuffix(mark) { t = t.dropLast(mark.count); marked = true; break }
        for mark in ["kr. ", "kr.", "kr "] where t.lowercased().hasPrefix(mark) { t = t.dropFirst(mark.count); marked = true; break }
        let number = String(t).trimmingSpaces
        return marked && !number.isEmpty ? number : nil
    }

    /// A quantity as typed with `x` for `×` (`2x3,5`, `2 X 3,5`: only among figures, so no word
    /// is changed) and `½` for a half (`half`).
    static func quantity(_ text: String, _ language: Language) -> String {
        let t = half(text, language)
        guard t.contains(where: { $0 == "x" || $0 == "X" }),
              t.allSatisfy({ $0 == "x" || $0 == "X" || !$0.isLetter }) else { return t }
        return String(t.map { $0 == "x" || $0 == "X" ? "×" : $0 })
    }

    /// `7½` is 7 and a half (`7,5` in da, `7.5` in en), `½` alone a half.
    static func half(_ text: String, _ language: Language) -> String {
        guard text.contains("½") else { return text }
        var out = ""
        var previous: Character? = nil
        for c in text {
            if c == "½" { out += (previous?.isNumber == true ? "" : "0") + language.decimalSeparator + "5" } else { out.append(c) }
            previous = c
        }
        return out
    }

    /// A percent without its sign: `4,5%` and `4,5 %` are `4,5`.
    static func percent(_ text: String) -> String {
        let t = text.trimmingSpaces
        return t.hasSuffix("%") ? String(t.dropLast()).trimmingSpaces : t
    }
}
