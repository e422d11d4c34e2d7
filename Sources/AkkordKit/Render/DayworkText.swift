import AkkordSupport
import AkkordModel
import AkkordAccounting

extension DayworkEntry.Kind {
    /// The kind as the report and the lists show it, in `language`.
    public func text(_ language: Language) -> String {
        let w = Words(language)
        switch self {
        case .daywork: return w[.dayworkKindDaywork]
        case .sick: return w[.dayworkKindSick]
        case .weather: return w[.dayworkKindWeather]
        case .other: return w[.dayworkKindOther]
        }
    }
}

// MARK: - the report's daywork section (text, HTML, PDF through the sheet)

extension ReportSheet {
    /// One row of the daywork section: an entry (worker, kind, hours, rate, amount), or a total
    /// (a worker's, or all of it) with the rate left empty.
    public struct DayworkRow: Sendable {
        public let cells: [String]
        public let isTotal: Bool
    }

    /// `DAYWORK` / `TIMELØN` (SPEC §16): each worker's entries and his total, then the total in
    /// all, and the note that it is not part of the piecework.
    public struct DayworkTable: Sendable {
        public let title: String
        public let columns: [Column]
        public let rows: [DayworkRow]
        public let note: String

        init(_ account: DayworkAccount, _ w: Words) {
            let l = w.language
            title = w[.dayworkTitle]
            columns = [Column(w[.worker], wraps: true), Column(w[.kind]), Column(w[.hours], .right), Column(w[.rate], .right),
                       Column(w[.amount], .right)]
            var rows: [DayworkRow] = []
            for worker in account.workers {
                for d in worker.entries {
                    rows.append(DayworkRow(cells: [worker.worker.name, d.kind.text(l), d.hours.formatted(l), d.rate.formatted(l), d.amount.formatted(l)],
                                           isTotal: false))
                }
                rows.append(DayworkRow(cells: [w(.dayworkWorkerTotal, worker.worker.name), "", worker.hours.formatted(l), "", worker.amount.formatted(l)],
                                       isTotal: true))
            }
            rows.append(DayworkRow(cells: [w[.dayworkTotal], "", account.hours.formatted(l), "", account.total.formatted(l)], isTotal: true))
            self.rows = rows
            note = w[.dayworkNote]
        }
    }

    /// The daywork section of a project with daywork; nil without (the report is then as before).
    static func dayworkTable(_ a: FinalAccounting, _ w: Words) -> DayworkTable? {
        a.daywork.isEmpty ? nil : DayworkTable(a.daywork, w)
    }
}

extension ReportText {
    /// The daywork section: its title, the table (a rule over each total) and the note.
    static func writeDaywork(_ d: ReportSheet.DayworkTable, to out: ByteOutput) {
        out.write("\n" + d.title.uppercased() + "\n")
        var table = TextTable(d.columns.map(column))
        table.maxWidth = width
        for row in d.rows {
            if row.isTotal { table.addRule() }
            table.add(row.cells)
        }
        out.write(table.render())
        out.write(hanging("", [d.note], indent: 2))
    }
}

extension ReportHTML {
    static func writeDaywork(_ d: ReportSheet.DayworkTable, to out: ByteOutput) {
        out.write("<section class=\"daywork\">\n<h2>\(escape(d.title))</h2>\n<table>\n" + head(d.columns) + "<tbody>\n")
        for row in d.rows {
            let cells = row.cells.enumerated().map { i, cell in
                d.columns[i].alignment == .right ? "<td class=\"num\">\(escape(cell))</td>" : "<td>\(escape(cell))</td>"
            }
            out.write("<tr\(row.isTotal ? " class=\"sum\"" : "")>" + cells.joined() + "</tr>\n")
        }
        out.write("</tbody>\n</table>\n<p>\(escape(d.note))</p>\n</section>\n")
    }
}

