// The writers as they were before they wrote from the lines' bytes (commit 0633bd3), kept as the
// oracle of TextWritersTests: each makes a `String` per cell from the model's `Line`s.
@testable import AkkordKit

enum Oracle {
    /// The old `ReportSheet.LineRow`: one accounted line, every cell formatted.
    struct LineRow {
        /// The pos, with the custom marker after it for a custom line.
        let pos: String
        let name: String
        let note: String
        let quantity: String
        let unit: String
        let price: String
        let amount: String
        /// The name with the note in parentheses after it.
        var activity: String { note.isEmpty ? name : "\(name) (\(note))" }
        var cells: [String] { [pos, activity, quantity, unit, price, amount] }
    }

    /// The old `ReportSheet.MeasurementRow`.
    struct MeasurementRow {
        let line: String
        let pos: String
        let expression: String
        let result: String
        var cells: [String] { [line, pos, expression, result] }
    }

    /// The old `ReportSheet.LineTable` iterator: a row of Strings per `Line`.
    static func lineRows(_ sheet: ReportSheet) -> [LineRow] {
        let l = sheet.language
        return sheet.lines.lines.all.map { line in
            LineRow(pos: line.pos + (line.custom ? "*" : ""), name: line.name, note: line.note,
                    quantity: line.quantity.formatted(l), unit: UnitName.display(line.unit, language: l),
                    price: line.price.formatted(l), amount: line.amount.formatted(l))
        }
    }

    /// The old `ReportSheet.MeasurementTable` iterator.
    static func measurementRows(_ sheet: ReportSheet) -> [MeasurementRow] {
        let l = sheet.language
        return sheet.measurements.lines.all.compactMap { line in
            guard let m = line.measurement else { return nil }
            return MeasurementRow(line: "\(line.id)", pos: line.pos, expression: m,
                                  result: "\(line.quantity.formatted(l)) \(UnitName.display(line.unit, language: l))")
        }
    }

    /// Writes the report to `out`; the line table is walked twice (widths, then rows), never held.
    static func reportText(_ sheet: ReportSheet, to out: ByteOutput) {
        out.write(sheet.title + "\n\n")
        let labelColumn = max(11, (sheet.header.map(\.label.count).max() ?? 0) + 2)
        out.write(OldTextTable.labelled(sheet.header.map { ($0.label, $0.value) }, column: labelColumn) + "\n")

        var lines = OldTextTable(sheet.lines.headings.map(column))
        lines.maxWidth = width
        let empty = [["", sheet.lines.emptyNote]]
        let layout = sheet.lines.isEmpty ? lines.layout(measuring: empty) : lines.layout(measuring: lineRows(sheet).map(\.cells))
        lines.writeHeader(layout, to: out)
        for row in lineRows(sheet) { lines.writeRow(row.cells, layout, to: out) }
        if sheet.lines.isEmpty { lines.writeRow(empty[0], layout, to: out) }
        if let footnote = sheet.customFootnote { out.write(footnote + "\n") }
        out.write("\n")

        // Without a header, but as wide as an amount column (its hidden title sets the minimum width).
        var sums = OldTextTable([.init(""), .init("", wraps: true), .init(sheet.words[.amount], .right)])
        sums.maxWidth = width
        sums.showsHeader = false
        for row in sheet.totals.rows {
            if row.ruleAbove { sums.addRule() }
            sums.add([row.label, row.description, row.amount])
        }
        out.write(sums.render() + "\n")

        out.write(sheet.team.title.uppercased() + "\n")
        if sheet.team.rows.isEmpty {
            out.write(sheet.team.emptyNote + "\n")
        } else {
            var team = OldTextTable(sheet.team.columns.map(column))
            team.maxWidth = width
            for row in sheet.team.rows { team.add(row.cells) }
            out.write(team.render())
        }
        for note in sheet.notes {
            // A rule note's later phrases go on their own lines, under the text after "Word = ".
            if let word = note.defines { out.write(hanging("\(word) = ", note.phrases)) } else { out.write(hanging("", note.phrases, indent: 2)) }
        }
        for w in sheet.warnings { out.write(hanging("\(sheet.warningLabel): ", [w])) }

        // Signature lines, for the copy that is printed and signed.
        let labels = sheet.signatures.map { "\($0) \(sheet.signatureHint):" }
        let labelWidth = (labels.map(\.count).max() ?? 0) + 2
        for label in labels {
            out.write("\n" + label + String(repeating: " ", count: labelWidth - label.count) + String(repeating: "_", count: 40) + "\n")
        }
        if !sheet.measurements.isEmpty {
            out.write("\n" + sheet.measurementsTitle.uppercased() + "\n")
            var table = OldTextTable(sheet.measurementColumns.map(column))
            table.maxWidth = width
            let layout = table.layout(measuring: measurementRows(sheet).map(\.cells))
            table.writeHeader(layout, to: out)
            for row in measurementRows(sheet) { table.writeRow(row.cells, layout, to: out) }
        }
    }

