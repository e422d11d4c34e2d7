import AkkordModel
import AkkordAccounting

/// The final accounting as one sheet of words and figures, built once from a project and its
/// `FinalAccounting` in one language, and laid out by the text, HTML and PDF writers. Every
/// label, rule note and warning of the report is chosen here (from `Words`), every figure is
/// formatted here or, in the line table and the measurements appendix, by their columns
/// (`LineColumn`, `MeasurementColumn`) as a writer reaches each line: no array of rows is ever
/// built. The writers only place what the sheet holds (column widths, tags, coordinates).
public struct ReportSheet {
    public enum Alignment: Sendable { case left, right }

    public struct Column: Sendable {
        public let title: String
        public let alignment: Alignment
        /// Free text that may run long (the activity, the worker's name): the column that wraps.
        public let wraps: Bool
        init(_ title: String, _ alignment: Alignment = .left, wraps: Bool = false) {
            self.title = title; self.alignment = alignment; self.wraps = wraps
        }
        package init(_ column: some SheetColumn, _ words: Words) {
            self.init(words[column.title], column.alignment, wraps: column.wraps)
        }
    }

    /// A `Label: value` row of the header.
    public struct LabelledRow: Sendable {
        public let label: String
        public let value: String
    }

    /// The line table: the columns of `LineColumn` the sheet shows, and the accounting's lines,
    /// each laid out as a row when a writer reaches it.
    public struct LineTable {
        public let title: String
        public let columns: [LineColumn]
        /// The columns' titles in the sheet's language, with their alignment and wrapping.
        public let headings: [Column]
        /// Shown in the activity column when there are no lines.
        public let emptyNote: String
        package let lines: ProjectLines

        public var isEmpty: Bool { lines.isEmpty }
    }

    /// A row of the totals block: label, what it is, and the amount.
    public struct TotalRow: Sendable {
        public enum Emphasis: Sendable { case normal, strong }
        public let label: String
        public let description: String
        public let amount: String
        /// `strong` for the total and the pool.
        public let emphasis: Emphasis
        /// The total closes the sum above it: a rule goes over it.
        public let ruleAbove: Bool
    }

    public struct TotalsBlock: Sendable {
        public let title: String
        public let rows: [TotalRow]
    }

    /// One worker: the role (apprentice and rate) is kept apart so a writer may set it smaller.
    public struct TeamRow: Sendable {
        public let name: String
        /// `(apprentice, 128.40/h)` for an apprentice, nil for a journeyman.
        public let role: String?
        public let hours: String
        /// The weight and hours × weight, when the table shows weights (an agreed split, SPEC §16);
        /// empty for an apprentice paid by the hour.
        public let weight: String?
        public let weightedHours: String?
        public let share: String
        /// 12.5 % of the share, for information, when the report shows holiday pay.
        public let holidayPay: String?
        public let advances: String
        public let balance: String
        public var worker: String { role.map { "\(name) \($0)" } ?? name }
        /// The cells in the order of `TeamTable.columns`.
        public var cells: [String] {
            [worker, hours] + (weight.map { [$0, weightedHours ?? ""] } ?? []) + [share] + (holidayPay.map { [$0] } ?? []) + [advances, balance]
        }
    }

    public struct TeamTable: Sendable {
        public let title: String
        public let columns: [Column]
        public let rows: [TeamRow]
        /// Shown instead of the table when the project has no workers.
        public let emptyNote: String
    }

    /// The `Measurements` appendix: a row for each line whose quantity came from a measurement.
    public struct MeasurementTable {
        public let columns = MeasurementColumn.allCases
        package let lines: ProjectLines
        public var isEmpty: Bool { !lines.hasMeasurement }

        /// The lines with a measurement, read again only where the reader found them.
        public var views: some Sequence<LineView> { lines.measured }
    }

    /// A note under the team table. A rule note names the word it defines (`Share = …`); its
    /// phrases may go on separate lines (a plain-text writer indents the following ones).
    public struct Note: Sendable {
        public let defines: String?
        public let phrases: [String]
        /// The note on one line.
        public var text: String { (defines.map { "\($0) = " } ?? "") + phrases.joined(separator: " ") }
    }

