#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a project for a pass or two over its lines (reports, `lines`, `check`) without keeping
/// them: the file is mapped, checked once line by line with the same rules as `loadProject`
/// (`ProjectLineScanner`, `ProjectRules.LineRules`), and its lines are read again from it each
/// time a writer walks them.
extension ProjectCodec {
    /// The project with every member but its lines (which are `[]`), and its lines as a
    /// `ProjectLines` read from `file`; nil when the file is to be read whole by `decode`: any
    /// problem (so the message is that reader's), or a form the line scanner does not read
    /// (an escaped key or date in a line, no `lineCount` or `subtotal`, a count beyond the file).
    /// With `keepingLines`, the lines are made into `Line`s in the checking pass and returned as
    /// an array-backed `ProjectLines` (for a change, which needs them all): one pass fewer.
    /// `copyingJSON`: the pass notes where each line is, so that a JSON writer copies the lines in
    /// akkord's own form from the file instead of reading them again (`ProjectLines.writeJSON`).
    /// `observing` is shown each line as the pass checks it; when this returns nil it may have
    /// seen some of them.
    static func decodeStreaming(_ file: MappedFile, keepingLines: Bool = false, copyingJSON: Bool = false,
                                observing: ((LineView) -> Void)? = nil) -> (Project, ProjectLines)? {
        guard let read = readStreaming(file, keeping: keepingLines ? .all : copyingJSON ? .places : .none, observing: observing) else { return nil }
        let (project, pass, linesStart, subtotal, supplementBases) = (read.project, read.pass, read.linesStart, read.subtotal, read.supplementBases)
        let count = pass.count
        let hasCustom = pass.hasCustom, hasMeasurement = pass.hasMeasurement
        if keepingLines {
            // Lines the pass added up within the limit; any other sum is the whole-file reader's to name.
            guard let projectLines = try? ProjectLines(pass.kept) else { return nil }
            projectLines.remember(supplementBases, of: project.supplements)
            return (project, projectLines)
        }
        let health = StreamHealth()
        let start = linesStart
        let walk: () -> AnyIterator<LineView> = {
            var scanner = ProjectLineScanner(file.bytes, arrayAt: start, file: file)
            var n = 0
            return AnyIterator {
                if let line = scanner.next() { n += 1; return line }
                if scanner.failed || n != count { health.broken = true }
                return nil
            }
        }
        let eachView: ((LineView) -> Void) -> Void = { body in
            var scanner = ProjectLineScanner(file.bytes, arrayAt: start, file: file)
            var n = 0
            while let line = scanner.next() { n += 1; body(line) }
            if scanner.failed || n != count { health.broken = true }
        }
        let measuredAt = pass.measured
        let measuredWalk: () -> AnyIterator<LineView> = {
            var i = 0, released = measuredAt.first ?? 0
            return AnyIterator {
                guard i < measuredAt.count else { return nil }
                let at = measuredAt[i]
                // Measured lines are spread over the whole file: pages passed are handed back
                // every 4 MiB here too, or the walk would keep the file resident.
                if at - released >= 1 << 22 { file.release(released..<at); released = at }
                var scanner = ProjectLineScanner(file.bytes, lineAt: at, file: file)
                i += 1
                guard let line = scanner.next(), line.measurement != nil else { health.broken = true; return nil }
                return line
            }
        }
        let places = pass.places
        let copyJSON: (LineView.JSONMembers, ByteOutput, (Int) -> Void) -> Void = { members, out, separator in
            let bytes = file.bytes, raw = UnsafeRawBufferPointer(file.bytes)
            var released = places.first?.start ?? 0
            for (i, place) in places.enumerated() {
                let (start, end) = (place.start, place.end)
                if start - released >= 1 << 22 { file.release(released..<start); released = start }
                separator(i)
                guard place.stands(in: bytes) else { health.broken = true; return }
                guard place.isStoredForm else {
                    var scanner = ProjectLineScanner(bytes, lineAt: start)
                    guard let view = scanner.next() else { health.broken = true; return }
                    view.writeJSON(members, to: out)
                    continue
                }
                let measurement = place.measurement == 0 ? nil : start + Int(place.measurement)
                if members.sectionAndDate {
                    if measurement != nil || !members.nullMeasurement { out.write(UnsafeRawBufferPointer(rebasing: raw[start..<end])); continue }
                    out.write(UnsafeRawBufferPointer(rebasing: raw[start..<(end - 1)]))
                } else {
                    out.write(UnsafeRawBufferPointer(rebasing: raw[start..<(start + Int(place.section))]))
                    if let measurement { out.write(UnsafeRawBufferPointer(rebasing: raw[measurement..<end])); continue }
                    if !members.nullMeasurement { out.write(byte: UInt8(ascii: "}")); continue }
                }
                out.write(", \"measurement\": null}" as StaticString)
            }
        }
        let projectLines = ProjectLines(count: count, subtotal: subtotal, hasCustom: hasCustom, hasMeasurement: hasMeasurement,
                                        walk: walk, measuredWalk: measuredWalk, writeJSON: copyingJSON ? copyJSON : nil, eachView: eachView,
                                        intact: { !health.broken })
        projectLines.remember(supplementBases, of: project.supplements)
        return (project, projectLines)
    }