    /// `lead` and the phrases, each phrase from a new line, lines wrapped to `width` and indented
    /// under the text after `lead` (or by `indent`).
    static func hanging(_ lead: String, _ phrases: [String], indent: Int? = nil) -> String {
        let indent = indent ?? lead.count
        let pad = String(repeating: " ", count: indent)
        var out = ""
        for (i, phrase) in phrases.enumerated() {
            let first = i == 0 ? lead : pad
            for (j, part) in OldTextTable.wrap(phrase, width: width - max(first.count, indent)).enumerated() {
                out += (j == 0 ? first : pad) + part + "\n"
            }
        }
        return out
    }

    static func column(_ c: ReportSheet.Column) -> OldTextTable.Column {
        OldTextTable.Column(c.title, c.alignment == .right ? .right : .left, wraps: c.wraps)
    }
    static let width = 100

    /// Writes the page to `out` as it goes, a row at a time.
    static func html(_ sheet: ReportSheet, photos: [ReportPhoto] = [], to out: ByteOutput) {
        out.write("""
        <!DOCTYPE html>
        <html lang="\(sheet.language == .da ? "da" : "en")">
        <head>
        <meta charset="utf-8">
        <title>\(ReportHTML.escape(sheet.documentTitle))</title>
        <style>
        \(ReportHTML.style(sheet))
        </style>
        </head>
        <body>
        <h1>\(ReportHTML.escape(sheet.title))</h1>
        <dl>

        """)
        for row in sheet.header { out.write("<dt>\(ReportHTML.escape(row.label))</dt><dd>\(ReportHTML.escape(row.value))</dd>\n") }
        out.write("</dl>\n<h2>\(ReportHTML.escape(sheet.lines.title))</h2>\n<table>\n" + ReportHTML.head(sheet.lines.headings) + "<tbody>\n")
        for row in lineRows(sheet) {
            let activity = ReportHTML.escape(row.name) + (row.note.isEmpty ? "" : " <small>(\(ReportHTML.escape(row.note)))</small>")
            out.write("<tr><td>\(ReportHTML.escape(row.pos))</td><td>\(activity)</td><td class=\"num\">\(ReportHTML.escape(row.quantity))</td><td>\(ReportHTML.escape(row.unit))</td><td class=\"num\">\(ReportHTML.escape(row.price))</td><td class=\"num\">\(ReportHTML.escape(row.amount))</td></tr>\n")
        }
        if sheet.lines.isEmpty { out.write("<tr><td></td><td colspan=\"5\">\(ReportHTML.escape(sheet.lines.emptyNote))</td></tr>\n") }
        out.write("</tbody>\n</table>\n")
        if let footnote = sheet.customFootnote { out.write("<p><small>\(ReportHTML.escape(footnote))</small></p>\n") }
        out.write("<h2>\(ReportHTML.escape(sheet.totals.title))</h2>\n<table>\n<tbody>\n")
        for row in sheet.totals.rows {
            out.write("<tr\(row.emphasis == .strong ? " class=\"sum\"" : "")><td>\(ReportHTML.escape(row.label))</td><td>\(ReportHTML.escape(row.description))</td><td class=\"num\">\(ReportHTML.escape(row.amount))</td></tr>\n")
        }
        // The team table, its notes and the signatures print together: a page never starts
        // with the signature lines alone.
        out.write("</tbody>\n</table>\n<div class=\"signoff\">\n<h2>\(ReportHTML.escape(sheet.team.title))</h2>\n")
        if sheet.team.rows.isEmpty {
            out.write("<p>\(ReportHTML.escape(sheet.team.emptyNote))</p>\n")
        } else {
            out.write("<table>\n" + ReportHTML.head(sheet.team.columns) + "<tbody>\n")
            for row in sheet.team.rows {
                let name = ReportHTML.escape(row.name) + (row.role.map { " <small>\(ReportHTML.escape($0))</small>" } ?? "")
                out.write("<tr><td>\(name)</td>" + row.cells.dropFirst().map { "<td class=\"num\">\(ReportHTML.escape($0))</td>" }.joined() + "</tr>\n")
            }
            out.write("</tbody>\n</table>\n")
        }
        for note in sheet.notes { out.write("<p>\(ReportHTML.escape(note.text))</p>\n") }
        for w in sheet.warnings { out.write("<p class=\"warning\">\(ReportHTML.escape(sheet.warningLabel)): \(ReportHTML.escape(w))</p>\n") }
        out.write("<div class=\"signatures\">" + sheet.signatures.map { "<div>\(ReportHTML.escape($0)) <small>\(ReportHTML.escape(sheet.signatureHint))</small></div>" }.joined() + "</div>\n</div>\n")
        if !sheet.measurements.isEmpty {
            out.write("<h2>\(ReportHTML.escape(sheet.measurementsTitle))</h2>\n<table>\n" + ReportHTML.head(sheet.measurementColumns) + "<tbody>\n")
            for row in measurementRows(sheet) {
                out.write("<tr><td class=\"num\">\(ReportHTML.escape(row.line))</td><td>\(ReportHTML.escape(row.pos))</td><td>\(ReportHTML.escape(row.expression))</td><td class=\"num\">\(ReportHTML.escape(row.result))</td></tr>\n")
            }
            out.write("</tbody>\n</table>\n")
        }
        if !photos.isEmpty {
            out.write("<section class=\"photos\">\n<h2>\(ReportHTML.escape(sheet.words[.photosTitle]))</h2>\n")
            for photo in photos {
                let label = ReportHTML.escape(photo.label(sheet.words))
                if let url = photo.dataURL {
                    out.write("<figure><img src=\"\(url)\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>\n")
                } else {
                    out.write("<p>\(ReportHTML.escape(sheet.words(.photoMissing, photo.label(sheet.words))))</p>\n")
                }
            }
            out.write("</section>\n")
        }
        out.write("</body>\n</html>\n")
    }

    static func csv(_ a: FinalAccounting, language: Language, to out: ByteOutput) {
        let delimiter = language == .da ? ";" : ","
        func number<N: FixedPointNumber>(_ n: N) -> String {
            language == .da ? n.plain.replacingOccurrences(of: ".", with: ",") : n.plain
        }
        if language == .da { out.write(ReportCSV.byteOrderMark) }
        out.write(ReportCSV.row(ReportCSV.header(language: language), delimiter))
        for l in a.lines.all {
            out.write(ReportCSV.row(["\(l.id)", CSVField.inert(l.pos), CSVField.inert(l.name), number(l.quantity),
                           CSVField.inert(UnitName.display(l.unit, language: language)), number(l.price), number(l.amount),
                           CSVField.inert(l.note), CSVField.inert(l.measurement ?? "")], delimiter))
        }
    }

    static func lines(_ lines: ProjectLines, language: Language, width: Int, to out: ByteOutput) {
        let w = Words(language)
        var table = OldTextTable([.init(w[.id], .right), .init(w[.pos]), .init(w[.activity], wraps: true), .init(w[.quantity], .right),
                               .init(w[.unit]), .init(w[.price], .right), .init(w[.amount], .right)])
        table.maxWidth = width
        func cells(_ l: Line) -> [String] {
            let name = l.note.isEmpty ? l.name : "\(l.name) (\(l.note))"
            return ["\(l.id)", l.pos + (l.custom ? "*" : ""), name, l.quantity.formatted(language), UnitName.display(l.unit, language: language),
                    l.price.formatted(language), l.amount.formatted(language)]
        }
        let subtotal = ["", "", w[.subtotal], "", "", "", lines.subtotal.formatted(language)]
        var rows = lines.all.makeIterator()
        var last: [String]? = subtotal
        let layout = table.layout(measuring: AnySequence<[String]> {
            AnyIterator {
                if let l = rows.next() { return cells(l) }
                defer { last = nil }
                return last
            }
        })
        table.writeHeader(layout, to: out)
        for l in lines.all { table.writeRow(cells(l), layout, to: out) }
        table.writeRule(layout, to: out)
        table.writeRow(subtotal, layout, to: out)
        if lines.hasCustom { out.write("* \(w[.customFootnote])\n") }
    }
}

