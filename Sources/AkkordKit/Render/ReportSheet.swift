/// The final accounting as one sheet of words and figures, built once from a project and its
/// `FinalAccounting` in one language, and laid out by the text, HTML and PDF writers. Every
/// label, rule note and warning of the report is chosen here (from `Words`), every figure is
/// formatted here; the writers only place what the sheet holds (column widths, tags, coordinates).
///
/// The line table is a sequence over the accounting's lines that makes each row when a writer
/// reaches it: no array of rows is ever built.
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
    }

    /// A `Label: value` row of the header.
    public struct LabelledRow: Sendable {
        public let label: String
        public let value: String
    }

    /// One accounted line, every cell formatted.
    public struct LineRow: Sendable {
        /// The pos, with `ReportSheet.customMarker` after it for a custom line.
        public let pos: String
        public let name: String
        public let note: String
        public let quantity: String
        public let unit: String
        public let price: String
        public let amount: String
        public let custom: Bool
        /// The name with the note in parentheses after it.
        public var activity: String { note.isEmpty ? name : "\(name) (\(note))" }
        /// The cells in the order of `LineTable.columns`.
        public var cells: [String] { [pos, activity, quantity, unit, price, amount] }
    }

    /// The line table: its columns and a lazy sequence of its rows, one per accounting line.
    public struct LineTable: Sequence {
        public let title: String
        public let columns: [Column]
        /// Shown in the activity column when there are no lines.
        public let emptyNote: String
        let lines: ProjectLines
        let language: Language

        public var isEmpty: Bool { lines.isEmpty }
        public var underestimatedCount: Int { lines.count }

        /// The accounting's lines, texts not made into strings: what the text and HTML writers walk.
        public var views: ProjectLines.Views { lines.views }

        /// The row of `line` (a view of `views`) as bytes: the cells of its `LineRow`.
        public func cells(_ line: LineView, into row: inout TextTable.RowBytes) {
            Self.cells(line, language, into: &row)
        }

        /// The cells pos … amount of a line (`lines` puts its id before them).
        static func cells(_ line: LineView, _ language: Language, into row: inout TextTable.RowBytes) {
            row.append(line.pos)
            if line.custom { row.append("*") }  // customMarker
            row.endCell()
            row.append(line.name)
            if !line.note.isEmpty { row.append(" ("); row.append(line.note); row.append(")") }
            row.endCell()
            row.append(line.quantity.formattedText(language))
            row.endCell()
            row.appendUnit(of: line, language)
            row.endCell()
            row.append(line.price.formattedText(language))
            row.endCell()
            row.append(line.amount.formattedText(language))
            row.endCell()
        }

        public func makeIterator() -> Iterator { Iterator(base: lines.makeIterator(), language: language) }

        public struct Iterator: IteratorProtocol {
            var base: AnyIterator<Line>
            let language: Language
            public mutating func next() -> LineRow? {
                guard let line = base.next() else { return nil }
                let l = language
                return LineRow(pos: line.pos + (line.custom ? ReportSheet.customMarker : ""), name: line.name, note: line.note,
                               quantity: line.quantity.formatted(l), unit: UnitName.display(line.unit, language: l),
                               price: line.price.formatted(l), amount: line.amount.formatted(l), custom: line.custom)
            }
        }
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
        public let share: String
        /// 12.5 % of the share, for information, when the report shows holiday pay.
        public let holidayPay: String?
        public let advances: String
        public let balance: String
        public var worker: String { role.map { "\(name) \($0)" } ?? name }
        /// The cells in the order of `TeamTable.columns`.
        public var cells: [String] { [worker, hours, share] + (holidayPay.map { [$0] } ?? []) + [advances, balance] }
    }

    public struct TeamTable: Sendable {
        public let title: String
        public let columns: [Column]
        public let rows: [TeamRow]
        /// Shown instead of the table when the project has no workers.
        public let emptyNote: String
    }

    /// The lines whose quantity came from a measurement, as rows of the `Measurements` appendix,
    /// made as a writer reaches them.
    public struct MeasurementTable: Sequence {
        let lines: ProjectLines
        let language: Language
        public var isEmpty: Bool { !lines.hasMeasurement }

        /// The lines with a measurement, read again only where the reader found them.
        public var views: some Sequence<LineView> { lines.measured }

        /// The row of a measured `line` as bytes: the cells of its `MeasurementRow`.
        public func cells(_ line: LineView, into row: inout TextTable.RowBytes) {
            Self.cells(line, language, into: &row)
        }

        static func cells(_ line: LineView, _ language: Language, into row: inout TextTable.RowBytes) {
            row.append(FigureText(line.id))
            row.endCell()
            row.append(line.pos)
            row.endCell()
            if let m = line.measurement { row.append(m) }
            row.endCell()
            row.append(line.quantity.formattedText(language))
            row.append(" ")
            row.appendUnit(of: line, language)
            row.endCell()
        }

        public func makeIterator() -> AnyIterator<MeasurementRow> {
            let base = lines.measured.makeIterator(), l = language
            return AnyIterator {
                while let view = base.next() {
                    let line = view.line
                    guard let m = line.measurement else { continue }
                    return MeasurementRow(line: "\(line.id)", pos: line.pos, expression: m,
                                          result: "\(line.quantity.formatted(l)) \(UnitName.display(line.unit, language: l))")
                }
                return nil
            }
        }
    }

    /// A line whose quantity came from a measurement, for the `Measurements` appendix.
    public struct MeasurementRow: Sendable {
        public let line: String
        public let pos: String
        public let expression: String
        public let result: String
        public var cells: [String] { [line, pos, expression, result] }
    }

    /// A note under the team table. A rule note names the word it defines (`Share = …`); its
    /// phrases may go on separate lines (a plain-text writer indents the following ones).
    public struct Note: Sendable {
        public let defines: String?
        public let phrases: [String]
        /// The note on one line.
        public var text: String { (defines.map { "\($0) = " } ?? "") + phrases.joined(separator: " ") }
    }

    public static let customMarker = "*"
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

    /// With `holidayPay`, the team table has an information column: holiday pay
    /// (feriegodtgørelse), round2(share × 12.5 %). It never changes a share.
    public init(_ p: Project, _ a: FinalAccounting, language l: Language, holidayPay: Bool = false) {
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

        lines = LineTable(title: w[.linesTitle],
                          columns: [Column(w[.pos]), Column(w[.activity], wraps: true), Column(w[.quantity], .right),
                                    Column(w[.unit]), Column(w[.price], .right), Column(w[.amount], .right)],
                          emptyNote: w[.noLines], lines: a.lines, language: l)
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

        team = TeamTable(
            title: w[.teamTitle],
            columns: [Column(w[.worker], wraps: true), Column(w[.hours], .right), Column(w[.share], .right)]
                + (holidayPay ? [Column(w[.holidayPay], .right)] : [])
                + [Column(w[.advances], .right), Column(w[.balance], .right)],
            rows: a.team.map { t in
                TeamRow(name: t.worker.name, role: t.worker.apprentice ? w(.apprenticeRole, t.worker.rate?.formatted(l) ?? Self.missing) : nil,
                        hours: t.hours.formatted(l), share: t.share?.formatted(l) ?? Self.missing,
                        holidayPay: holidayPay ? (t.share.flatMap { $0.percentage(Self.holidayPayPercent).within(.max)?.formatted(l) } ?? Self.missing) : nil,
                        advances: t.advances.formatted(l), balance: t.balance?.formatted(l) ?? Self.missing)
            },
            emptyNote: w[.noWorkers])

        var notes: [Note] = []
        if let earnings = a.hourlyEarnings {
            notes.append(Note(defines: nil, phrases: [w(.hourlyEarningsNote, a.journeymanHours.formatted(l), earnings.formatted(l), a.pool.formatted(l))]))
        }
        notes.append(Note(defines: w[.share], phrases: [w[.shareRule], w[.shareRuleRest]]))
        notes.append(Note(defines: w[.balance], phrases: [w[.balanceRule]]))
        notes.append(Note(defines: nil, phrases: [w[.grossEarningsNote]]))
        self.notes = notes
        measurementsTitle = w[.measurementsTitle]
        measurementColumns = [Column(w[.lineId], .right), Column(w[.pos], .left), Column(w[.measurement], .left, wraps: true),
                              Column(w[.measurementResult], .right)]
        measurements = MeasurementTable(lines: a.lines, language: l)

        warningLabel = w[.warningLabel]
        warnings = a.warnings.map { $0.text(l) }
        signatures = [w[.roofer], w[.employer], w[.union]]
        signatureHint = w[.signatureHint]
    }
}

