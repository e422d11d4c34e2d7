/// One CSV cell as RFC 4180 writes it, made safe for spreadsheets. Used by every CSV writer.
public enum CSVField {
    /// Quotes a cell when it holds the delimiter, a quote or a line break (quotes doubled).
    public static func quote(_ cell: String, _ delimiter: String) -> String {
        guard cell.contains(delimiter) || cell.contains("\"") || cell.contains("\n") || cell.contains("\r") else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Text that a spreadsheet would run as a formula (`= + - @`, or a leading tab or CR) gets a
    /// leading `'`, which spreadsheets show as plain text.
    public static func inert(_ text: String) -> String {
        guard let first = text.first, "=+-@".contains(first) || first == "\t" || first == "\r" else { return text }
        return "'" + text
    }

    /// Undoes `inert` for the cells it changes (`'=…` reads back as `=…`).
    public static func uninert(_ cell: String) -> String {
        guard cell.hasPrefix("'"), let second = cell.dropFirst().first, "=+-@".contains(second) else { return cell }
        return String(cell.dropFirst())
    }
}
