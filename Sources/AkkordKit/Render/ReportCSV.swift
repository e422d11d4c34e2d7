import AkkordSupport
import AkkordModel
import AkkordAccounting


/// `report --format csv`: the line table in RFC 4180. `en`: `,` and decimal point; `da`: a UTF-8
/// BOM (so Excel shows æøå), `;`, decimal comma, Danish column titles and units (SPEC §8). No
/// thousands grouping, so spreadsheets read the numbers as numbers. An agreed split (weights)
/// and daywork get their blocks under the lines (`writeAgreedSplit`, `writeDaywork`). Text cells starting with `=`,
/// `+`, `-` or `@` get a leading `'` so no spreadsheet runs them as formulas (`CSVField`).
public enum ReportCSV {
    public static let byteOrderMark = "\u{FEFF}"

    /// The English header: `Id,Pos,Activity,Quantity,Unit,Price,Amount,Note,Measurement` (the
    /// measurement a quantity was computed from, empty when it was typed as a number).
    public static let header = header(language: .en)

    public static func header(language: Language) -> [String] {
        let w = Words(language)
        return LineColumn.csv.map { w[$0.title] }
    }

    public static func render(_ a: FinalAccounting, language: Language) -> String {
        let out = ByteOutput()
        write(a, language: language, to: out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The header, then a row a line (`LineColumn.csv`), each in one piece.
    public static func write(_ a: FinalAccounting, language: Language, to out: ByteOutput) {
        let delimiter: UInt8 = language == .da ? UInt8(ascii: ";") : UInt8(ascii: ",")
        let decimal: UInt8 = language == .da ? UInt8(ascii: ",") : UInt8(ascii: ".")
        if language == .da { out.write(byteOrderMark) }
        out.write(row(header(language: language), language == .da ? ";" : ","))
        let columns = LineColumn.csv
        a.lines.forEachView { line in
            // A field at most doubles its text (every byte a quote) and gains its quotes and a `'`;
            // a figure takes at most 32.
            out.withCursor(room: 2 * line.cellTextBytes + 40 * columns.count) { c in
                var field = Field(cursor: c, delimiter: delimiter, decimal: decimal)
                for (i, column) in columns.enumerated() {
                    if i > 0 { field.cursor.put(delimiter) }
                    column.write(line, language, to: &field)
                }
                field.cursor.put("\r\n" as StaticString)
                c = field.cursor
            }
        }
        writeAgreedSplit(a, language: language, to: out)
        writeDaywork(a, language: language, to: out)
    }

    /// With an agreed split (a weight other than 1, SPEC §16), a block under the lines: a row a
    /// worker (hours, weight, hours × weight, share, advances, balance), then the pool, the
    /// weighted hours, the hourly earnings, all piecework hours and the total per piecework hour,
    /// so a spreadsheet can check each share. Plain figures, the language's decimal separator.
    static func writeAgreedSplit(_ a: FinalAccounting, language l: Language, to out: ByteOutput) {
        guard a.hasWeights else { return }
        let w = Words(l)
        let delimiter = l == .da ? ";" : ","
        func figure(_ plain: String) -> String { l == .da ? String(plain.map { $0 == "." ? "," : $0 }) : plain }
        out.write("\r\n")
        out.write(row([w[.teamTitle]], delimiter))
        out.write(row([w[.worker], w[.hours], w[.weight], w[.weightedHours], w[.share], w[.advances], w[.balance]], delimiter))
        for t in a.team {
            out.write(row([t.worker.name, figure(t.hours.twoDecimalsPlain), t.worker.sharesPool ? figure(t.worker.weight.plain) : "",
                           t.weightedHours.map { figure($0.twoDecimalsPlain) } ?? "", t.share.map { figure($0.plain) } ?? "",
                           figure(t.advances.plain), t.balance.map { figure($0.plain) } ?? ""], delimiter))
        }
        out.write(row([w[.pool], figure(a.pool.plain)], delimiter))
        out.write(row([w[.xlsxWeightedHours], figure(a.weightedHours.twoDecimalsPlain)], delimiter))
        out.write(row([w[.xlsxHourlyEarnings], a.hourlyEarnings.map { figure($0.plain) } ?? ""], delimiter))
        out.write(row([w[.xlsxAllHours], figure(a.allHours.twoDecimalsPlain)], delimiter))
        out.write(row([w[.xlsxTotalPerHour], a.totalPerHour.map { figure($0.plain) } ?? ""], delimiter))
    }

    /// A cell as `row` would write it, from the line's bytes: numbers as they are (plain, the
    /// language's decimal separator), the line's texts inert and quoted, akkord's own as they are.
    struct Field: LineCellWriter {
        var cursor: ByteCursor
        let delimiter, decimal: UInt8

        @inline(__always) mutating func text(_ text: TextSlice) {
            text.withUTF8 { bytes in
                guard ReportCSV.edgesAreASCII(bytes) else {
                    // Is the character at an end whitespace? `CSVField` knows.
                    var field = CSVField.quote(CSVField.inert(String(decoding: bytes, as: UTF8.self)), delimiter == UInt8(ascii: ";") ? ";" : ",")
                    return field.withUTF8 { cursor.put($0) }
                }
                ReportCSV.putField(bytes, delimiter, into: &cursor)
            }
        }
        @inline(__always) mutating func literal(_ text: StaticString, width: Int) { cursor.put(text) }
        @inline(__always) mutating func id(_ id: Int) { DecimalText.put(id, into: &cursor) }
        @inline(__always) mutating func figure<N: FixedPointNumber>(_ figure: N) { figure.putPlain(decimal: decimal, into: &cursor) }
        mutating func words(_ text: String) {
            var field = CSVField.quote(CSVField.inert(text), delimiter == UInt8(ascii: ";") ? ";" : ",")
            field.withUTF8 { cursor.put($0) }
        }
    }

    @inline(__always) package static func edgesAreASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first, let last = text.last else { return true }
        return first < 0x80 && last < 0x80
    }

    /// `CSVField.quote(CSVField.inert(text), delimiter)` from the text's bytes, into room made
    /// for it (at most twice the text and three bytes), for a text that is empty or starts and
    /// ends with ASCII.
    @inline(__always) package static func putField(_ text: UnsafeBufferPointer<UInt8>, _ delimiter: UInt8, into c: inout ByteCursor) {
        guard let first = text.first, let last = text.last else { return }
        func formulaStart(_ b: UInt8) -> Bool {
            b == UInt8(ascii: "=") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: "@") || b == 0x09 || b == 0x0D
        }
        // As `CSVField.isFormula`: a formula start after any spaces.
        func formula(from i: Int) -> Bool {
            var i = i
            while i < text.count, text[i] == 0x20 { i += 1 }
            return i < text.count && formulaStart(text[i])
        }
        let inert = formula(from: 0) || (first == UInt8(ascii: "'") && text.count > 1 && (formula(from: 1) || text[1] == UInt8(ascii: "'")))
        func edgeSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        var quotes = false, quoted = (!inert && edgeSpace(first)) || edgeSpace(last)
        // Eight bytes at a time while there are eight: a byte equal to `b` is a zero byte of
        // `word ^ b…b`, which `(v - 1…1) & ~v & 80…80` finds (exactly, as a whole).
        func holds(_ word: UInt64, _ b: UInt8) -> Bool {
            let v = word ^ (0x0101_0101_0101_0101 &* UInt64(b))
            return (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080 != 0
        }
        var i = 0
        while i < text.count {
            if text.count - i >= 8 {
                let word = UnsafeRawPointer(text.baseAddress! + i).loadUnaligned(as: UInt64.self)
                if holds(word, UInt8(ascii: "\"")) { quoted = true; quotes = true; break }
                if holds(word, 0x0A) || holds(word, 0x0D) || holds(word, delimiter) { quoted = true }
                i += 8
                continue
            }
            let b = text[i]
            if b == UInt8(ascii: "\"") { quoted = true; quotes = true; break }
            if b == 0x0A || b == 0x0D || b == delimiter { quoted = true }
            i += 1
        }
        if quoted { c.put(UInt8(ascii: "\"")) }
        if inert { c.put(UInt8(ascii: "'")) }
        if quotes {
            for b in text {
                c.put(b)
                if b == UInt8(ascii: "\"") { c.put(b) }
            }
        } else {
            c.put(text)
        }
        if quoted { c.put(UInt8(ascii: "\"")) }
    }

    package static func row(_ cells: [String], _ delimiter: String) -> String {
        cells.map { CSVField.quote($0, delimiter) }.joined(separator: delimiter) + "\r\n"
    }
}