extension TextTable.RowBytes {
    /// The line's unit as reports print it (`UnitName.display`).
    mutating func appendUnit(of line: LineView, _ language: Language) {
        if let shown = line.displayUnit(language) { append(shown.text, width: shown.width) } else { append(line.unit) }
    }
}

extension ReportSheet {
    /// A line's cells, for the line table (`LineTable.cells`) and the measurements appendix
    /// (`MeasurementTable.cells`), without making them into a row: the texts as the JSON
    /// strings hold them, every width known. Nil for a line with a text that is escaped, or
    /// whose width its bytes do not tell: that line's row is made by `cells`.
    struct LineCells {
        let pos, name, note, unit: UnsafeBufferPointer<UInt8>
        let posWidth, nameWidth, noteWidth, unitWidth: Int
        let measurement: UnsafeBufferPointer<UInt8>?
        let measurementWidth: Int
        let id: Int
        let custom: Bool
        let quantity: Quantity
        let price: UnitPrice
        let amount: Money
        let quantityWidth, priceWidth, amountWidth: Int

        @inline(__always)
        init?(_ line: borrowing LineView, _ language: Language) {
            guard let pos = line.pos.measuredUnescaped, let name = line.name.measuredUnescaped, let note = line.note.measuredUnescaped else { return nil }
            if let shown = line.displayUnit(language) {
                unit = UnsafeBufferPointer(start: shown.text.utf8Start, count: shown.text.utf8CodeUnitCount)
                unitWidth = shown.width
            } else {
                guard let u = line.unit.measuredUnescaped else { return nil }
                (unit, unitWidth) = u
            }
            if let m = line.measurement {
                guard let measured = m.measuredUnescaped else { return nil }
                (measurement, measurementWidth) = (measured.bytes, measured.width)
            } else {
                (measurement, measurementWidth) = (nil, 0)
            }
            (self.pos, posWidth) = pos
            (self.name, nameWidth) = name
            (self.note, noteWidth) = note
            id = line.id
            custom = line.custom
            quantity = line.quantity
            price = line.price
            amount = line.amount
            quantityWidth = quantity.formattedWidth
            priceWidth = price.formattedWidth
            amountWidth = amount.formattedWidth
        }

