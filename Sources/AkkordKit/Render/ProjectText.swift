import AkkordSupport
import AkkordModel

/// Text and JSON views of projects, lines and history for the project commands.
public enum ProjectText {
    public static func summaryJSON(_ p: Project) throws(SumTooLargeError) -> JSONValue {
        summaryJSON(id: p.id, name: p.name, status: p.status, lines: p.lines.count, subtotal: try p.subtotal)
    }

    /// The same summary from what `project list` shows of a project (a change that did not read
    /// all its lines, such as `undo`, knows their count and subtotal).
    public static func summaryJSON(_ p: ProjectListEntry) -> JSONValue {
        summaryJSON(id: p.id, name: p.name, status: p.status, lines: p.lineCount, subtotal: p.subtotal)
    }

    private static func summaryJSON(id: String, name: String, status: Project.Status, lines: Int, subtotal: Money) -> JSONValue {
        JSONValue(["id": .string(id), "name": .string(name), "status": .string(status.rawValue),
                   "lines": .int(lines), "subtotal": .string(subtotal.plain)])
    }

    /// A project in `project list --json`: the summary, then where its settlement stands:
    /// `"state"`, `"due"` (the settlement's date when finished, the criticism's when handed in,
    /// else null), `"overdue"`, `"approvedByDefault"`, and the course's dates.
    public static func listJSON(_ p: ProjectListEntry, course: SettlementCourse) -> JSONValue {
        JSONValue(["id": .string(p.id), "name": .string(p.name), "status": .string(p.status.rawValue),
                   "lines": .int(p.lineCount), "subtotal": .string(p.subtotal.plain),
                   "due": .optional(course.due), "overdue": .bool(course.overdue),
                   "state": .string(course.state.rawValue), "approvedByDefault": .bool(course.approvedByDefault),
                   "end": .optional(p.end), "handedIn": .optional(p.handedIn), "approved": .optional(p.approved),
                   "disputed": .optional(p.disputed)])
    }

    /// The project table with each settlement's state; a Due column when a listed project has
    /// a due date (`courses`, by id), marked `!` when past.
    public static func list(_ projects: [ProjectListEntry], current: String?, courses: [String: SettlementCourse], language: Language, width: Int = TextTable.defaultWidth) -> String {
        let w = Words(language)
        let shown = projects.compactMap { courses[$0.id] }
        let dues = shown.contains { $0.due != nil }
        var columns: [TextTable.Column] = [.init(""), .init(w[.id]), .init(w[.name], wraps: true), .init(w[.stateTitle]), .init(w[.linesTitle], .right),
                                           .init(w[.subtotal], .right)]
        if dues { columns.append(.init(w[.due])) }
        var table = TextTable(columns)
        table.maxWidth = width
        for p in projects {
            let course = courses[p.id]
            var cells = [p.id == current ? "*" : "", p.id, p.name, course.map { state($0, language) } ?? status(p.status, language),
                         "\(p.lineCount)", p.subtotal.formatted(language)]
            if dues { cells.append(course?.due.map { $0 + (course?.overdue == true ? " !" : "") } ?? "") }
            table.add(cells)
        }
        return table.render() + (current != nil ? "* \(w[.currentProjectNote])\n" : "")
            + (shown.contains(where: \.overdue) ? "! \(w[.pastDueNote])\n" : "")
    }

    /// `finished`, `færdig`; an unanswered settlement past its criticism deadline `approved (no answer)`.
    public static func state(_ c: SettlementCourse, _ language: Language) -> String {
        let w = Words(language)
        switch c.state {
        case .open: return w[.stateOpen]
        case .finished: return w[.stateFinished]
        case .handedIn: return w[.stateHandedIn]
        case .approved: return w[c.approvedByDefault ? .stateApprovedByDefault : .stateApproved]
        case .disputed: return w[.stateDisputed]
        case .closed: return w[.stateClosed]
        }
    }

