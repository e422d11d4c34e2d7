import AkkordSupport
import AkkordModel
import AkkordAccounting

/// `summary --format xlsx -o FILE` (SPEC §10): the summary across projects as a workbook of four
/// sheets, every figure of the summary JSON in a numeric cell, and the totals as formulas whose
/// cached values are akkord's own figures (so a reader that does not calculate and a
/// spreadsheet that recalculates show the same):
///
/// - `Projects` (`Projekter`): id, name, employer, status, start, end, total, apprentice pay,
///   pool, journeyman hours, hourly earnings = ROUND(pool / journeyman hours, 2) (empty without
///   journeyman hours, as JSON has null); under the rows a totals row: SUM of each column, and
///   the overall hourly earnings = ROUND(SUMIF(journeyman hours, ">0", pools) / journeyman
///   hours, 2), the pool of the projects that have journeyman hours over their hours, as
///   `ProjectsSummary` computes it (`poolWithHours`).
/// - `Workers` (`Medarbejdere`): name, number of projects, hours, share, advances, balance =
///   share − advances, the project ids; the totals row (SUM); then the advances on projects whose
///   team split is missing (worker, advances, project), as JSON lists them apart.
/// - `Employers` (`Arbejdsgivere`): name (`(no employer)` for the projects without one), number
///   of projects, total, apprentice pay, pool, journeyman hours, pool with hours, hourly
///   earnings = ROUND(pool with hours / journeyman hours, 2), the project ids; the totals row
///   (SUM; hourly earnings from the summed columns). An employer's figures are numbers, not
///   formulas: its projects are found by a folded name a spreadsheet cannot match.
/// - `Totals` (`I alt`): the period, the employer and status chosen, the currency, the projects
///   left out for want of a date; then each total with what it is the sum of: the number of
///   projects = COUNTA of the Projects ids, the project totals and the worker totals taken from
///   the totals rows of their sheets, pool with hours = SUMIF as above, hourly earnings =
///   ROUND(pool with hours / journeyman hours, 2).
///
/// Hours are exact, as in the report's workbook (`ReportXLSX.hoursCell`): a number when they are
/// whole thousandths, else a formula (`7+20/60`) cached to 12 decimals; shown with 2 decimals.
/// Money has 2 decimals. A list of project ids longer than a cell holds (32,767 characters)
/// ends with `… (+N)`. Sheet names, labels and notes are in the summary's language.
public enum SummaryXLSX {
    public static func render(_ s: ProjectsSummary, language l: Language) throws -> [UInt8] {
        try workbook(s, language: l).bytes()
    }

    /// `entries`: `.stored` for the tests' reader, which does not inflate.
    package static func render(_ s: ProjectsSummary, language l: Language, entries: ZipStream.Method) throws -> [UInt8] {
        try workbook(s, language: l, entries: entries).bytes()
    }

    /// The columns of the sheets (1-based).
    enum ProjectColumn: Int, CaseIterable { case id = 1, name, employer, status, start, end, total, apprenticePay, pool, journeymanHours, hourlyEarnings }
    enum WorkerColumn: Int, CaseIterable { case name = 1, projects, hours, share, advances, balance, ids }
    enum EmployerColumn: Int, CaseIterable {
        case name = 1, projects, total, apprenticePay, pool, journeymanHours, poolWithHours, hourlyEarnings, ids
    }
    enum TotalsColumn: Int { case label = 1, value, what }

    /// Where the rows go: a table's rows from row 2, a blank row, its totals row.
    struct Table {
        let rows: Int
        func row(_ i: Int) -> Int { 2 + i }
        var lastRow: Int { 1 + rows }
        var totalsRow: Int { rows + 3 }
    }

    typealias Ref = Workbook.CellReference
    typealias Cell = Workbook.Cell
    typealias Number = Workbook.Number

    public static func workbook(_ s: ProjectsSummary, language l: Language) throws -> Workbook {
        try workbook(s, language: l, entries: .deflated)
    }