    public static let customMarker: StaticString = "*"
    /// Feriegodtgørelse: 12.5 % of the earnings (the holiday act's rate).
    public static let holidayPayPercent = Percent(raw: 12_500)
    /// Shown for a figure that does not exist (the share when the split is missing).
    public static let missing = "-"

    public let language: Language
    public let words: Words
    /// `FINAL ACCOUNTING`.
    public let title: String
    /// `Final accounting – <name>`: the HTML page's and the PDF document's title.
    public let documentTitle: String
    public let header: [LabelledRow]
    public let lines: LineTable
    /// `* custom activity, not from the catalogue`, when a line is custom.
    public let customFootnote: String?
    public let totals: TotalsBlock
    public let team: TeamTable
    public let notes: [Note]
    /// `Measurements` / `Opmåling`: line, pos, expression, result; empty when no line was measured.
    public let measurementsTitle: String
    public let measurementColumns: [Column]
    public let measurements: MeasurementTable
    /// `WARNING`: the word before each warning.
    public let warningLabel: String
    public let warnings: [String]
    /// Who signs: roofer, employer, union.
    public let signatures: [String]
    /// `(signature and date)`.
    public let signatureHint: String
    /// `DAYWORK` / `TIMELØN` (SPEC §16), after the signatures; nil when the project has none.
    public let daywork: DayworkTable?