    /// A project file read by the streaming reader for a change to some of its lines: the lines
    /// whose ids are in `wanted` (those that exist) are the project's `lines`, in file order; the
    /// others stay in the file, checked, and are written back from it (`LineWindow`). Nil when
    /// the file is to be read whole.
    static func decodeForLineChange(_ file: MappedFile, wanted: Set<Int>) -> LineWindow? {
        guard let read = readStreaming(file, keeping: .window(wanted)), read.pass.amounts.isComplete else { return nil }
        var project = read.project
        project.lines = read.pass.kept
        return LineWindow(file: file, project: project, places: read.pass.places, windowIndices: read.pass.keptIndices,
                          amounts: read.pass.amounts, subtotal: read.subtotal)
    }

    private struct StreamRead {
        let project: Project
        let pass: LinePass
        let linesStart: Int
        let subtotal: Money
        let supplementBases: [Money]
    }

    /// The one pass of the streaming reader, and every rule checked; nil when the file is to be
    /// read whole (see `decodeStreaming`).
    private static func readStreaming(_ file: MappedFile, keeping: LinePass.Keeping, observing: ((LineView) -> Void)? = nil) -> StreamRead? {
        let buffer = file.bytes
        var scanner = JSONScanner(buffer: buffer)
        scanner.skipBOM()
        var object = JSONObject()
        var linesStart = -1, linesEnd = -1
        var pass: LinePass? = nil
        var history: [HistoryEntry]? = nil
        struct NotStreamable: Error {}
        // One pass: every member but the lines as a tree; the lines checked one by one where they
        // are, when `lineCount` and `nextIds` came before them (as akkord writes them), else
        // stepped over and checked after.
        do {
            guard scanner.peekByte() == UInt8(ascii: "{") else { return nil }
            try scanner.readObject { scanner, key in
                guard object[key] == nil else { throw NotStreamable() }
                if key == "history", scanner.peekByte() == UInt8(ascii: "["),
                   let read = HistoryScanner.read(buffer, arrayAt: scanner.index) {
                    // Straight into entries, no tree (anything unusual is read as a tree below).
                    history = read.entries
                    scanner.index = read.end
                    object.append(key, .array([]))
                    return
                }
                guard key == "lines" else {
                    let start = scanner.index
                    object.append(key, try scanner.readValue())
                    // The tree reader's strings trust the bytes to be UTF-8: checked here, member by member.
                    guard UTF8Check.firstInvalidIndex(UnsafeBufferPointer(rebasing: buffer[start..<scanner.index])) == nil else { throw NotStreamable() }
                    return
                }
                guard scanner.peekByte() == UInt8(ascii: "[") else { throw NotStreamable() }
                linesStart = scanner.index
                if let count = Self.declaredLineCount(object, bytes: buffer.count), let nextId = Self.declaredNextLineId(object) {
                    guard let checked = LinePass(file, arrayAt: linesStart, count: count, nextId: nextId, keeping: keeping, observing: observing) else {
                        throw NotStreamable()
                    }
                    pass = checked
                    linesEnd = checked.end
                } else {
                    guard let end = endOfArray(buffer, at: linesStart, file: file) else { throw NotStreamable() }
                    linesEnd = end
                }
                scanner.index = linesEnd
                object.append(key, .array([]))
            }
            try scanner.end()
        } catch { return nil }
        guard linesStart >= 0 else { return nil }
        file.release(0..<buffer.count)
        var f = FieldReader(object: object, path: "", problems: [])
        var project = decodeMembers(&f, lines: [], lineProblems: [])
        if let history { project.history = history }
        guard f.problems.isEmpty, let count = f.integer("lineCount"), count >= 0, count <= buffer.count / 32,
              let stored: Money = f.storedNumber("subtotal") else { return nil }
        let nextId = project.nextIds["line"] ?? 1
        if pass == nil {
            pass = LinePass(file, arrayAt: linesStart, count: count, nextId: nextId, keeping: keeping, observing: observing)
            file.release(0..<buffer.count)
        }
        // The pass was checked against what the members before the lines said; they must be what the whole file says.
        guard let pass, pass.count == count, pass.nextId == nextId, pass.end == linesEnd,
              let subtotal = pass.rules.checkedSubtotal, stored == subtotal else { return nil }
        let supplementBases: [Money]
        if let bases = pass.amounts.bases(of: project.supplements, subtotal: subtotal) { supplementBases = bases } else {
            var bases = SupplementBases(project.supplements)
            var lines = ProjectLineScanner(buffer, arrayAt: linesStart, file: file)
            while let line = lines.next() { bases.add(line) }
            file.release(0..<buffer.count)
            guard !lines.failed else { return nil }
            guard let checked = try? bases.bases(subtotal: Sum(subtotal)) else { return nil }
            supplementBases = checked
        }
        guard ProjectRules.problems(project, lines: pass.rules, bases: { _ in supplementBases }).isEmpty else { return nil }
        return StreamRead(project: project, pass: pass, linesStart: linesStart, subtotal: subtotal, supplementBases: supplementBases)
    }

