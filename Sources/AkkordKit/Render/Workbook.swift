import AkkordSupport
import AkkordModel

/// A spreadsheet (Office Open XML, `.xlsx`) written by our own code: minimal SpreadsheetML in a
/// ZIP whose parts are deflated as they are made (`ZipStream`), inline strings, one style
/// table. The same workbook always gives the same bytes.
///
///     var book = Workbook(title: "Final accounting – Tagvej 3", footer: "page &P of &N", to: out)
///     let lines = try book.addSheet("Lines", freezeTopRow: true, landscape: true, repeatsTopRow: true)
///     try book.append([.text("Pos", bold: true), .text("Amount", bold: true, align: .right)], to: lines)   // row 1
///     let row = book.nextRow(lines)                                                                        // 2
///     let amount = Workbook.CellReference(column: 2, row: row)                                             // B2
///     try book.append([.text("2.01"), .number(Workbook.Number(money), .money)], to: lines)
///     try book.append([.empty, .formula("SUM(\(Workbook.Range(amount, amount)))", cached: Workbook.Number(money), .money)], to: lines)
///     try book.finish()                       // or, made in memory with `Workbook(title:)`: `try book.bytes()`
///
/// - Streaming: every sheet is added first; then the sheets are filled one after another, row by
///   row from the top (the first row of a sheet completes the sheets before it). A sheet's rows
///   are held back only until its column widths are settled (the sheet ends, or
///   `streamAfter` bytes of rows came); from then on each row is deflated and written to the
///   output at once, so a sheet of a million rows costs the encoder's buffers, not its XML.
///   `append` writes the cells from column A on (`.empty` leaves one out) and returns the row's
///   number; `skipRow` leaves a blank row; `nextRow` tells the number the next row gets, so a
///   writer can work out where everything goes before it writes (sheets may refer to each other).
/// - Cells: `.text` (an inline string, XML-escaped; characters XML cannot hold are written as
///   OOXML's `_xHHHH_`, and a typed `_xHHHH_` is kept as typed; `wraps` to run on over more
///   lines), `.number` (a `Number`: exact decimal text, never a binary float, shown with a
///   `NumberFormat` such as `.money` = `#,##0.00 "kr."`, `.decimals(n)`, `.currency(n)`,
///   `.date(code)`, `.flag(yes:no:)`), `.date` (a day as its serial number), `.bool`, and
///   `.formula` (the formula without `=`, in the English function names, with the value it
///   computes cached beside it, so a reader that does not calculate — openpyxl, a viewer — sees
///   the figure). Any cell may be bold and aligned; a `spills` text (a title, a note) runs on
///   over the empty cells to its right.
/// - References are computed, never typed: `CellReference(column: 7, row: 12)` is `G12`,
///   `.absolute` makes `$G$12`, `.on("Lines")` makes `Lines!G12` (quoted when the name needs
///   it); `Range(from, to)` is `G2:G101`.
/// - Column widths follow the longest content of each column (at most `maximumWidth`
///   characters, or what `wrap(column:in:atMost:)` allows) unless `setWidth` fixes one; the
///   wrapping columns are narrowed until the sheet prints at `smallestPrintScale` or more. Sheets
///   print on A4, fitted to the page's width, with `footer` at the foot of every page and, with
///   `repeatsTopRow`, the first row at the top of every page (`_xlnm.Print_Titles`).
/// - The workbook asks to be calculated on load (`fullCalcOnLoad`); Excel does, LibreOffice
///   shows the cached values unless its "recalculation on file load" setting says always.
/// - Limits of the format are errors (`WorkbookError`), not a broken file: 1,048,576 rows,
///   16,384 columns, 32,767 characters in a cell, 8,192 in a formula, sheet names of 1–31
///   characters without `[ ] : * ? / \`, unique.
public struct Workbook {
    public static let maximumRows = 1_048_576
    public static let maximumColumns = 16_384
    public static let maximumTextLength = 32_767
    public static let maximumFormulaLength = 8_192
    public static let maximumWidth = 60.0

    /// A sheet of this workbook, as `addSheet` gave it.
    public struct Sheet: Hashable, Sendable {
        let index: Int
    }

    /// A number as exact decimal text in plain form (`-1234.5`, `0.125`): what goes into the file.
    public struct Number: Equatable, Sendable, CustomStringConvertible {
        public let text: String
        public var description: String { text }

        public init<N: FixedPointNumber>(_ value: N) { text = value.plain }
        public init(_ value: Int) { text = String(value) }

