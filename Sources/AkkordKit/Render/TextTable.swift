/// A plain-text table for terminals: right-aligned numbers, and columns that wrap at word
/// boundaries so the table fits the width (long activity names wrap instead of being cut; the
/// first wrapping column gives way first, ids last).
public struct TextTable {
    public enum Alignment { case left, right }
    public struct Column {
        public let title: String
        public let alignment: Alignment
        public let wraps: Bool
        /// Wraps only when the other wrapping columns have given all they can (ids, names of workers).
        public let wrapsLast: Bool
        public init(_ title: String, _ alignment: Alignment = .left, wraps: Bool = false, wrapsLast: Bool = false) {
            self.title = title; self.alignment = alignment; self.wraps = wraps || wrapsLast; self.wrapsLast = wrapsLast
        }
    }
    public enum Row {
        case cells([String])
        case rule
    }

    public let columns: [Column]
    public var rows: [Row] = []
    public static let defaultWidth = 100
    public var maxWidth = TextTable.defaultWidth
    /// Without the title row and its rule (a block of totals under another table).
    public var showsHeader = true

    public init(_ columns: [Column]) { self.columns = columns }

    /// Line breaks inside a cell are shown as spaces; a table row stays one logical row.
    public mutating func add(_ cells: [String]) {
        rows.append(.cells(cells.map { $0.contains(where: \.isNewline) ? String($0.map { $0.isNewline ? " " : $0 }) : $0 }))
    }
    public mutating func addRule() { rows.append(.rule) }

    /// The widths of the columns and the gap between them, worked out from the titles and every
    /// row before the first row is written.
    public struct Layout {
        public let widths: [Int]
        public let gap: Int
    }

