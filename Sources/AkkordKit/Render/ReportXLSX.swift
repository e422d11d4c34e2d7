import AkkordSupport
import AkkordModel
import AkkordAccounting

/// `report --format xlsx` (SPEC §10): the final accounting as a workbook of three sheets, every
/// figure of the JSON report in a numeric cell, the totals as formulas whose cached values are
/// akkord's own figures (so a recalculating spreadsheet shows the same):
///
/// - `Lines` (`Linjer`): the line table's columns (`LineColumn.workbook`): id, pos, activity,
///   quantity, unit, price, amount = ROUND(quantity × price, 2), custom, note, measurement,
///   section; for each supplement with a scope a column with 1 for the lines in its scope (0 for
///   the others); under the lines, subtotal = SUM.
/// - `Team`: id, worker, apprentice, rate, hours, share, øre from rounding, advances, balance =
///   share − advances. A journeyman's share is ROUNDDOWN(pool × hours / journeyman hours, 2) +
///   the øre from rounding, a number akkord writes: its share less that rounded-down figure, so
///   the largest-remainder rule of §5 (not one formula) shows as the øre each one got (−0.01 …
///   0.01; ROUNDDOWN rounds toward zero, so a negative pool gives −0.01 where akkord rounded
///   down). An apprentice's share is his pay, ROUND(hours × rate, 2).
/// - `Summary`: the project; then subtotal (from `Lines`), each supplement = ROUND(base ×
///   percent / 100, 2) with its base = the subtotal or SUMPRODUCT(amounts, its scope column),
///   extra work (an agreed amount, or ROUND(hours × rate, 2)), total = SUM of those, apprentice
///   pay = SUM of the apprentices' shares, pool = total − apprentice pay, journeyman hours =
///   SUM, hourly earnings = ROUND(pool / journeyman hours, 2); the warnings and the notes.
///
/// Hours are exact: a decimal number when they are whole thousandths, else a formula
/// (`7+20/60`, or `raw/3000`) with the value cached to 12 decimals. A figure that does not
/// exist (a share when the split is missing, the hourly earnings without journeyman hours) is
/// an empty cell, as JSON has null. Sheet names, labels and notes are in the report's
/// language; the numbers are numbers, shown by the spreadsheet in its user's format.
public enum ReportXLSX {
    public static func render(_ p: ProjectHead, _ a: FinalAccounting, language l: Language) throws -> [UInt8] {
        try workbook(p, a, language: l).bytes()
    }

