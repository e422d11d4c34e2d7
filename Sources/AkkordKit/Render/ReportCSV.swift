import Foundation

/// `report --format csv`: the line table in RFC 4180. `en`: `,` and decimal point; `da`: `;` and
/// decimal comma. No thousands grouping, so spreadsheets read the numbers as numbers. Text cells
/// starting with `=`, `+`, `-` or `@` get a leading `'` so no spreadsheet runs them as formulas.
public enum ReportCSV {
    public static let header = ["Id", "Pos", "Activity", "Quantity", "Unit", "Price", "Amount", "Note"]

    public static func render(_ a: FinalAccounting, language: Language) -> String {
        let delimiter = language == .da ? ";" : ","
        func number<N: FixedPointNumber>(_ n: N) -> String {
            language == .da ? n.plain.replacingOccurrences(of: ".", with: ",") : n.plain
        }
        var out = row(header, delimiter)
        for l in a.lines {
            out += row(["\(l.id)", inert(l.pos), inert(l.name), number(l.quantity), inert(l.unit), number(l.price), number(l.amount), inert(l.note)], delimiter)
        }
        return out
    }

    /// Text that a spreadsheet would read as a formula is prefixed with `'`.
    public static func inert(_ text: String) -> String {
        guard let first = text.first, "=+-@".contains(first) || first == "\t" || first == "\r" else { return text }
        return "'" + text
    }

    static func row(_ cells: [String], _ delimiter: String) -> String {
        cells.map { quote($0, delimiter) }.joined(separator: delimiter) + "\r\n"
    }

    public static func quote(_ cell: String, _ delimiter: String) -> String {
        guard cell.contains(delimiter) || cell.contains("\"") || cell.contains("\n") || cell.contains("\r") else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