    /// `lineCount` as read so far, when it is a plausible whole number (no line takes fewer than
    /// 32 bytes); the whole reader checks it again.
    private static func declaredLineCount(_ object: JSONObject, bytes: Int) -> Int? {
        guard case .number(let text)? = object["lineCount"], let n = Int(text), n >= 0, n <= bytes / 32 else { return nil }
        return n
    }

    /// `nextIds.line` as read so far (1 when `nextIds` has no `line`); nil before `nextIds`.
    private static func declaredNextLineId(_ object: JSONObject) -> Int? {
        guard let ids = object["nextIds"]?.objectValue else { return nil }
        guard let line = ids["line"] else { return 1 }
        guard case .number(let text) = line else { return nil }
        return Int(text)
    }

    /// Where the array at `start` ends (after its `]`), stepping over strings and nested values
    /// without reading them; the line scanner then reads the same bytes strictly and must end at
    /// the same place.
    static func endOfArray(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int, file: MappedFile? = nil) -> Int? {
        var i = start, depth = 0, released = start
        let n = buffer.count
        while i < n {
            let b = buffer[i]
            if i - released >= 1 << 22, let file {
                // Pages passed are handed back as the pass goes (see `ProjectLineScanner.next`).
                file.release(released..<i)
                released = i
            }
            if b == UInt8(ascii: "\"") {
                // To the closing quote: the next quote not escaped (after an even run of backslashes).
                var from = i + 1
                while true {
                    guard from < n, let q = memchr(buffer.baseAddress! + from, Int32(UInt8(ascii: "\"")), n - from) else { return nil }
                    let quote = buffer.baseAddress!.distance(to: q.assumingMemoryBound(to: UInt8.self))
                    var backslashes = 0
                    while quote - backslashes - 1 > i, buffer[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                    if backslashes % 2 == 0 { i = quote; break }
                    from = quote + 1
                }
            } else if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
                depth += 1
            } else if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return nil
    }
}

/// The checking pass over a project file's `lines` array: each line read by
/// `ProjectLineScanner` and checked by `ProjectRules.LineRules`; nil at the first line either
/// refuses (the file is then read whole, for that reader's message).
private struct LinePass {
    enum Keeping {
        case none
        /// Where each line is (`LinePlace`), for a JSON writer that copies them.
        case places
        /// Every line as a `Line` (a change that needs them all).
        case all
        /// The lines with these ids as `Line`s, and where every line is (a change to a few lines).
        case window(Set<Int>)
    }
    let count: Int
    let nextId: Int
    /// After the array's `]`.
    let end: Int
    let rules: ProjectRules.LineRules
    let amounts: LineAmounts
    let hasCustom: Bool
    let hasMeasurement: Bool
    /// The lines as `Line`s, when asked to keep them (all, or those of the window).
    let kept: [Line]
    /// For a window: the index of each kept line.
    let keptIndices: [Int]
    /// With `.places` and for a window: where each line is in the file.
    let places: [LinePlace]
    /// Where each line with a measurement begins, when the lines are not kept: the measurement
    /// appendix reads only those again.
    let measured: [Int]