        /// The most bytes the cells of either table take: the texts, four figures, the marks.
        var room: Int { pos.count + name.count + note.count + unit.count + (measurement?.count ?? 0) + 4 * 32 + 8 }

        /// The width of the line table's cell `i` (pos, activity, quantity, unit, price, amount).
        @inline(__always) func lineWidth(_ i: Int) -> Int {
            switch i {
            case 0: return posWidth + (custom ? 1 : 0)
            case 1: return note.isEmpty ? nameWidth : nameWidth + 2 + noteWidth + 1
            case 2: return quantityWidth
            case 3: return unitWidth
            case 4: return priceWidth
            default: return amountWidth
            }
        }

        /// The bytes of the line table's cell `i`, as `LineTable.cells` makes them.
        @inline(__always) func putLine(_ i: Int, _ language: Language, into c: inout ByteCursor) {
            switch i {
            case 0:
                c.put(pos)
                if custom { c.put(UInt8(ascii: "*")) }  // customMarker
            case 1:
                c.put(name)
                if !note.isEmpty { c.put(" (" as StaticString); c.put(note); c.put(UInt8(ascii: ")")) }
            case 2: quantity.putFormatted(language, into: &c)
            case 3: c.put(unit)
            case 4: price.putFormatted(language, into: &c)
            default: amount.putFormatted(language, into: &c)
            }
        }

        /// The width of the measurements appendix's cell `i` (line, pos, measurement, result).
        @inline(__always) func measurementWidth(_ i: Int) -> Int {
            switch i {
            case 0: return DecimalText.width(id)
            case 1: return posWidth
            case 2: return measurementWidth
            default: return quantityWidth + 1 + unitWidth
            }
        }

        /// The bytes of the appendix's cell `i`, as `MeasurementTable.cells` makes them.
        @inline(__always) func putMeasurement(_ i: Int, _ language: Language, into c: inout ByteCursor) {
            switch i {
            case 0: DecimalText.put(id, into: &c)
            case 1: c.put(pos)
            case 2: if let measurement { c.put(measurement) }
            default:
                quantity.putFormatted(language, into: &c)
                c.put(0x20)
                c.put(unit)
            }
        }
    }
}
