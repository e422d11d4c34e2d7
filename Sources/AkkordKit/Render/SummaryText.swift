import AkkordModel
import AkkordAccounting

/// The formats of `akkord summary`. Each takes the `ProjectsSummary` value; xlsx is a workbook
/// (`SummaryXLSX`), bytes that are not text, so it is written only to a file (`-o`).
public enum SummaryFormat: String, CaseIterable, Sendable {
    case text, json, csv, xlsx

    /// The format a file name asks for by its extension (`.txt`, `.json`, `.csv`, `.xlsx`, any
    /// case), else nil.
    public init?(fileExtension path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "txt", "text": self = .text
        case "json": self = .json
        case "csv": self = .csv
        case "xlsx": self = .xlsx
        default: return nil
        }
    }

    /// Written as bytes that are not text: only to a file (`-o`), never to a terminal.
    public var needsFile: Bool { self == .xlsx }
}

/// Which table the text and CSV summaries show (`--by`); JSON and xlsx always carry them all.
public enum SummaryTable: String, CaseIterable, Sendable {
    case project, worker, employer
}

/// A summary in one of its formats.
public struct RenderedSummary: Sendable {
    public let format: SummaryFormat
    public let bytes: [UInt8]
    public let summary: ProjectsSummary

    /// Throws only when the summary does not fit the format (`WorkbookError`: an xlsx sheet
    /// holds 1,048,576 rows).
    public init(_ summary: ProjectsSummary, format: SummaryFormat, table: SummaryTable, language: Language, width: Int = SummaryText.width) throws {
        switch format {
        case .text: bytes = Array(SummaryText.render(summary, table: table, language: language, width: width).utf8)
        case .json: bytes = SummaryJSON.render(summary)
        case .csv: bytes = Array(SummaryCSV.render(summary, table: table, language: language).utf8)
        case .xlsx: bytes = try SummaryXLSX.render(summary, language: language)
        }
        self.format = format
        self.summary = summary
    }
}

/// The summary as text (as wide as the terminal, 100 columns by default): what was chosen, one table (`--by`) with its totals row,
/// and a block of totals that says what each one is the sum of. Every word from `Words`.
public enum SummaryText {
    public static let width = TextTable.defaultWidth

    public static func render(_ s: ProjectsSummary, table: SummaryTable, language l: Language, width: Int = width) -> String {
        let w = Words(l)
        var out = w[.summaryTitle] + "\n\n"
        var header: [(String, String)] = [(w[.period], period(s.filter, w))]
        if let employer = s.filter.employer { header.append((w[.employer], employer.isEmpty ? w[.summaryNoEmployer] : employer)) }
        header.append((w[.status], status(s.filter.status, w)))
        header.append((w[.summaryProjects], "\(s.totals.projects)"))
        out += TextTable.labelled(header, column: w.labelColumn([.period, .employer, .status, .summaryProjects], atLeast: 11))
        if !s.withoutDate.isEmpty {
            let phrase = s.withoutDate.count == 1 ? w(.summaryWithoutDateOne, s.withoutDate[0])
                : w(.summaryWithoutDate, "\(s.withoutDate.count)", list(s.withoutDate))
            out += wrapped(phrase, width)
        }
        out += "\n"
        switch table {
        case .project: out += projects(s, w, width)
        case .worker: out += workers(s, w, width)
        case .employer: out += employers(s, w, width)
        }
        out += "\n" + totals(s, w, width)
        return out
    }

    /// The line `wrote FILE (csv, 4 projects, total 1,234.50)` after `-o FILE`.
    public static func wrote(_ path: String, _ rendered: RenderedSummary, language l: Language) -> String {
        Words(l)(.summaryWrote, path, rendered.format.rawValue, "\(rendered.summary.totals.projects)", rendered.summary.totals.total.formatted(l))
    }

    // MARK: the tables

    static func projects(_ s: ProjectsSummary, _ w: Words, _ width: Int) -> String {
        let l = w.language
        // The employer goes with the name, in the one column that wraps, so the table fits 100 columns.
        var t = TextTable([.init(w[.project], wrapsLast: true), .init(w[.summaryNameEmployer], wraps: true), .init(w[.summaryTotal], .right),
                           .init(w[.pool], .right), .init(w[.summaryJourneymanHours], .right), .init(w[.summaryHourlyEarnings], .right)])
        t.maxWidth = width
        for p in s.projects {
            let employer = p.employer.allSatisfy(\.isWhitespace) ? "" : " (\(p.employer))"
            t.add([p.id, p.name + employer, p.total.formatted(l), p.pool.formatted(l), p.journeymanHours.formatted(l), earnings(p.hourlyEarnings, l)])
        }
        if s.projects.isEmpty { t.add(["", w[.summaryNoProjects]]) }
        t.addRule()
        t.add(["", w[.total], s.totals.total.formatted(l), s.totals.pool.formatted(l), s.totals.journeymanHours.formatted(l),
               earnings(s.totals.hourlyEarnings, l)])
        var out = t.render()
        if s.projects.contains(where: { $0.hourlyEarnings == nil }) { out += wrapped(w[.summaryMissingSplit], width) }
        return out
    }

