import AkkordSupport
import AkkordModel
import AkkordAccounting

/// `report --format xlsx` (SPEC §10): the final accounting as a workbook of three sheets, every
/// figure of the JSON report in a numeric cell, the totals as formulas whose cached values are
/// akkord's own figures (so a recalculating spreadsheet shows the same):
///
/// - `Lines` (`Linjer`): the line table's columns (`LineColumn.workbook`): id, pos, activity,
///   quantity, unit, price, amount = ROUND(quantity × price, 2), custom (yes/no), note,
///   measurement, section; for each supplement with a scope a column with 1 for the lines in its
///   scope (0 for the others), shown as yes/no; under the lines, subtotal = SUM. Its head is
///   printed on every page; the long texts wrap (`LinesShape`).
/// - `Team`: id, worker, apprentice (yes/no), rate, hours, share, øre from rounding, advances, balance =
///   share − advances. A journeyman's share is ROUNDDOWN(pool × hours / journeyman hours, 2) +
///   the øre from rounding, a number akkord writes: its share less that rounded-down figure, so
///   the largest-remainder rule of §5 (not one formula) shows as the øre each one got (−0.01 …
///   0.01; ROUNDDOWN rounds toward zero, so a negative pool gives −0.01 where akkord rounded
///   down). An apprentice's share is his pay, ROUND(hours × rate, 2). With an agreed weight
///   (SPEC §16) two more columns follow: weight and weighted hours = hours × weight, and each
///   share of the pool is ROUNDDOWN(pool × weighted hours / weighted hours in all, 2) + the øre.
/// - `Summary`: the project; then subtotal (from `Lines`), each supplement = ROUND(base ×
///   percent / 100, 2) with its base = the subtotal or SUMPRODUCT(amounts, its scope column),
///   extra work (an agreed amount, or ROUND(hours × rate, 2)), total = SUM of those, apprentice
///   pay = −SUM of the apprentices' shares (paid out of the total: negative, as the text and PDF
///   reports show it), pool = total + apprentice pay, journeyman hours =
///   SUM, hourly earnings = ROUND(pool / journeyman hours, 2) (/ weighted hours with an agreed
///   weight), weighted hours (SUM of the team's, else = journeyman hours), all piecework hours =
///   SUM of everyone's, total per piecework hour = ROUND(total / all hours, 2); the warnings and the notes.
/// - `Daywork` (`Timeløn`), only when the project has daywork (SPEC §16): a row an entry,
///   amount = ROUND(hours × rate, 2), each worker's total (SUM) and the total in all; never part
///   of the sheets above.
///
/// Hours are exact: a decimal number when they are whole thousandths, else a formula
/// (`7+20/60`, or `raw/3000`) with the value cached to 12 decimals. A figure that does not
/// exist (a share when the split is missing, the hourly earnings without journeyman hours) is
/// an empty cell, as JSON has null. Money carries the currency (`#,##0.00 "kr."`), the start
/// and end are date cells. Sheet names, labels and notes are in the report's language; the
/// numbers are numbers, shown by the spreadsheet in its user's format. Every page's footer has
/// `side N af M` (`page N of M`).
public enum ReportXLSX {
    /// The workbook's bytes. `entries`: `.stored` for the tests' reader, which does not inflate.
    public static func render(_ p: ProjectHead, _ a: FinalAccounting, language l: Language) throws -> [UInt8] {
        try render(p, a, language: l, entries: .deflated)
    }

    package static func render(_ p: ProjectHead, _ a: FinalAccounting, language l: Language, entries: ZipStream.Method) throws -> [UInt8] {
        try workbook(p, a, language: l, entries: entries).bytes()
    }

    /// Writes the workbook to `out` as its rows are made: the lines are walked twice (the
    /// columns' widths and decimals, then the rows), never held.
    public static func write(_ p: ProjectHead, _ a: FinalAccounting, language l: Language, to out: ByteOutput) throws {
        var book = Workbook(title: Words(l)(.documentTitle, p.name), footer: Words(l)[.xlsxPageFooter], to: out)
        try fill(&book, p, a, language: l)
        try book.finish()
    }

    /// The date format of a language's clerk: 04-05-2026 in Danish, 2026-05-04 in English.
    package static func dateFormat(_ l: Language) -> Workbook.NumberFormat { .date(l == .da ? "dd-mm-yyyy" : "yyyy-mm-dd") }

