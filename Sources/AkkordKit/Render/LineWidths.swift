/// The widest cells of the text tables of lines — the report's line table (pos, activity,
/// quantity, unit, price, amount), its measurements appendix, and the id column `lines` puts
/// first — gathered one line at a time. A writer walks the lines once for these before it
/// writes a row; a reader that checks every line anyway can show each to `add` as it goes
/// (`Workspace.projectLines(measuring:)`), and the writer then needs no walk of its own.
public final class LineWidths {
    public let language: Language
    private(set) var id = 0
    private(set) var line = [Int](repeating: 0, count: 6)
    private(set) var measurement = [Int](repeating: 0, count: 4)
    /// Whether every line of the project went through `add` (set by whoever showed them).
    public var isComplete = false
    private var row = TextTable.RowBytes(.measuring)

    public init(_ language: Language) { self.language = language }

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

    public func add(_ view: LineView) {
        // Most lines: the widths from the texts' bytes and the figures, no row made.
        if let cells = ReportSheet.LineCells(view, language) {
            if DecimalText.width(cells.id) > id { id = DecimalText.width(cells.id) }
            for i in line.indices where cells.lineWidth(i) > line[i] { line[i] = cells.lineWidth(i) }
            guard cells.measurement != nil else { return }
            for i in measurement.indices where cells.measurementWidth(i) > measurement[i] { measurement[i] = cells.measurementWidth(i) }
            return
        }
        let idWidth = DecimalText.width(view.id)
        if idWidth > id { id = idWidth }
        row.removeAll()
        ReportSheet.LineTable.cells(view, language, into: &row)
        row.widen(&line)
        guard view.measurement != nil else { return }
        row.removeAll()
        ReportSheet.MeasurementTable.cells(view, language, into: &row)
        row.widen(&measurement)
    }
}
