
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
        let delimiter: UInt8 = language == .da ? UInt8(ascii: ";") : UInt8(ascii: ",")
        let decimal: UInt8 = language == .da ? UInt8(ascii: ",") : UInt8(ascii: ".")
        if language == .da { out.write(byteOrderMark) }
        out.write(row(header(language: language), language == .da ? ";" : ","))
        // Each cell as `row` would write it, from the line's bytes: numbers as they are, texts inert and quoted.
        func text(_ t: TextSlice) { t.withUTF8 { writeField($0, delimiter, to: out) } }
        for l in a.lines.views {
            FigureText(l.id).write(to: out)
            out.write(byte: delimiter)
            text(l.pos)
            out.write(byte: delimiter)
            text(l.name)
            out.write(byte: delimiter)
            l.quantity.plainText(decimal: decimal).write(to: out)
            out.write(byte: delimiter)
            if let shown = l.displayUnit(language) { out.write(shown.text) } else { text(l.unit) }
            out.write(byte: delimiter)
            l.price.plainText(decimal: decimal).write(to: out)
            out.write(byte: delimiter)
            l.amount.plainText(decimal: decimal).write(to: out)
            out.write(byte: delimiter)
            text(l.note)
            out.write(byte: delimiter)
            if let m = l.measurement { text(m) }
            out.write("\r\n" as StaticString)
        }
    }

    /// `CSVField.quote(CSVField.inert(text), delimiter)` from the text's bytes; a text that
    /// starts or ends with a character that is not ASCII goes through `CSVField` itself (is it
    /// whitespace?).
    static func writeField(_ text: UnsafeBufferPointer<UInt8>, _ delimiter: UInt8, to out: ByteOutput) {
        guard let first = text.first, let last = text.last else { return }
        if first >= 0x80 || last >= 0x80 {
            out.write(CSVField.quote(CSVField.inert(String(decoding: text, as: UTF8.self)), delimiter == UInt8(ascii: ";") ? ";" : ","))
            return
        }
        func formulaStart(_ b: UInt8) -> Bool {
            b == UInt8(ascii: "=") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: "@") || b == 0x09 || b == 0x0D
        }
        let inert = formulaStart(first) || (first == UInt8(ascii: "'") && text.count > 1 && (formulaStart(text[1]) || text[1] == UInt8(ascii: "'")))
        func edgeSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        let quoted = (!inert && edgeSpace(first)) || edgeSpace(last)
            || text.contains { $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D || $0 == delimiter }
        if quoted { out.write(byte: UInt8(ascii: "\"")) }
        if inert { out.write(byte: UInt8(ascii: "'")) }
        if quoted {
            var from = 0
            for i in text.indices where text[i] == UInt8(ascii: "\"") {
                out.write(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[from...i])))
                from = i  // the quote again: doubled
            }
            out.write(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[from...])))
            out.write(byte: UInt8(ascii: "\""))
        } else {
            out.write(UnsafeRawBufferPointer(text))
        }
    }

    static func row(_ cells: [String], _ delimiter: String) -> String {
        cells.map { CSVField.quote($0, delimiter) }.joined(separator: delimiter) + "\r\n"
    }
}