    /// `project list --trash`: each entry of the trash; a file that does not read is named with
    /// its problem.
    public static func trash(_ entries: [TrashedProject], language: Language, width: Int = TextTable.defaultWidth) throws(SumTooLargeError) -> String {
        let w = Words(language)
        guard !entries.isEmpty else { return w[.trashEmpty] + "\n" }
        var table = TextTable([.init(w[.trashEntry]), .init(w[.id]), .init(w[.name], wraps: true), .init(w[.status]),
                               .init(w[.linesTitle], .right), .init(w[.subtotal], .right)])
        table.maxWidth = width
        for e in entries {
            if let p = e.project {
                table.add([e.entry, p.id, p.name, status(p.status, language), "\(p.lines.count)", try p.subtotal.formatted(language)])
            } else {
                table.add([e.entry, "", e.problem ?? "", "", "", ""])
            }
        }
        return table.render()
    }

    /// `project list --trash --json`: `{"trash": [{"entry", "id", "name", "status", "lines", "subtotal"} or {"entry", "problem"}]}`.
    public static func trashJSON(_ entries: [TrashedProject]) throws(SumTooLargeError) -> JSONValue {
        JSONValue(["trash": .array(try entries.map { (e) throws(SumTooLargeError) -> JSONValue in
            guard let p = e.project, case .object(var object) = try summaryJSON(p) else {
                return JSONValue(["entry": .string(e.entry), "problem": .optional(e.problem)])
            }
            object.entries.insert(("entry", .string(e.entry)), at: 0)
            return .object(object)
        })])
    }

    /// `project list` with no project to list (of the status asked for: nil is all).
    public static func noProjects(status: Project.Status?, language: Language) -> String {
        let w = Words(language)
        switch status {
        case nil: return w[.noProjects]
        case .open?: return w[.noOpenProjects]
        case .closed?: return w[.noClosedProjects]
        }
    }

    /// `open` / `closed`, `åben` / `afsluttet`.
    public static func status(_ s: Project.Status, _ language: Language) -> String {
        Words(language)[s == .open ? .statusOpen : .statusClosed]
    }

    public static func show(_ p: Project, current: Bool, language: Language) throws(SumTooLargeError) -> String {
        let w = Words(language)
        var rows: [(String, String)] = [(w[.project], "\(p.name) (\(p.id))\(current ? ", \(w[.current])" : "")"), (w[.status], status(p.status, language))]
        if !p.address.isEmpty { rows.append((w[.address], p.address)) }
        if !p.employer.isEmpty { rows.append((w[.employer], p.employer)) }
        if !p.customer.isEmpty { rows.append((w[.customer], p.customer)) }
        if p.start != nil || p.end != nil { rows.append((w[.period], "\(p.start ?? "?") – \(p.end ?? "")")) }
        if let d = p.handedIn { rows.append((w[.showHandedIn], d)) }
        if let d = p.approved { rows.append((w[.showApproved], d)) }
        if let d = p.disputed { rows.append((w[.showDisputed], d + (p.disputeNote.isEmpty ? "" : ": " + p.disputeNote))) }
        if !p.note.isEmpty { rows.append((w[.note], p.note)) }
        if !p.catalogueName.isEmpty {
            rows.append((w[.catalogue], p.catalogueEdition.isEmpty ? p.catalogueName : w(.catalogueEdition, p.catalogueName, p.catalogueEdition)))
        }
        rows.append((w[.linesTitle], w(.linesAndSubtotal, "\(p.lines.count)", try p.subtotal.formatted(language))))
        rows.append((w[.workersLabel], p.workers.isEmpty ? w[.nobody] : p.workers.map(\.name).joined(separator: ", ")))
        let labels: [Term] = [.project, .status, .address, .employer, .customer, .period, .note, .catalogue, .linesTitle, .workersLabel]
        return TextTable.labelled(rows, column: w.labelColumn(labels, atLeast: 11))
    }

    public static func showJSON(_ p: Project) throws(SumTooLargeError) -> JSONValue {
        JSONValue(["id": .string(p.id), "name": .string(p.name), "status": .string(p.status.rawValue),
                   "address": .string(p.address), "employer": .string(p.employer), "customer": .string(p.customer),
                   "start": .optional(p.start), "end": .optional(p.end), "note": .string(p.note),
                   "catalogue": JSONValue(["name": .string(p.catalogueName), "edition": .string(p.catalogueEdition)]),
                   "lines": .int(p.lines.count), "subtotal": .string(try p.subtotal.plain)])
    }

