
/// `report --format csv`: the line table in RFC 4180. `en`: `,` and decimal point; `da`: a UTF-8
/// BOM (so Excel shows æøå), `;`, decimal comma, Danish column titles and units (SPEC §8). No
/// thousands grouping, so spreadsheets read the numbers as numbers. Text cells starting with `=`,
/// `+`, `-` or `@` get a leading `'` so no spreadsheet runs them as formulas (`CSVField`).
public enum ReportCSV {
    public static let byteOrderMark = "\u{FEFF}"

    /// The English header: `Id,Pos,Activity,Quantity,Unit,Price,Amount,Note,Measurement` (the
    /// measurement a quantity was computed from, empty when it was typed as a number).
    public static let header = header(language: .en)

    public static func header(language: Language) -> [String] {
        let w = Words(language)
        return [w[.lineId], w[.pos], w[.activity], w[.quantity], w[.unit], w[.price], w[.amount], w[.note], w[.measurement]]
    }

    public static func render(_ a: FinalAccounting, language: Language) -> String {
        let out = ByteOutput()
        write(a, language: language, to: out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    public static func write(_ a: FinalAccounting, language: Language, to out: ByteOutput) {
        let delimiter = language == .da ? ";" : ","
        func number<N: FixedPointNumber>(_ n: N) -> String {
            language == .da ? n.plain.replacing(".", with: ",") : n.plain
        }
        if language == .da { out.write(byteOrderMark) }
        out.write(row(header(language: language), delimiter))
        for l in a.lines {
            out.write(row(["\(l.id)", CSVField.inert(l.pos), CSVField.inert(l.name), number(l.quantity),
                           CSVField.inert(UnitName.display(l.unit, language: language)), number(l.price), number(l.amount),
                           CSVField.inert(l.note), CSVField.inert(l.measurement ?? "")], delimiter))
        }
    }

    static func row(_ cells: [String], _ delimiter: String) -> String {
        cells.map { CSVField.quote($0, delimiter) }.joined(separator: delimiter) + "\r\n"
    }
}
