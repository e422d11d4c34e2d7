import AkkordSupport
import AkkordModel

/// The report's line table, defined once: every column a line has in any report, in order, each
/// with its title, its alignment, whether it wraps, the layouts that show it and how its cell is
/// made from a line's view. The text report and `lines`, HTML and PDF (the printed sheet), CSV
/// and the xlsx Lines sheet (the data) lay their rows out from these columns as they walk the
/// lines; no row is kept. A new column is a case here, plus what a format needs of its own for
/// it (the PDF's place on the page, the xlsx's kind of cell where it is not a text or a number).
public enum LineColumn: Int, CaseIterable, Sendable {
    case id, pos, activity, quantity, unit, price, amount, custom, note, measurement, section

    /// The ways the table is laid out; each shows its columns in the order of `allCases`.
    public enum Layout: Sendable {
        /// The report's sheet (text, HTML, PDF), printed (`writePrinted`): a custom line's pos
        /// marked, the note after the activity, the measurements in an appendix of their own.
        case sheet
        /// `lines`: the sheet with the ids.
        case listing
        /// `report --format csv`: the data (`write`), the custom flag and the section left out.
        case csv
        /// The Lines sheet of `report --format xlsx`: the data.
        case workbook
    }

    public func isShown(in layout: Layout) -> Bool {
        switch self {
        case .pos, .activity, .quantity, .unit, .price, .amount: true
        case .id: layout != .sheet
        case .custom, .section: layout == .workbook
        case .note, .measurement: layout == .csv || layout == .workbook
        }
    }

    private static func columns(_ layout: Layout) -> [LineColumn] { allCases.filter { $0.isShown(in: layout) } }
    public static let sheet = columns(.sheet)
    public static let listing = columns(.listing)
    public static let csv = columns(.csv)
    public static let workbook = columns(.workbook)

    public var title: Term {
        switch self {
        case .id: .lineId
        case .pos: .pos
        case .activity: .activity
        case .quantity: .quantity
        case .unit: .unit
        case .price: .price
        case .amount: .amount
        case .custom: .xlsxCustom
        case .note: .note
        case .measurement: .measurement
        case .section: .section
        }
    }

    public var alignment: ReportSheet.Alignment {
        switch self {
        case .id, .quantity, .price, .amount: .right
        case .pos, .activity, .unit, .custom, .note, .measurement, .section: .left
        }
    }

    /// Free text that may run long: a text table wraps it to fit its width, the PDF to its place.
    public var wraps: Bool {
        switch self {
        case .activity, .note, .measurement, .section: true
        case .id, .pos, .quantity, .unit, .price, .amount, .custom: false
        }
    }

    /// The cell of `line` as the data gives it: one part at most (none is an empty cell).
    @inline(__always)
    func write<Cell: LineCellWriter>(_ line: LineView, _ language: Language, to cell: inout Cell) {
        switch self {
        case .id: cell.id(line.id)
        case .pos: cell.text(line.pos)
        case .activity: cell.text(line.name)
        case .quantity: cell.figure(line.quantity)
        case .unit:
            if let shown = line.displayUnit(language) { cell.literal(shown.text, width: shown.width) } else { cell.text(line.unit) }
        case .price: cell.figure(line.price)
        case .amount: cell.figure(line.amount)
        case .custom: if line.custom { cell.literal(ReportSheet.customMarker, width: 1) }
        case .note:
            // The quantity as typed, when the handbook's rule changed it (SPEC §16), after the note.
            if let typed = line.typedAside(language) {
                cell.words(line.note.isEmpty ? "(\(typed))" : "\(line.note.string) (\(typed))")
            } else {
                cell.text(line.note)
            }
        case .measurement: if let m = line.measurement { cell.text(m) }
        case .section: cell.text(line.section)
        }
    }
}

/// A column of a printed table whose rows are lines: the line table's on the sheet and in
/// `lines`, the measurements appendix's.
package protocol SheetColumn: RawRepresentable<Int> {
    var title: Term { get }
    var alignment: ReportSheet.Alignment { get }
    var wraps: Bool { get }
    /// The cell of `line` as the sheet prints it.
    func writePrinted<Cell: SheetCellWriter>(_ line: LineView, _ language: Language, to cell: inout Cell)
}

