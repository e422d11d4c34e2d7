import AkkordSupport
import AkkordModel

/// A project read for a change to a few of its lines (`add`, `edit`, `remove`), so that a change
/// to one line of 100,000 costs about one read and one write of the file: the streaming reader
/// checks every line in its pass (as for a report), keeps only the lines the change names as
/// `Line`s (the window: `lines`), and notes where every line is. At commit the changed
/// project's lines are the file's, in order, with the window's as the change left them and any
/// new ones after them; the lines outside the window are copied from the file as they are when
/// they are in akkord's own form (`ProjectLineScanner.lineIsStoredForm`), else written again
/// from what was read. The result is the file `ProjectCodec.write` would make of the whole
/// project, byte for byte.
package struct LineWindow {
    let file: MappedFile
    /// The project's members but its lines, as read.
    package let head: ProjectHead
    /// The window's lines, as read, in file order.
    package let lines: [Line]
    package let places: [LinePlace]
    /// The index in the file of each line of the window, ascending.
    let windowIndices: [Int]
    let amounts: LineAmounts
    /// Σ the amounts of all the lines as read.
    package let subtotal: Money

    /// Lines of the changed project: a run of lines of the file left as they were (by their
    /// indices there), or one line of the window or a new one, with the line as read when it was
    /// in the window.
    enum Row {
        case kept(Range<Int>)
        case line(Line, read: Line?)
    }

    /// The lines of `staged` (this window's project, changed): see the type's description.
    struct Rows: Sequence {
        let window: LineWindow
        let changed: [Int: Line]
        let added: [Line]

        init(_ window: LineWindow, staged: Project) {
            self.window = window
            let ids = Set(window.lines.map(\.id))
            var changed: [Int: Line] = [:], added: [Line] = []
            for l in staged.lines { if ids.contains(l.id) { changed[l.id] = l } else { added.append(l) } }
            self.changed = changed
            self.added = added
        }

        /// How many lines the changed project has.
        var count: Int { window.places.count - window.windowIndices.count + changed.count + added.count }

        struct Iterator: IteratorProtocol {
            let rows: Rows
            var index = 0, nextWindow = 0, nextAdded = 0
            mutating func next() -> Row? {
                let window = rows.window
                while index < window.places.count {
                    let nextRead = nextWindow < window.windowIndices.count ? window.windowIndices[nextWindow] : window.places.count
                    if index < nextRead {
                        defer { index = nextRead }
                        return .kept(index..<nextRead)
                    }
                    index += 1
                    let read = window.lines[nextWindow]
                    nextWindow += 1
                    // A window line the change removed is left out.
                    if let line = rows.changed[read.id] { return .line(line, read: read) }
                }
                guard nextAdded < rows.added.count else { return nil }
                nextAdded += 1
                return .line(rows.added[nextAdded - 1], read: nil)
            }
        }
        func makeIterator() -> Iterator { Iterator(rows: self) }
    }

    /// The changed project's problems (`ProjectRules`), and its line count and subtotal when it has none.
    package func check(_ staged: Project) -> (problems: [Problem], count: Int, subtotal: Money) {
        let rows = Rows(self, staged: staged)
        var rules = ProjectRules.LineRules(nextId: staged.nextIds["line"] ?? 1, count: rows.count)
        // The lines of the window and the new ones, for the bases when a supplement has a scope.
        let needsLines = staged.supplements.contains { !$0.scope.isAll }
        var changed = LineAmounts(sectionsOf: amounts)
        let maker = LineViewMaker()
        var n = 0
        for row in rows {
            switch row {
            case .kept(let kept):
                for i in kept {
                    let (id, _, amount) = amounts.line(i)
                    rules.check(keptId: id, amount: amount, at: n)
                    n += 1
                }
            case .line(let line, let read):
                // A window line the change left as it was keeps the rules on its own (it was read so).
                if line == read { rules.check(keptId: line.id, amount: line.amount, at: n) } else { rules.check(maker.view(of: line), at: n) }
                if needsLines { changed.add(line) }
                n += 1
            }
        }
        // Without a subtotal (the lines' problems say why) no base is asked for.
        let subtotal = rules.checkedSubtotal ?? .zero
        let problems = ProjectRules.problems(ProjectHead(staged), lines: rules) { (s) throws(SumTooLargeError) in
            // The file's lines, less the window's as read, plus the window's and the new ones as changed.
            var sums = amounts.scopedSums(of: s)
            if needsLines {
                var read = LineAmounts(sectionsOf: amounts)
                for l in lines { read.add(l) }
                for (i, part) in read.scopedSums(of: s).enumerated() { sums[i].subtract(part) }
                for (i, part) in changed.scopedSums(of: s).enumerated() { sums[i].add(part) }
            }
            return try LineAmounts.bases(of: s, subtotal: subtotal, scopedSums: sums)
        }
        return (problems, n, subtotal)
    }

    /// Writes the changed project's file; throws when a line copied from the file is not where
    /// the reader found it (another program wrote the file in place meanwhile), before anything
    /// replaces the file.
    package func write(_ staged: Project, lineCount: Int, subtotal: Money, to out: ByteOutput, source: String) throws {
        var failure: InvalidDataError?
        ProjectCodec.write(staged, lineCount: lineCount, subtotal: subtotal, to: out) { out in
            do throws(InvalidDataError) { try writeLines(staged, to: out, source: source) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// The `lines` array as `JSONWriter.writeRows` lays it out (`[`, then each line on a row of
    /// its own after four spaces, rows separated by commas, `]` indented by two). A run of lines
    /// that stand so in the file, each in akkord's form or written again to the same bytes (a
    /// text with escapes), is copied in one piece of up to 4 MiB.
    private func writeLines(_ staged: Project, to out: ByteOutput, source: String) throws(InvalidDataError) {
        let bytes = file.bytes
        let rewritten = ByteOutput()
        var first = true
        var run: (start: Int, end: Int)? = nil
        var released = 0
        func flush() {
            guard let r = run else { return }
            out.write(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[r.start..<r.end]))
            run = nil
            // Pages copied are handed back every 4 MiB, so a change to a large file stays small.
            if r.end - released >= 1 << 22 { file.release(released..<r.end); released = r.end }
        }
        func separate() {
            out.write(first ? "[\n    " : ",\n    ")
            first = false
        }
        for row in Rows(self, staged: staged) {
            switch row {
            case .kept(let lines):
                for i in lines {
                    let place = places[i]
                    guard place.stands(in: bytes) else { throw .linesChangedInPlace(source: source) }
                    if !place.isStoredForm {
                        rewritten.removeAll()
                        var decoder = LineDecoder(bytes, lineAt: place.start)
                        guard let view = (try? decoder.next()) ?? nil else { throw .linesChangedInPlace(source: source) }
                        view.writeJSON(.stored, to: rewritten)
                        if !rewritten.holds(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[place.start..<place.end])) {
                            flush()
                            separate()
                            out.write(rewritten)
                            continue
                        }
                    }
                    if let r = run, r.end - r.start < 1 << 22, Self.isRowSeparator(bytes, r.end, place.start) { run = (r.start, place.end); continue }
                    flush()
                    separate()
                    run = (place.start, place.end)
                }
            case .line(let line, _):
                flush()
                separate()
                line.withView { $0.writeJSON(.stored, to: out) }
            }
        }
        flush()
        out.write(first ? "[]" : "\n  ]")
    }

    /// Whether the bytes between `end` and `next` are the separator `writeLines` puts between rows.
    private static func isRowSeparator(_ bytes: UnsafeBufferPointer<UInt8>, _ end: Int, _ next: Int) -> Bool {
        guard next - end == 6 else { return false }
        return bytes[end] == UInt8(ascii: ",") && bytes[end + 1] == 0x0A && bytes[end + 2] == 0x20 && bytes[end + 3] == 0x20
            && bytes[end + 4] == 0x20 && bytes[end + 5] == 0x20
    }

}

extension Store {
    /// The project `id` read for a change to the lines `wanted` (see `LineWindow`).
    package func loadLineWindow(_ id: String, wanted: Set<Int>) throws -> LineWindow {
        let file = try mapProjectFile(id)
        return LineWindow(file, try readProjectFile(id, file, keeping: .window(wanted)))
    }
}

extension Store {
    /// Writes a project's file as `ProjectCodec` lays it out, encoded straight into the
    /// temporary file of an atomic write (a project may be 25 MB).
    package func writeProject(_ p: Project) throws {
        try write(to: projectFile(p.id)) { try ProjectCodec.write(p, to: $0) }
    }

    /// Writes a project read through `window` (its `lines` the window's, changed): the other
    /// lines copied from the file the window read (`source`, the project's file when nil).
    package func writeProject(_ p: Project, linesFrom window: LineWindow, lineCount: Int, subtotal: Money, source: String?) throws {
        let path = projectFile(p.id)
        try write(to: path) { try window.write(p, lineCount: lineCount, subtotal: subtotal, to: $0, source: source ?? path) }
    }
}

extension LineWindow {
    init(_ file: MappedFile, _ read: ProjectReader.Read) {
        self.init(file: file, head: read.head, lines: read.kept, places: read.places, windowIndices: read.keptIndices,
                  amounts: read.amounts, subtotal: read.subtotal)
    }
}

extension LineWindow {
    /// The project as a change through this window sees it: the head, and as its `lines` only
    /// the window's, which the change may edit, remove or add to. The one kind of `Project`
    /// whose lines are not all of them: it lives inside a `Transaction`, which writes it back
    /// through this window (`Store.writeProject(_:linesFrom:…)`), the other lines from the file.
    package var changeable: Project { head.with(lines: lines) }

    /// What `project list` shows of the project after the change `staged` made to the window's lines.
    package func listEntry(after staged: Project) throws(SumTooLargeError) -> ProjectListEntry {
        ProjectListEntry(ProjectHead(staged), lineCount: Rows(self, staged: staged).count, subtotal: try subtotal(after: staged))
    }

    /// The subtotal of all the lines after the change `staged` made to the window's: exact, as
    /// the commit's check adds it up (which refuses one beyond the largest amount).
    package func subtotal(after staged: Project) throws(SumTooLargeError) -> Money {
        var sum = Sum(subtotal)
        for l in lines { sum.subtract(l.amount) }
        for l in staged.lines { sum.add(l.amount) }
        return try sum.value("lines")
    }
}
