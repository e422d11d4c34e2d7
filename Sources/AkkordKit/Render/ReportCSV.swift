
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
        a.lines.forEachView { l in
            // Most lines: every text as in the file, starting and ending in ASCII; the row in one piece.
            if let pos = l.pos.unescapedBytes, let name = l.name.unescapedBytes, let unit = l.unit.unescapedBytes, let note = l.note.unescapedBytes,
               Self.edgesAreASCII(pos), Self.edgesAreASCII(name), Self.edgesAreASCII(unit), Self.edgesAreASCII(note) {
                var measurement: UnsafeBufferPointer<UInt8>? = nil
                if let m = l.measurement {
                    if let bytes = m.unescapedBytes, Self.edgesAreASCII(bytes) { measurement = bytes }
                }
                if l.measurement == nil || measurement != nil {
                    let shown = l.displayUnit(language)
                    let (id, quantity, price, amount) = (l.id, l.quantity, l.price, l.amount)
                    // A field at most doubles (every byte a quote) and gains its quotes and a `'`.
                    let room = 2 * (pos.count + name.count + unit.count + note.count + (measurement?.count ?? 0)) + 5 * 3 + 4 * 32 + 16
                    out.withCursor(room: room) { c in
                        DecimalText.put(id, into: &c)
                        c.put(delimiter)
                        Self.putField(pos, delimiter, into: &c)
                        c.put(delimiter)
                        Self.putField(name, delimiter, into: &c)
                        c.put(delimiter)
                        quantity.putPlain(decimal: decimal, into: &c)
                        c.put(delimiter)
                        if let shown { c.put(shown.text) } else { Self.putField(unit, delimiter, into: &c) }
                        c.put(delimiter)
                        price.putPlain(decimal: decimal, into: &c)
                        c.put(delimiter)
                        amount.putPlain(decimal: decimal, into: &c)
                        c.put(delimiter)
                        Self.putField(note, delimiter, into: &c)
                        c.put(delimiter)
                        if let measurement { Self.putField(measurement, delimiter, into: &c) }
                        c.put("\r\n" as StaticString)
                    }
                    return
                }
            }
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

    @inline(__always) static func edgesAreASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first, let last = text.last else { return true }
        return first < 0x80 && last < 0x80
    }

    /// `writeField` into room made for it (at most twice the text and three bytes), for a text
    /// that is empty or starts and ends with ASCII.
    @inline(__always) static func putField(_ text: UnsafeBufferPointer<UInt8>, _ delimiter: UInt8, into c: inout ByteCursor) {
        guard let first = text.first, let last = text.last else { return }
        func formulaStart(_ b: UInt8) -> Bool {
            b == UInt8(ascii: "=") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: "@") || b == 0x09 || b == 0x0D
        }
        let inert = formulaStart(first) || (first == UInt8(ascii: "'") && text.count > 1 && (formulaStart(text[1]) || text[1] == UInt8(ascii: "'")))
        func edgeSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        var quotes = false, quoted = (!inert && edgeSpace(first)) || edgeSpace(last)
        for b in text where b == UInt8(ascii: "\"") || b == 0x0A || b == 0x0D || b == delimiter {
            quoted = true
            if b == UInt8(ascii: "\"") { quotes = true; break }
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

    static func row(_ cells: [String], _ delimiter: String) -> String {
        cells.map { CSVField.quote($0, delimiter) }.joined(separator: delimiter) + "\r\n"
    }
}