    package static func workbook(_ s: ProjectsSummary, language l: Language, entries: ZipStream.Method) throws -> Workbook {
        let w = Words(l)
        let t = s.totals
        var book = Workbook(title: w[.summaryTitle] + " – " + SummaryText.period(s.filter, w), footer: w[.xlsxPageFooter], entries: entries)
        let projectsSheet = try book.addSheet(w[.sheetProjects], freezeTopRow: true, landscape: true, repeatsTopRow: true)
        let workersSheet = try book.addSheet(w[.sheetWorkers], freezeTopRow: true, landscape: true, repeatsTopRow: true)
        let employersSheet = try book.addSheet(w[.sheetEmployers], freezeTopRow: true, landscape: true, repeatsTopRow: true)
        let totalsSheet = try book.addSheet(w[.sheetTotals], landscape: true)
        let projectsName = book.name(of: projectsSheet), workersName = book.name(of: workersSheet)
        let projects = Table(rows: s.projects.count), workers = Table(rows: s.workers.count), employers = Table(rows: s.employers.count)

        func project(_ c: ProjectColumn, _ row: Int) -> Ref { Ref(column: c.rawValue, row: row) }
        func worker(_ c: WorkerColumn, _ row: Int) -> Ref { Ref(column: c.rawValue, row: row) }
        func employer(_ c: EmployerColumn, _ row: Int) -> Ref { Ref(column: c.rawValue, row: row) }
        /// `SUM(G2:G4)` of a table's column, cached; a number when the table is empty.
        func sum(_ table: Table, _ column: Int, cached: Number, _ format: Workbook.NumberFormat) -> Cell {
            guard table.rows > 0 else { return .number(cached, format, bold: true) }
            let range = Workbook.Range(Ref(column: column, row: table.row(0)), Ref(column: column, row: table.lastRow))
            return .formula("SUM(\(range))", cached: cached, format, bold: true)
        }
        /// ROUND(pool / hours, 2) of two cells, cached; empty without hours.
        func earnings(_ pool: String, _ hours: String, _ cached: Money?, bold: Bool = false) -> Cell {
            cached.map { .formula("ROUND(\(pool)/\(hours),2)", cached: Number($0), .money, bold: bold) } ?? .empty
        }
        /// SUMIF(journeyman hours, ">0", pools) over the Projects rows (`sheet`: from another sheet).
        func poolWithHours(sheet: String?) -> String {
            let hours = Workbook.Range(Ref(column: ProjectColumn.journeymanHours.rawValue, row: projects.row(0), sheet: sheet),
                                       Ref(column: ProjectColumn.journeymanHours.rawValue, row: projects.lastRow))
            let pools = Workbook.Range(Ref(column: ProjectColumn.pool.rawValue, row: projects.row(0), sheet: sheet),
                                       Ref(column: ProjectColumn.pool.rawValue, row: projects.lastRow))
            return "SUMIF(\(hours),\">0\",\(pools))"
        }

        // Projects (the names wrap; the lists of ids too, on the other sheets)
        book.wrap(column: ProjectColumn.name.rawValue, in: projectsSheet, atMost: 30)
        book.wrap(column: ProjectColumn.employer.rawValue, in: projectsSheet, atMost: 25)
        book.wrap(column: WorkerColumn.ids.rawValue, in: workersSheet, atMost: 40)
        book.wrap(column: EmployerColumn.ids.rawValue, in: employersSheet, atMost: 40)
        try book.append([head(w[.project]), head(w[.name]), head(w[.employer]), head(w[.status]), head(w[.summaryStart]), head(w[.summaryEnd]),
                         head(w[.summaryTotal], .right), head(w[.apprentices], .right), head(w[.pool], .right),
                         head(w[.summaryJourneymanHours], .right), head(w[.summaryHourlyEarnings], .right)], to: projectsSheet)
        let dateFormat = ReportXLSX.dateFormat(l)
        func day(_ date: String?) -> Cell { date.map { Cell.date($0, dateFormat) } ?? .empty }
        for (i, p) in s.projects.enumerated() {
            let row = projects.row(i)
            assert(book.nextRow(projectsSheet) == row)
            try book.append([
                .text(p.id), .text(p.name, wraps: true), .text(p.employer, wraps: true), .text(w[p.status == .open ? .statusOpen : .statusClosed]),
                day(p.start), day(p.end), .number(Number(p.total), .money), .number(Number(p.apprenticePay), .money),
                .number(Number(p.pool), .money), ReportXLSX.hoursCell(p.journeymanHours),
                earnings("\(project(.pool, row))", "\(project(.journeymanHours, row))", p.hourlyEarnings),
            ], to: projectsSheet)
        }
        book.skipRow(in: projectsSheet)
        assert(book.nextRow(projectsSheet) == projects.totalsRow)
        let projectTotals = projects.totalsRow
        try book.append([
            .text(w[.total], bold: true), .empty, .empty, .empty, .empty, .empty,
            sum(projects, ProjectColumn.total.rawValue, cached: Number(t.total), .money),
            sum(projects, ProjectColumn.apprenticePay.rawValue, cached: Number(t.apprenticePay), .money),
            sum(projects, ProjectColumn.pool.rawValue, cached: Number(t.pool), .money),
            sum(projects, ProjectColumn.journeymanHours.rawValue, cached: ReportXLSX.hoursNumber(t.journeymanHours), .decimals(2)),
            earnings(poolWithHours(sheet: nil), "\(project(.journeymanHours, projectTotals))", t.hourlyEarnings, bold: true),
        ], to: projectsSheet)
        if s.projects.contains(where: { $0.hourlyEarnings == nil }) {
            book.skipRow(in: projectsSheet)
            try book.append([.text(w[.summaryXlsxMissingSplit], spills: true)], to: projectsSheet)
        }

        // Workers
        try book.append([head(w[.worker]), head(w[.summaryProjects], .right), head(w[.hours], .right), head(w[.share], .right),
                         head(w[.advances], .right), head(w[.balance], .right), head(w[.summaryProjectIds])], to: workersSheet)
        for (i, r) in s.workers.enumerated() {
            let row = workers.row(i)
            assert(book.nextRow(workersSheet) == row)
            try book.append([
                .text(r.name), .number(Number(r.projects.count), .integer), ReportXLSX.hoursCell(r.hours), .number(Number(r.share), .money),
                .number(Number(r.advances), .money),
                .formula("\(worker(.share, row))-\(worker(.advances, row))", cached: Number(r.balance), .money),
                .text(idList(r.projects), wraps: true),
            ], to: workersSheet)
        }
        book.skipRow(in: workersSheet)
        assert(book.nextRow(workersSheet) == workers.totalsRow)
        try book.append([
            .text(w[.total], bold: true), .empty, sum(workers, WorkerColumn.hours.rawValue, cached: ReportXLSX.hoursNumber(t.hours), .decimals(2)),
            sum(workers, WorkerColumn.share.rawValue, cached: Number(t.share), .money),
            sum(workers, WorkerColumn.advances.rawValue, cached: Number(t.advances), .money),
            sum(workers, WorkerColumn.balance.rawValue, cached: Number(t.balance), .money),
        ], to: workersSheet)
        book.skipRow(in: workersSheet)
        try book.append([.text(w[.summaryWorkersRule], spills: true)], to: workersSheet)
        if !s.advancesWithoutShare.isEmpty {
            book.skipRow(in: workersSheet)
            try book.append([.text(w[.summaryAdvancesWithoutShare], bold: true, spills: true)], to: workersSheet)
            // Under the columns of the table above: the worker, his advances, the project.
            try book.append([head(w[.worker]), .empty, .empty, .empty, head(w[.advances], .right), .empty, head(w[.project])], to: workersSheet)
            for a in s.advancesWithoutShare {
                try book.append([.text(a.name), .empty, .empty, .empty, .number(Number(a.advances), .money), .empty, .text(a.project)],
                                to: workersSheet)
            }
        }

        // Employers
        try book.append([head(w[.employer]), head(w[.summaryProjects], .right), head(w[.summaryTotal], .right), head(w[.apprentices], .right),
                         head(w[.pool], .right), head(w[.summaryJourneymanHours], .right), head(w[.summaryPoolWithHours], .right),
                         head(w[.summaryHourlyEarnings], .right), head(w[.summaryProjectIds])], to: employersSheet)
        for (i, e) in s.employers.enumerated() {
            let row = employers.row(i)
            assert(book.nextRow(employersSheet) == row)
            try book.append([
                .text(e.name.isEmpty ? w[.summaryNoEmployer] : e.name), .number(Number(e.projects.count), .integer),
                .number(Number(e.total), .money), .number(Number(e.apprenticePay), .money), .number(Number(e.pool), .money),
                ReportXLSX.hoursCell(e.journeymanHours), .number(Number(e.poolWithHours), .money),
                earnings("\(employer(.poolWithHours, row))", "\(employer(.journeymanHours, row))", e.hourlyEarnings),
                .text(idList(e.projects), wraps: true),
            ], to: employersSheet)
        }
        book.skipRow(in: employersSheet)
        assert(book.nextRow(employersSheet) == employers.totalsRow)
        try book.append([
            .text(w[.total], bold: true),
            sum(employers, EmployerColumn.projects.rawValue, cached: Number(t.projects), .integer),
            sum(employers, EmployerColumn.total.rawValue, cached: Number(t.total), .money),
            sum(employers, EmployerColumn.apprenticePay.rawValue, cached: Number(t.apprenticePay), .money),
            sum(employers, EmployerColumn.pool.rawValue, cached: Number(t.pool), .money),
            sum(employers, EmployerColumn.journeymanHours.rawValue, cached: ReportXLSX.hoursNumber(t.journeymanHours), .decimals(2)),
            sum(employers, EmployerColumn.poolWithHours.rawValue, cached: Number(t.poolWithHours), .money),
            earnings("\(employer(.poolWithHours, employers.totalsRow))", "\(employer(.journeymanHours, employers.totalsRow))",
                     t.hourlyEarnings, bold: true),
        ], to: employersSheet)
        book.skipRow(in: employersSheet)
        try book.append([.text(w[.summaryXlsxEmployersNote], spills: true)], to: employersSheet)
        if s.employers.contains(where: { $0.hourlyEarnings == nil }) {
            try book.append([.text(w[.summaryXlsxMissingSplit], spills: true)], to: employersSheet)
        }

        // Totals: what was chosen, then each total with what it is the sum of.
        try book.append([.text(w[.summaryTitle], bold: true, spills: true)], to: totalsSheet)
        var header: [(String, String)] = [(w[.period], SummaryText.period(s.filter, w))]
        if let e = s.filter.employer { header.append((w[.employer], e.isEmpty ? w[.summaryNoEmployer] : e)) }
        header.append((w[.status], SummaryText.status(s.filter.status, w)))
        header.append((w[.currency], "DKK"))
        for (label, value) in header { try book.append([.text(label, bold: true), .text(value, spills: true)], to: totalsSheet) }
        if !s.withoutDate.isEmpty {
            let phrase = s.withoutDate.count == 1 ? w(.summaryWithoutDateOne, s.withoutDate[0])
                : w(.summaryWithoutDate, "\(s.withoutDate.count)", SummaryText.list(s.withoutDate))
            try book.append([.text(phrase, spills: true)], to: totalsSheet)
        }
        book.skipRow(in: totalsSheet)
        let projectsTotal = { (c: ProjectColumn) in project(c, projectTotals).on(projectsName) }
        let workersTotal = { (c: WorkerColumn) in worker(c, workers.totalsRow).on(workersName) }
        @discardableResult
        func totalsRow(_ term: Term, _ value: Cell, _ what: Term?, bold: Bool = false) throws -> Int {
            try book.append([.text(w[term], bold: bold), value, .text(what.map { w[$0] } ?? "", spills: true)], to: totalsSheet)
        }
        let count: Cell = projects.rows == 0 ? .number(Number(0), .integer)
            : .formula("COUNTA(\(Workbook.Range(project(.id, projects.row(0)).on(projectsName), project(.id, projects.lastRow))))",
                       cached: Number(t.projects), .integer)
        try totalsRow(.summaryProjects, count, nil)
        try totalsRow(.summaryTotal, .formula("\(projectsTotal(.total))", cached: Number(t.total), .money, bold: true), .summaryTotalWhat, bold: true)
        try totalsRow(.apprentices, .formula("\(projectsTotal(.apprenticePay))", cached: Number(t.apprenticePay), .money), .summaryApprenticesWhat)
        try totalsRow(.pool, .formula("\(projectsTotal(.pool))", cached: Number(t.pool), .money, bold: true), .summaryPoolWhat, bold: true)
        let hoursRow = try totalsRow(.summaryJourneymanHours, .formula("\(projectsTotal(.journeymanHours))",
                                                                        cached: ReportXLSX.hoursNumber(t.journeymanHours), .decimals(2)),
                                     .summaryJourneymanHoursWhat)
        let withHours: Cell = projects.rows == 0 ? .number(Number(t.poolWithHours), .money)
            : .formula(poolWithHours(sheet: projectsName), cached: Number(t.poolWithHours), .money)
        let withHoursRow = try totalsRow(.summaryPoolWithHours, withHours, .summaryPoolWithHoursWhat)
        let value = { (row: Int) in "\(Ref(column: TotalsColumn.value.rawValue, row: row))" }
        try totalsRow(.summaryHourlyEarnings, earnings(value(withHoursRow), value(hoursRow), t.hourlyEarnings, bold: true),
                      .summaryHourlyEarningsRule, bold: true)
        try totalsRow(.hours, .formula("\(workersTotal(.hours))", cached: ReportXLSX.hoursNumber(t.hours), .decimals(2)), .summaryHoursWhat)
        try totalsRow(.share, .formula("\(workersTotal(.share))", cached: Number(t.share), .money), .summaryShareWhat)
        try totalsRow(.advances, .formula("\(workersTotal(.advances))", cached: Number(t.advances), .money), .summaryAdvancesWhat)
        try totalsRow(.balance, .formula("\(workersTotal(.balance))", cached: Number(t.balance), .money, bold: true), .summaryBalanceWhat, bold: true)
        return book
    }

    /// A column's head: bold, over numbers on the right.
    static func head(_ text: String, _ align: Workbook.Alignment = .general) -> Cell { .text(text, bold: true, align: align) }

    /// `a, b, c`; when that is longer than a cell holds, as many as fit and `… (+N)`.
    package static func idList(_ ids: [String], limit: Int = Workbook.maximumTextLength) -> String {
        let all = ids.joined(separator: ", ")
        if all.utf16.count <= limit { return all }
        var out = "", length = 0
        for (i, id) in ids.enumerated() {
            let piece = (i == 0 ? "" : ", ") + id
            let tail = ", … (+\(ids.count - i - 1))"
            if length + piece.utf16.count + tail.utf16.count > limit {
                return out + (out.isEmpty ? "… (+\(ids.count - i))" : ", … (+\(ids.count - i))")
            }
            out += piece
            length += piece.utf16.count
        }
        return out
    }
}
