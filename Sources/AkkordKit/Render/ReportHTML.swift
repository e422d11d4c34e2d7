import AkkordSupport
import AkkordModel
import AkkordAccounting

/// `report --format html`: one self-contained page (no external files), every piece of user
/// text escaped, with print styles for A4.
public enum ReportHTML {
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Direction overrides and isolates would turn the text around them (a spoofed
            // figure); they are shown for what they are.
            case "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}": out += "[U+\(String(c.value, radix: 16, uppercase: true))]"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// `photos`: the project's photos with their bytes, shown at the end as data URLs.
    public static func render(_ p: ProjectHead, _ a: FinalAccounting, language l: Language, holidayPay: Bool = false, photos: [ReportPhoto] = []) -> String {
        render(ReportSheet(p, a, language: l, holidayPay: holidayPay), photos: photos)
    }

    public static func render(_ sheet: ReportSheet, photos: [ReportPhoto] = []) -> String {
        let out = ByteOutput()
        write(sheet, photos: photos, to: out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    public static func write(_ p: ProjectHead, _ a: FinalAccounting, language l: Language, holidayPay: Bool = false, photos: [ReportPhoto] = [],
                             to out: ByteOutput) {
        write(ReportSheet(p, a, language: l, holidayPay: holidayPay), photos: photos, to: out)
    }

    /// Writes the page to `out` as it goes, a row at a time.
    public static func write(_ sheet: ReportSheet, photos: [ReportPhoto] = [], to out: ByteOutput) {
        out.write("""
        <!DOCTYPE html>
        <html lang="\(sheet.language == .da ? "da" : "en")">
        <head>
        <meta charset="utf-8">
        <title>\(escape(sheet.documentTitle))</title>
        <style>
        \(style(sheet))
        </style>
        </head>
        <body>
        <h1>\(escape(sheet.title))</h1>
        <dl>

        """)
        for row in sheet.header { out.write("<dt>\(escape(row.label))</dt><dd>\(escape(row.value))</dd>\n") }
        out.write("</dl>\n<h2>\(escape(sheet.lines.title))</h2>\n<table>\n" + head(sheet.lines.headings) + "<tbody>\n")
        let l = sheet.language
        sheet.lines.lines.forEachView { writeRow($0, sheet.lines.columns, l, to: out) }
        if sheet.lines.isEmpty {
            let activity = sheet.lines.columns.firstIndex(of: .activity) ?? 0
            out.write("<tr>" + String(repeating: "<td></td>", count: activity)
                      + "<td colspan=\"\(sheet.lines.columns.count - activity)\">\(escape(sheet.lines.emptyNote))</td></tr>\n")
        }
        out.write("</tbody>\n</table>\n")
        if let footnote = sheet.customFootnote { out.write("<p><small>\(escape(footnote))</small></p>\n") }
        out.write("<h2>\(escape(sheet.totals.title))</h2>\n<table>\n<tbody>\n")
        for row in sheet.totals.rows {
            out.write("<tr\(row.emphasis == .strong ? " class=\"sum\"" : "")><td>\(escape(row.label))</td><td>\(escape(row.description))</td><td class=\"num\">\(escape(row.amount))</td></tr>\n")
        }
        // The team table, its notes and the signatures print together: a page never starts
        // with the signature lines alone.
        out.write("</tbody>\n</table>\n<div class=\"signoff\">\n<h2>\(escape(sheet.team.title))</h2>\n")
        if sheet.team.rows.isEmpty {
            out.write("<p>\(escape(sheet.team.emptyNote))</p>\n")
        } else {
            out.write("<table>\n" + head(sheet.team.columns) + "<tbody>\n")
            for row in sheet.team.rows {
                let name = escape(row.name) + (row.role.map { " <small>\(escape($0))</small>" } ?? "")
                out.write("<tr><td>\(name)</td>" + row.cells.dropFirst().map { "<td class=\"num\">\(escape($0))</td>" }.joined() + "</tr>\n")
            }
            out.write("</tbody>\n</table>\n")
        }
        for note in sheet.notes { out.write("<p>\(escape(note.text))</p>\n") }
        for w in sheet.warnings { out.write("<p class=\"warning\">\(escape(sheet.warningLabel)): \(escape(w))</p>\n") }
        out.write("<div class=\"signatures\">" + sheet.signatures.map { "<div>\(escape($0)) <small>\(escape(sheet.signatureHint))</small></div>" }.joined() + "</div>\n</div>\n")
        if let daywork = sheet.daywork { writeDaywork(daywork, to: out) }
        if !sheet.measurements.isEmpty {
            out.write("<h2>\(escape(sheet.measurementsTitle))</h2>\n<table>\n" + head(sheet.measurementColumns) + "<tbody>\n")
            for line in sheet.measurements.views where line.measurement != nil { writeRow(line, sheet.measurements.columns, l, to: out) }
            out.write("</tbody>\n</table>\n")
        }
        if !photos.isEmpty {
            out.write("<section class=\"photos\">\n<h2>\(escape(sheet.words[.photosTitle]))</h2>\n")
            for photo in photos {
                let label = escape(photo.label(sheet.words))
                if let url = photo.dataURL {
                    out.write("<figure><img src=\"\(url)\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>\n")
                } else {
                    out.write("<p>\(escape(sheet.words(.photoMissing, photo.label(sheet.words))))</p>\n")
                }
            }
            out.write("</section>\n")
        }
        out.write("</body>\n</html>\n")
    }

    /// The page's style sheet. On screen the page keeps a readable width (the team's figures
    /// near their names on a wide screen); printed on A4, every page carries the document's
    /// title (the project's name) and `side N af M` / `page N of M` in its margin.
    package static func style(_ sheet: ReportSheet) -> String {
        let page = sheet.words(.pageOf, "\u{0}page\u{0}", "\u{0}pages\u{0}")
        let counter = page.split(separator: "\u{0}", omittingEmptySubsequences: false).enumerated().compactMap { i, part -> String? in
            i % 2 == 1 ? "counter(\(part))" : part.isEmpty ? nil : cssString(String(part))
        }.joined(separator: " ")
        return """
        body { font-family: Helvetica, Arial, sans-serif; font-size: 10pt; color: #000; margin: 2em auto; padding: 0 2em; max-width: 60em; }
        h1 { font-size: 16pt; margin: 0 0 .5em; }
        h2 { font-size: 12pt; margin: 1.5em 0 .4em; }
        table { border-collapse: collapse; width: 100%; }
        th, td { padding: 2px 6px; vertical-align: top; text-align: left; overflow-wrap: anywhere; }
        dd, p, figcaption, h1 { overflow-wrap: anywhere; }
        thead th { border-bottom: 1px solid #000; }
        td.num, th.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
        tr.sum td { border-top: 1px solid #000; font-weight: bold; }
        dl { display: grid; grid-template-columns: 8em 1fr; margin: 0; }
        dt { font-weight: bold; } dd { margin: 0; }
        .warning { color: #a00; font-weight: bold; }
        .signoff { break-inside: avoid; page-break-inside: avoid; }
        .signatures { display: flex; gap: 2em; margin-top: 3.5em; break-inside: avoid; page-break-inside: avoid; }
        .signatures div { flex: 1; border-top: 1px solid #000; padding-top: .3em; }
        .photos { break-before: page; page-break-before: always; }
        figure { margin: 0 0 1.5em; break-inside: avoid; page-break-inside: avoid; }
        figure img { display: block; max-width: 100%; max-height: 110mm; }
        figcaption { margin-top: .3em; }
        @page {
          size: A4; margin: 15mm;
          @top-left { content: \(cssString(sheet.documentTitle)); font: 8pt Helvetica, Arial, sans-serif; }
          @bottom-right { content: \(counter); font: 8pt Helvetica, Arial, sans-serif; }
        }
        @media print { body { margin: 0; padding: 0; max-width: none; } thead { display: table-header-group; } tr { page-break-inside: avoid; } h2 { break-after: avoid; page-break-after: avoid; } }
        """
    }

    /// `text` as a CSS string in quotes, safe inside a `<style>` element: quotes, backslashes,
    /// control characters and `<` (which could end the element) as hex escapes; direction
    /// controls shown for what they are, as `escape` shows them.
    package static func cssString(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars {
            switch c {
            case "\"", "\\", "<", ">", "&", "\u{7F}", "\u{0}"..."\u{1F}": out += "\\" + String(c.value, radix: 16, uppercase: true) + " "
            case "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}": out += "[U+\(String(c.value, radix: 16, uppercase: true))]"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    /// A table's row for `line`: a cell per column, figures (the right-aligned columns) in `num`
    /// cells, every text escaped; in one piece.
    static func writeRow<Column: SheetColumn>(_ line: LineView, _ columns: [Column], _ language: Language, to out: ByteOutput) {
        // An escaped byte takes at most 6 (`&quot;`); a cell's tags, figure and literals under 96.
        out.withCursor(room: 6 * line.cellTextBytes + 96 * columns.count + 16) { c in
            var cell = Cell(cursor: c, language: language)
            // Each tag a literal of its own: its bytes are then put without a call.
            cell.cursor.put("<tr>" as StaticString)
            for column in columns {
                if column.alignment == .right { cell.cursor.put("<td class=\"num\">" as StaticString) } else { cell.cursor.put("<td>" as StaticString) }
                column.writePrinted(line, language, to: &cell)
                cell.cursor.put("</td>" as StaticString)
            }
            cell.cursor.put("</tr>\n" as StaticString)
            c = cell.cursor
        }
    }

    /// A cell's parts escaped at the cursor; the note after the activity set smaller.
    struct Cell: SheetCellWriter {
        var cursor: ByteCursor
        let language: Language

        @inline(__always) mutating func text(_ text: TextSlice) { text.withUTF8 { putEscaped($0, into: &cursor) } }
        @inline(__always) mutating func literal(_ text: StaticString, width: Int) {
            putEscaped(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), into: &cursor)
        }
        @inline(__always) mutating func id(_ id: Int) { DecimalText.put(id, into: &cursor) }
        @inline(__always) mutating func figure<N: FixedPointNumber>(_ figure: N) { figure.putFormatted(language, into: &cursor) }
        @inline(__always) mutating func aside(_ text: TextSlice) {
            cursor.put(" <small>(" as StaticString)
            self.text(text)
            cursor.put(")</small>" as StaticString)
        }
        mutating func words(_ text: String) {
            var text = text
            text.withUTF8 { putEscaped($0, into: &cursor) }
        }
        mutating func aside(words text: String) {
            cursor.put(" <small>(" as StaticString)
            words(text)
            cursor.put(")</small>" as StaticString)
        }
    }

    @inline(__always) private static func entity(_ b: UInt8) -> StaticString? {
        switch b {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }

    /// `escape` of UTF-8 `bytes` into room made for it (six bytes a byte), byte by byte: the
    /// five characters are ASCII, and a direction control (three bytes, `E2 80 AA`–`AE`,
    /// `E2 81 A6`–`A9`) becomes its eight-byte name.
    @inline(__always) package static func putEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into c: inout ByteCursor) {
        var from = 0, i = 0
        while i < bytes.count {
            if bytes.count - i >= 8 {
                // Eight bytes at a time: past those that surely need nothing (ASCII outside
                // 0x22–0x27 and 0x3C–0x3E), up to the first that may. An ASCII byte carries
                // nothing into the next, so the flags up to the first non-ASCII byte are exact.
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
                let quoteToApostrophe = (word &+ 0x5E5E_5E5E_5E5E_5E5E) & ~(word &+ 0x5858_5858_5858_5858)
                let lessToGreater = (word &+ 0x4444_4444_4444_4444) & ~(word &+ 0x4141_4141_4141_4141)
                let flags = (word | quoteToApostrophe | lessToGreater) & 0x8080_8080_8080_8080
                guard flags != 0 else { i += 8; continue }
                i += flags.trailingZeroBitCount >> 3
            }
            let b = bytes[i]
            if b == 0xE2, i + 2 < bytes.count,
               (bytes[i + 1] == 0x80 && (0xAA...0xAE).contains(bytes[i + 2])) || (bytes[i + 1] == 0x81 && (0xA6...0xA9).contains(bytes[i + 2])) {
                c.put(UnsafeBufferPointer(rebasing: bytes[from..<i]))
                let value = bytes[i + 1] == 0x80 ? 0x2000 + Int(bytes[i + 2]) - 0x80 : 0x2040 + Int(bytes[i + 2]) - 0x80
                for byte in "[U+\(String(value, radix: 16, uppercase: true))]".utf8 { c.put(byte) }
                i += 3
                from = i
                continue
            }
            if let entity = entity(b) {
                c.put(UnsafeBufferPointer(rebasing: bytes[from..<i]))
                c.put(entity)
                from = i + 1
            }
            i += 1
        }
        c.put(UnsafeBufferPointer(rebasing: bytes[from...]))
    }

    /// A table's column titles, figures right-aligned.
    package static func head(_ columns: [ReportSheet.Column]) -> String {
        "<thead><tr>" + columns.map { "<th\($0.alignment == .right ? " class=\"num\"" : "")>\(escape($0.title))</th>" }.joined() + "</tr></thead>\n"
    }
}