extension ReportPDF {
    /// The daywork section: its heading, the table with its column headings on every page it
    /// takes (a total in bold under a rule), and the note.
    static func layDaywork(_ sheet: ReportSheet, on layout: inout Layout) {
        guard let d = sheet.daywork else { return }
        let size = 8.5, row = 11.0
        let anchors: [Layout.Anchor] = [.left(left), .left(left + 190), .right(360), .right(440), .right(right)]
        let header = Array(zip(d.columns.map(\.title), anchors))
        layout.beginTable(d.title, titleSize: 11, header: header, size: size, rowHeight: row)
        for r in d.rows {
            let wrapped = layout.wrap(r.cells[0], width: 180, font: .regular, size: size)
            layout.ensure(Double(wrapped.count) * row + (r.isTotal ? 4 : 0))
            if r.isTotal {
                // As the summation's rule over its total: in the gap above the row's text.
                layout.advance(-8)
                layout.rule(from: left, to: right)
                layout.advance(12)
            }
            let font: PDFFont = r.isTotal ? .bold : .regular
            let rowTop = layout.y
            for part in wrapped { layout.text(part, x: left, font: font, size: size); layout.advance(row) }
            layout.at(rowTop) { layout in
                for (cell, anchor) in zip(r.cells, anchors).dropFirst() { layout.text(cell, at: anchor, font: font, size: size) }
            }
            // A worker's total closes his rows: a little room before the next worker's.
            if r.isTotal { layout.advance(3) }
        }
        layout.repeatedHeader = nil
        layout.advance(4)
        for part in layout.wrap(d.note, width: right - left, font: .regular, size: 8) {
            layout.ensure(11)
            layout.text(part, x: left, font: .regular, size: 8)
            layout.advance(11)
        }
    }
}

// MARK: - CSV, JSON and the workbook

extension ReportCSV {
    /// After the lines, when the project has daywork: an empty row, the section's title, its
    /// header (worker, kind, hours, rate, amount, date, note), a row an entry, each worker's total
    /// and the total in all. Figures plain, with the language's decimal separator.
    static func writeDaywork(_ a: FinalAccounting, language l: Language, to out: ByteOutput) {
        guard !a.daywork.isEmpty else { return }
        let w = Words(l)
        let delimiter = l == .da ? ";" : ","
        func figure(_ plain: String) -> String { l == .da ? String(plain.map { $0 == "." ? "," : $0 }) : plain }
        out.write("\r\n")
        out.write(row([w[.dayworkTitle]], delimiter))
        out.write(row([w[.id], w[.worker], w[.kind], w[.hours], w[.rate], w[.amount], w[.date], w[.note]], delimiter))
        for worker in a.daywork.workers {
            for d in worker.entries {
                out.write(row(["\(d.id)", worker.worker.name, d.kind.text(l), figure(d.hours.twoDecimalsPlain), figure(d.rate.plain),
                               figure(d.amount.plain), d.date ?? "", d.note], delimiter))
            }
            out.write(row(["", w(.dayworkWorkerTotal, worker.worker.name), "", figure(worker.hours.twoDecimalsPlain), "", figure(worker.amount.plain), "", ""],
                          delimiter))
        }
        out.write(row(["", w[.dayworkTotal], "", figure(a.daywork.hours.twoDecimalsPlain), "", figure(a.daywork.total.plain), "", ""], delimiter))
    }
}

extension ReportJSON {
    /// `daywork` (each entry as the project file has it, in the order recorded) and
    /// `dayworkTotal`, when the project has daywork.
    static func writeDaywork(_ p: ProjectHead, _ a: FinalAccounting, member: (String, JSONValue) -> Void) {
        guard !a.daywork.isEmpty else { return }
        member("daywork", .array(p.daywork.map(\.json)))
        member("dayworkTotal", .string(a.daywork.total.plain))
    }
}

extension ReportXLSX {
    /// The columns of the daywork sheet.
    package enum DayworkColumn: Int, CaseIterable { case id = 1, worker, name, kind, date, hours, rate, amount, note }

