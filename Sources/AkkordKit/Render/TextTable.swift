import AkkordSupport
import AkkordModel

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

        /// The bytes of a line of the table but its cells' own: the columns' widths, the gaps and the line break.
        let paddedWidth: Int

        package init(widths: [Int], gap: Int) {
            self.widths = widths
            self.gap = gap
            paddedWidth = widths.reduce(1) { $0 + $1 + gap }
        }
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
        var widths = columns.map { _ in 0 }
        for cells in rows {
            for (i, c) in cells.enumerated() where i < widths.count { widths[i] = max(widths[i], Self.width(c)) }
        }
        return layout(widths: widths)
    }

    /// The layout for rows whose widest cells, column by column, are `contentWidths` wide
    /// (`RowBytes.widen` gathers them); the titles count too.
    public func layout(widths contentWidths: [Int]) -> Layout {
        var widths = columns.indices.map { max(Self.width(columns[$0].title), $0 < contentWidths.count ? contentWidths[$0] : 0) }
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
    package static func width(_ s: String) -> Int {
        var s = s
        return s.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } ? bytes.count : nil } ?? s.count
    }

    /// `Label:` padded to `column`, then the value: the detail views of project, activity and report.
    /// `Label:` and its value from `column` on, each row within `width`: a long value (an
    /// address, a name) is wrapped, and so is each line of a value with line breaks (a note),
    /// every line after the first starting at the value's column.
    public static func labelled(_ rows: [(String, String)], column: Int, width: Int = defaultWidth) -> String {
        rows.map { label, value in
            let start = label.count + 1 + max(1, column - label.count)
            let lines = value.split(separator: "\n", omittingEmptySubsequences: false).flatMap { wrap(String($0), width: max(20, width - start)) }
            return "\(label):" + String(repeating: " ", count: start - label.count - 1) + lines.joined(separator: "\n" + String(repeating: " ", count: start))
        }.joined(separator: "\n") + "\n"
    }

    package static func trimTrailing(_ s: String) -> String {
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
            // Counted once: a word of a million characters is cut in one pass, not one per piece.
            var left = word.count
            if !line.isEmpty, line.count + 1 + left > width { lines.append(line); line = "" }
            while left > width {
                if !line.isEmpty { lines.append(line); line = "" }
                let cut = word.index(word.startIndex, offsetBy: width)
                lines.append(String(word[..<cut])); word = word[cut...]; left -= width
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension TextTable {
    /// One row's cells as UTF-8 bytes with their widths, made without a `String` per cell (the
    /// rows of the long tables); one buffer serves row after row. A cell is put together from
    /// parts and holds exactly the bytes of the `String` cell it stands for; only a cell with a
    /// part of unknown width (not ASCII, or a line break) is read as a `String` to measure it.
    public struct RowBytes {
        /// `measuring` takes the widths as `layout(measuring:)` does; `writing` first shows line
        /// breaks as spaces, as `writeRow` does.
        public enum Pass { case measuring, writing }
        public let pass: Pass
        // Buffers kept from row to row, used up to `used` and `count`: no array grows or
        // shrinks for a row.
        private var storage = [UInt8](repeating: 0, count: 1024)
        private var used = 0
        private var cellEnds = [Int](repeating: 0, count: 8)
        private var cellWidths = [Int](repeating: 0, count: 8)
        public private(set) var count = 0
        /// The open cell's width, while each part so far had a known width and no line break.
        private var width = 0
        private var known = true

        public init(_ pass: Pass) { self.pass = pass }

        public mutating func removeAll() {
            used = 0
            count = 0
            width = 0
            known = true
        }

        private mutating func copy(_ part: UnsafeBufferPointer<UInt8>) {
            guard let source = part.baseAddress, !part.isEmpty else { return }
            if used + part.count > storage.count { storage += repeatElement(0, count: max(part.count, storage.count)) }
            storage.withUnsafeMutableBufferPointer { $0.baseAddress!.advanced(by: used).update(from: source, count: part.count) }
            used += part.count
        }

        /// Printable ASCII, known to be (a figure, a plain text from a file).
        mutating func appendPrintable(_ part: UnsafeBufferPointer<UInt8>) {
            copy(part)
            width += part.count
        }

        /// Counted from the bytes when `scalarCharacters` can; any other text is measured as a
        /// `String` in `endCell`.
        public mutating func append(_ part: UnsafeBufferPointer<UInt8>) {
            copy(part)
            guard known else { return }
            if let characters = TextTable.scalarCharacters(part) { width += characters } else { known = false }
        }

        public mutating func append(_ text: TextSlice) {
            if text.isPlainASCII { text.withUTF8 { appendPrintable($0) } } else { text.withUTF8 { append($0) } }
        }

        public mutating func append(_ figure: FigureText) { figure.withBytes { appendPrintable($0) } }

        /// ASCII without line breaks.
        public mutating func append(_ literal: StaticString) {
            appendPrintable(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        /// A literal without line breaks that is `width` characters wide (`m²`).
        public mutating func append(_ literal: StaticString, width w: Int) {
            copy(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
            width += w
        }

        public mutating func endCell() {
            let start = count == 0 ? 0 : cellEnds[count - 1]
            if !known {
                var cell = String(decoding: storage[start..<used], as: UTF8.self)
                if pass == .writing, TextTable.mayHoldLineBreak(cell), cell.contains(where: \.isNewline) {
                    cell = String(cell.map { $0.isNewline ? " " : $0 })
                    used = start
                    cell.withUTF8 { copy($0) }
                }
                width = TextTable.width(cell)
            }
            if count == cellEnds.count {
                cellEnds += repeatElement(0, count: count)
                cellWidths += repeatElement(0, count: count)
            }
            cellEnds[count] = used
            cellWidths[count] = width
            count += 1
            width = 0
            known = true
        }

        /// Each cell as wide as the widest so far in its column.
        public func widen(_ columnWidths: inout [Int]) {
            for i in 0..<min(count, columnWidths.count) where cellWidths[i] > columnWidths[i] { columnWidths[i] = cellWidths[i] }
        }

        package func range(_ i: Int) -> Range<Int> { (i == 0 ? 0 : cellEnds[i - 1])..<cellEnds[i] }
        package func width(_ i: Int) -> Int { cellWidths[i] }

        /// The cells' widths, in characters as `TextTable.width` counts them.
        public var widths: [Int] { Array(cellWidths[..<count]) }

        /// The cells as the `String`s they stand for.
        public var cells: [String] { (0..<count).map { String(decoding: storage[range($0)], as: UTF8.self) } }

        package func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T { storage.withUnsafeBufferPointer(body) }
    }

    /// `writeRow(row.cells, …)`, from the bytes: a row whose wrapping cells fit goes straight
    /// out (most rows of a long table), one whose overflowing cells are ASCII is wrapped byte by
    /// byte as `wrap` does, any other is written by `writeRow`.
    public func write(_ row: RowBytes, _ layout: Layout, to out: ByteOutput) {
        precondition(row.pass == .writing && row.count == columns.count)
        let overflows = columns.indices.contains { columns[$0].wraps && row.width($0) > layout.widths[$0] }
        row.withBytes { bytes in
            guard overflows else {
                writeLine(layout, to: out) { (UnsafeBufferPointer(rebasing: bytes[row.range($0)]), row.width($0)) }
                return
            }
            // Each column's lines of text: the cell itself, or the pieces of an overflowing one.
            var pieces: [UInt8] = [], lines: [[Range<Int>]] = []
            for i in columns.indices {
                let cell = UnsafeBufferPointer(rebasing: bytes[row.range(i)])
                guard columns[i].wraps, row.width(i) > layout.widths[i], layout.widths[i] > 0 else { lines.append([]); continue }
                guard Self.scalarCharacters(cell) != nil else {
                    writeRow(row.cells, layout, to: out)
                    return
                }
                lines.append(Self.wrapScalars(cell, width: layout.widths[i], into: &pieces))
            }
            pieces.withUnsafeBufferPointer { pieces in
                let height = columns.indices.map { columns[$0].wraps && row.width($0) > layout.widths[$0] && layout.widths[$0] > 0 ? lines[$0].count : 1 }.max() ?? 1
                for k in 0..<height {
                    writeLine(layout, to: out) { i in
                        if columns[i].wraps, row.width(i) > layout.widths[i], layout.widths[i] > 0 {
                            guard k < lines[i].count else { return (UnsafeBufferPointer(rebasing: pieces[0..<0]), 0) }
                            let piece = UnsafeBufferPointer(rebasing: pieces[lines[i][k]])
                            return (piece, Self.scalarCharacters(piece) ?? 0)
                        }
                        return k == 0 ? (UnsafeBufferPointer(rebasing: bytes[row.range(i)]), row.width(i)) : (UnsafeBufferPointer(rebasing: bytes[0..<0]), 0)
                    }
                }
            }
        }
    }

    /// The characters of UTF-8 `text` when each is one Unicode scalar that joins no neighbour:
    /// ASCII but a line break, and U+00A0–U+00FF (æ, ø, å, ², two bytes each); nil for any
    /// other text (combining marks, emoji, line breaks), which must be read as a `String`.
    package static func scalarCharacters(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = text.baseAddress else { return 0 }
        let n = text.count
        var characters = 0, i = 0
        while i < n {
            if n - i >= 8 {
                // Eight bytes at a time: each one ASCII and not a line break (0x0A–0x0D) is a
                // character; the bytes before the first that is not are too. Adding 0x76 sets the
                // high bit of a byte from 0x0A up, adding 0x72 from 0x0E up; an ASCII byte carries
                // nothing into the next, so the flags up to the first non-ASCII byte are exact.
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let high: UInt64 = 0x8080_8080_8080_8080
                let flags = (word | ((word &+ 0x7676_7676_7676_7676) & ~(word &+ 0x7272_7272_7272_7272))) & high
                guard flags != 0 else { i += 8; characters += 8; continue }
                let before = flags.trailingZeroBitCount >> 3
                i += before
                characters += before
            }
            let b = base[i]
            if b < 0x80, b < 0x0A || b > 0x0D {
                i += 1
            } else if (b == 0xC3 || b == 0xC2) && i + 1 < n && (b == 0xC3 || base[i + 1] >= 0xA0) {
                i += 2
            } else {
                return nil
            }
            characters += 1
        }
        return characters
    }

    /// `writeLine` from bytes: `cell` gives each column's text and its width.
    private func writeLine(_ layout: Layout, to out: ByteOutput, _ cell: (Int) -> (UnsafeBufferPointer<UInt8>, Int)) {
        var pending = 0
        func put(_ text: UnsafeBufferPointer<UInt8>) {
            var end = text.count
            while end > 0, text[end - 1] == 0x20 { end -= 1 }
            if end == 0 { pending += text.count; return }
            out.write(spaces: pending)
            out.write(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[..<end])))
            pending = text.count - end
        }
        for i in columns.indices {
            if i > 0 { pending += layout.gap }
            let (text, width) = cell(i)
            let pad = max(0, layout.widths[i] - width)
            if columns[i].alignment == .right { pending += pad; put(text) } else { put(text); pending += pad }
        }
        out.write(byte: 0x0A)
    }

    /// `wrap(text, width:)` for a text of which `scalarCharacters` knows the characters (a
    /// scalar is a character): the lines are appended to `pieces`, their ranges there returned.
    /// `text` is wider than `width` > 0.
    package static func wrapScalars(_ text: UnsafeBufferPointer<UInt8>, width: Int, into pieces: inout [UInt8]) -> [Range<Int>] {
        let start = pieces.count
        pieces.append(contentsOf: text)
        var lines: [Range<Int>] = []
        pieces.withUnsafeMutableBufferPointer { wrapScalars($0, start..<$0.count, width: width) { line, _ in lines.append(line) } }
        pieces.removeSubrange((lines.last?.upperBound ?? start)...)
        return lines
    }

    /// `wrap(text, width:)` in place, for the text in `bytes[text]` of which `scalarCharacters`
    /// knows the characters, wider than `width` > 0: the lines are moved to the front of the
    /// text (they are never longer: runs of spaces become one), each given to `line` with its
    /// range in `bytes` and its characters.
    static func wrapScalars(_ bytes: UnsafeMutableBufferPointer<UInt8>, _ text: Range<Int>, width: Int, line: (Range<Int>, Int) -> Void) {
        func isScalarStart(_ b: UInt8) -> Bool { b & 0xC0 != 0x80 }
        // Where the next byte of the lines goes: never after the byte being read.
        var to = text.lowerBound
        var lineStart = to, lineCharacters = 0
        func endLine() { line(lineStart..<to, lineCharacters); lineStart = to; lineCharacters = 0 }
        func move(_ from: Int, _ end: Int) {
            if to != from { (bytes.baseAddress! + to).update(from: bytes.baseAddress! + from, count: end - from) }
            to += end - from
        }
        var i = text.lowerBound
        while i < text.upperBound {
            guard bytes[i] != 0x20 else { i += 1; continue }
            var start = i, characters = 0
            while i < text.upperBound, bytes[i] != 0x20 {
                if isScalarStart(bytes[i]) { characters += 1 }
                i += 1
            }
            if lineCharacters > 0, lineCharacters + 1 + characters > width { endLine() }
            while characters > width {
                if lineCharacters > 0 { endLine() }
                var end = start, taken = 0
                while taken < width { end += 1; while end < i, !isScalarStart(bytes[end]) { end += 1 }; taken += 1 }
                move(start, end)
                lineCharacters = width
                endLine()
                start = end
                characters -= width
            }
            if lineCharacters > 0 { bytes[to] = 0x20; to += 1; lineCharacters += 1 }
            move(start, i)
            lineCharacters += characters
        }
        if lineCharacters > 0 { endLine() }
    }
}

extension TextTable {
    /// `write(row, layout, to: out)` for a row whose cells' widths are known without making the
    /// row (`width(i)`, characters as `TextTable.width` counts them, no line breaks) and whose
    /// wrapping cells fit: the line is put straight into the output by `put(i, &cursor)`, cell
    /// by cell, at most `room` bytes of cells. False, and nothing written, when a wrapping cell
    /// does not fit (the row is then wrapped by `writeMeasured`, or made and written by `write`).
    @inline(__always)
    package func writeFitting(_ layout: Layout, room: Int, to out: ByteOutput, width: (Int) -> Int, put: (Int, inout ByteCursor) -> Void) -> Bool {
        var padded = 1
        for i in columns.indices {
            if columns[i].wraps, width(i) > layout.widths[i] { return false }
            padded += layout.widths[i] + layout.gap
        }
        out.withCursor(room: room + padded) { putLine(layout, into: &$0, width: width, put: put) }
        return true
    }

    /// `writeMeasured` for a row whose cells are measured as they are put, each once: cell `i`
    /// is put by `put(i, &cursor)`, which gives its width (nil when its bytes do not tell it).
    /// A right-aligned cell is put where a left-aligned one would be and moved right by its
    /// padding; one left-aligned wrapping cell that overflows is wrapped as `write` wraps it
    /// (in `wrapping`'s buffers), its later lines written after the row's first. At most `room`
    /// bytes of cells. False, and nothing written, when a width is unknown or the row needs
    /// more (two overflowing cells: `writeMeasured` then writes it).
    @inline(__always)
    package func writeFitting(_ layout: Layout, room: Int, to out: ByteOutput, wrapping w: inout Wrapping,
                              put: (Int, inout ByteCursor) -> Int?) -> Bool {
        var written = false
        // The wrapped cell's column, where its later lines start and how many there are.
        var wrapped: (column: Int, offset: Int, lines: Int)? = nil
        out.withCursor(room: room + layout.paddedWidth) { c in
            let lineStart = c.at
            var pending = 0, offset = 0
            for i in columns.indices {
                if i > 0 { pending += layout.gap; offset += layout.gap }
                let columnWidth = layout.widths[i]
                // Where the spaces before the cell begin: a cell of spaces only takes them back too.
                let start = c.at
                c.put(spaces: pending)
                let content = c.at
                guard var cellWidth = put(i, &c) else { c = ByteCursor(lineStart); return }
                if columns[i].wraps, cellWidth > columnWidth {
                    guard wrapped == nil, columns[i].alignment == .left, columnWidth > 0 else { c = ByteCursor(lineStart); return }
                    let lines = Self.wrapAside(UnsafeBufferPointer(start: content, count: content.distance(to: c.at)), width: columnWidth, into: &w)
                    // A cell of spaces only has no lines: `write` may then write no line at all.
                    guard lines > 0 else { c = ByteCursor(lineStart); return }
                    c = ByteCursor(content)
                    let first = w.lines[0]
                    w.bytes.withUnsafeBufferPointer { c.put(UnsafeBufferPointer(rebasing: $0[first.bytes])) }
                    cellWidth = first.width
                    wrapped = (i, offset, lines)
                }
                offset += columnWidth
                guard cellWidth > 0 else {
                    c = ByteCursor(start)
                    pending += columnWidth
                    continue
                }
                let pad = max(0, columnWidth - cellWidth)
                if columns[i].alignment == .right, pad > 0 {
                    ByteCursor.move(content.distance(to: c.at), from: content, to: content + pad)
                    var spaces = ByteCursor(content)
                    spaces.put(spaces: pad)
                    c.advance(pad)
                }
                let end = c.at
                c.dropTrailingSpaces(after: start)
                pending = c.at.distance(to: end)
                if columns[i].alignment == .left { pending += pad }
            }
            c.put(0x0A)
            written = true
        }
        if written, let wrapped, wrapped.lines > 1 {
            // The wrapped cell's later lines, the other cells empty: the spaces of the columns
            // before it, then the line (which ends in no space).
            let lines = w.lines[1..<wrapped.lines]
            let bytes = lines.reduce(0) { $0 + $1.bytes.count }
            w.bytes.withUnsafeBufferPointer { pieces in
                out.withCursor(room: bytes + lines.count * (wrapped.offset + 1)) { c in
                    for line in lines {
                        c.put(spaces: wrapped.offset)
                        c.put(UnsafeBufferPointer(rebasing: pieces[line.bytes]))
                        c.put(0x0A)
                    }
                }
            }
        }
        return written
    }

    /// `text` (as `scalarCharacters` measures it, wider than `width` > 0) copied into
    /// `w.bytes` and wrapped there: its lines are the first ones of `w.lines`; how many.
    static func wrapAside(_ text: UnsafeBufferPointer<UInt8>, width: Int, into w: inout Wrapping) -> Int {
        if w.bytes.count < text.count { w.bytes = [UInt8](repeating: 0, count: max(text.count, 2 * w.bytes.count)) }
        var count = 0
        w.bytes.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.update(from: text.baseAddress!, count: text.count)
            wrapScalars(bytes, 0..<text.count, width: width) { line, characters in
                if count == w.lines.count { w.lines += repeatElement((bytes: 0..<0, width: 0), count: max(8, count)) }
                w.lines[count] = (line, characters)
                count += 1
            }
        }
        return count
    }

    /// Buffers kept from row to row for the rows `writeMeasured` wraps, used up to `lineCount`
    /// and `columns.count`: no array grows or shrinks for a row.
    package struct Wrapping {
        /// The overflowing cells' bytes, each wrapped in place (`wrapScalars`).
        fileprivate var bytes: [UInt8] = []
        /// Their lines: where each is in `bytes`, and its characters.
        fileprivate var lines: [(bytes: Range<Int>, width: Int)] = []
        fileprivate var lineCount = 0
        /// Each column's lines, a range of `lines`; nil for a cell that is not wrapped.
        fileprivate var columnLines: [Range<Int>?] = []
        package init() {}
    }

    /// `writeFitting` for any such row: one whose wrapping cells overflow is wrapped as `write`
    /// wraps it, in `wrapping`'s buffers. The bytes of an overflowing cell must be ones
    /// `scalarCharacters` measures (as `width(i)` counts them).
    @inline(__always)
    package func writeMeasured(_ layout: Layout, room: Int, to out: ByteOutput, wrapping: inout Wrapping, width: (Int) -> Int,
                       put: (Int, inout ByteCursor) -> Void) {
        if !writeFitting(layout, room: room, to: out, width: width, put: put) {
            writeWrapped(layout, room: room, to: out, wrapping: &wrapping, width: width, put: put)
        }
    }

    private func writeWrapped(_ layout: Layout, room: Int, to out: ByteOutput, wrapping w: inout Wrapping, width: (Int) -> Int,
                              put: (Int, inout ByteCursor) -> Void) {
        // The overflowing cells (at most `room` bytes) are put aside and wrapped there first:
        // the row's height is then known, and so the room its lines take.
        if w.bytes.count < room { w.bytes = [UInt8](repeating: 0, count: max(room, 2 * w.bytes.count)) }
        if w.columnLines.count < columns.count { w.columnLines = Array(repeating: nil, count: columns.count) }
        w.lineCount = 0
        var height = 0, padded = 1, used = 0
        w.bytes.withUnsafeMutableBufferPointer { bytes in
            for i in columns.indices {
                padded += layout.widths[i] + layout.gap
                guard columns[i].wraps, layout.widths[i] > 0, width(i) > layout.widths[i] else {
                    w.columnLines[i] = nil
                    height = max(height, 1)
                    continue
                }
                var c = ByteCursor(bytes.baseAddress! + used)
                put(i, &c)
                let end = bytes.baseAddress!.distance(to: c.at), first = w.lineCount
                assert(Self.scalarCharacters(UnsafeBufferPointer(rebasing: bytes[used..<end])) == width(i))
                Self.wrapScalars(bytes, used..<end, width: layout.widths[i]) { line, characters in
                    if w.lineCount == w.lines.count { w.lines += repeatElement((bytes: 0..<0, width: 0), count: max(8, w.lineCount)) }
                    w.lines[w.lineCount] = (line, characters)
                    w.lineCount += 1
                }
                used = end
                w.columnLines[i] = first..<w.lineCount
                height = max(height, w.lineCount - first)
            }
        }
        w.bytes.withUnsafeBufferPointer { bytes in
            out.withCursor(room: room + height * padded) { c in
                for k in 0..<height {
                    // Line k of a wrapped cell; the other cells are on the first line only.
                    func piece(_ i: Int) -> (bytes: Range<Int>, width: Int)? {
                        guard let lines = w.columnLines[i] else { return nil }
                        return k < lines.count ? w.lines[lines.lowerBound + k] : (0..<0, 0)
                    }
                    putLine(layout, into: &c, width: { i in piece(i)?.width ?? (k == 0 ? width(i) : 0) }, put: { i, c in
                        if let p = piece(i) { c.put(UnsafeBufferPointer(rebasing: bytes[p.bytes])) } else { put(i, &c) }
                    })
                }
            }
        }
    }

    /// One line of a row, in room `ByteOutput.withCursor` made: each cell `width(i)` wide, put
    /// by `put(i, &cursor)` (only when not empty: 0 wide), padded to its column. As in
    /// `writeLine`, spaces are held back until something follows them.
    @inline(__always)
    private func putLine(_ layout: Layout, into c: inout ByteCursor, width: (Int) -> Int, put: (Int, inout ByteCursor) -> Void) {
        var pending = 0
        for i in columns.indices {
            if i > 0 { pending += layout.gap }
            let cellWidth = width(i), pad = max(0, layout.widths[i] - cellWidth)
            if columns[i].alignment == .right { pending += pad }
            if cellWidth > 0 {
                // A cell of spaces only takes back the spaces before it too.
                let start = c.at
                c.put(spaces: pending)
                put(i, &c)
                let end = c.at
                c.dropTrailingSpaces(after: start)
                pending = c.at.distance(to: end)
            }
            if columns[i].alignment == .left { pending += pad }
        }
        c.put(0x0A)
    }
}

extension TextSlice {
    /// The text's bytes and its width as a `TextTable.RowBytes` part counts it, when the text has
    /// no escapes and its bytes tell its width (`scalarCharacters`).
    @inline(__always) var measuredUnescaped: (bytes: UnsafeBufferPointer<UInt8>, width: Int)? {
        guard let bytes = unescapedBytes else { return nil }
        if plain { return (bytes, bytes.count) }
        guard let width = TextTable.scalarCharacters(bytes) else { return nil }
        return (bytes, width)
    }
}