    /// The line table (`LineColumn.listing`: Id, Pos, Activity, Quantity, Unit, Price, Amount)
    /// with the subtotal.
    public static func lines(_ p: Project, language: Language, width: Int = TextTable.defaultWidth) throws(SumTooLargeError) -> String {
        let out = ByteOutput()
        writeLines(try LinesInMemory(p.lines), language: language, width: width, to: out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The line table, the lines walked twice (widths, then rows; once when `widths` has them,
    /// gathered by the reader), never held.
    public static func writeLines(_ lines: ProjectLines, language: Language, width: Int = TextTable.defaultWidth, widths gathered: LineWidths? = nil,
                                  to out: ByteOutput) {
        let w = Words(language)
        let columns = LineColumn.listing
        var table = TextTable(columns.map { ReportText.column(ReportSheet.Column($0, w)) })
        table.maxWidth = width
        let subtotal = columns.map { $0 == .activity ? w[.subtotal] : $0 == .amount ? lines.subtotal.formatted(language) : "" }
        let lineWidths = LineWidths.of(lines, language, gathered: gathered).line(columns)
        let layout = table.layout(widths: zip(subtotal.map(TextTable.width), lineWidths).map { max($0, $1) })
        table.writeHeader(layout, to: out)
        var rows = TextTable.LineRows(table, columns, language)
        lines.forEachView { rows.write($0, layout, to: out) }
        table.writeRule(layout, to: out)
        table.writeRow(subtotal, layout, to: out)
        if lines.hasCustom { out.write("\(ReportSheet.customMarker) \(w[.customFootnote])\n") }
    }

    /// `quantityTyped` only when the handbook's rule changed the quantity (SPEC §16).
    public static func lineJSON(_ l: Line) -> JSONValue {
        var o = JSONObject([("id", .int(l.id)), ("pos", .string(l.pos)), ("name", .string(l.name)), ("unit", .string(l.unit)),
                            ("price", .string(l.price.plain)), ("quantity", .string(l.quantity.plain))])
        if let typed = l.quantityTyped { o.append("quantityTyped", .string(typed.plain)) }
        for (key, value) in [("amount", JSONValue.string(l.amount.plain)), ("custom", .bool(l.custom)), ("note", .string(l.note)),
                             ("section", .string(l.section)), ("date", .optional(l.date)), ("measurement", .optional(l.measurement))] {
            o.append(key, value)
        }
        return .object(o)
    }

    public static func linesJSON(_ p: Project) throws(SumTooLargeError) -> JSONValue {
        JSONValue(["lines": .array(p.lines.map(lineJSON)), "subtotal": .string(try p.subtotal.plain)])
    }

    /// `linesJSON`, written as `JSONWriter` lays it out, one line at a time.
    public static func writeLinesJSON(_ lines: ProjectLines, to out: ByteOutput) {
        out.write("{\n  \"lines\": ")
        // As `JSONWriter.writeRows` lays out an array.
        if lines.isEmpty { out.write("[]") } else {
            lines.writeJSON(.listed, to: out) { out.write($0 == 0 ? "[\n    " : ",\n    ") }
            out.write("\n  ]")
        }
        out.write(",\n  \"subtotal\": \"")
        lines.subtotal.writePlain(to: out)
        out.write("\"\n}\n")
    }

    /// Each change as recorded: the time in local time, the command as typed, and its changes
    /// in `language` (`HistoryText`); an entry written before changes were described shows its
    /// text as recorded (in English).
    public static func history(_ p: Project, language: Language) -> String {
        var out = ""
        let w = Words(language)
        for h in p.history {
            // Who made it, in a store shared through git (SPEC §14).
            out += "\(HistoryText.time(h.time))  \(h.command)" + (h.by.map { "  (" + w(.historyBy, $0) + ")" } ?? "") + "\n"
            for c in HistoryText.changes(h, language) { out += "    \(c)\n" }
        }
        return out.isEmpty ? Words(language)[.noChangesRecorded] + "\n" : out
    }

    public static func historyJSON(_ p: Project) -> JSONValue {
        JSONValue(["history": .array(p.history.map(\.json))])
    }
}