extension SheetColumn {
    /// The printed cell as a `String`.
    package func text(_ line: LineView, _ language: Language) -> String {
        String(unsafeUninitializedCapacity: line.cellBytes) { buffer in
            var cell = CellCursor(cursor: ByteCursor(buffer.baseAddress!), language: language)
            writePrinted(line, language, to: &cell)
            return buffer.baseAddress!.distance(to: cell.cursor.at)
        }
    }
}

extension LineColumn: SheetColumn {
    /// The pos with the custom column's marker after it, the activity with the note after it
    /// (`aside`): on the sheet these two are not columns of their own.
    @inline(__always)
    package func writePrinted<Cell: SheetCellWriter>(_ line: LineView, _ language: Language, to cell: inout Cell) {
        write(line, language, to: &cell)
        switch self {
        case .pos: LineColumn.custom.write(line, language, to: &cell)
        case .activity:
            if !line.note.isEmpty { cell.aside(line.note) }
            if let typed = line.typedAside(language) { cell.aside(words: typed) }
        default: break
        }
    }
}

/// The report's measurements appendix: the measured lines, each with the quantity its
/// measurement gave (before the handbook's rounding and minimum, which the line table shows).
public enum MeasurementColumn: Int, CaseIterable, Sendable, SheetColumn {
    case line, pos, measurement, result

    public var title: Term {
        switch self {
        case .line: .lineId
        case .pos: .pos
        case .measurement: .measurement
        case .result: .measurementResult
        }
    }

    public var alignment: ReportSheet.Alignment { self == .line || self == .result ? .right : .left }
    public var wraps: Bool { self == .measurement }

    @inline(__always)
    package func writePrinted<Cell: SheetCellWriter>(_ line: LineView, _ language: Language, to cell: inout Cell) {
        switch self {
        case .line: LineColumn.id.write(line, language, to: &cell)
        case .pos: LineColumn.pos.write(line, language, to: &cell)
        case .measurement: LineColumn.measurement.write(line, language, to: &cell)
        case .result:
            // What the measurement gave: the quantity typed, when the handbook's rule changed it.
            if let typed = line.quantityTyped { cell.figure(typed) } else { LineColumn.quantity.write(line, language, to: &cell) }
            cell.literal(" ", width: 1)
            LineColumn.unit.write(line, language, to: &cell)
        }
    }
}

/// What a format makes of the parts of a cell of the line table, in the order the column gives
/// them: a text table's bytes and widths, escaped HTML, a CSV field, a spreadsheet's cell.
package protocol LineCellWriter {
    /// A text of the line, as its file holds it.
    mutating func text(_ text: TextSlice)
    /// A text of akkord's own, `width` characters wide: a unit's shown name (`m²`), the marker.
    mutating func literal(_ text: StaticString, width: Int)
    /// A line's id.
    mutating func id(_ id: Int)
    /// A quantity, a price or an amount.
    mutating func figure<N: FixedPointNumber>(_ figure: N)
    /// A text akkord made for the line (a note with the quantity typed after it).
    mutating func words(_ text: String)
}

/// A writer of the printed sheet's cells: figures as people read them, and a text set after
/// the cell's own.
package protocol SheetCellWriter: LineCellWriter {
    /// ` (text)` after the cell's own text; HTML sets it smaller.
    mutating func aside(_ text: TextSlice)
    /// ` (text)` of akkord's words (`typed 12.341`), as `aside`.
    mutating func aside(words text: String)
}