    /// The daywork sheet (`Daywork` / `Timeløn`), when the project has daywork: a row an entry,
    /// amount = ROUND(hours × rate, 2); under each worker's entries his total (SUM of them), and
    /// at the end the total in all (SUM of the workers' totals), each formula cached with
    /// akkord's own figure.
    static func fillDaywork(_ book: inout Workbook, _ sheet: Workbook.Sheet, _ a: FinalAccounting, language l: Language) throws {
        let w = Words(l)
        func ref(_ c: DayworkColumn, _ row: Int) -> Ref { Ref(column: c.rawValue, row: row) }
        for (c, width) in [(DayworkColumn.worker, 14.0), (.name, 24), (.kind, 10), (.date, 12), (.hours, 9), (.rate, 12), (.amount, 14), (.note, 30)] {
            book.setWidth(width, column: c.rawValue, in: sheet)
        }
        try book.append([head(w[.id], .center), head(w[.worker]), head(w[.name]), head(w[.kind]), head(w[.date]), head(w[.hours], .right),
                         head(w[.rate], .right), head(w[.amount], .right), head(w[.note])], to: sheet)
        var workerTotalRows: [Int] = []
        for worker in a.daywork.workers {
            let first = book.nextRow(sheet)
            for d in worker.entries {
                let row = book.nextRow(sheet)
                let rate = Number(d.rate)
                try book.append([.number(Number(d.id), .integer, align: .center), .text(d.worker), .text(worker.worker.name), .text(d.kind.text(l)),
                                 d.date.map { .date($0, dateFormat(l)) } ?? .empty, hoursCell(d.hours),
                                 .number(rate, .currency(Workbook.NumberFormat.fractionDigits(rate.text.utf8))),
                                 .formula("ROUND(\(ref(.hours, row))*\(ref(.rate, row)),2)", cached: Number(d.amount), .money),
                                 .text(d.note, wraps: true)], to: sheet)
            }
            let last = book.nextRow(sheet) - 1
            let row = book.nextRow(sheet)
            workerTotalRows.append(row)
            try book.append([.empty, .empty, .text(w(.dayworkWorkerTotal, worker.worker.name), bold: true), .empty, .empty,
                             .formula("SUM(\(Workbook.Range(ref(.hours, first), ref(.hours, last))))", cached: hoursNumber(worker.hours), .decimals(2), bold: true),
                             .empty,
                             .formula("SUM(\(Workbook.Range(ref(.amount, first), ref(.amount, last))))", cached: Number(worker.amount), .money, bold: true)],
                            to: sheet)
        }
        book.skipRow(in: sheet)
        let hours = workerTotalRows.map { "\(ref(.hours, $0))" }.joined(separator: "+")
        let amounts = workerTotalRows.map { "\(ref(.amount, $0))" }.joined(separator: "+")
        try book.append([.empty, .empty, .text(w[.dayworkTotal], bold: true), .empty, .empty,
                         .formula(hours, cached: hoursNumber(a.daywork.hours), .decimals(2), bold: true), .empty,
                         .formula(amounts, cached: Number(a.daywork.total), .money, bold: true)], to: sheet)
        book.skipRow(in: sheet)
        try book.append([.text(w[.dayworkNote], spills: true)], to: sheet)
    }
}

// MARK: - the commands' views

extension Confirmation {
    /// `daywork 3: jens-hansen weather 7:30 (7.50 h) × 250.00 = 1,875.00 on 2026-05-05`.
    public static func dayworkAdded(_ d: DayworkEntry, _ l: Language) -> String {
        Words(l)(.dayworkAdded, "\(d.id)", d.worker, d.kind.text(l), hours(d.hours, l), d.rate.formatted(l), d.amount.formatted(l), d.date ?? "-")
    }

    public static func dayworkRemoved(_ d: DayworkEntry, _ l: Language) -> String {
        Words(l)(.dayworkRemoved, "\(d.id)", d.worker, d.kind.text(l), hours(d.hours, l), d.amount.formatted(l))
    }
}

extension ChangeJSON {
    public static func daywork(_ d: DayworkEntry) -> JSONValue { JSONValue(["daywork": d.json]) }
}

/// `daywork list`: every entry worker by worker, each worker's total and the total in all.
public enum DayworkText {
    public static func list(_ account: DayworkAccount, language l: Language, width: Int = TextTable.defaultWidth) -> String {
        let w = Words(l)
        guard !account.isEmpty else { return w[.noDaywork] + "\n" }
        var t = TextTable([.init(w[.id], .right), .init(w[.worker], wrapsLast: true), .init(w[.kind]), .init(w[.hours], .right),
                           .init(w[.rate], .right), .init(w[.amount], .right), .init(w[.date]), .init(w[.note], wraps: true)])
        t.maxWidth = width
        for worker in account.workers {
            for d in worker.entries {
                t.add(["\(d.id)", d.worker, d.kind.text(l), d.hours.formatted(l), d.rate.formatted(l), d.amount.formatted(l), d.date ?? "", d.note])
            }
            t.addRule()
            t.add(["", w(.dayworkWorkerTotal, worker.worker.name), "", worker.hours.formatted(l), "", worker.amount.formatted(l), "", ""])
        }
        t.addRule()
        t.add(["", w[.dayworkTotal], "", account.hours.formatted(l), "", account.total.formatted(l), "", ""])
        return t.render()
    }

    /// `daywork list --json`: `{"daywork": [entries as recorded], "dayworkTotal": "…"}`.
    public static func listJSON(_ p: ProjectHead, _ account: DayworkAccount) -> JSONValue {
        JSONValue(["daywork": .array(p.daywork.map(\.json)), "dayworkTotal": .string(account.total.plain)])
    }
}
