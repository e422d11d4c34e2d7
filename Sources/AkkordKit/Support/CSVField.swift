/// One CSV cell as RFC 4180 writes it, made safe for spreadsheets. Used by every CSV writer; the
/// catalogue reader (`CatalogueCSV.read`) inverts it exactly, so export → import gives back every
/// text byte for byte.
///
/// The rule, writing a text `v` (`inert`, then `quote`):
/// 1. Formulas. If `v` starts with `=`, `+`, `-`, `@`, tab or CR, also after spaces (some
///    spreadsheets drop them and run ` =1+1`), a spreadsheet could run it, so it is written with
///    one `'` in front (`=SUM(A1)` → `'=SUM(A1)`, ` =1+1` → `' =1+1`). So that this `'` can
///    always be told apart from a `'` that belongs to the text, a `v` that starts with `'`
///    followed by such a text or by another `'` also gets one `'` in front (`'=x` → `''=x`,
///    `''` → `'''`). Any other `v`, including `'` alone and `'text`, is written as it is.
/// 2. Quoting. The result is quoted (`"…"`, inner `"` doubled) when it holds the delimiter, `"`,
///    LF or CR, or when it starts or ends with whitespace (`isEdgeSpace`).
///
/// Reading a cell (`CatalogueCSV`, `CSVRecords`), the other way round:
/// 1. A quoted cell (one whose first character is `"`) is taken verbatim between its quotes;
///    anything after the closing quote (normally nothing) is kept less its trailing whitespace.
///    An unquoted cell has its surrounding whitespace trimmed (stray spaces from spreadsheets and
///    hand editing).
/// 2. If the text starts with `'` followed by `=`, `+`, `-`, `@`, tab, CR (also after spaces) or
///    `'`, exactly that one `'` is removed (`uninert`); otherwise the text is kept as it is.
///
/// Every text a writer produces therefore reads back as the original. In a hand-made file a typed
/// `'text` reads as `'text`, `'=1+2` reads as `=1+2` (the `'` is the spreadsheet's text marker), and
/// `''x` reads as `'x`.
public enum CSVField {
    /// Quotes a cell when it holds the delimiter, a quote or a line break, or starts or ends with
    /// whitespace (which an unquoted cell loses on reading); inner quotes are doubled.
    public static func quote(_ cell: String, _ delimiter: String) -> String {
        let scalars = cell.unicodeScalars
        let d = delimiter.unicodeScalars
        let needsQuotes = scalars.contains { $0 == "\"" || $0 == "\n" || $0 == "\r" || d.contains($0) }
        guard needsQuotes || hasEdgeSpace(cell) else { return cell }
        // Scalar by scalar: a `"` or delimiter followed by a combining mark is still found.
        var out = String.UnicodeScalarView()
        out.append("\"")
        for c in scalars {
            out.append(c)
            if c == "\"" { out.append("\"") }
        }
        out.append("\"")
        return String(out)
    }

    /// Text that a spreadsheet would run as a formula (`= + - @`, or a leading tab or CR) gets a
    /// leading `'`, which spreadsheets show as plain text; so does text that starts with `'`
    /// followed by one of those or by `'`, so that `uninert` can always remove exactly one `'`.
    public static func inert(_ text: String) -> String {
        let scalars = text.unicodeScalars
        if isFormula(scalars[...]) { return "'" + text }
        if scalars.first == "'", isEscaped(scalars.dropFirst()) { return "'" + text }
        return text
    }

    /// Undoes `inert`: one leading `'` goes when what follows is a formula (`isFormula`) or starts with `'`.
    public static func uninert(_ cell: String) -> String {
        let scalars = cell.unicodeScalars
        guard scalars.first == "'", isEscaped(scalars.dropFirst()) else { return cell }
        return String(scalars.dropFirst())
    }

    /// A text a spreadsheet could run: a formula start (`isFormulaStart`) after any spaces.
    static func isFormula(_ text: Substring.UnicodeScalarView) -> Bool {
        guard let start = text.firstIndex(where: { $0 != " " }) else { return false }
        return isFormulaStart(text[start])
    }

    /// Characters that make a spreadsheet read a cell as a formula when they come first.
    static func isFormulaStart(_ c: Unicode.Scalar) -> Bool {
        c == "=" || c == "+" || c == "-" || c == "@" || c == "\t" || c == "\r"
    }

    /// A text after which a leading `'` is the writer's (or a spreadsheet's) and not the text's.
    static func isEscaped(_ rest: Substring.UnicodeScalarView) -> Bool { rest.first == "'" || isFormula(rest) }

    /// Whitespace that the reader trims from the ends of an unquoted cell (Unicode White_Space:
    /// space, tab, line breaks, no-break space, …).
    package static func isEdgeSpace(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x80 ? c == " " || (0x09...0x0D).contains(c.value) : c.properties.isWhitespace
    }

    static func hasEdgeSpace(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        return isEdgeSpace(first) || isEdgeSpace(last)
    }

    /// `text` without leading and trailing `isEdgeSpace` characters.
    package static func trimmed(_ text: String.UnicodeScalarView) -> String {
        guard let first = text.first, let last = text.last, isEdgeSpace(first) || isEdgeSpace(last) else { return String(text) }
        var start = text.startIndex, end = text.endIndex
        while start < end, isEdgeSpace(text[start]) { start = text.index(after: start) }
        while start < end, isEdgeSpace(text[text.index(before: end)]) { end = text.index(before: end) }
        return String(String.UnicodeScalarView(text[start..<end]))
    }
}