struct OldTextTable {
    enum Alignment { case left, right }
    struct Column {
        let title: String
        let alignment: Alignment
        let wraps: Bool
        /// Wraps only when the other wrapping columns have given all they can (ids, names of workers).
        let wrapsLast: Bool
        init(_ title: String, _ alignment: Alignment = .left, wraps: Bool = false, wrapsLast: Bool = false) {
            self.title = title; self.alignment = alignment; self.wraps = wraps || wrapsLast; self.wrapsLast = wrapsLast
        }
    }
    enum Row {
        case cells([String])
        case rule
    }

    let columns: [Column]
    var rows: [Row] = []
    static let defaultWidth = 100
    var maxWidth = OldTextTable.defaultWidth
    /// Without the title row and its rule (a block of totals under another table).
    var showsHeader = true

    init(_ columns: [Column]) { self.columns = columns }

    /// Line breaks inside a cell are shown as spaces; a table row stays one logical row.
    mutating func add(_ cells: [String]) {
        rows.append(.cells(cells.map { $0.contains(where: \.isNewline) ? String($0.map { $0.isNewline ? " " : $0 }) : $0 }))
    }
    mutating func addRule() { rows.append(.rule) }

    /// The widths of the columns and the gap between them, worked out from the titles and every
    /// row before the first row is written.
    struct Layout {
        let widths: [Int]
        let gap: Int
    }