/// A printed cell's width (characters, as `TextTable.width` counts them) and bytes, from the
/// line's bytes; not `measurable` when a text has an escape or a width its bytes do not tell
/// (`TextTable.scalarCharacters`): its row is then made as `CellRow`.
package struct CellMeasure: SheetCellWriter {
    package var width = 0, bytes = 0
    package var measurable = true
    package init() {}

    @inline(__always) package mutating func text(_ text: TextSlice) {
        guard let measured = text.measuredUnescaped else { measurable = false; return }
        width += measured.width
        bytes += measured.bytes.count
    }
    @inline(__always) package mutating func literal(_ text: StaticString, width w: Int) {
        width += w
        bytes += text.utf8CodeUnitCount
    }
    @inline(__always) package mutating func id(_ id: Int) { figureWidth(DecimalText.width(id)) }
    @inline(__always) package mutating func figure<N: FixedPointNumber>(_ figure: N) { figureWidth(figure.formattedWidth) }
    @inline(__always) package mutating func aside(_ text: TextSlice) {
        literal(" ()", width: 3)
        self.text(text)
    }
    package mutating func words(_ text: String) {
        width += TextTable.width(text)
        bytes += text.utf8.count
    }
    package mutating func aside(words text: String) {
        literal(" ()", width: 3)
        words(text)
    }
    /// A figure is ASCII: a byte a character.
    @inline(__always) private mutating func figureWidth(_ w: Int) {
        width += w
        bytes += w
    }
}

/// A printed cell's bytes put at a cursor, measured as `CellMeasure` measures them while they
/// are put: a row of most lines is then written in one go (`TextTable.writeFitting`).
package struct CellCursor: SheetCellWriter {
    package var cursor: ByteCursor
    let language: Language
    /// The characters put so far, as `CellMeasure` counts them; `measurable` is false once a
    /// text's width was not known from its bytes (its bytes are put all the same).
    package private(set) var width = 0
    package private(set) var measurable = true
    package init(cursor: ByteCursor, language: Language) { self.cursor = cursor; self.language = language }

    @inline(__always) package mutating func text(_ text: TextSlice) {
        guard let measured = text.measuredUnescaped else {
            // An escaped text (a `"` in a note): measured from the bytes of its `String`.
            return text.withUTF8 { bytes in
                cursor.put(bytes)
                if let characters = TextTable.scalarCharacters(bytes) { width += characters } else { measurable = false }
            }
        }
        cursor.put(measured.bytes)
        width += measured.width
    }
    @inline(__always) package mutating func literal(_ text: StaticString, width w: Int) {
        cursor.put(text)
        width += w
    }
    @inline(__always) package mutating func id(_ id: Int) {
        let start = cursor.at
        DecimalText.put(id, into: &cursor)
        width += start.distance(to: cursor.at)
    }
    @inline(__always) package mutating func figure<N: FixedPointNumber>(_ figure: N) {
        // A figure is ASCII: a byte a character.
        let start = cursor.at
        figure.putFormatted(language, into: &cursor)
        width += start.distance(to: cursor.at)
    }
    @inline(__always) package mutating func aside(_ text: TextSlice) {
        literal(" (", width: 2)
        self.text(text)
        literal(")", width: 1)
    }
    package mutating func words(_ text: String) {
        width += TextTable.width(text)
        var text = text
        text.withUTF8 { cursor.put($0) }
    }
    package mutating func aside(words text: String) {
        literal(" (", width: 2)
        words(text)
        literal(")", width: 1)
    }
}

/// A printed cell made as a cell of `TextTable.RowBytes`, whatever its texts; `row.endCell()`
/// ends it.
package struct CellRow: SheetCellWriter {
    package var row: TextTable.RowBytes
    let language: Language
    package init(row: TextTable.RowBytes, language: Language) { self.row = row; self.language = language }

    package mutating func text(_ text: TextSlice) { row.append(text) }
    package mutating func literal(_ text: StaticString, width: Int) { row.append(text, width: width) }
    package mutating func id(_ id: Int) { row.append(FigureText(id)) }
    package mutating func figure<N: FixedPointNumber>(_ figure: N) { row.append(figure.formattedText(language)) }
    package mutating func aside(_ text: TextSlice) {
        row.append(" (")
        row.append(text)
        row.append(")")
    }
    package mutating func words(_ text: String) {
        var text = text
        text.withUTF8 { row.append($0) }
    }
    package mutating func aside(words text: String) {
        row.append(" (")
        words(text)
        row.append(")")
    }
}

extension LineView {
    /// The bytes of the texts a cell may hold, as the file has them (quotes and escapes
    /// included): never fewer than their UTF-8, so a writer knows the room a row takes.
    var cellTextBytes: Int {
        pos.quoted.count + name.quoted.count + unit.quoted.count + note.quoted.count + section.quoted.count + (measurement?.quoted.count ?? 0)
            + (quantityTyped == nil ? 0 : 64 + note.quoted.count)
    }

