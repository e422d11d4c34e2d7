import AkkordModel

/// The widest cells of the text tables of lines — `lines` and the report's line table (the
/// columns of `LineColumn.listing`), and the measurements appendix — gathered one line at a
/// time. A writer walks the lines once for these before it writes a row; a reader that checks
/// every line anyway can show each to `add` as it goes (`Workspace.projectLines(measuring:)`),
/// and the writer then needs no walk of its own.
public final class LineWidths {
    public let language: Language
    /// By `LineColumn.rawValue`; 0 for a column that is not in `LineColumn.listing`.
    @exclusivity(unchecked) private var line = [Int](repeating: 0, count: LineColumn.allCases.count)
    /// By `MeasurementColumn.rawValue`.
    @exclusivity(unchecked) private(set) var measurement = [Int](repeating: 0, count: MeasurementColumn.allCases.count)
    /// Whether every line of the project went through `add` (set by whoever showed them).
    public var isComplete = false
    private var made: CellRow
    private let listing = LineColumn.listing, measurementColumns = MeasurementColumn.allCases

    public init(_ language: Language) {
        self.language = language
        made = CellRow(row: TextTable.RowBytes(.measuring), language: language)
    }

    /// `gathered` when it has the widths of all of `lines` in `language`, else those widths
    /// from a walk of the lines.
    static func of(_ lines: ProjectLines, _ language: Language, gathered: LineWidths?) -> LineWidths {
        if let gathered, gathered.isComplete, gathered.language == language { return gathered }
        return LineWidths(lines, language)
    }

    /// The widths of `lines`, walked once.
    private convenience init(_ lines: ProjectLines, _ language: Language) {
        self.init(language)
        lines.forEachView { view in add(view) }
        isComplete = true
    }

    /// The widest cells of `columns` (of `LineColumn.listing`).
    func line(_ columns: [LineColumn]) -> [Int] { columns.map { line[$0.rawValue] } }

    public func add(_ view: LineView) {
        widen(&line, listing, view)
        if view.measurement != nil { widen(&measurement, measurementColumns, view) }
    }

    /// Most lines: the widths from the texts' bytes and the figures, no row made.
    private func widen<Column: SheetColumn>(_ widest: inout [Int], _ columns: [Column], _ view: LineView) {
        for column in columns {
            var cell = CellMeasure()
            column.writePrinted(view, language, to: &cell)
            guard cell.measurable else { return widenMade(&widest, columns, view) }
            if cell.width > widest[column.rawValue] { widest[column.rawValue] = cell.width }
        }
    }

    private func widenMade<Column: SheetColumn>(_ widest: inout [Int], _ columns: [Column], _ view: LineView) {
        for column in columns {
            made.row.removeAll()
            column.writePrinted(view, language, to: &made)
            made.row.endCell()
            if made.row.width(0) > widest[column.rawValue] { widest[column.rawValue] = made.row.width(0) }
        }
    }
}