    /// The columns of the three sheets (1-based): the line table's (`LineColumn.workbook`), the
    /// team's, the summary's.
    static func linesColumn(_ column: LineColumn) -> Int { LineColumn.workbook.firstIndex(of: column)! + 1 }
    /// `weight` and `weightedHours` only when a weight other than 1 is agreed (SPEC §16).
    package enum TeamColumn: Int, CaseIterable { case id = 1, worker, apprentice, rate, hours, share, roundingOre, advances, balance, weight, weightedHours }
    package enum SummaryColumn: Int, CaseIterable { case label = 1, id, text, agreement, scope, percent, base, hours, rate, amount }

    /// Where every row goes, worked out before a cell is written: the sheets refer to each
    /// other (the shares to the pool, the pool to the apprentices' pay).
    package struct Layout {
        static let summaryHeaderRows = 12   // title, project, id, address, employer, customer, start, end, status, catalogue, edition, currency
        let lines: Int, workers: Int, supplements: Int, extraWork: Int

        package init(lines: Int, workers: Int, supplements: Int, extraWork: Int) {
            self.lines = lines; self.workers = workers; self.supplements = supplements; self.extraWork = extraWork
        }

        package func lineRow(_ i: Int) -> Int { 2 + i }
        package var lastLineRow: Int { 1 + lines }
        package var subtotalRow: Int { lines + 3 }
        package func workerRow(_ i: Int) -> Int { 2 + i }
        package var summaryTableHeaderRow: Int { Self.summaryHeaderRows + 2 }
        package var summarySubtotalRow: Int { summaryTableHeaderRow + 1 }
        package func supplementRow(_ i: Int) -> Int { summarySubtotalRow + 1 + i }
        package func extraWorkRow(_ i: Int) -> Int { summarySubtotalRow + 1 + supplements + i }
        package var totalRow: Int { summarySubtotalRow + supplements + extraWork + 1 }
        package var apprenticePayRow: Int { totalRow + 1 }
        package var poolRow: Int { totalRow + 2 }
        package var journeymanHoursRow: Int { totalRow + 3 }
        package var hourlyEarningsRow: Int { totalRow + 4 }
        package var weightedHoursRow: Int { totalRow + 5 }
        package var allHoursRow: Int { totalRow + 6 }
        package var totalPerHourRow: Int { totalRow + 7 }
    }

    package typealias Ref = Workbook.CellReference
    package typealias Cell = Workbook.Cell
    package typealias Number = Workbook.Number

    /// The workbook made in memory (not yet finished: `bytes()`).
    public static func workbook(_ p: ProjectHead, _ a: FinalAccounting, language l: Language) throws -> Workbook {
        try workbook(p, a, language: l, entries: .deflated)
    }

    package static func workbook(_ p: ProjectHead, _ a: FinalAccounting, language l: Language, entries: ZipStream.Method) throws -> Workbook {
        var book = Workbook(title: Words(l)(.documentTitle, p.name), footer: Words(l)[.xlsxPageFooter], entries: entries)
        try fill(&book, p, a, language: l)
        return book
    }

    /// What the rows of the lines are written from (`writeLineRows`).
    package struct LineRows {
        package let lines: any ProjectLines
        package let language: Language
        package let shape: LinesShape
        /// The scoped supplements' scopes, in the order of their columns.
        package let scopes: [Supplement.Scope]
        package let firstRow: Int
    }