    static func workers(_ s: ProjectsSummary, _ w: Words, _ width: Int) -> String {
        let l = w.language
        var t = TextTable([.init(w[.worker], wraps: true), .init(w[.summaryProjects], .right), .init(w[.hours], .right),
                           .init(w[.share], .right), .init(w[.advances], .right), .init(w[.balance], .right)])
        t.maxWidth = width
        for r in s.workers {
            t.add([r.name, "\(r.projects.count)", r.hours.formatted(l), r.share.formatted(l), r.advances.formatted(l), r.balance.formatted(l)])
        }
        if s.workers.isEmpty { t.add([w[.noWorkers]]) }
        t.addRule()
        t.add([w[.total], "", s.totals.hours.formatted(l), s.totals.share.formatted(l), s.totals.advances.formatted(l), s.totals.balance.formatted(l)])
        var out = t.render() + wrapped(w[.summaryWorkersRule], width)
        if !s.advancesWithoutShare.isEmpty {
            out += "\n" + wrapped(w[.summaryAdvancesWithoutShare], width)
            var missing = TextTable([.init(w[.worker], wraps: true), .init(w[.project]), .init(w[.advances], .right)])
            missing.maxWidth = width
            for a in s.advancesWithoutShare { missing.add([a.name, a.project, a.advances.formatted(l)]) }
            out += missing.render()
        }
        return out
    }

    static func employers(_ s: ProjectsSummary, _ w: Words, _ width: Int) -> String {
        let l = w.language
        var t = TextTable([.init(w[.employer], wraps: true), .init(w[.summaryProjects], .right), .init(w[.summaryTotal], .right),
                           .init(w[.pool], .right), .init(w[.summaryJourneymanHours], .right), .init(w[.summaryHourlyEarnings], .right)])
        t.maxWidth = width
        for e in s.employers {
            t.add([e.name.isEmpty ? w[.summaryNoEmployer] : e.name, "\(e.projects.count)", e.total.formatted(l), e.pool.formatted(l),
                   e.journeymanHours.formatted(l), earnings(e.hourlyEarnings, l)])
        }
        if s.employers.isEmpty { t.add([w[.summaryNoProjects]]) }
        t.addRule()
        t.add([w[.total], "\(s.totals.projects)", s.totals.total.formatted(l), s.totals.pool.formatted(l), s.totals.journeymanHours.formatted(l),
               earnings(s.totals.hourlyEarnings, l)])
        var out = t.render()
        if s.employers.contains(where: { $0.hourlyEarnings == nil }) { out += wrapped(w[.summaryMissingSplit], width) }
        return out
    }

    /// Each total with what it is the sum of, so it can be checked from the rows above.
    static func totals(_ s: ProjectsSummary, _ w: Words, _ width: Int) -> String {
        let l = w.language, t = s.totals
        var table = TextTable([.init(""), .init("", .right), .init("", wraps: true)])
        table.maxWidth = width
        table.showsHeader = false
        table.add([w[.summaryProjects], "\(t.projects)", ""])
        table.add([w[.summaryTotal], t.total.formatted(l), w[.summaryTotalWhat]])
        table.add([w[.apprentices], t.apprenticePay.formatted(l), w[.summaryApprenticesWhat]])
        table.add([w[.pool], t.pool.formatted(l), w[.summaryPoolWhat]])
        table.add([w[.summaryJourneymanHours], t.journeymanHours.formatted(l), w[.summaryJourneymanHoursWhat]])
        table.add([w[.summaryHourlyEarnings], earnings(t.hourlyEarnings, l),
                   w(.summaryHourlyEarningsWhat, t.poolWithHours.formatted(l), exactHours(t.journeymanHours, l))])
        table.add([w[.hours], t.hours.formatted(l), w[.summaryHoursWhat]])
        table.add([w[.share], t.share.formatted(l), w[.summaryShareWhat]])
        table.add([w[.advances], t.advances.formatted(l), w[.summaryAdvancesWhat]])
        table.add([w[.balance], t.balance.formatted(l), w[.summaryBalanceWhat]])
        return w[.summaryTotalsTitle].uppercased() + "\n" + table.render()
    }

    // MARK: pieces

    static func period(_ f: ProjectsSummary.Filter, _ w: Words) -> String {
        switch (f.from, f.to) {
        case (nil, nil): return w[.summaryAllDates]
        case (let from?, nil): return w(.summaryFrom, from)
        case (nil, let to?): return w(.summaryTo, to)
        case (let from?, let to?): return "\(from) – \(to)"
        }
    }

    static func status(_ status: Project.Status?, _ w: Words) -> String {
        switch status {
        case nil: return w[.summaryStatusAll]
        case .open?: return w[.statusOpen]
        case .closed?: return w[.statusClosed]
        }
    }

    /// Hours with 2 decimals, and as they are exactly when that rounds them (`88.08 (88:05)`,
    /// `7.33 (7.333)`): the hourly earnings divide by the exact hours, as the report does. (A sum
    /// of both kinds, `7:20` + `0.001`, is neither thousandths nor minutes: shown rounded only.)
    package static func exactHours(_ h: Hours, _ l: Language) -> String {
        let shown = h.formatted(l)
        if h.raw % (Hours.unitsPerHour / 100) == 0 { return shown }
        if h.raw % 3 == 0 {
            return shown + " (" + DecimalText.format(raw: h.raw / 3, fractionDigits: 3, minimumShown: 3, decimal: l.decimalSeparator,
                                                     group: l.groupingSeparator) + ")"
        }
        if h.raw % 50 == 0 { return shown + " (\(h.plain))" }
        return shown
    }

    /// Hourly earnings, or `—` where the team split is missing.
    static func earnings(_ m: Money?, _ l: Language) -> String { m?.formatted(l) ?? "—" }

    /// Ids in a sentence: the first ten, then `…` with how many more.
    static func list(_ ids: [String]) -> String {
        ids.count <= 10 ? ids.joined(separator: ", ") : ids.prefix(10).joined(separator: ", ") + ", … (+\(ids.count - 10))"
    }

    static func wrapped(_ text: String, _ width: Int) -> String { TextTable.wrap(text, width: width).map { $0 + "\n" }.joined() }
}