    /// With `holidayPay`, the team table has an information column: holiday pay
    /// (feriegodtgørelse), round2(share × 12.5 %). It never changes a share.
    public init(_ p: ProjectHead, _ a: FinalAccounting, language l: Language, holidayPay: Bool = false) {
        let w = Words(l)
        language = l
        words = w
        title = w[.title]
        documentTitle = w(.documentTitle, p.name)

        var header = [LabelledRow(label: w[.project], value: "\(p.name) (\(p.id))")]
        if !p.address.isEmpty { header.append(LabelledRow(label: w[.address], value: p.address)) }
        if !p.employer.isEmpty { header.append(LabelledRow(label: w[.employer], value: p.employer)) }
        if !p.customer.isEmpty { header.append(LabelledRow(label: w[.customer], value: p.customer)) }
        if p.start != nil || p.end != nil { header.append(LabelledRow(label: w[.period], value: "\(p.start ?? "?") – \(p.end ?? "")")) }
        header.append(LabelledRow(label: w[.status], value: w[p.status == .open ? .statusOpen : .statusClosed]))
        let catalogue = p.catalogueName.isEmpty ? Self.missing
            : p.catalogueEdition.isEmpty ? p.catalogueName : w(.catalogueEdition, p.catalogueName, p.catalogueEdition)
        header.append(LabelledRow(label: w[.catalogue], value: catalogue))
        self.header = header

        lines = LineTable(title: w[.linesTitle], columns: LineColumn.sheet, headings: LineColumn.sheet.map { Column($0, w) },
                          emptyNote: w[.noLines], lines: a.lines)
        customFootnote = a.lines.hasCustom ? "\(Self.customMarker) \(w[.customFootnote])" : nil

        var totals = [TotalRow(label: w[.subtotal], description: w[.subtotalWhat], amount: a.subtotal.formatted(l), emphasis: .normal, ruleAbove: false)]
        for s in a.supplements {
            totals.append(TotalRow(label: w[.supplement],
                                   description: s.supplement.scope.isAll
                                       ? w(.supplementWhat, s.supplement.name, s.supplement.percent.formatted(l), s.base.formatted(l))
                                       : w(.supplementScoped, s.supplement.name, s.supplement.percent.formatted(l), s.base.formatted(l),
                                           s.supplement.scope.text(l)),
                                   amount: s.amount.formatted(l), emphasis: .normal, ruleAbove: false))
        }
        for e in a.extraWork {
            var what = e.extra.number.isEmpty ? e.extra.text : w(.extraWorkNumbered, e.extra.text, e.extra.number)
            if case .hourly(let h, let r) = e.extra.pricing { what = w(.extraWorkHourly, what, h.formatted(l), r.formatted(l)) }
            totals.append(TotalRow(label: w[e.extra.isDeduction ? .deduction : .extraWork], description: what, amount: e.amount.formatted(l),
                                   emphasis: .normal, ruleAbove: false))
        }
        totals.append(TotalRow(label: w[.total], description: "", amount: a.total.formatted(l), emphasis: .strong, ruleAbove: true))
        if a.apprenticePay.raw != 0 {
            totals.append(TotalRow(label: w[.apprentices], description: w[.apprenticesWhat], amount: (-a.apprenticePay).formatted(l),
                                   emphasis: .normal, ruleAbove: false))
            totals.append(TotalRow(label: w[.pool], description: w[.poolWhat], amount: a.pool.formatted(l), emphasis: .strong, ruleAbove: false))
        }
        self.totals = TotalsBlock(title: w[.totalsTitle], rows: totals)

        // An agreed split (a weight other than 1) shows each one's weight and hours × weight.
        let weights = a.hasWeights
        team = TeamTable(
            title: w[.teamTitle],
            columns: [Column(w[.worker], wraps: true), Column(w[.hours], .right)]
                + (weights ? [Column(w[.weight], .right), Column(w[.weightedHours], .right)] : [])
                + [Column(w[.share], .right)]
                + (holidayPay ? [Column(w[.holidayPay], .right)] : [])
                + [Column(w[.advances], .right), Column(w[.balance], .right)],
            rows: a.team.map { t in
                let role: String? = !t.worker.apprentice ? nil
                    : t.worker.sharesPool ? w[.apprenticeSharingRole] : w(.apprenticeRole, t.worker.rate?.formatted(l) ?? Self.missing)
                return TeamRow(name: t.worker.name, role: role,
                        hours: t.hours.formatted(l),
                        weight: weights ? (t.worker.sharesPool ? t.worker.weight.formatted(l) : "") : nil,
                        weightedHours: weights ? (t.weightedHours?.formatted(l) ?? "") : nil,
                        share: t.share?.formatted(l) ?? Self.missing,
                        holidayPay: holidayPay ? (t.share.flatMap { $0.percentage(Self.holidayPayPercent).within(.max)?.formatted(l) } ?? Self.missing) : nil,
                        advances: t.advances.formatted(l), balance: t.balance?.formatted(l) ?? Self.missing)
            },
            emptyNote: w[.noWorkers])

        var notes: [Note] = []
        if weights { notes.append(Note(defines: nil, phrases: [w[.agreedSplitNote]])) }
        if let earnings = a.hourlyEarnings {
            notes.append(Note(defines: nil, phrases: [weights
                ? w(.weightedEarningsNote, a.weightedHours.formatted(l), earnings.formatted(l), a.pool.formatted(l))
                : w(.hourlyEarningsNote, a.journeymanHours.formatted(l), earnings.formatted(l), a.pool.formatted(l))]))
        }
        if let perHour = a.totalPerHour {
            notes.append(Note(defines: nil, phrases: [w(.allHoursNote, a.allHours.formatted(l), perHour.formatted(l), a.total.formatted(l))]))
        }
        notes.append(Note(defines: w[.share], phrases: [w[weights ? .shareRuleWeighted : .shareRule], w[.shareRuleRest]]))
        notes.append(Note(defines: w[.balance], phrases: [w[.balanceRule]]))
        notes.append(Note(defines: nil, phrases: [w[.grossEarningsNote]]))
        self.notes = notes
        measurementsTitle = w[.measurementsTitle]
        measurementColumns = MeasurementColumn.allCases.map { Column($0, w) }
        measurements = MeasurementTable(lines: a.lines)

        warningLabel = w[.warningLabel]
        warnings = a.warnings.map { $0.text(l) }
        signatures = [w[.roofer], w[.employer], w[.union]]
        signatureHint = w[.signatureHint]
        daywork = Self.dayworkTable(a, w)
    }
}