    /// Fills `book` with the report's sheets; `lineRows` writes the rows of the lines (the
    /// tests give one made of `Workbook.append`'s cells, which must give the same bytes).
    package static func fill(_ book: inout Workbook, _ p: ProjectHead, _ a: FinalAccounting, language l: Language,
                             lineRows: (inout Workbook, Workbook.Sheet, LineRows) throws -> Void = writeLineRows) throws {
        let w = Words(l)
        let linesSheet = try book.addSheet(w[.sheetLines], freezeTopRow: true, landscape: true, repeatsTopRow: true)
        let teamSheet = try book.addSheet(w[.sheetTeam], freezeTopRow: true, landscape: true, repeatsTopRow: true)
        let summarySheet = try book.addSheet(w[.sheetSummary], landscape: true)
        let dayworkSheet = a.daywork.isEmpty ? nil : try book.addSheet(w[.sheetDaywork], freezeTopRow: true, landscape: true, repeatsTopRow: true)
        let linesName = book.name(of: linesSheet), teamName = book.name(of: teamSheet), summaryName = book.name(of: summarySheet)
        let layout = Layout(lines: a.lines.count, workers: a.team.count, supplements: a.supplements.count, extraWork: a.extraWork.count)

        func lines(_ c: LineColumn, _ row: Int) -> Ref { Ref(column: linesColumn(c), row: row) }
        func team(_ c: TeamColumn, _ row: Int) -> Ref { Ref(column: c.rawValue, row: row) }
        func summary(_ c: SummaryColumn, _ row: Int) -> Ref { Ref(column: c.rawValue, row: row) }
        let pool = summary(.amount, layout.poolRow).absolute.on(summaryName)
        let weights = a.hasWeights
        // Shared by hours × weight over the weighted hours; without an agreed weight, by hours over the journeyman hours.
        let divisorRow = weights ? layout.weightedHoursRow : layout.journeymanHoursRow
        let weightedHours = summary(.amount, divisorRow).absolute.on(summaryName)

        // Lines
        let scoped = a.supplements.enumerated().filter { !$0.element.supplement.scope.isAll }
        var scopeColumn: [Int: Int] = [:]   // supplement index → its column in Lines
        for (k, s) in scoped.enumerated() { scopeColumn[s.offset] = LineColumn.workbook.count + 1 + k }
        let heads = LineColumn.workbook.map { w[$0.title] } + scoped.map { w(.xlsxInScope, $0.element.supplement.name, "\($0.element.supplement.id)") }
        let shape = LinesShape(a.lines, language: l, heads: heads)
        for (c, width) in shape.widths.enumerated() { book.setWidth(width, column: c + 1, in: linesSheet) }
        for column in LineColumn.workbook where column.wraps { book.wrap(column: linesColumn(column), in: linesSheet, atMost: shape.widths[linesColumn(column) - 1]) }
        try book.append(LineColumn.workbook.map { .text(w[$0.title], bold: true, align: headAlignment($0), wraps: true) }
                        + scoped.map { .text(w(.xlsxInScope, $0.element.supplement.name, "\($0.element.supplement.id)"), bold: true, align: .center, wraps: true) },
                        to: linesSheet)
        let scopes = scoped.map { $0.element.supplement.scope }
        try lineRows(&book, linesSheet, LineRows(lines: a.lines, language: l, shape: shape, scopes: scopes, firstRow: layout.lineRow(0)))
        book.skipRow(in: linesSheet)
        assert(book.nextRow(linesSheet) == layout.subtotalRow)
        let amounts = Workbook.Range(lines(.amount, layout.lineRow(0)).on(linesName), lines(.amount, layout.lastLineRow))
        var subtotalRow = [Cell](repeating: .empty, count: linesColumn(.amount))
        subtotalRow[linesColumn(.activity) - 1] = .text(w[.subtotal], bold: true)
        subtotalRow[linesColumn(.amount) - 1] = a.lines.isEmpty ? .number(Number(a.subtotal), .money, bold: true)
            : .formula("SUM(\(Workbook.Range(lines(.amount, layout.lineRow(0)), lines(.amount, layout.lastLineRow))))",
                       cached: Number(a.subtotal), .money, bold: true)
        try book.append(subtotalRow, to: linesSheet)
        let subtotal = lines(.amount, layout.subtotalRow).on(linesName)

        // Team
        try book.append([head(w[.id]), head(w[.worker]), head(w[.xlsxApprentice], .center), head(w[.rate], .right), head(w[.hours], .right),
                         head(w[.share], .right), head(w[.xlsxRoundingOre], .right), head(w[.advances], .right), head(w[.balance], .right)]
                        + (weights ? [head(w[.weight], .right), head(w[.weightedHours], .right)] : []),
                        to: teamSheet)
        var apprenticeShares: [Int] = [], journeymanHourRows: [Int] = [], sharerRows: [Int] = []
        for (i, t) in a.team.enumerated() {
            let row = layout.workerRow(i)
            assert(book.nextRow(teamSheet) == row)
            let hours = team(.hours, row), share = team(.share, row)
            var rate = Cell.empty, shareCell = Cell.empty, ore = Cell.empty, balance = Cell.empty
            var weightCells: [Cell] = weights ? [.empty, .empty] : []
            if !t.worker.apprentice { journeymanHourRows.append(row) }
            if !t.worker.sharesPool {
                apprenticeShares.append(row)
                let r = Number(t.worker.rate ?? .zero)
                rate = .number(r, .currency(Workbook.NumberFormat.fractionDigits(r.text.utf8)))
                shareCell = .formula("ROUND(\(hours)*\(team(.rate, row)),2)", cached: t.share.map { Number($0) }, .money)
            } else {
                sharerRows.append(row)
                let weighted = t.weightedHours ?? .zero
                if weights {
                    weightCells = [.number(Number(t.worker.weight), .decimals(2)),
                                   .formula("\(hours)*\(team(.weight, row))", cached: .ratio(weighted.raw, WeightedHours.unitsPerHour), .decimals(2))]
                }
                if a.isSplit, let s = t.share {
                    // akkord's share less ROUNDDOWN(P × h × w / Σ h × w, 2) (toward zero, as the spreadsheet's ROUNDDOWN).
                    let truncated = Int128(a.pool.raw) * Int128(weighted.raw) / Int128(a.weightedHours.raw)
                    // Less than the øre the shares hand out one by one: always within an amount.
                    if let left = Sum<Money>(exact: Int128(s.raw) - truncated).within() { ore = .number(Number(left), .money) }
                    shareCell = .formula("ROUNDDOWN(\(pool)*\(weights ? team(.weightedHours, row) : hours)/\(weightedHours),2)+\(team(.roundingOre, row))",
                                         cached: Number(s), .money)
                }
            }
            if let b = t.balance {
                balance = .formula("\(share)-\(team(.advances, row))", cached: Number(b), .money)
            }
            try book.append([.text(t.worker.id), .text(t.worker.name), .text(w[t.worker.apprentice ? .xlsxYes : .xlsxNo], align: .center),
                             rate, hoursCell(t.hours), shareCell, ore,
                             .number(Number(t.advances), .money), balance] + weightCells, to: teamSheet)
        }
        book.skipRow(in: teamSheet)
        try book.append([.text(w[weights ? .xlsxWeightedShareNote : .xlsxShareNote], spills: true)], to: teamSheet)
        try book.append([.text(w[.xlsxApprenticeNote], spills: true)], to: teamSheet)
        try book.append([.text("\(w[.balance]) = \(w[.balanceRule])", spills: true)], to: teamSheet)

        // Summary
        let status = w[p.status == .open ? .statusOpen : .statusClosed]
        try book.append([.text(w[.title], bold: true, spills: true)], to: summarySheet)
        let day = { (date: String?) -> Cell in date.map { .date($0, dateFormat(l)) } ?? .empty }
        for (label, value) in [(w[.project], Cell.text(p.name, spills: true)), (w[.id], .text(p.id, spills: true)),
                               (w[.address], .text(p.address, spills: true)), (w[.employer], .text(p.employer, spills: true)),
                               (w[.customer], .text(p.customer, spills: true)), (w[.xlsxStart], day(p.start)), (w[.xlsxEnd], day(p.end)),
                               (w[.status], .text(status, spills: true)), (w[.catalogue], .text(p.catalogueName, spills: true)),
                               (w[.edition], .text(p.catalogueEdition, spills: true)), (w[.currency], .text("DKK", spills: true))] {
            try book.append([.text(label, bold: true), value], to: summarySheet)
        }
        book.skipRow(in: summarySheet)
        assert(book.nextRow(summarySheet) == layout.summaryTableHeaderRow)
        try book.append([.empty, head(w[.id], .center), head(w[.text]), head(w[.xlsxAgreementNumber]), head(w[.xlsxScope]),
                         head(w[.percent], .right), head(w[.supplementBase], .right), head(w[.hours], .right), head(w[.rate], .right),
                         head(w[.amount], .right)], to: summarySheet)
        func totalsRow(_ label: String, bold: Bool = false, _ cells: [SummaryColumn: Cell]) -> [Cell] {
            [.text(label, bold: bold)] + SummaryColumn.allCases.dropFirst().map { cells[$0] ?? .empty }
        }
        book.wrap(column: SummaryColumn.text.rawValue, in: summarySheet, atMost: 40)
        book.wrap(column: SummaryColumn.scope.rawValue, in: summarySheet, atMost: 30)
        try book.append(totalsRow(w[.subtotal], [.text: .text(w[.subtotalWhat], wraps: true),
                                                 .amount: .formula("\(subtotal)", cached: Number(a.subtotal), .money)]), to: summarySheet)
        for (i, s) in a.supplements.enumerated() {
            let row = layout.supplementRow(i)
            assert(book.nextRow(summarySheet) == row)
            let percent = Number(s.supplement.percent)
            let percentFormat = Workbook.NumberFormat.decimals(a.supplements.map { Workbook.NumberFormat.fractionDigits(Number($0.supplement.percent).text.utf8) }.max() ?? 0)
            let base: Cell
            if let column = scopeColumn[i], !a.lines.isEmpty {
                let flags = Workbook.Range(Ref(column: column, row: layout.lineRow(0)).on(linesName), Ref(column: column, row: layout.lastLineRow))
                base = .formula("SUMPRODUCT(\(amounts),\(flags))", cached: Number(s.base), .money)
            } else if scopeColumn[i] != nil {
                base = .number(Number(s.base), .money)
            } else {
                base = .formula("\(subtotal)", cached: Number(s.base), .money)
            }
            try book.append(totalsRow(w[.supplement], [
                .id: .number(Number(s.supplement.id), .integer, align: .center), .text: .text(s.supplement.name, wraps: true), .percent: .number(percent, percentFormat),
                .base: base, .scope: .text(s.supplement.scope.isAll ? w[.xlsxScopeAll] : s.supplement.scope.text(l), wraps: true),
                .amount: .formula("ROUND(\(summary(.base, row))*\(summary(.percent, row))/100,2)", cached: Number(s.amount), .money),
            ]), to: summarySheet)
        }
        for (i, e) in a.extraWork.enumerated() {
            let row = layout.extraWorkRow(i)
            assert(book.nextRow(summarySheet) == row)
            var cells: [SummaryColumn: Cell] = [.id: .number(Number(e.extra.id), .integer, align: .center), .text: .text(e.extra.text, wraps: true),
                                                .agreement: .text(e.extra.number)]
            switch e.extra.pricing {
            case .amount(let m):
                cells[.amount] = .number(Number(m), .money)
            case .hourly(let h, let r):
                let rate = Number(r)
                cells[.hours] = hoursCell(h)
                cells[.rate] = .number(rate, .currency(Workbook.NumberFormat.fractionDigits(rate.text.utf8)))
                cells[.amount] = .formula("ROUND(\(summary(.hours, row))*\(summary(.rate, row)),2)", cached: Number(e.amount), .money)
            }
            try book.append(totalsRow(w[e.extra.isDeduction ? .deduction : .extraWork], cells), to: summarySheet)
        }
        assert(book.nextRow(summarySheet) == layout.totalRow)
        try book.append(totalsRow(w[.total], bold: true, [
            .amount: .formula("SUM(\(Workbook.Range(summary(.amount, layout.summarySubtotalRow), summary(.amount, layout.totalRow - 1))))",
                              cached: Number(a.total), .money, bold: true),
        ]), to: summarySheet)
        // Paid out of the total: negative, as the text and PDF reports show it, and the pool the sum of the two rows.
        let apprenticePay: Cell = apprenticeShares.isEmpty ? .number(Number(-a.apprenticePay), .money)
            : .formula("-SUM(\(runs(apprenticeShares, column: TeamColumn.share.rawValue, sheet: teamName)))", cached: Number(-a.apprenticePay), .money)
        try book.append(totalsRow(w[.apprentices], [.text: .text(w[.apprenticesWhat], wraps: true), .amount: apprenticePay]), to: summarySheet)
        try book.append(totalsRow(w[.pool], bold: true, [
            .text: .text(w[.poolWhat], wraps: true),
            .amount: .formula("\(summary(.amount, layout.totalRow))+\(summary(.amount, layout.apprenticePayRow))", cached: Number(a.pool), .money, bold: true),
        ]), to: summarySheet)
        let hoursSum: Cell = journeymanHourRows.isEmpty ? .number(Number(0), .decimals(2))
            : .formula("SUM(\(runs(journeymanHourRows, column: TeamColumn.hours.rawValue, sheet: teamName)))",
                       cached: hoursNumber(a.journeymanHours), .decimals(2))
        try book.append(totalsRow(w[.xlsxJourneymanHours], [.amount: hoursSum]), to: summarySheet)
        let earnings: Cell = a.hourlyEarnings.map {
            .formula("ROUND(\(summary(.amount, layout.poolRow))/\(summary(.amount, divisorRow)),2)", cached: Number($0), .money)
        } ?? .empty
        try book.append(totalsRow(w[.xlsxHourlyEarnings], [.amount: earnings]), to: summarySheet)
        assert(book.nextRow(summarySheet) == layout.weightedHoursRow)
        // Weighted hours: Σ hours × weight of those who share the pool; without an agreed weight, the journeyman hours.
        let weightedCached = Number.ratio(a.weightedHours.raw, WeightedHours.unitsPerHour)
        let weightedSum: Cell = !weights ? .formula("\(summary(.amount, layout.journeymanHoursRow))", cached: weightedCached, .decimals(2))
            : sharerRows.isEmpty ? .number(Number(0), .decimals(2))
            : .formula("SUM(\(runs(sharerRows, column: TeamColumn.weightedHours.rawValue, sheet: teamName)))", cached: weightedCached, .decimals(2))
        try book.append(totalsRow(w[.xlsxWeightedHours], [.amount: weightedSum]), to: summarySheet)
        let allHours: Cell = a.team.isEmpty ? .number(Number(0), .decimals(2))
            : .formula("SUM(\(Workbook.Range(team(.hours, layout.workerRow(0)).on(teamName), team(.hours, layout.workerRow(a.team.count - 1)))))",
                       cached: hoursNumber(a.allHours), .decimals(2))
        try book.append(totalsRow(w[.xlsxAllHours], [.amount: allHours]), to: summarySheet)
        let perHour: Cell = a.totalPerHour.map {
            .formula("ROUND(\(summary(.amount, layout.totalRow))/\(summary(.amount, layout.allHoursRow)),2)", cached: Number($0), .money)
        } ?? .empty
        try book.append(totalsRow(w[.xlsxTotalPerHour], [.amount: perHour]), to: summarySheet)
        assert(book.nextRow(summarySheet) == layout.totalPerHourRow + 1)

        book.skipRow(in: summarySheet)
        for warning in a.warnings {
            try book.append([.text(w[.warningLabel], bold: true), .text(warning.text(l), spills: true)], to: summarySheet)
        }
        try book.append([.text(w[.grossEarningsNote], spills: true)], to: summarySheet)
        if let dayworkSheet { try fillDaywork(&book, dayworkSheet, a, language: l) }
    }

