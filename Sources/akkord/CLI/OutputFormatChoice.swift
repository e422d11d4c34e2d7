import AkkordKit

/// The format of a command that writes a report-like output (`report`, `demo`, `summary`):
/// `--format` wins (`--format csv -o x.pdf` writes CSV, as asked); else the extension of `-o`
/// names it, and an extension that names none is a usage error; else nil (text, or JSON with
/// the global `--json`, decided by the command).
enum OutputFormatChoice {
    static func choose<Format>(given: Format?, output: String?, fromExtension: (String) -> Format?,
                               unknownExtension: (String) -> UsageError) throws -> Format? {
        if let given { return given }
        guard let output else { return nil }
        guard let format = fromExtension(output) else { throw unknownExtension(output) }
        return format
    }
}

/// `-o FILE` of every command that writes an output: `-` is standard output (SPEC §7).
enum OutputOption {
    /// The file `-o` names; nil for standard output (no `-o`, or `-o -`).
    static func file(_ given: String?) -> String? { given == "-" ? nil : given }
}

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