    public func render() -> String {
        let layout = layout(measuring: rows.lazy.compactMap { row -> [String]? in
            if case .cells(let cells) = row { return cells }
            return nil
        })
        let out = ByteOutput()
        writeHeader(layout, to: out)
        for row in rows {
            switch row {
            case .cells(let cells): writeRow(cells, layout, to: out)
            case .rule: writeRule(layout, to: out)
            }
        }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The layout for these rows (a first pass over them: a table of 100,000 lines is walked
    /// twice, never held).
    public func layout<Rows: Sequence>(measuring rows: Rows) -> Layout where Rows.Element == [String] {
        var widths = columns.map { Self.width($0.title) }
        for cells in rows {
            for (i, c) in cells.enumerated() where i < widths.count { widths[i] = max(widths[i], Self.width(c)) }
        }
        // Too wide: the wrapping columns give way down to their titles (at least 8), then the
        // gaps narrow to one space. Numbers never wrap, so a table of figures alone may stay wider.
        var gap = 2
        var total = widths.reduce(0, +) + gap * (columns.count - 1)
        let floors = columns.indices.map { min(widths[$0], max(columns[$0].title.count, 8)) }
        // The widest wrapping column above its floor gives one column at a time (a wrapsLast one
        // only when it is wider than every other), so long names and ids share the room.
        while total > maxWidth {
            let candidates = columns.indices.filter { columns[$0].wraps && widths[$0] > floors[$0] }
            guard let w = candidates.max(by: { a, b in
                let wa = widths[a] - (columns[a].wrapsLast ? 1 : 0), wb = widths[b] - (columns[b].wrapsLast ? 1 : 0)
                return wa != wb ? wa < wb : a > b
            }) else { break }
            widths[w] -= 1
            total -= 1
        }
        if total > maxWidth { gap = 1 }
        return Layout(widths: widths, gap: gap)
    }

    /// The title row and its rule, unless the table shows no header.
    public func writeHeader(_ layout: Layout, to out: ByteOutput) {
        guard showsHeader else { return }
        writeCells(columns.map(\.title), layout, to: out)
        writeRule(layout, to: out)
    }

    public func writeRule(_ layout: Layout, to out: ByteOutput) {
        out.write(String(repeating: "-", count: layout.widths.reduce(0, +) + layout.gap * (columns.count - 1)))
        out.write(byte: 0x0A)
    }

    /// One row (line breaks inside a cell shown as spaces), wrapped over as many lines as its
    /// longest wrapping cell needs.
    public func writeRow(_ cells: [String], _ layout: Layout, to out: ByteOutput) {
        var cells = cells.map { Self.mayHoldLineBreak($0) && $0.contains(where: \.isNewline) ? String($0.map { $0.isNewline ? " " : $0 }) : $0 }
        if cells.count < columns.count { cells += Array(repeating: "", count: columns.count - cells.count) }
        writeCells(cells, layout, to: out)
    }

    private func writeCells(_ cells: [String], _ layout: Layout, to out: ByteOutput) {
        let fits = columns.indices.allSatisfy { !columns[$0].wraps || Self.width(cells[$0]) <= layout.widths[$0] }
        if fits {
            writeLine({ cells[$0] }, layout, to: out)
            return
        }
        let wrapped = cells.enumerated().map { i, c in columns[i].wraps ? Self.wrap(c, width: layout.widths[i]) : [c] }
        let height = wrapped.map(\.count).max() ?? 1
        for line in 0..<height { writeLine({ line < wrapped[$0].count ? wrapped[$0][line] : "" }, layout, to: out) }
    }

    /// One line of text: each cell padded to its column, trailing spaces dropped (they are held
    /// back until something follows them).
    private func writeLine(_ text: (Int) -> String, _ layout: Layout, to out: ByteOutput) {
        var pending = 0
        func put(_ t: String) {
            let utf8 = t.utf8
            var end = utf8.endIndex
            while end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x20 { end = utf8.index(before: end) }
            if end == utf8.startIndex { pending += utf8.count; return }
            out.write(spaces: pending)
            if end == utf8.endIndex { out.write(t) } else { out.write(String(decoding: utf8[..<end], as: UTF8.self)) }
            pending = utf8.distance(from: end, to: utf8.endIndex)
        }
        for i in columns.indices {
            if i > 0 { pending += layout.gap }
            let t = text(i)
            let pad = max(0, layout.widths[i] - Self.width(t))
            if columns[i].alignment == .right { pending += pad; put(t) } else { put(t); pending += pad }
        }
        out.write(byte: 0x0A)
    }

    /// False when `s` surely holds no line break (ASCII without LF, VT, FF or CR): the check
    /// every cell of a long table goes through before `Character.isNewline`.
    static func mayHoldLineBreak(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { bytes in bytes.contains { $0 >= 0x80 || ($0 >= 0x0A && $0 <= 0x0D) } }
    }

    /// Characters, as the table counts them: bytes for ASCII (most cells), else `count`.
    static func width(_ s: String) -> Int {
        var s = s
        return s.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } ? bytes.count : nil } ?? s.count
    }

    /// `Label:` padded to `column`, then the value: the detail views of project, activity and report.
    public static func labelled(_ rows: [(String, String)], column: Int) -> String {
        rows.map { "\($0.0):" + String(repeating: " ", count: max(1, column - $0.0.count)) + $0.1 }.joined(separator: "\n") + "\n"
    }

    static func trimTrailing(_ s: String) -> String {
        // Byte by byte from the end (a space is one UTF-8 byte, never part of another character):
        // dropping Characters one at a time costs the whole line each time on a wrapped row's
        // continuation lines, whose empty cells are all spaces.
        let utf8 = s.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x20 { end = utf8.index(before: end) }
        return end == utf8.endIndex ? s : String(decoding: utf8[..<end], as: UTF8.self)
    }

    /// Splits at spaces to fit `width`; a single word longer than the width is broken.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard Self.width(text) > width, width > 0 else { return [text] }
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            if !line.isEmpty, line.count + 1 + word.count > width { lines.append(line); line = "" }
            while word.count > width {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(width))); word = word.dropFirst(width)
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
