import AkkordSupport
import AkkordModel
import AkkordAccounting

/// The final accounting as text for a terminal or a plain printer: the report sheet laid out in
/// at most 100 columns, long activity names wrapped, amounts right-aligned, every figure
/// traceable to the lines above.
public enum ReportText {
    public static let width = 100

    public static func render(_ p: ProjectHead, _ a: FinalAccounting, language l: Language, holidayPay: Bool = false) -> String {
        render(ReportSheet(p, a, language: l, holidayPay: holidayPay))
    }

    public static func render(_ sheet: ReportSheet) -> String {
        let out = ByteOutput()
        write(sheet, to: out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Writes the report to `out`; the lines are walked up to three times, never held: the
    /// widths of the line table and of the measurements appendix (unless `widths` has them,
    /// gathered by the reader), the line table's rows, the appendix's rows (only the measured
    /// lines), each row made by the tables' columns (`TextTable.LineRows`).
    public static func write(_ sheet: ReportSheet, widths: LineWidths? = nil, to out: ByteOutput) {
        out.write(sheet.title + "\n\n")
        let labelColumn = max(11, (sheet.header.map(\.label.count).max() ?? 0) + 2)
        out.write(TextTable.labelled(sheet.header.map { ($0.label, $0.value) }, column: labelColumn) + "\n")

        var lines = TextTable(sheet.lines.headings.map(column))
        lines.maxWidth = width
        var measurements = TextTable(sheet.measurementColumns.map(column))
        measurements.maxWidth = width
        let empty = sheet.lines.columns.map { $0 == .activity ? sheet.lines.emptyNote : "" }
        let language = sheet.language
        let gathered = LineWidths.of(sheet.lines.lines, language, gathered: widths)
        let layout = sheet.lines.isEmpty ? lines.layout(measuring: [empty]) : lines.layout(widths: gathered.line(sheet.lines.columns))
        lines.writeHeader(layout, to: out)
        if sheet.lines.isEmpty {
            lines.writeRow(empty, layout, to: out)
        } else {
            var rows = TextTable.LineRows(lines, sheet.lines.columns, language)
            sheet.lines.lines.forEachView { rows.write($0, layout, to: out) }
        }
        if let footnote = sheet.customFootnote { out.write(footnote + "\n") }
        out.write("\n")

        // Without a header, but as wide as an amount column (its hidden title sets the minimum width).
        var sums = TextTable([.init(""), .init("", wraps: true), .init(sheet.words[.amount], .right)])
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
            var team = TextTable(sheet.team.columns.map(column))
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
        if let daywork = sheet.daywork { writeDaywork(daywork, to: out) }
        if !sheet.measurements.isEmpty {
            out.write("\n" + sheet.measurementsTitle.uppercased() + "\n")
            let layout = measurements.layout(widths: gathered.measurement)
            measurements.writeHeader(layout, to: out)
            var rows = TextTable.LineRows(measurements, sheet.measurements.columns, language)
            for line in sheet.measurements.views where line.measurement != nil { rows.write(line, layout, to: out) }
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
            for (j, part) in TextTable.wrap(phrase, width: width - max(first.count, indent)).enumerated() {
                out += (j == 0 ? first : pad) + part + "\n"
            }
        }
        return out
    }

    package static func column(_ c: ReportSheet.Column) -> TextTable.Column {
        TextTable.Column(c.title, c.alignment == .right ? .right : .left, wraps: c.wraps)
    }
}

/// List views for the worker, hours, advance, supplement, extra and photo commands.
public enum TeamText {
    public static func workers(_ a: FinalAccounting, language l: Language, width: Int = TextTable.defaultWidth) -> String {
        let w = Words(l)
        var t = TextTable([.init(w[.id], wrapsLast: true), .init(w[.name], wraps: true), .init(w[.kind], wraps: true), .init(w[.hours], .right), .init(w[.advances], .right)])
        t.maxWidth = width
        for s in a.team {
            let kind = !s.worker.apprentice ? w[.journeyman] : s.worker.rate.map { w(.apprenticeAtRate, $0.formatted(l)) } ?? w[.apprenticeSharing]
            t.add([s.worker.id, s.worker.name, kind + (s.worker.weight.isOne ? "" : w(.weightSuffix, s.worker.weight.formatted(l))),
                   s.hours.formatted(l), s.advances.formatted(l)])
        }
        return a.team.isEmpty ? w[.noWorkersYet] + "\n" : t.render()
    }

    public static func workersJSON(_ a: FinalAccounting) -> JSONValue {
        JSONValue(["workers": .array(a.team.map { s in
            var o = JSONObject([("id", .string(s.worker.id)), ("name", .string(s.worker.name)), ("apprentice", .bool(s.worker.apprentice))])
            o.append("rate", .optional(s.worker.rate?.plain))
            o.append("weight", .string(s.worker.weight.plain))
            o.append("hours", .string(s.hours.twoDecimalsPlain))
            o.append("advances", .string(s.advances.plain))
            return .object(o)
        })])
    }

    public static func hours(_ p: Project, language l: Language, width: Int = TextTable.defaultWidth) -> String {
        let w = Words(l)
        var t = TextTable([.init(w[.id], .right), .init(w[.worker], wrapsLast: true), .init(w[.hours], .right), .init(w[.date]), .init(w[.note], wraps: true)])
        t.maxWidth = width
        for h in p.hours { t.add(["\(h.id)", h.worker, h.hours.formatted(l) + (h.hours.plain.contains(":") ? " (\(h.hours.plain))" : ""), h.date ?? "", h.note]) }
        return p.hours.isEmpty ? w[.noHours] + "\n" : t.render()
    }

    public static func hoursJSON(_ p: Project) -> JSONValue {
        JSONValue(["hours": .array(p.hours.map { h in
            JSONValue(["id": .int(h.id), "worker": .string(h.worker), "hours": .string(h.hours.plain), "date": .optional(h.date), "note": .string(h.note)])
        })])
    }

    public static func advances(_ p: Project, language l: Language, width: Int = TextTable.defaultWidth) -> String {
        let w = Words(l)
        var t = TextTable([.init(w[.id], .right), .init(w[.worker], wrapsLast: true), .init(w[.amount], .right), .init(w[.date]), .init(w[.note], wraps: true)])
        t.maxWidth = width
        for a in p.advances {
            // Aconto by the hour shows how: 37.50 h × 180.00.
            var note = a.note
            if let h = a.hours, let r = a.rate { note = "\(h.formatted(l)) \(UnitName.display("h", language: l)) × \(r.formatted(l))" + (note.isEmpty ? "" : "; " + note) }
            t.add(["\(a.id)", a.worker, a.amount.formatted(l), a.date ?? "", note])
        }
        return p.advances.isEmpty ? w[.noAdvances] + "\n" : t.render()
    }

    public static func advancesJSON(_ p: Project) -> JSONValue {
        JSONValue(["advances": .array(p.advances.map(\.json))])
    }

    public static func supplements(_ a: FinalAccounting, language l: Language, width: Int = TextTable.defaultWidth) -> String {
        let w = Words(l)
        var t = TextTable([.init(w[.id], .right), .init(w[.name], wraps: true), .init(w[.percent], .right), .init(w[.supplementBase], .right),
                           .init(w[.amount], .right)])
        t.maxWidth = width
        for s in a.supplements {
            let name = s.supplement.scope.isAll ? s.supplement.name : "\(s.supplement.name) (\(s.supplement.scope.text(l)))"
            t.add(["\(s.supplement.id)", name, s.supplement.percent.formatted(l) + " %", s.base.formatted(l), s.amount.formatted(l)])
        }
        return a.supplements.isEmpty ? w[.noSupplements] + "\n" : t.render() + TextTable.wrap(w[.supplementsNote], width: width).joined(separator: "\n") + "\n"
    }

    public static func extraWork(_ a: FinalAccounting, language l: Language, width: Int = TextTable.defaultWidth) -> String {
        let w = Words(l)
        var t = TextTable([.init(w[.id], .right), .init(w[.text], wraps: true), .init(w[.hours], .right), .init(w[.rate], .right),
                           .init(w[.amount], .right)])
        t.maxWidth = width
        for e in a.extraWork {
            var h = "", r = ""
            if case .hourly(let hours, let rate) = e.extra.pricing { h = hours.formatted(l); r = rate.formatted(l) }
            t.add(["\(e.extra.id)", e.extra.text, h, r, e.amount.formatted(l)])
        }
        return a.extraWork.isEmpty ? w[.noExtraWork] + "\n" : t.render()
    }

    public static func photos(_ p: Project, language l: Language, width: Int = TextTable.defaultWidth) -> String {
        let w = Words(l)
        var t = TextTable([.init(w[.id], .right), .init(w[.caption], wraps: true), .init(w[.file]), .init(w[.added])])
        t.maxWidth = width
        for ph in p.photos { t.add(["\(ph.id)", ph.caption, ph.originalName, ph.added]) }
        return p.photos.isEmpty ? w[.noPhotos] + "\n" : t.render()
    }

    public static func photosJSON(_ p: Project) -> JSONValue {
        JSONValue(["photos": .array(p.photos.map { ph in
            JSONValue(["id": .int(ph.id), "caption": .string(ph.caption), "originalName": .string(ph.originalName),
                       "file": .string(ph.file), "added": .string(ph.added)])
        })])
    }
}