    /// The rows of the lines, each written as `append` would write its cells, made from the line's view.
    package static func writeLineRows(_ book: inout Workbook, _ linesSheet: Workbook.Sheet, _ rows: LineRows) throws {
        let (lines, l, shape, scopes) = (rows.lines, rows.language, rows.shape, rows.scopes)
        let w = Words(l)
        assert(book.nextRow(linesSheet) == rows.firstRow)
        // Each line's row as `append` would write its cells, made from the line's view: a text as
        // `.text` (wrapping in the activity, note, measurement and section columns), an id as
        // `.number(…, .integer, align: .center)`, the quantity `.number(n, .decimals(shape.quantityDecimals))`,
        // the price `.number(n, .currency(shape.priceDecimals))`; the amount
        // `.formula("ROUND(D<row>*F<row>,2)", cached: amount, .money)` of the quantity and price
        // cells, the custom flag `.text(yes or no, align: .center)`; then per scoped supplement
        // `.number(in scope ? 1 : 0, flag, align: .center)`, shown as yes or no.
        var centred = Workbook.StyleSlot(format: .integer, alignment: .center), plain = Workbook.StyleSlot(.plain)
        var wrapping = Workbook.StyleSlot(format: nil, wraps: true)
        var money = Workbook.StyleSlot(format: .money), yesNo = Workbook.StyleSlot(format: nil, alignment: .center)
        var quantity = Workbook.StyleSlot(format: .decimals(shape.quantityDecimals)), price = Workbook.StyleSlot(format: .currency(shape.priceDecimals))
        var scopeFlag = Workbook.StyleSlot(format: .flag(yes: w[.xlsxYes], no: w[.xlsxNo]), alignment: .center)
        let yes = Array(w[.xlsxYes].utf8), no = Array(w[.xlsxNo].utf8)
        let bySection = scopes.contains { !$0.sections.isEmpty }
        var formula: [UInt8] = []
        let round = Array("ROUND(\(Ref.columnName(linesColumn(.quantity)))".utf8), times = Array("*\(Ref.columnName(linesColumn(.price)))".utf8)
        let twoPlaces = Array(",2)".utf8)
        let columns = LineColumn.workbook
        for line in lines.views {
            try book.appendRow(to: linesSheet) { r in
                for column in columns {
                    switch column {
                    case .amount:
                        formula.removeAll(keepingCapacity: true)
                        formula += round
                        r.withRowDigits { formula.append(contentsOf: $0) }
                        formula += times
                        r.withRowDigits { formula.append(contentsOf: $0) }
                        formula += twoPlaces
                        formula.withUnsafeBufferPointer { f in line.amount.plainText().withBytes { r.formula(f, cached: $0, &money) } }
                    case .custom: try (line.custom ? yes : no).withUnsafeBufferPointer { try r.text($0, &yesNo) }
                    default:
                        var cell = LinesCell()
                        column.write(line, l, to: &cell)
                        switch cell.part {
                        case .text(let text)?:
                            if column.wraps { try text.withUTF8 { try r.text($0, &wrapping) } } else { try text.withUTF8 { try r.text($0, &plain) } }
                        case .literal(let text)?: try r.text(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), &plain)
                        case .words(var text)?:
                            if column.wraps { try text.withUTF8 { try r.text($0, &wrapping) } } else { try text.withUTF8 { try r.text($0, &plain) } }
                        case .id(let id)?: FigureText(id).withBytes { r.number($0, &centred) }
                        case .figure(let figure)?:
                            if column == .price { figure.withBytes { r.number($0, &price) } } else { figure.withBytes { r.number($0, &quantity) } }
                        case nil: r.skip()
                        }
                    }
                }
                if !scopes.isEmpty {
                    let section = bySection ? line.section.string : ""
                    for scope in scopes {
                        let inScope = scope.lines.contains(line.id) || scope.sections.contains(section)
                        r.number(inScope ? "1" : "0", &scopeFlag)
                    }
                }
            }
        }
    }

    /// The Lines sheet's column widths (in characters) and decimals, from a walk over the lines:
    /// each column as wide as its widest cell as the spreadsheet shows it (and the longest word
    /// of its head, which wraps), the texts that wrap at most 40 (the activity) or 30
    /// characters; the quantities with as many decimals as the most any has (so their decimal
    /// commas line up), the prices likewise, at least 2.
    package struct LinesShape {
        package let widths: [Double]
        package let quantityDecimals: Int
        package let priceDecimals: Int

        init(_ lines: any ProjectLines, language l: Language, heads: [String]) {
            let columns = LineColumn.workbook
            var content = [Int](repeating: 0, count: heads.count)
            var quantityWidth = 0.0, priceWidth = 0.0, quantityDecimals = 0, priceDecimals = 2
            let yes = Words(l)[.xlsxYes].count, no = Words(l)[.xlsxNo].count
            lines.forEachView { line in
                for (c, column) in columns.enumerated() {
                    var cell = LinesCell()
                    column.write(line, l, to: &cell)
                    var width = 0
                    switch cell.part {
                    case .text(let text)?: width = text.withUTF8 { Workbook.longestLine($0) }
                    case .literal(let text)?: width = text.utf8CodeUnitCount
                    case .words(var text)?: width = text.withUTF8 { Workbook.longestLine($0) }
                    case .id(let id)?: width = FigureText(id).count
                    case .figure(let figure)?:
                        figure.withBytes {
                            let decimals = Workbook.NumberFormat.fractionDigits($0)
                            switch column {
                            case .price:
                                priceDecimals = max(priceDecimals, min(decimals, 4))
                                priceWidth = max(priceWidth, Workbook.shownWidth($0, .decimals(0)))
                            case .quantity:
                                quantityDecimals = max(quantityDecimals, min(decimals, 3))
                                quantityWidth = max(quantityWidth, Workbook.shownWidth($0, .decimals(0)))
                            default: width = Int(Workbook.shownWidth($0, .money))
                            }
                        }
                    case nil: break
                    }
                    if width > content[c] { content[c] = width }
                }
            }
            // The figures' whole part and sign, then the decimals and the currency their formats add.
            content[linesColumn(.quantity) - 1] = Int(quantityWidth) + (quantityDecimals > 0 ? quantityDecimals + 1 : 0)
            content[linesColumn(.price) - 1] = Int(priceWidth) + priceDecimals + 1 + 4
            content[linesColumn(.custom) - 1] = max(yes, no)
            // The subtotal, in bold, under the amounts.
            let amount = linesColumn(.amount) - 1
            content[amount] = max(content[amount], Int((Workbook.shownWidth(Workbook.Number(lines.subtotal), .money) * 1.1).rounded(.up)))
            for c in columns.count..<heads.count { content[c] = max(yes, no) }
            self.quantityDecimals = quantityDecimals
            self.priceDecimals = priceDecimals
            widths = heads.enumerated().map { c, head in
                let word = head.split(separator: " ").map(\.count).max() ?? 0
                var width = Double(max(content[c], Int((Double(word) * 1.1).rounded(.up))) + 2)
                if c < columns.count, columns[c].wraps { width = min(width, columns[c] == .activity ? 40 : 30) }
                return max(6, width)
            }
        }
    }

    /// A cell of the Lines sheet as a column of the line table gives it (`LineColumn.write`):
    /// its one part, if any.
    struct LinesCell: LineCellWriter {
        enum Part {
            case text(TextSlice), literal(StaticString), id(Int), words(String)
            /// In plain form.
            case figure(FigureText)
        }
        var part: Part?

        mutating func text(_ text: TextSlice) { part = .text(text) }
        mutating func literal(_ text: StaticString, width: Int) { part = .literal(text) }
        mutating func id(_ id: Int) { part = .id(id) }
        mutating func figure<N: FixedPointNumber>(_ figure: N) { part = .figure(figure.plainText()) }
        mutating func words(_ text: String) { part = .words(text) }
    }

    /// The head of a column of the Lines sheet: ids and flags centred as their cells are, figures on the right.
    static func headAlignment(_ column: LineColumn) -> Workbook.Alignment {
        switch column {
        case .id, .custom: .center
        default: column.alignment == .right ? .right : .general
        }
    }

    /// A column's head: bold, over numbers on the right.
    package static func head(_ text: String, _ align: Workbook.Alignment = .general) -> Cell { .text(text, bold: true, align: align) }

    /// Hours as a cell: a number when they are whole thousandths, else a formula for the exact
    /// value (`7+20/60` for whole minutes, `raw/3000` otherwise), shown with 2 decimals.
    package static func hoursCell(_ h: Hours) -> Cell {
        if h.raw % 3 == 0 { return .number(hoursNumber(h), .decimals(2)) }
        let formula = h.raw % 50 == 0 ? "\(h.raw / 50 / 60)+\(h.raw / 50 % 60)/60" : "\(h.raw)/\(Hours.unitsPerHour)"
        return .formula(formula, cached: hoursNumber(h), .decimals(2))
    }

    /// The hours' value: exact when whole thousandths, else to 12 decimals.
    package static func hoursNumber(_ h: Hours) -> Number {
        h.raw % 3 == 0 ? (Number(plain: h.plain) ?? .ratio(h.raw, Hours.unitsPerHour)) : .ratio(h.raw, Hours.unitsPerHour)
    }

    /// The cells of `column` in `rows` (ascending) as few references as can be: `Team!F2:F3,Team!F5`.
    package static func runs(_ rows: [Int], column: Int, sheet: String) -> String {
        var parts: [String] = []
        var i = 0
        while i < rows.count {
            var j = i
            while j + 1 < rows.count, rows[j + 1] == rows[j] + 1 { j += 1 }
            let from = Ref(column: column, row: rows[i]).on(sheet)
            parts.append(i == j ? "\(from)" : "\(Workbook.Range(from, Ref(column: column, row: rows[j])))")
            i = j + 1
        }
        return parts.joined(separator: ",")
    }
}