    func render() -> String {
        let layout = layout(measuring: rows.lazy.compactMap { row -> [String]? in
            if case .cells(let cells) = row { return cells }
            return nil
        })
        let out = ByteOutput()
        writeHeader(layout, to: out)
        for row in rows {
            switch row {
            case .cells(let cells): writeRow(cells, layout, to: out)
            case .rule: writeRule(layout, to: out)
            }
        }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The layout for these rows (a first pass over them: a table of 100,000 lines is walked
    /// twice, never held).
    func layout<Rows: Sequence>(measuring rows: Rows) -> Layout where Rows.Element == [String] {
        var widths = columns.map { Self.width($0.title) }
        for cells in rows {
            for (i, c) in cells.enumerated() where i < widths.count { widths[i] = max(widths[i], Self.width(c)) }
        }
        // Too wide: the wrapping columns give way down to their titles (at least 8), then the
        // gaps narrow to one space. Numbers never wrap, so a table of figures alone may stay wider.
        var gap = 2
        var total = widths.reduce(0, +) + gap * (columns.count - 1)
        let floors = columns.indices.map { min(widths[$0], max(columns[$0].title.count, 8)) }
        // The widest wrapping column above its floor gives one column at a time (a wrapsLast one
        // only when it is wider than every other), so long names and ids share the room.
        while total > maxWidth {
            let candidates = columns.indices.filter { columns[$0].wraps && widths[$0] > floors[$0] }
            guard let w = candidates.max(by: { a, b in
                let wa = widths[a] - (columns[a].wrapsLast ? 1 : 0), wb = widths[b] - (columns[b].wrapsLast ? 1 : 0)
                return wa != wb ? wa < wb : a > b
            }) else { break }
            widths[w] -= 1
            total -= 1
        }
        if total > maxWidth { gap = 1 }
        return Layout(widths: widths, gap: gap)
    }

    /// The title row and its rule, unless the table shows no header.
    func writeHeader(_ layout: Layout, to out: ByteOutput) {
        guard showsHeader else { return }
        writeCells(columns.map(\.title), layout, to: out)
        writeRule(layout, to: out)
    }

    func writeRule(_ layout: Layout, to out: ByteOutput) {
        out.write(String(repeating: "-", count: layout.widths.reduce(0, +) + layout.gap * (columns.count - 1)))
        out.write(byte: 0x0A)
    }

    /// One row (line breaks inside a cell shown as spaces), wrapped over as many lines as its
    /// longest wrapping cell needs.
    func writeRow(_ cells: [String], _ layout: Layout, to out: ByteOutput) {
        var cells = cells.map { Self.mayHoldLineBreak($0) && $0.contains(where: \.isNewline) ? String($0.map { $0.isNewline ? " " : $0 }) : $0 }
        if cells.count < columns.count { cells += Array(repeating: "", count: columns.count - cells.count) }
        writeCells(cells, layout, to: out)
    }

    private func writeCells(_ cells: [String], _ layout: Layout, to out: ByteOutput) {
        let fits = columns.indices.allSatisfy { !columns[$0].wraps || Self.width(cells[$0]) <= layout.widths[$0] }
        if fits {
            writeLine({ cells[$0] }, layout, to: out)
            return
        }
        let wrapped = cells.enumerated().map { i, c in columns[i].wraps ? Self.wrap(c, width: layout.widths[i]) : [c] }
        let height = wrapped.map(\.count).max() ?? 1
        for line in 0..<height { writeLine({ line < wrapped[$0].count ? wrapped[$0][line] : "" }, layout, to: out) }
    }

    /// One line of text: each cell padded to its column, trailing spaces dropped (they are held
    /// back until something follows them).
    private func writeLine(_ text: (Int) -> String, _ layout: Layout, to out: ByteOutput) {
        var pending = 0
        func put(_ t: String) {
            let utf8 = t.utf8
            var end = utf8.endIndex
            while end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x20 { end = utf8.index(before: end) }
            if end == utf8.startIndex { pending += utf8.count; return }
            out.write(spaces: pending)
            if end == utf8.endIndex { out.write(t) } else { out.write(String(decoding: utf8[..<end], as: UTF8.self)) }
            pending = utf8.distance(from: end, to: utf8.endIndex)
        }
        for i in columns.indices {
            if i > 0 { pending += layout.gap }
            let t = text(i)
            let pad = max(0, layout.widths[i] - Self.width(t))
            if columns[i].alignment == .right { pending += pad; put(t) } else { put(t); pending += pad }
        }
        out.write(byte: 0x0A)
    }

    /// False when `s` surely holds no line break (ASCII without LF, VT, FF or CR): the check
    /// every cell of a long table goes through before `Character.isNewline`.
    static func mayHoldLineBreak(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { bytes in bytes.contains { $0 >= 0x80 || ($0 >= 0x0A && $0 <= 0x0D) } }
    }

    /// Characters, as the table counts them: bytes for ASCII (most cells), else `count`.
    static func width(_ s: String) -> Int {
        var s = s
        return s.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } ? bytes.count : nil } ?? s.count
    }

    /// `Label:` padded to `column`, then the value: the detail views of project, activity and report.
    static func labelled(_ rows: [(String, String)], column: Int) -> String {
        rows.map { "\($0.0):" + String(repeating: " ", count: max(1, column - $0.0.count)) + $0.1 }.joined(separator: "\n") + "\n"
    }

    static func trimTrailing(_ s: String) -> String {
        // Byte by byte from the end (a space is one UTF-8 byte, never part of another character):
        // dropping Characters one at a time costs the whole line each time on a wrapped row's
        // continuation lines, whose empty cells are all spaces.
        let utf8 = s.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x20 { end = utf8.index(before: end) }
        return end == utf8.endIndex ? s : String(decoding: utf8[..<end], as: UTF8.self)
    }

    /// Splits at spaces to fit `width`; a single word longer than the width is broken.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard Self.width(text) > width, width > 0 else { return [text] }
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            if !line.isEmpty, line.count + 1 + word.count > width { lines.append(line); line = "" }
            while word.count > width {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(width))); word = word.dropFirst(width)
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