    init?(_ file: MappedFile, arrayAt start: Int, count: Int, nextId: Int, keeping: Keeping, observing: ((LineView) -> Void)? = nil) {
        var rules = ProjectRules.LineRules(nextId: nextId, count: count)
        var amounts = LineAmounts(capacity: count)
        var n = 0, hasCustom = false, hasMeasurement = false
        var lines = ProjectLineScanner(file.bytes, arrayAt: start, file: file)
        var kept: [Line] = [], measured: [Int] = [], keptIndices: [Int] = [], places: [LinePlace] = []
        var wanted: Set<Int>? = nil
        var placing = false
        switch keeping {
        case .none: break
        case .places: placing = true
        case .all: kept.reserveCapacity(count)
        case .window(let ids): wanted = ids; placing = true
        }
        if placing { places.reserveCapacity(count) }
        // Most lines are not wanted: their ids are outside the wanted ones' range (no hashing).
        let lowestWanted = wanted?.min() ?? 0, highestWanted = wanted?.max() ?? -1
        let keepingAll = if case .all = keeping { true } else { false }
        while let line = lines.next() {
            guard n < count, rules.accepts(line) else { return nil }
            observing?(line)
            if placing { places.append(LinePlace(lines)) }
            if let wanted {
                if line.id >= lowestWanted, line.id <= highestWanted, wanted.contains(line.id) { kept.append(line.line); keptIndices.append(n) }
            } else if keepingAll { kept.append(line.line) } else if line.measurement != nil { measured.append(lines.lineStart) }
            amounts.add(line)
            n += 1
            hasCustom = hasCustom || line.custom
            hasMeasurement = hasMeasurement || line.measurement != nil
        }
        guard !lines.failed, n == count else { return nil }
        self.count = count; self.nextId = nextId; end = lines.endIndex
        self.rules = rules; self.amounts = amounts; self.hasCustom = hasCustom; self.hasMeasurement = hasMeasurement
        self.kept = kept
        self.keptIndices = keptIndices
        self.places = places
        self.measured = measured
    }
}

/// Where a line the scanner just gave is in the file (files are under 4 GiB), for the writers
/// that copy lines in akkord's own form (`ProjectLines.writeJSON`, `LineWindow`): 12 bytes a line.
struct LinePlace {
    private let offset: UInt32
    let length: UInt32
    /// Offsets from `start` of `, "section": ` and of `, "measurement": ` (0: none); a `section`
    /// of 0 marks a line not in akkord's form (or too long for the offsets), written again.
    let section: UInt16
    let measurement: UInt16

    var start: Int { Int(offset) }
    var end: Int { Int(offset) + Int(length) }
    /// Whether the line's bytes are exactly what akkord writes for it.
    var isStoredForm: Bool { section != 0 }

    /// The line still begins with `{` and ends with `}` in `bytes`: a cheap check that the file
    /// is as the pass found it (akkord replaces files, it never writes into them), which a file
    /// shortened or lengthened in place fails.
    func stands(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        end <= bytes.count && length >= 2 && bytes[start] == UInt8(ascii: "{") && bytes[end - 1] == UInt8(ascii: "}")
    }

    init(_ scanner: ProjectLineScanner) {
        let start = scanner.lineStart, end = scanner.lineEnd
        offset = UInt32(truncatingIfNeeded: start)
        length = UInt32(truncatingIfNeeded: end - start)
        if scanner.lineIsStoredForm, end - start <= Int(UInt16.max), start <= Int(UInt32.max) {
            section = UInt16(scanner.sectionAt - start)
            measurement = scanner.measurementAt < 0 ? 0 : UInt16(scanner.measurementAt - start)
        } else {
            (section, measurement) = (0, 0)
        }
    }
}

/// What the supplements' bases (SPEC §5) need of each line — id, section, amount — kept from
/// the checking pass, because the supplements come after the lines in the file: 14 bytes a line,
/// the sections once each (as the quoted bytes of the mapped file: only the checking pass adds
/// lines). `bases` is nil when a line did not fit (an id beyond 32 bits, more than 65,535
/// sections): the lines are then walked again for them.
struct LineAmounts {
    private var ids: [UInt32] = []
    private var sectionOf: [UInt16] = []
    private var amounts: [Int64] = []
    /// The distinct sections, as the quoted bytes in the file.
    private var sections: [UnsafeBufferPointer<UInt8>] = []
    private var last = -1
    private var complete = true