        /// `-?digits(.digits)?`, else nil.
        public init?(plain: String) {
            var bytes = Substring(plain).utf8[...]
            if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= 48 && $0 <= 57 } }) else { return nil }
            text = plain
        }

        /// numerator / denominator to `fractionDigits` decimals, rounded half away from zero
        /// (trailing zeros dropped): the cached value of a formula whose exact value has no
        /// finite decimal form, like 22/3 hours. `denominator` must be positive.
        public static func ratio(_ numerator: Int64, _ denominator: Int64, fractionDigits: Int = 12) -> Number {
            guard denominator > 0 else { return Number(0) }
            var scale: Int128 = 1
            for _ in 0..<max(0, min(fractionDigits, 18)) { scale *= 10 }
            let n = Int128(numerator) * scale, d = Int128(denominator)
            var q = n / d
            let r = n % d
            if r.magnitude * 2 >= d.magnitude { q += n < 0 ? -1 : 1 }
            let negative = q < 0
            var digits = String(q.magnitude)
            let f = max(0, min(fractionDigits, 18))
            if digits.count <= f { digits = String(repeating: "0", count: f - digits.count + 1) + digits }
            var whole = String(digits.prefix(digits.count - f)), fraction = String(digits.suffix(f))
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if whole.isEmpty { whole = "0" }
            let text = (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
            return Number(plain: text == "-0" ? "0" : text) ?? Number(0)
        }
    }

    /// A number format code as spreadsheets read it (`#,##0.00`); the application shows it in
    /// its user's language (1.234,50 in Danish).
    public struct NumberFormat: Hashable, Sendable {
        public let code: String
        /// Digits after the point the format shows, and whether it groups thousands (for widths).
        let decimals: Int
        let grouped: Bool
        /// Characters the format shows besides the number (` kr.`), or the whole width it shows (a date).
        let suffixWidth: Int
        let fixedWidth: Int?
        public init(code: String) {
            self.code = code
            let section = code.split(separator: ";", maxSplits: 1).first.map(String.init) ?? code
            let number = section.split(separator: "\"", maxSplits: 1).first.map(String.init) ?? section
            decimals = number.split(separator: ".", maxSplits: 1).dropFirst().first.map { $0.prefix { $0 == "0" || $0 == "#" }.count } ?? 0
            grouped = number.contains(",")
            suffixWidth = section.count - number.count - section.filter { $0 == "\"" }.count
                + (number.hasSuffix(" ") ? 1 : 0)
            fixedWidth = nil
        }
        init(code: String, width: Int) {
            self.code = code
            decimals = 0
            grouped = false
            suffixWidth = 0
            fixedWidth = width
        }
        /// Money: grouped, 2 decimals, the currency after (`#,##0.00 "kr."`: 1.234,50 kr. in Danish).
        public static let money = NumberFormat.currency(2)
        /// Grouped, exactly `n` decimals (2 … 4), the currency after: a price or a rate.
        public static func currency(_ n: Int) -> NumberFormat { currencyFormats[max(2, min(n, 4)) - 2] }
        static let currencyFormats = (2...4).map { NumberFormat(code: "#,##0." + String(repeating: "0", count: $0) + " \"kr.\"") }
        /// A date: the cell holds the day's serial number (`Workbook.dateSerial`).
        public static func date(_ code: String) -> NumberFormat { NumberFormat(code: code, width: code.count) }
        /// A flag (1 or 0) shown as `yes` or `no`, in the words given: still a number to formulas.
        public static func flag(yes: String, no: String) -> NumberFormat {
            func quoted(_ s: String) -> String { "\"" + s.replacing("\"", with: "") + "\"" }
            return NumberFormat(code: quoted(yes) + ";" + quoted(yes) + ";" + quoted(no), width: max(yes.count, no.count))
        }
        /// A whole number, ungrouped (ids, flags).
        public static let integer = NumberFormat(code: "0")
        /// Grouped, exactly `n` decimals (0 … 10).
        public static func decimals(_ n: Int) -> NumberFormat { groupedFormats[max(0, min(n, 10))] }
        static let groupedFormats = (0...10).map { NumberFormat(code: $0 == 0 ? "#,##0" : "#,##0." + String(repeating: "0", count: $0)) }
        /// Grouped, with as many decimals as `number` is written with: 12.5 shows as 12.5, 12 as 12.
        public static func digits(of number: Number) -> NumberFormat { decimals(fractionDigits(number.text.utf8)) }

        /// The digits after the point of a number's plain text (0 without a point).
        static func fractionDigits<C: Sequence<UInt8>>(_ text: C) -> Int {
            var fraction = -1
            for b in text { if b == UInt8(ascii: ".") { fraction = 0 } else if fraction >= 0 { fraction += 1 } }
            return max(fraction, 0)
        }
    }

    /// One cell's content and look.
    public struct Cell: Sendable {
        enum Content: Sendable {
            case empty
            case text(String)
            case number(Number)
            case bool(Bool)
            case formula(String, cached: Number?)
        }
        let content: Content
        let style: Style
        var spills = false

        public static let empty = Cell(content: .empty, style: .plain)
        /// With `spills`, the text (a title, a note) does not widen its column: it runs on over
        /// the empty cells to its right.
        /// With `wraps`, a text longer than its column's width goes on over more lines.
        public static func text(_ text: String, bold: Bool = false, align: Alignment = .general, spills: Bool = false, wraps: Bool = false) -> Cell {
            text.isEmpty ? .empty : Cell(content: .text(text), style: Style(format: nil, bold: bold, alignment: align, wraps: wraps), spills: spills)
        }
        /// A day (`2026-05-04`) as a date cell: its serial number shown with `format`; a text
        /// that is not a date stays text.
        public static func date(_ iso: String, _ format: NumberFormat) -> Cell {
            guard let serial = Workbook.dateSerial(iso) else { return .text(iso) }
            return Cell(content: .number(Number(serial)), style: Style(format: format, bold: false, alignment: .general))
        }
        public static func number(_ number: Number, _ format: NumberFormat, bold: Bool = false, align: Alignment = .general) -> Cell {
            Cell(content: .number(number), style: Style(format: format, bold: bold, alignment: align))
        }
        public static func bool(_ value: Bool) -> Cell { Cell(content: .bool(value), style: Style(format: nil, bold: false, alignment: .center)) }
        /// `formula` without the leading `=`; `cached`: its value as the writer computed it.
        public static func formula(_ formula: String, cached: Number?, _ format: NumberFormat, bold: Bool = false) -> Cell {
            Cell(content: .formula(formula, cached: cached), style: Style(format: format, bold: bold, alignment: .general))
        }
    }

    /// Where a cell's content sits: `general` is text left, numbers right.
    public enum Alignment: String, Hashable, Sendable { case general, left, center, right }

    struct Style: Hashable, Sendable {
        var format: NumberFormat?
        var bold: Bool
        var alignment: Alignment
        var wraps = false
        static let plain = Style(format: nil, bold: false, alignment: .general)
    }

    /// The serial number spreadsheets keep a day as (days since 1899-12-30: 2026-05-04 is
    /// 46146) of `yyyy-mm-dd`, nil for anything else.
    public static func dateSerial(_ iso: String) -> Int? {
        let parts = iso.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), y >= 1900, (1...12).contains(m), d >= 1
        else { return nil }
        let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard d <= days[m - 1] else { return nil }
        // Days from 0000-03-01 (H. Hinnant's days_from_civil), less those to 1899-12-30.
        func civil(_ y: Int, _ m: Int, _ d: Int) -> Int {
            let y = m <= 2 ? y - 1 : y
            let era = y / 400, yoe = y - era * 400
            let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
            return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy
        }
        return civil(y, m, d) - civil(1899, 12, 30)
    }

    /// `G12`, `$G$12`, `Lines!G12`.
    public struct CellReference: Hashable, Sendable, CustomStringConvertible {
        /// 1-based: A is 1.
        public let column: Int
        /// 1-based.
        public let row: Int
        public let isAbsolute: Bool
        public let sheet: String?

        public init(column: Int, row: Int, absolute: Bool = false, sheet: String? = nil) {
            self.column = column; self.row = row; self.isAbsolute = absolute; self.sheet = sheet
        }

        public var absolute: CellReference { CellReference(column: column, row: row, absolute: true, sheet: sheet) }
        public func on(_ sheet: String) -> CellReference { CellReference(column: column, row: row, absolute: isAbsolute, sheet: sheet) }

        /// The cell without its sheet: `G12` or `$G$12`.
        public var local: String {
            let d = isAbsolute ? "$" : ""
            return d + Self.columnName(column) + d + String(row)
        }

        public var description: String { (sheet.map { Workbook.sheetPrefix($0) } ?? "") + local }

        /// `A`, `Z`, `AA`, … `XFD`.
        public static func columnName(_ column: Int) -> String {
            var n = max(column, 1)
            var letters: [Character] = []
            while n > 0 {
                let r = (n - 1) % 26
                letters.append(Character(Unicode.Scalar(UInt8(65 + r))))
                n = (n - 1) / 26
            }
            return String(letters.reversed())
        }
    }

    /// `G2:G101`, `Lines!G2:G101` (the sheet of `from`).
    public struct Range: Hashable, Sendable, CustomStringConvertible {
        public let from: CellReference
        public let to: CellReference
        public init(_ from: CellReference, _ to: CellReference) { self.from = from; self.to = to }
        public var description: String { (from.sheet.map { Workbook.sheetPrefix($0) } ?? "") + from.local + ":" + to.local }
    }

    /// `Lines!`, or `'Sheet 1'!` when the name is not a plain word of four or more letters.
    static func sheetPrefix(_ name: String) -> String {
        let plainWord = name.utf8.count >= 4 && name.utf8.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }
            && !["TRUE", "FALSE"].contains(name.uppercased())
        return plainWord ? name + "!" : "'" + name.replacing("'", with: "''") + "'!"
    }

    struct SheetData {
        let name: String
        let freezeTopRow: Bool
        let landscape: Bool
        /// The first row (a table's head) printed at the top of every page.
        let repeatsTopRow: Bool
        /// Rows not yet written: a sheet's head (its column widths) goes before its rows, so
        /// the rows wait here until the sheet ends or `streamAfter` bytes of them have come;
        /// then the widths are settled and every later row goes straight into the archive.
        var pending: [UInt8] = []
        var state = State.waiting
        enum State { case waiting, streaming, done }
        var nextRow = 1
        /// Per column (0-based): the widest content seen, in characters, a fixed width, and
        /// for a column whose text wraps the most it may be (and that it may be made narrower).
        var contentWidths: [Double] = []
        var fixedWidths: [Int: Double] = [:]
        var wrapping: [Int: Double] = [:]
        /// The widths as written (once the head is).
        var widths: [Double] = []
    }

    /// Rows of a sheet held back before its widths are settled (see `SheetData.pending`).
    package static let streamAfter = 1 << 18

    /// Where sheet `sheet` is: the bytes of rows it holds back, whether its rows go straight
    /// into the archive, whether it is complete.
    package func progress(of sheet: Sheet) -> (heldBack: Int, streaming: Bool, done: Bool) {
        let data = sheets[sheet.index]
        return (data.pending.count, data.state == .streaming, data.state == .done)
    }

    public let title: String?
    /// The printed pages' footer (`page &P of &N`), the same on every sheet; nil for none.
    public let footer: String?
    var sheets: [SheetData] = []
    var styles: [Style] = [.plain]
    var styleIndex: [Style: Int] = [.plain: 0]
    let zip: ZipStream
    /// The output of a workbook made in memory (`bytes()`).
    let collected: ByteOutput?
    /// The sheet being written: those before it are complete.
    var current = 0
    var started = false

    /// A workbook made in memory, for `bytes()`. `title`: the document title of the file's
    /// properties; `footer`: see `footer`.
    public init(title: String? = nil, footer: String? = nil) {
        self.init(title: title, footer: footer, entries: .deflated)
    }

    /// A workbook written to `out` as its rows come (`finish()` completes it). Sheets are added
    /// first, then filled one after another in their order: the first row of a sheet completes
    /// the sheets before it.
    public init(title: String? = nil, footer: String? = nil, to out: ByteOutput) {
        self.init(title: title, footer: footer, out: out, collecting: false, entries: .deflated)
    }

    /// `entries`: `.stored` for the tests' reader, which does not inflate.
    package init(title: String? = nil, footer: String? = nil, to out: ByteOutput, entries: ZipStream.Method) {
        self.init(title: title, footer: footer, out: out, collecting: false, entries: entries)
    }

    package init(title: String? = nil, footer: String? = nil, entries: ZipStream.Method) {
        self.init(title: title, footer: footer, out: ByteOutput(), collecting: true, entries: entries)
    }

    private init(title: String?, footer: String?, out: ByteOutput, collecting: Bool, entries: ZipStream.Method) {
        self.title = title
        self.footer = footer
        zip = ZipStream(to: out, method: entries, effort: .quick)
        collected = collecting ? out : nil
    }

    /// A new sheet, after the others. `freezeTopRow`: the first row (a table's head) stays in
    /// view when scrolling; `landscape`: printed across the A4 page; `repeatsTopRow`: the first
    /// row is printed at the top of every page.
    public mutating func addSheet(_ name: String, freezeTopRow: Bool = false, landscape: Bool = false, repeatsTopRow: Bool = false) throws -> Sheet {
        precondition(!started, "every sheet is added before the first row is written")
        let forbidden: Set<Character> = ["[", "]", ":", "*", "?", "/", "\\"]
        guard !name.isEmpty, name.count <= 31, !name.contains(where: forbidden.contains), !name.hasPrefix("'"), !name.hasSuffix("'"),
              Self.xmlProblem(name) == nil
        else { throw WorkbookError.badSheetName(name) }
        guard !sheets.contains(where: { $0.name.lowercased() == name.lowercased() }) else { throw WorkbookError.badSheetName(name) }
        sheets.append(SheetData(name: name, freezeTopRow: freezeTopRow, landscape: landscape, repeatsTopRow: repeatsTopRow))
        return Sheet(index: sheets.count - 1)
    }

    public func name(of sheet: Sheet) -> String { sheets[sheet.index].name }

    /// The number the next row appended to `sheet` gets.
    public func nextRow(_ sheet: Sheet) -> Int { sheets[sheet.index].nextRow }

    /// Leaves a blank row.
    public mutating func skipRow(in sheet: Sheet) { sheets[sheet.index].nextRow += 1 }

    /// Fixes a column's width (1-based column, width in characters).
    public mutating func setWidth(_ width: Double, column: Int, in sheet: Sheet) {
        sheets[sheet.index].fixedWidths[column - 1] = width
    }

    /// A column whose texts wrap (written `.text(…, wraps: true)`): its width follows its
    /// content up to `atMost` characters, and it is made narrower (down to 10) when the sheet
    /// would otherwise print smaller than `Workbook.smallestPrintScale` across its page.
    public mutating func wrap(column: Int, in sheet: Sheet, atMost: Double) {
        sheets[sheet.index].wrapping[column - 1] = atMost
    }

    /// Writes `cells` into the next row of `sheet`, from column A on; returns the row's number.
    @discardableResult
    public mutating func append(_ cells: [Cell], to sheet: Sheet) throws -> Int {
        let row = sheets[sheet.index].nextRow
        guard row <= Self.maximumRows else { throw WorkbookError.tooManyRows(sheet: sheets[sheet.index].name) }
        guard cells.count <= Self.maximumColumns else { throw WorkbookError.tooManyColumns(sheet: sheets[sheet.index].name) }
        var xml: [UInt8] = []
        xml.reserveCapacity(64 * cells.count)
        var widths = sheets[sheet.index].contentWidths
        sheets[sheet.index].contentWidths = []
        let rowDigits = Array(String(row).utf8)
        if widths.count < cells.count { widths += [Double](repeating: 0, count: cells.count - widths.count) }
        for (i, cell) in cells.enumerated() {
            if case .empty = cell.content, cell.style == .plain { continue }
            let s = styleNumber(cell.style)
            xml.append(contentsOf: "<c r=\"".utf8)
            Self.appendColumnName(i + 1, to: &xml)
            xml.append(contentsOf: rowDigits)
            xml.append(UInt8(ascii: "\""))
            if s != 0 { xml.append(contentsOf: " s=\"".utf8); xml.append(contentsOf: String(s).utf8); xml.append(UInt8(ascii: "\"")) }
            var width = 0.0
            switch cell.content {
            case .empty:
                xml.append(contentsOf: "/>".utf8)
            case .text(let text):
                let length = text.utf16.count
                guard length <= Self.maximumTextLength else {
                    sheets[sheet.index].contentWidths = widths
                    throw WorkbookError.textTooLong(cell: CellReference(column: i + 1, row: row).on(sheets[sheet.index].name).description, length: length)
                }
                // XML keeps white space at the ends and inside only when asked to.
                let utf8 = text.utf8
                func isSpace(_ b: UInt8?) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
                let preserve = isSpace(utf8.first) || isSpace(utf8.last) || utf8.contains { $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
                xml.append(contentsOf: (preserve ? " t=\"inlineStr\"><is><t xml:space=\"preserve\">" : " t=\"inlineStr\"><is><t>").utf8)
                Self.appendEscaped(text, to: &xml)
                xml.append(contentsOf: "</t></is></c>".utf8)
                width = Double(Self.longestLine(utf8))
            case .number(let n):
                xml.append(contentsOf: "><v>".utf8)
                xml.append(contentsOf: n.text.utf8)
                xml.append(contentsOf: "</v></c>".utf8)
                width = Self.shownWidth(n, cell.style.format)
            case .bool(let b):
                xml.append(contentsOf: (b ? " t=\"b\"><v>1</v></c>" : " t=\"b\"><v>0</v></c>").utf8)
                width = 5
            case .formula(let f, let cached):
                let length = f.utf16.count
                guard length <= Self.maximumFormulaLength else {
                    sheets[sheet.index].contentWidths = widths
                    throw WorkbookError.formulaTooLong(cell: CellReference(column: i + 1, row: row).on(sheets[sheet.index].name).description, length: length)
                }
                xml.append(contentsOf: "><f>".utf8)
                Self.appendEscaped(f, to: &xml)
                xml.append(contentsOf: "</f>".utf8)
                if let cached {
                    xml.append(contentsOf: "<v>".utf8)
                    xml.append(contentsOf: cached.text.utf8)
                    xml.append(contentsOf: "</v>".utf8)
                    width = Self.shownWidth(cached, cell.style.format)
                }
                xml.append(contentsOf: "</c>".utf8)
            }
            if cell.style.bold { width *= 1.1 }
            if !cell.spills, width > widths[i] { widths[i] = width }
        }
        sheets[sheet.index].contentWidths = widths
        if !xml.isEmpty {
            try emit(Array("<row r=\"".utf8) + rowDigits + Array("\">".utf8) + xml + Array("</row>".utf8), to: sheet.index)
        }
        sheets[sheet.index].nextRow += 1
        return row
    }

    /// A style as a row writer uses it: its number looked up the first time a cell has it
    /// (styles are numbered in the order cells first use them), then remembered.
    struct StyleSlot {
        let style: Style
        var number: Int? = nil
        /// The number as text.
        var digits = FigureText(0)
        init(_ style: Style) { self.style = style }
        init(format: NumberFormat?, bold: Bool = false, alignment: Alignment = .general, wraps: Bool = false) {
            style = Style(format: format, bold: bold, alignment: alignment, wraps: wraps)
        }
    }

    /// One row written cell by cell from bytes, as `append` writes the same cells (same XML,
    /// same styles, same column widths): for long tables, whose cells would otherwise each be
    /// made into a `String` and a `Cell` first. Cells go from column A on; `skip` leaves one out
    /// (an `.empty` plain cell).
    struct RowWriter {
        fileprivate var xml: [UInt8]
        fileprivate var widths: [Double]
        fileprivate var styles: [Style]
        fileprivate var styleIndex: [Style: Int]
        fileprivate let rowDigits: FigureText
        let row: Int
        let sheetName: String
        /// Cells written or skipped so far: the next cell's column is this + 1.
        private(set) var columns = 0

        private mutating func number(of slot: inout StyleSlot) -> Int {
            if let n = slot.number { return n }
            let n: Int
            if let known = styleIndex[slot.style] { n = known } else {
                styles.append(slot.style)
                n = styles.count - 1
                styleIndex[slot.style] = n
            }
            slot.number = n
            slot.digits = FigureText(n)
            return n
        }

        private mutating func open(_ slot: inout StyleSlot) {
            let s = number(of: &slot)
            put("<c r=\"")
            Workbook.appendColumnName(columns + 1, to: &xml)
            rowDigits.withBytes { xml.append(contentsOf: $0) }
            xml.append(UInt8(ascii: "\""))
            if s != 0 {
                put(" s=\"")
                slot.digits.withBytes { xml.append(contentsOf: $0) }
                xml.append(UInt8(ascii: "\""))
            }
        }

        private mutating func close(width: Double, _ slot: StyleSlot) {
            let width = slot.style.bold ? width * 1.1 : width
            if widths.count <= columns { widths += [Double](repeating: 0, count: columns + 1 - widths.count) }
            if width > widths[columns] { widths[columns] = width }
            columns += 1
        }

        mutating func skip() { columns += 1 }

        fileprivate mutating func put(_ s: StaticString) {
            xml.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
        }

        /// The row's number as text.
        func withRowDigits<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T { try rowDigits.withBytes(body) }

        /// `.text` of UTF-8 `bytes` (an empty text is an empty cell, whatever its style).
        mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, _ slot: inout StyleSlot) throws {
            if bytes.isEmpty { return skip() }
            if bytes.count > Workbook.maximumTextLength {
                let length = String(decoding: bytes, as: UTF8.self).utf16.count
                guard length <= Workbook.maximumTextLength else {
                    throw WorkbookError.textTooLong(cell: CellReference(column: columns + 1, row: row).on(sheetName).description, length: length)
                }
            }
            open(&slot)
            func isSpace(_ b: UInt8?) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
            var special = false, breaks = false
            for b in bytes {
                if b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x5F || b < 0x20 || b == 0xEF { special = true }
                if b == 0x0A || b == 0x09 || b == 0x0D { breaks = true }
            }
            let preserve = isSpace(bytes.first) || isSpace(bytes.last) || breaks
            put(preserve ? " t=\"inlineStr\"><is><t xml:space=\"preserve\">" : " t=\"inlineStr\"><is><t>")
            if special { Workbook.appendEscaped(String(decoding: bytes, as: UTF8.self), to: &xml) } else { xml.append(contentsOf: bytes) }
            put("</t></is></c>")
            close(width: Double(Workbook.longestLine(bytes)), slot)
        }

        /// `.number` whose plain text (`Number.text`) is `plain`.
        mutating func number(_ plain: UnsafeBufferPointer<UInt8>, _ slot: inout StyleSlot) {
            open(&slot)
            put("><v>")
            xml.append(contentsOf: plain)
            put("</v></c>")
            close(width: Workbook.shownWidth(plain, slot.style.format), slot)
        }

        mutating func number(_ plain: StaticString, _ slot: inout StyleSlot) {
            number(UnsafeBufferPointer(start: plain.utf8Start, count: plain.utf8CodeUnitCount), &slot)
        }

        /// `.formula` of ASCII `formula` (nothing to escape) with the plain text of its cached value.
        mutating func formula(_ formula: UnsafeBufferPointer<UInt8>, cached: UnsafeBufferPointer<UInt8>, _ slot: inout StyleSlot) {
            open(&slot)
            put("><f>")
            xml.append(contentsOf: formula)
            put("</f><v>")
            xml.append(contentsOf: cached)
            put("</v></c>")
            close(width: Workbook.shownWidth(cached, slot.style.format), slot)
        }

        mutating func bool(_ value: Bool, _ slot: inout StyleSlot) {
            open(&slot)
            put(value ? " t=\"b\"><v>1</v></c>" : " t=\"b\"><v>0</v></c>")
            close(width: 5, slot)
        }
    }

    /// The style slot of `Cell.bool`.
    static var boolSlot: StyleSlot { StyleSlot(format: nil, alignment: .center) }

    /// Writes the next row of `sheet` with `body`, as `append` would write the same cells;
    /// returns the row's number.
    @discardableResult
    mutating func appendRow(to sheet: Sheet, _ body: (inout RowWriter) throws -> Void) throws -> Int {
        let row = sheets[sheet.index].nextRow
        let name = sheets[sheet.index].name
        guard row <= Self.maximumRows else { throw WorkbookError.tooManyRows(sheet: name) }
        var writer = RowWriter(xml: [], widths: sheets[sheet.index].contentWidths, styles: styles, styleIndex: styleIndex,
                               rowDigits: FigureText(row), row: row, sheetName: name)
        sheets[sheet.index].contentWidths = []
        styles = []
        styleIndex = [:]
        writer.xml.reserveCapacity(1024)
        var finished = false
        defer {
            if !finished {
                sheets[sheet.index].contentWidths = writer.widths
                styles = writer.styles
                styleIndex = writer.styleIndex
            }
        }
        writer.put("<row r=\"")
        writer.rowDigits.withBytes { writer.xml.append(contentsOf: $0) }
        writer.put("\">")
        let head = writer.xml.count
        try body(&writer)
        guard writer.columns <= Self.maximumColumns else { throw WorkbookError.tooManyColumns(sheet: name) }
        if writer.widths.count < writer.columns { writer.widths += [Double](repeating: 0, count: writer.columns - writer.widths.count) }
        finished = true
        sheets[sheet.index].contentWidths = writer.widths
        styles = writer.styles
        styleIndex = writer.styleIndex
        if writer.xml.count > head {
            writer.put("</row>")
            try emit(writer.xml, to: sheet.index)
        }
        sheets[sheet.index].nextRow += 1
        return row
    }

    /// `A` … `XFD`, as bytes.
    static func appendColumnName(_ column: Int, to out: inout [UInt8]) {
        if column <= 26 { out.append(UInt8(64 + column)); return }
        out.append(contentsOf: CellReference.columnName(column).utf8)
    }

    /// Characters (scalars) in the longest line of a text.
    static func longestLine<C: Sequence<UInt8>>(_ utf8: C) -> Int {
        var longest = 0, current = 0
        for b in utf8 {
            if b == 0x0A { longest = max(longest, current); current = 0 } else if b & 0xC0 != 0x80 { current += 1 }
        }
        return max(longest, current)
    }

    // MARK: the archive

    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
    static let mainNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    static let relationshipsNamespace = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    static let packageNamespace = "http://schemas.openxmlformats.org/package/2006/relationships"

    /// A row's XML for sheet `index`: held back while the sheet's widths are not settled, else
    /// straight into the archive. The sheets before it are completed first.
    mutating func emit(_ xml: [UInt8], to index: Int) throws {
        precondition(index >= current, "sheets are filled one after another, in their order")
        try start()
        while current < index { try closeSheet(current); current += 1 }
        if sheets[index].state == .streaming {
            zip.write(xml)
            return
        }
        sheets[index].pending += xml
        if sheets[index].pending.count >= Self.streamAfter { try openSheet(index) }
    }

    /// The parts before the sheets: content types, relationships, properties, the workbook
    /// (sheets, print titles, calculation). The styles come last: they are known at the end.
    mutating func start() throws {
        guard !started else { return }
        started = true
        let relationships = Self.relationshipsNamespace, package = Self.packageNamespace
        var types = Self.header + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
            + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
            + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
            + "<Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>"
        for i in sheets.indices {
            types += "<Override PartName=\"/xl/worksheets/sheet\(i + 1).xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>"
        }
        types += "<Override PartName=\"/xl/styles.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/>"
        if title != nil {
            types += "<Override PartName=\"/docProps/core.xml\" ContentType=\"application/vnd.openxmlformats-package.core-properties+xml\"/>"
        }
        types += "</Types>"
        try zip.add("[Content_Types].xml", Array(types.utf8))

        var rootRels = Self.header + "<Relationships xmlns=\"\(package)\">"
            + "<Relationship Id=\"rId1\" Type=\"\(relationships)/officeDocument\" Target=\"xl/workbook.xml\"/>"
        if title != nil {
            rootRels += "<Relationship Id=\"rId2\" Type=\"http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties\" Target=\"docProps/core.xml\"/>"
        }
        rootRels += "</Relationships>"
        try zip.add("_rels/.rels", Array(rootRels.utf8))

        if let title {
            var core = Array((Self.header + "<cp:coreProperties xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\""
                + " xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>").utf8)
            Self.appendEscaped(title, to: &core)
            core += Array("</dc:title></cp:coreProperties>".utf8)
            try zip.add("docProps/core.xml", core)
        }

        var workbook = Self.header + "<workbook xmlns=\"\(Self.mainNamespace)\" xmlns:r=\"\(relationships)\"><bookViews><workbookView/></bookViews><sheets>"
        var workbookRels = Self.header + "<Relationships xmlns=\"\(package)\">"
        var printTitles = ""
        for (i, sheet) in sheets.enumerated() {
            var name: [UInt8] = []
            Self.appendEscaped(sheet.name, to: &name, attribute: true)
            workbook += "<sheet name=\"\(String(decoding: name, as: UTF8.self))\" sheetId=\"\(i + 1)\" r:id=\"rId\(i + 1)\"/>"
            workbookRels += "<Relationship Id=\"rId\(i + 1)\" Type=\"\(relationships)/worksheet\" Target=\"worksheets/sheet\(i + 1).xml\"/>"
            if sheet.repeatsTopRow {
                var rows: [UInt8] = []
                Self.appendEscaped(Self.sheetPrefix(sheet.name) + "$1:$1", to: &rows)
                printTitles += "<definedName name=\"_xlnm.Print_Titles\" localSheetId=\"\(i)\">\(String(decoding: rows, as: UTF8.self))</definedName>"
            }
        }
        workbook += "</sheets>"
        if !printTitles.isEmpty { workbook += "<definedNames>" + printTitles + "</definedNames>" }
        // Every formula is calculated again when the file is opened; the cached values are
        // what a reader that does not calculate shows.
        workbook += "<calcPr calcId=\"191029\" fullCalcOnLoad=\"1\"/></workbook>"
        workbookRels += "<Relationship Id=\"rId\(sheets.count + 1)\" Type=\"\(relationships)/styles\" Target=\"styles.xml\"/></Relationships>"
        try zip.add("xl/workbook.xml", Array(workbook.utf8))
        try zip.add("xl/_rels/workbook.xml.rels", Array(workbookRels.utf8))
    }

    /// The narrowest a sheet prints across its A4 page: the columns are made to fit at this
    /// scale or larger (narrowing the columns whose text wraps).
    public static let smallestPrintScale = 0.72
    /// Room across an A4 page inside margins of half an inch, in pixels at 96 per inch: 10.69
    /// inches landscape, 7.27 portrait.
    static func printableWidth(landscape: Bool) -> Double { (landscape ? 11.69 : 8.27) * 96 - 96 }

    /// The scale a sheet of these column widths (in characters) prints at when fitted to the
    /// width of an A4 page (at most 1): a character of the default font is 7 pixels wide.
    public static func printScale(widths: [Double], landscape: Bool) -> Double {
        let pixels = widths.reduce(0) { $0 + ($1 * 7).rounded(.down) }
        return pixels <= 0 ? 1 : min(1, printableWidth(landscape: landscape) / pixels)
    }

    /// The widths sheet `index` is written with: fixed, else its content's (within 6 and
    /// `maximumWidth`, or the most a wrapping column may be); wrapping columns narrowed,
    /// widest first, until the sheet prints at `smallestPrintScale` or more.
    func settledWidths(_ index: Int) -> [Double] {
        let sheet = sheets[index]
        let columns = max(sheet.contentWidths.count, (sheet.fixedWidths.keys.max() ?? -1) + 1)
        var widths = (0..<columns).map { c -> Double in
            if let fixed = sheet.fixedWidths[c] { return fixed }
            let content = c < sheet.contentWidths.count ? sheet.contentWidths[c] : 0
            return min(sheet.wrapping[c] ?? Self.maximumWidth, max(6, (content + 2).rounded(.up)))
        }
        let wrapping = sheet.wrapping.keys.filter { $0 < columns }.sorted()
        while Self.printScale(widths: widths, landscape: sheet.landscape) < Self.smallestPrintScale,
              let widest = wrapping.max(by: { widths[$0] < widths[$1] }), widths[widest] > 10 {
            widths[widest] = max(10, widths[widest] - 1)
        }
        return widths
    }

    /// Writes sheet `index`'s head (views, column widths) and the rows held back; later rows go straight on.
    mutating func openSheet(_ index: Int) throws {
        guard sheets[index].state == .waiting else { return }
        let sheet = sheets[index]
        try zip.begin("xl/worksheets/sheet\(index + 1).xml")
        var xml = Self.header + "<worksheet xmlns=\"\(Self.mainNamespace)\" xmlns:r=\"\(Self.relationshipsNamespace)\">"
            + "<sheetPr><pageSetUpPr fitToPage=\"1\"/></sheetPr>"
        let selected = index == 0 ? " tabSelected=\"1\"" : ""
        if sheet.freezeTopRow {
            xml += "<sheetViews><sheetView workbookViewId=\"0\"\(selected)>"
                + "<pane ySplit=\"1\" topLeftCell=\"A2\" activePane=\"bottomLeft\" state=\"frozen\"/></sheetView></sheetViews>"
        } else {
            xml += "<sheetViews><sheetView workbookViewId=\"0\"\(selected)/></sheetViews>"
        }
        let widths = settledWidths(index)
        if !widths.isEmpty {
            xml += "<cols>"
            for (c, width) in widths.enumerated() {
                xml += "<col min=\"\(c + 1)\" max=\"\(c + 1)\" width=\"\(Self.widthText(width))\" customWidth=\"1\"/>"
            }
            xml += "</cols>"
        }
        xml += "<sheetData>"
        zip.write(xml)
        zip.write(sheets[index].pending)
        sheets[index].pending = []
        sheets[index].widths = widths
        sheets[index].state = .streaming
    }

    /// Completes sheet `index`: its page setup (A4, fitted to the page's width, as many pages
    /// down as it takes) and footer.
    mutating func closeSheet(_ index: Int) throws {
        guard sheets[index].state != .done else { return }
        try openSheet(index)
        var end = "</sheetData><pageMargins left=\"0.5\" right=\"0.5\" top=\"0.75\" bottom=\"0.75\" header=\"0.3\" footer=\"0.3\"/>"
            + "<pageSetup paperSize=\"9\" orientation=\"\(sheets[index].landscape ? "landscape" : "portrait")\" fitToWidth=\"1\" fitToHeight=\"0\"/>"
        if let footer {
            var text: [UInt8] = []
            Self.appendEscaped("&C" + footer, to: &text)
            end += "<headerFooter><oddFooter>" + String(decoding: text, as: UTF8.self) + "</oddFooter></headerFooter>"
        }
        zip.write(end + "</worksheet>")
        try zip.end()
        sheets[index].state = .done
    }

    /// Completes the workbook: every sheet, the styles, the ZIP's central directory. The
    /// output is then to be flushed by its owner.
    public mutating func finish() throws {
        try start()
        while current < sheets.count { try closeSheet(current); current += 1 }
        try zip.add("xl/styles.xml", Array(stylesXML().utf8))
        try zip.finish()
    }

    /// The workbook made in memory (`init(title:footer:)`) as an `.xlsx` file.
    public consuming func bytes() throws -> [UInt8] {
        try finish()
        return collected?.bytes ?? []
    }

    /// The widths sheet `sheet` was written with (empty before its head is written).
    package func columnWidths(_ sheet: Sheet) -> [Double] { sheets[sheet.index].widths }

    // MARK: styles

    mutating func styleNumber(_ style: Style) -> Int {
        if let n = styleIndex[style] { return n }
        styles.append(style)
        styleIndex[style] = styles.count - 1
        return styles.count - 1
    }

    func stylesXML() -> String {
        var formats: [String] = []
        var formatId: [String: Int] = [:]
        for s in styles { if let f = s.format?.code, formatId[f] == nil { formatId[f] = 164 + formats.count; formats.append(f) } }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
            + "<styleSheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">"
        if !formats.isEmpty {
            xml += "<numFmts count=\"\(formats.count)\">"
            for (i, f) in formats.enumerated() {
                var code: [UInt8] = []
                Self.appendEscaped(f, to: &code, attribute: true)
                xml += "<numFmt numFmtId=\"\(164 + i)\" formatCode=\"\(String(decoding: code, as: UTF8.self))\"/>"
            }
            xml += "</numFmts>"
        }
        xml += "<fonts count=\"2\"><font><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font>"
            + "<font><b/><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font></fonts>"
            + "<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill><fill><patternFill patternType=\"gray125\"/></fill></fills>"
            + "<borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"
            + "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/></cellStyleXfs>"
            + "<cellXfs count=\"\(styles.count)\">"
        for s in styles {
            let format = s.format.map { formatId[$0.code]! } ?? 0
            xml += "<xf numFmtId=\"\(format)\" fontId=\"\(s.bold ? 1 : 0)\" fillId=\"0\" borderId=\"0\" xfId=\"0\""
                + (format != 0 ? " applyNumberFormat=\"1\"" : "") + (s.bold ? " applyFont=\"1\"" : "")
                + (s.alignment == .general && !s.wraps ? "/>"
                    : " applyAlignment=\"1\"><alignment" + (s.alignment == .general ? "" : " horizontal=\"\(s.alignment.rawValue)\"")
                    + (s.wraps ? " wrapText=\"1\"" : "") + "/></xf>")
        }
        xml += "</cellXfs><cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles></styleSheet>"
        return xml
    }

    // MARK: text

    /// How wide a number shows with its format, in characters (digits, grouping, sign).
    static func shownWidth(_ n: Number, _ format: NumberFormat?) -> Double { shownWidth(n.text.utf8, format) }

    static func shownWidth<C: Sequence<UInt8>>(_ text: C, _ format: NumberFormat?) -> Double {
        if let fixed = format?.fixedWidth { return Double(fixed) }
        var whole = 0, fraction = -1, negative = false
        for b in text {
            if b == UInt8(ascii: "-") { negative = true } else if b == UInt8(ascii: ".") { fraction = 0 } else if fraction >= 0 { fraction += 1 } else { whole += 1 }
        }
        let decimals = format.map { $0.decimals } ?? max(fraction, 0)
        let grouping = format?.grouped == true ? (whole - 1) / 3 : 0
        return Double(whole + grouping + (decimals > 0 ? decimals + 1 : 0) + (negative ? 1 : 0) + (format?.suffixWidth ?? 0))
    }

    static func widthText(_ w: Double) -> String {
        let tenths = Int((w * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    /// A character XML 1.0 cannot hold (C0 controls but tab, line feed and carriage return;
    /// U+FFFE, U+FFFF), if any.
    static func xmlProblem(_ text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { !isXMLCharacter($0) }
    }

    static func isXMLCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x0A, 0x0D: return true
        case 0x00...0x1F, 0xFFFE, 0xFFFF: return false
        default: return true
        }
    }

    /// Escapes `&`, `<`, `>` (and `"` in attributes). A character XML cannot hold becomes
    /// `_xHHHH_` (OOXML's escape, ST_Xstring), and so an `_` that starts such a pattern in the
    /// text is written `_x005F_`, so a reader gets back exactly the text.
    static func appendEscaped(_ text: String, to out: inout [UInt8], attribute: Bool = false) {
        let utf8 = text.utf8
        // Fast path: nothing to escape.
        if !utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x5F || $0 < 0x20 || $0 == 0xEF }) {
            out += utf8
            return
        }
        let scalars = Array(text.unicodeScalars)
        for (i, s) in scalars.enumerated() {
            switch s {
            case "&": out += Array("&amp;".utf8)
            case "<": out += Array("&lt;".utf8)
            case ">": out += Array("&gt;".utf8)
            case "\"" where attribute: out += Array("&quot;".utf8)
            case "\t" where attribute: out += Array("&#9;".utf8)
            case "\n" where attribute: out += Array("&#10;".utf8)
            case "_" where startsEscapePattern(scalars, at: i): out += Array("_x005F_".utf8)
            case "\r": out += Array("&#13;".utf8)
            default:
                if isXMLCharacter(s) {
                    out += Array(String(s).utf8)
                } else {
                    let hex = String(s.value, radix: 16, uppercase: true)
                    out += Array("_x\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)_".utf8)
                }
            }
        }
    }

    /// `_xHHHH_` at `i` (four hexadecimal digits).
    static func startsEscapePattern(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        guard i + 6 < s.count, s[i] == "_", s[i + 1] == "x", s[i + 6] == "_" else { return false }
        return s[(i + 2)...(i + 5)].allSatisfy { $0.properties.isASCIIHexDigit }
    }
}

/// Why a workbook could not be written: a limit of the spreadsheet format.
public enum WorkbookError: Equatable, Sendable, PhrasedError {
    case badSheetName(String)
    case tooManyRows(sheet: String)
    case tooManyColumns(sheet: String)
    case textTooLong(cell: String, length: Int)
    case formulaTooLong(cell: String, length: Int)

    public var phrase: Phrase {
        switch self {
        case .badSheetName(let name):
            return "\"\(name)\" cannot name a sheet: 1–31 characters, none of [ ] : * ? / \\, not starting or ending with ', and unique"
        case .tooManyRows(let sheet): return "sheet \(sheet) would have more than \(Workbook.maximumRows) rows, the most a spreadsheet holds"
        case .tooManyColumns(let sheet): return "sheet \(sheet) would have more than \(Workbook.maximumColumns) columns, the most a spreadsheet holds"
        case .textTooLong(let cell, let length): return "cell \(cell) would hold \(length) characters; a spreadsheet cell holds at most \(Workbook.maximumTextLength)"
        case .formulaTooLong(let cell, let length): return "the formula of cell \(cell) would be \(length) characters; a spreadsheet formula has at most \(Workbook.maximumFormulaLength)"
        }
    }
}