    /// The columns of the three sheets (1-based): the line table's (`LineColumn.workbook`), the
    /// team's, the summary's.
    static func linesColumn(_ column: LineColumn) -> Int { LineColumn.workbook.firstIndex(of: column)! + 1 }
    package enum TeamColumn: Int, CaseIterable { case id = 1, worker, apprentice, rate, hours, share, roundingOre, advances, balance }
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
    }

    package typealias Ref = Workbook.CellReference
    package typealias Cell = Workbook.Cell
    package typealias Number = Workbook.Number

    public static func workbook(_ p: ProjectHead, _ a: FinalAccounting, language l: Language) throws -> Workbook {
        let w = Words(l)
        var book = Workbook(title: w(.documentTitle, p.name))
        let linesSheet = try book.addSheet(w[.sheetLines], freezeTopRow: true, landscape: true)
        let teamSheet = try book.addSheet(w[.sheetTeam], freezeTopRow: true, landscape: true)
        let summarySheet = try book.addSheet(w[.sheetSummary], landscape: true)
        let linesName = book.name(of: linesSheet), teamName = book.name(of: teamSheet), summaryName = book.name(of: summarySheet)
        let layout = Layout(lines: a.lines.count, workers: a.team.count, supplements: a.supplements.count, extraWork: a.extraWork.count)

        func lines(_ c: LineColumn, _ row: Int) -> Ref { Ref(column: linesColumn(c), row: row) }
        func team(_ c: TeamColumn, _ row: Int) -> Ref { Ref(column: c.rawValue, row: row) }
        func summary(_ c: SummaryColumn, _ row: Int) -> Ref { Ref(column: c.rawValue, row: row) }
        let pool = summary(.amount, layout.poolRow).absolute.on(summaryName)
        let journeymanHours = summary(.amount, layout.journeymanHoursRow).absolute.on(summaryName)

        // Lines
        let scoped = a.supplements.enumerated().filter { !$0.element.supplement.scope.isAll }
        var scopeColumn: [Int: Int] = [:]   // supplement index → its column in Lines
        for (k, s) in scoped.enumerated() { scopeColumn[s.offset] = LineColumn.workbook.count + 1 + k }
        try book.append(LineColumn.workbook.map { head(w[$0.title], headAlignment($0)) }
                        + scoped.map { head(w(.xlsxInScope, $0.element.supplement.name, "\($0.element.supplement.id)"), .center) },
                        to: linesSheet)
        // Each line's row as `append` would write its cells, made from the line's view: a text as
        // `.text`, an id as `.number(…, .integer, align: .center)`, a figure as `.number(n,
        // .digits(of: n))`; the amount `.formula("ROUND(D<row>*F<row>,2)", cached: amount, .money)`
        // of the quantity and price cells, the custom flag `.bool`; then per scoped supplement
        // `.number(in scope ? 1 : 0, .integer, align: .center)`.
        var centred = Workbook.StyleSlot(format: .integer, alignment: .center), plain = Workbook.StyleSlot(.plain)
        var money = Workbook.StyleSlot(format: .money), flag = Workbook.boolSlot
        var digits = (0...10).map { Workbook.StyleSlot(format: .decimals($0)) }
        let scopes = scoped.map { $0.element.supplement.scope }
        let bySection = scopes.contains { !$0.sections.isEmpty }
        var formula: [UInt8] = []
        let round = Array("ROUND(\(Ref.columnName(linesColumn(.quantity)))".utf8), times = Array("*\(Ref.columnName(linesColumn(.price)))".utf8)
        let twoPlaces = Array(",2)".utf8)
        let columns = LineColumn.workbook
        for (i, line) in a.lines.views.enumerated() {
            let row = layout.lineRow(i)
            assert(book.nextRow(linesSheet) == row)
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
                    case .custom: r.bool(line.custom, &flag)
                    default:
                        var cell = LinesCell()
                        column.write(line, l, to: &cell)
                        switch cell.part {
                        case .text(let text)?: try text.withUTF8 { try r.text($0, &plain) }
                        case .literal(let text)?: try r.text(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), &plain)
                        case .id(let id)?: FigureText(id).withBytes { r.number($0, &centred) }
                        case .figure(let figure)?: figure.withBytes { r.number($0, &digits[Workbook.NumberFormat.fractionDigits($0)]) }
                        case nil: r.skip()
                        }
                    }
                }
                if !scopes.isEmpty {
                    let section = bySection ? line.section.string : ""
                    for scope in scopes {
                        let inScope = scope.lines.contains(line.id) || scope.sections.contains(section)
                        r.number(inScope ? "1" : "0", &centred)
                    }
                }
            }
        }
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
                         head(w[.share], .right), head(w[.xlsxRoundingOre], .right), head(w[.advances], .right), head(w[.balance], .right)],
                        to: teamSheet)
        var apprenticeShares: [Int] = [], journeymanHourRows: [Int] = []
        for (i, t) in a.team.enumerated() {
            let row = layout.workerRow(i)
            assert(book.nextRow(teamSheet) == row)
            let hours = team(.hours, row), share = team(.share, row)
            var rate = Cell.empty, shareCell = Cell.empty, ore = Cell.empty, balance = Cell.empty
            if t.worker.apprentice {
                apprenticeShares.append(row)
                let r = Number(t.worker.rate ?? .zero)
                rate = .number(r, .digits(of: r))
                shareCell = .formula("ROUND(\(hours)*\(team(.rate, row)),2)", cached: t.share.map { Number($0) }, .money)
            } else {
                journeymanHourRows.append(row)
                if a.isSplit, let s = t.share {
                    // akkord's share less ROUNDDOWN(P × h / H, 2) (toward zero, as the spreadsheet's ROUNDDOWN).
                    let truncated = Int128(a.pool.raw) * Int128(t.hours.raw) / Int128(a.journeymanHours.raw)
                    // Less than the øre the shares hand out one by one: always within an amount.
                    if let left = Sum<Money>(exact: Int128(s.raw) - truncated).within() { ore = .number(Number(left), .money) }
                    shareCell = .formula("ROUNDDOWN(\(pool)*\(hours)/\(journeymanHours),2)+\(team(.roundingOre, row))",
                                         cached: Number(s), .money)
                }
            }
            if let b = t.balance {
                balance = .formula("\(share)-\(team(.advances, row))", cached: Number(b), .money)
            }
            try book.append([.text(t.worker.id), .text(t.worker.name), .bool(t.worker.apprentice), rate, hoursCell(t.hours), shareCell, ore,
                             .number(Number(t.advances), .money), balance], to: teamSheet)
        }
        book.skipRow(in: teamSheet)
        try book.append([.text(w[.xlsxShareNote], spills: true)], to: teamSheet)
        try book.append([.text(w[.xlsxApprenticeNote], spills: true)], to: teamSheet)
        try book.append([.text("\(w[.balance]) = \(w[.balanceRule])", spills: true)], to: teamSheet)

        // Summary
        let status = w[p.status == .open ? .statusOpen : .statusClosed]
        try book.append([.text(w[.title], bold: true, spills: true)], to: summarySheet)
        for (label, value) in [(w[.project], p.name), (w[.id], p.id), (w[.address], p.address), (w[.employer], p.employer),
                               (w[.customer], p.customer), (w[.xlsxStart], p.start ?? ""), (w[.xlsxEnd], p.end ?? ""), (w[.status], status),
                               (w[.catalogue], p.catalogueName), (w[.edition], p.catalogueEdition), (w[.currency], "DKK")] {
            try book.append([.text(label, bold: true), .text(value, spills: true)], to: summarySheet)
        }
        book.skipRow(in: summarySheet)
        assert(book.nextRow(summarySheet) == layout.summaryTableHeaderRow)
        try book.append([.empty, head(w[.id], .center), head(w[.text]), head(w[.xlsxAgreementNumber]), head(w[.xlsxScope]),
                         head(w[.percent], .right), head(w[.supplementBase], .right), head(w[.hours], .right), head(w[.rate], .right),
                         head(w[.amount], .right)], to: summarySheet)
        func totalsRow(_ label: String, bold: Bool = false, _ cells: [SummaryColumn: Cell]) -> [Cell] {
            [.text(label, bold: bold)] + SummaryColumn.allCases.dropFirst().map { cells[$0] ?? .empty }
        }
        try book.append(totalsRow(w[.subtotal], [.text: .text(w[.subtotalWhat]),
                                                 .amount: .formula("\(subtotal)", cached: Number(a.subtotal), .money)]), to: summarySheet)
        for (i, s) in a.supplements.enumerated() {
            let row = layout.supplementRow(i)
            assert(book.nextRow(summarySheet) == row)
            let percent = Number(s.supplement.percent)
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
                .id: .number(Number(s.supplement.id), .integer, align: .center), .text: .text(s.supplement.name), .percent: .number(percent, .digits(of: percent)),
                .base: base, .scope: .text(s.supplement.scope.isAll ? w[.xlsxScopeAll] : s.supplement.scope.text(l)),
                .amount: .formula("ROUND(\(summary(.base, row))*\(summary(.percent, row))/100,2)", cached: Number(s.amount), .money),
            ]), to: summarySheet)
        }
        for (i, e) in a.extraWork.enumerated() {
            let row = layout.extraWorkRow(i)
            assert(book.nextRow(summarySheet) == row)
            var cells: [SummaryColumn: Cell] = [.id: .number(Number(e.extra.id), .integer, align: .center), .text: .text(e.extra.text),
                                                .agreement: .text(e.extra.number)]
            switch e.extra.pricing {
            case .amount(let m):
                cells[.amount] = .number(Number(m), .money)
            case .hourly(let h, let r):
                let rate = Number(r)
                cells[.hours] = hoursCell(h)
                cells[.rate] = .number(rate, .digits(of: rate))
                cells[.amount] = .formula("ROUND(\(summary(.hours, row))*\(summary(.rate, row)),2)", cached: Number(e.amount), .money)
            }
            try book.append(totalsRow(w[e.extra.isDeduction ? .deduction : .extraWork], cells), to: summarySheet)
        }
        assert(book.nextRow(summarySheet) == layout.totalRow)
        try book.append(totalsRow(w[.total], bold: true, [
            .amount: .formula("SUM(\(Workbook.Range(summary(.amount, layout.summarySubtotalRow), summary(.amount, layout.totalRow - 1))))",
                              cached: Number(a.total), .money, bold: true),
        ]), to: summarySheet)
        let apprenticePay: Cell = apprenticeShares.isEmpty ? .number(Number(a.apprenticePay), .money)
            : .formula("SUM(\(runs(apprenticeShares, column: TeamColumn.share.rawValue, sheet: teamName)))", cached: Number(a.apprenticePay), .money)
        try book.append(totalsRow(w[.apprentices], [.text: .text(w[.apprenticesWhat]), .amount: apprenticePay]), to: summarySheet)
        try book.append(totalsRow(w[.pool], bold: true, [
            .text: .text(w[.poolWhat]),
            .amount: .formula("\(summary(.amount, layout.totalRow))-\(summary(.amount, layout.apprenticePayRow))", cached: Number(a.pool), .money, bold: true),
        ]), to: summarySheet)
        let hoursSum: Cell = journeymanHourRows.isEmpty ? .number(Number(0), .decimals(2))
            : .formula("SUM(\(runs(journeymanHourRows, column: TeamColumn.hours.rawValue, sheet: teamName)))",
                       cached: hoursNumber(a.journeymanHours), .decimals(2))
        try book.append(totalsRow(w[.xlsxJourneymanHours], [.amount: hoursSum]), to: summarySheet)
        let earnings: Cell = a.hourlyEarnings.map {
            .formula("ROUND(\(summary(.amount, layout.poolRow))/\(summary(.amount, layout.journeymanHoursRow)),2)", cached: Number($0), .money)
        } ?? .empty
        try book.append(totalsRow(w[.xlsxHourlyEarnings], [.amount: earnings]), to: summarySheet)
        assert(book.nextRow(summarySheet) == layout.hourlyEarningsRow + 1)

        book.skipRow(in: summarySheet)
        for warning in a.warnings {
            try book.append([.text(w[.warningLabel], bold: true), .text(warning.text(l), spills: true)], to: summarySheet)
        }
        try book.append([.text(w[.grossEarningsNote], spills: true)], to: summarySheet)
        return book
    }

    /// A cell of the Lines sheet as a column of the line table gives it (`LineColumn.write`):
    /// its one part, if any.
    struct LinesCell: LineCellWriter {
        enum Part {
            case text(TextSlice), literal(StaticString), id(Int)
            /// In plain form.
            case figure(FigureText)
        }
        var part: Part?

        mutating func text(_ text: TextSlice) { part = .text(text) }
        mutating func literal(_ text: StaticString, width: Int) { part = .literal(text) }
        mutating func id(_ id: Int) { part = .id(id) }
        mutating func figure<N: FixedPointNumber>(_ figure: N) { part = .figure(figure.plainText()) }
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