    init(capacity: Int) {
        ids.reserveCapacity(capacity); sectionOf.reserveCapacity(capacity); amounts.reserveCapacity(capacity)
    }

    mutating func add(_ line: LineView) {
        guard complete else { return }
        guard line.id <= Int(UInt32.max), let s = section(line.section.quoted) else {
            complete = false
            (ids, sectionOf, amounts) = ([], [], [])
            return
        }
        ids.append(UInt32(line.id))
        sectionOf.append(s)
        amounts.append(line.amount.raw)
    }

    private mutating func section(_ quoted: UnsafeBufferPointer<UInt8>) -> UInt16? {
        func same(_ a: UnsafeBufferPointer<UInt8>) -> Bool {
            a.count == quoted.count && memcmp(a.baseAddress!, quoted.baseAddress!, a.count) == 0
        }
        // Lines of one section often come together: the last one first.
        if last >= 0, same(sections[last]) { return UInt16(last) }
        if let i = sections.firstIndex(where: same) { last = i; return UInt16(i) }
        guard sections.count <= Int(UInt16.max) else { return nil }
        sections.append(quoted)
        last = sections.count - 1
        return UInt16(last)
    }

    /// Every line fitted (see `bases`).
    var isComplete: Bool { complete }
    /// The id, section (an index into `sectionNames`) and amount of line `i`, when complete.
    func line(_ i: Int) -> (id: Int, section: Int, amount: Money) {
        (Int(ids[i]), Int(sectionOf[i]), Money(raw: amounts[i]))
    }
    var sectionNames: [String] { sections.map { TextSlice(quoted: $0, escaped: true, plain: false).string } }

    func bases(of supplements: [Supplement], subtotal: Money) -> [Money]? {
        var bases = SupplementBases(supplements)
        // nil also for bases beyond the largest amount: the whole-file reader then names them.
        guard bases.needsLines else { return try? bases.bases(subtotal: Sum(subtotal)) }
        guard complete else { return nil }
        bases.add(ids.indices.lazy.map(line), of: bases.sections(sectionNames))
        return try? bases.bases(subtotal: Sum(subtotal))
    }
}

/// Whether a pass over a mapped file's lines found what the first pass found (another program
/// writing the file in place, which akkord never does, could change it between passes).
private final class StreamHealth {
    var broken = false
}

extension Store {
    /// A project and its lines for readers that walk the lines once or twice (see
    /// `ProjectCodec.decodeStreaming`); a file the streaming reader does not take is read whole
    /// (`loadProject`), with that reader's errors. The project's own `lines` are empty when
    /// streamed: read them from the `ProjectLines`.
    /// `copyingJSON`: for a writer of the lines' JSON (`ProjectLines.writeJSON`).
    /// `observing` is shown every line as the streaming reader checks it; `observed` says
    /// whether it saw them all (else the file was read whole, and it may have seen some).
    public func loadProjectForReading(_ id: String, copyingJSON: Bool = false, observing: ((LineView) -> Void)? = nil)
        throws -> (project: Project, lines: ProjectLines, observed: Bool) {
        if let streamed = try streamedProject(id, copyingJSON: copyingJSON, observing: observing) { return (streamed.project, streamed.lines, true) }
        let project = try readProjectFile(id, ProjectCodec.decode, id: \.id)
        return (project, try ProjectLines(project.lines), false)
    }

    /// The project and its lines from the streaming reader; nil when the file is to be read
    /// whole (a problem, or a form the streaming reader leaves to `decode`).
    func streamedProject(_ id: String, keepingLines: Bool = false, copyingJSON: Bool = false,
                         observing: ((LineView) -> Void)? = nil) throws -> (project: Project, lines: ProjectLines)? {
        let file = try mapProjectFile(id)
        guard let (project, lines) = ProjectCodec.decodeStreaming(file, keepingLines: keepingLines, copyingJSON: copyingJSON, observing: observing),
              project.id == id else { return nil }
        return (project, lines)
    }

    /// `projects/<id>.json` mapped; a missing file is the project not found, an unreadable one exits 65 naming it.
    func mapProjectFile(_ id: String) throws -> MappedFile {
        // An id that is not a slug names no file: nothing outside projects/ is ever read.
        guard Slug.isValid(id) else { throw AkkordError.projectNotFound(id) }
        guard let file = try mapFile(projectFile(id)) else { throw AkkordError.projectNotFound(id) }
        return file
    }
}