    /// `typed 12.341` / `indtastet 12,341`: the quantity as typed, when the handbook's rounding
    /// or minimum changed it (SPEC §16); every report shows it with the line.
    func typedAside(_ language: Language) -> String? {
        quantityTyped.map { Words(language)(.quantityTypedAside, $0.formatted(language)) }
    }

    /// The most bytes a printed cell of the line takes (`CellCursor`): its texts, a figure and
    /// the punctuation between them.
    var cellBytes: Int { cellTextBytes + 64 }
}

extension TextTable {
    /// The rows of a text table of lines (`lines`, the report's line table and measurements
    /// appendix), one a line as the writer reaches it: most go straight from the line's bytes
    /// into the output, wrapped there too (`writeMeasured`); a row with an escaped text or one
    /// whose bytes do not tell its width is made as `RowBytes` and written by `write`.
    struct LineRows<Column: SheetColumn> {
        let table: TextTable
        let columns: [Column]
        let language: Language
        private var widths: [Int]
        private var made: CellRow
        private var wrapping = Wrapping()
        /// The cells of a row that wraps, one after the other, and where each ends.
        private var cells: [UInt8] = []
        private var ends: [Int]

        init(_ table: TextTable, _ columns: [Column], _ language: Language) {
            self.table = table
            self.columns = columns
            self.language = language
            widths = columns.map { _ in 0 }
            ends = widths
            made = CellRow(row: RowBytes(.writing), language: language)
        }

        mutating func write(_ line: LineView, _ layout: Layout, to out: ByteOutput) {
            let (columns, language) = (columns, language)
            // Most rows: each cell put straight into the output and measured there.
            let fitted = table.writeFitting(layout, room: columns.count * line.cellBytes, to: out, wrapping: &wrapping, put: { i, cursor in
                var cell = CellCursor(cursor: cursor, language: language)
                columns[i].writePrinted(line, language, to: &cell)
                cursor = cell.cursor
                return cell.measurable ? cell.width : nil
            })
            if !fitted { writeWrapped(line, layout, to: out) }
        }

        /// A row with a wrapping cell that overflows: the cells are put aside once, measured
        /// there, and wrapped from there (`writeMeasured`); a row whose widths the bytes do not
        /// tell is made as `RowBytes`.
        private mutating func writeWrapped(_ line: LineView, _ layout: Layout, to out: ByteOutput) {
            let room = columns.count * line.cellBytes
            // Taken out of `self` while its bytes are written, so that the widths may be set.
            var cells: [UInt8] = []
            swap(&cells, &self.cells)
            defer { swap(&cells, &self.cells) }
            if cells.count < room { cells = [UInt8](repeating: 0, count: max(room, 2 * cells.count)) }
            let (columns, language) = (columns, language)
            let measurable = cells.withUnsafeMutableBufferPointer { bytes in
                var cursor = ByteCursor(bytes.baseAddress!)
                for i in columns.indices {
                    var cell = CellCursor(cursor: cursor, language: language)
                    columns[i].writePrinted(line, language, to: &cell)
                    cursor = cell.cursor
                    guard cell.measurable else { return false }
                    widths[i] = cell.width
                    ends[i] = bytes.baseAddress!.distance(to: cursor.at)
                }
                return true
            }
            guard measurable else { return writeMade(line, layout, to: out) }
            let (cellWidths, cellEnds) = (widths, ends)
            cells.withUnsafeBufferPointer { bytes in
                table.writeMeasured(layout, room: cellEnds[columns.count - 1], to: out, wrapping: &wrapping, width: { cellWidths[$0] }, put: { i, cursor in
                    cursor.put(UnsafeBufferPointer(rebasing: bytes[(i == 0 ? 0 : cellEnds[i - 1])..<cellEnds[i]]))
                })
            }
        }

        private mutating func writeMade(_ line: LineView, _ layout: Layout, to out: ByteOutput) {
            made.row.removeAll()
            for column in columns {
                column.writePrinted(line, language, to: &made)
                made.row.endCell()
            }
            table.write(made.row, layout, to: out)
        }
    }
}
