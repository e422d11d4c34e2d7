import AkkordSupport
import AkkordModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one reader of a project file (`projects/<id>.json`, an undo step, a bundle's or the
/// trash's copy): one pass with `JSONScanner` over the file's bytes, every member but the lines
/// and the history as a small tree (`ProjectCodec.decodeMembers`), the history by
/// `HistoryDecoder`, the lines one at a time by `LineDecoder` and checked as they go by
/// (`ProjectRules.LineRules`), their subtotal and what the supplements' bases need of them
/// (`LineAmounts`) added up once with checked sums. What it keeps of the lines is the mode
/// (`Keeping`): every line (a change to all of them, the model), none (a report reads them again
/// from the mapped file), or a window of them (a change to a few). Every problem is named at its
/// JSON path, bad JSON at its line and column, as one error.
package enum ProjectReader {
    package enum Keeping {
        /// Every line as a `Line` (`kept`): the whole `Project`.
        case all
        /// None: the lines are read again from the file when walked.
        case none
        /// None, and where each line is (`LinePlace`), for a JSON writer that copies them.
        case places
        /// The lines with these ids as `Line`s (`kept`, in file order), and where every line is.
        case window(Set<Int>)
    }

    /// How many of a file's problems the reader looks for.
    package enum Checking {
        /// Every problem, each at its place (`check`, reports, changes).
        case everyProblem
        /// Up to the first: the pass over the lines stops at the first line with a problem, and
        /// the error names that one (the lines are checked before the other members). For a
        /// reader that only says whether a file reads (`project list`), on a damaged file of
        /// many lines.
        case firstProblem
    }

    /// A project file read and checked.
    package struct Read {
        /// Every member but the lines.
        package let head: ProjectHead
        /// The lines `Keeping` asked for as `Line`s: all of them, the window's, or none.
        package let kept: [Line]
        /// Where the `lines` array begins (its `[`).
        let linesStart: Int
        let count: Int
        let subtotal: Money
        let hasCustom: Bool
        let hasMeasurement: Bool
        /// The (id, section, amount) of every line.
        let amounts: LineAmounts
        /// The supplements' bases (SPEC §5), in the order of `project.supplements`.
        let supplementBases: [Money]
        /// With `.places` and `.window`: where each line is.
        let places: [LinePlace]
        /// With `.window`: the index of each kept line.
        let keptIndices: [Int]
        /// With `.none`: where each line with a measurement begins (the appendix reads only those again).
        let measured: [Int]
    }

    /// Reads and checks the project file in `buffer` (`file`'s bytes when it is mapped: pages
    /// passed are handed back as the pass goes); `source` names it in errors. `observing` is shown
    /// every line as it is checked.
    package static func read(_ buffer: UnsafeBufferPointer<UInt8>, file: MappedFile? = nil, source: String, keeping: Keeping,
                     checking: Checking = .everyProblem, observing: ((LineView) -> Void)? = nil) throws -> Read {
        do {
            return try readChecked(buffer, file: file, source: source, keeping: keeping, checking: checking, observing: observing)
        } catch let error as JSONSyntaxError {
            throw InvalidDataError(source: source, problems: [Problem("", "not valid JSON: \(firstUTF8Error(buffer) ?? error)")])
        } catch let error as InvalidDataError {
            // The file is read as UTF-8 first of all: text that is not is the one problem named.
            if let utf8 = firstUTF8Error(buffer) { throw InvalidDataError(source: source, problems: [Problem("", "not valid JSON: \(utf8)")]) }
            throw error
        }
    }

    /// The error for the first byte of `buffer` that is not UTF-8, if any. Strings are checked as
    /// they are read; this is the whole file checked again, only when there is something to say.
    private static func firstUTF8Error(_ buffer: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError? {
        guard let bad = UTF8Check.firstInvalidIndex(buffer) else { return nil }
        var at = JSONScanner(buffer: buffer)
        at.index = bad
        return at.error("text is not valid UTF-8")
    }

    private static func readChecked(_ buffer: UnsafeBufferPointer<UInt8>, file: MappedFile?, source: String, keeping: Keeping,
                                    checking: Checking, observing: ((LineView) -> Void)?) throws -> Read {
        let stopAtFirst = checking == .firstProblem
        var scanner = JSONScanner(buffer: buffer)
        scanner.skipBOM()
        guard scanner.peekByte() == UInt8(ascii: "{") else {
            throw InvalidDataError(source: source, problems: [Problem("", "expected a JSON object, got \(try scanner.readValue().kindDescription)")])
        }
        var object = JSONObject()
        var linesStart = -1
        var pass: LinePass? = nil
        var history: [HistoryEntry]? = nil
        // The lines are checked where they are when `nextIds` came before them (as akkord writes
        // it); else, or when `nextIds.line` turns out not to be what it seemed, in a second pass.
        try scanner.readObject { scanner, key in
            if object[key] != nil { throw scanner.error("key \(Excerpt.phrase(key)) appears twice") }
            if key == "history", scanner.peekByte() == UInt8(ascii: "["), let read = HistoryDecoder.read(buffer, arrayAt: scanner.index) {
                history = read.entries
                scanner.index = read.end
                object.append(key, .array([]))
                return
            }
            guard key == "lines", scanner.peekByte() == UInt8(ascii: "[") else {
                let start = scanner.index
                object.append(key, try scanner.readValue())
                // The tree reader takes the bytes of its strings to be UTF-8: checked here, member by member.
                if let bad = UTF8Check.firstInvalidIndex(UnsafeBufferPointer(rebasing: buffer[start..<scanner.index])) {
                    scanner.index = start + bad
                    throw scanner.error("text is not valid UTF-8")
                }
                return
            }
            linesStart = scanner.index
            if let nextId = declaredNextLineId(object) {
                let checked = try LinePass(buffer, file: file, arrayAt: linesStart, nextId: nextId,
                                           countHint: declaredLineCount(object, bytes: buffer.count), keeping: keeping,
                                           stopAtFirst: stopAtFirst, observing: observing)
                if let first = checked.firstProblem { throw InvalidDataError(source: source, problems: [first]) }
                pass = checked
                scanner.index = checked.end
            } else {
                try scanner.skipValue(depth: 1)
            }
            object.append(key, .array([]))
        }
        try scanner.end()
        file?.release(0..<buffer.count)
        var f = FieldReader(object: object, path: "", problems: [])
        var project = ProjectCodec.decodeMembers(&f, lineProblems: pass?.decodeProblems ?? [])
        let nextId = project.nextIds["line"] ?? 1
        if linesStart >= 0, pass?.nextId != nextId {
            pass = try LinePass(buffer, file: file, arrayAt: linesStart, nextId: nextId, countHint: declaredLineCount(object, bytes: buffer.count),
                                keeping: keeping, stopAtFirst: stopAtFirst, observing: observing)
            if let first = pass!.firstProblem { throw InvalidDataError(source: source, problems: [first]) }
            file?.release(0..<buffer.count)
            f = FieldReader(object: object, path: "", problems: [])
            project = ProjectCodec.decodeMembers(&f, lineProblems: pass!.decodeProblems)
        }
        let lines = pass ?? LinePass(nextId: nextId)
        if let history { project.history = history }
        let head = ProjectHead(project)
        if let count = f.integer("lineCount"), count != lines.count {
            f.problem("lineCount", "is \(count) but the file has \(lines.count) lines")
        }
        var supplementBases: [Money] = []
        let ruleProblems = ProjectRules.problems(head, lines: lines.rules) { (supplements) throws(SumTooLargeError) in
            supplementBases = try lines.amounts.bases(of: supplements, subtotal: lines.rules.checkedSubtotal ?? .zero)
            return supplementBases
        }
        let subtotal = lines.rules.checkedSubtotal ?? .zero
        // The subtotal is compared only when the rules say it is within the limit.
        if ruleProblems.isEmpty, let stored: Money = f.storedNumber("subtotal"), stored != subtotal {
            f.problem("subtotal", "is \(stored) but the lines add up to \(subtotal)")
        }
        f.problems += ruleProblems
        if !f.problems.isEmpty { throw InvalidDataError(source: source, problems: stopAtFirst ? [f.problems[0]] : f.problems) }
        return Read(head: head, kept: lines.kept, linesStart: linesStart, count: lines.count, subtotal: subtotal, hasCustom: lines.hasCustom,
                    hasMeasurement: lines.hasMeasurement, amounts: lines.amounts, supplementBases: supplementBases,
                    places: lines.places, keptIndices: lines.keptIndices, measured: lines.measured)
    }

    /// `lineCount` as read so far, when it is a plausible whole number (no line takes fewer than
    /// 32 bytes): a hint for the room to keep, checked after the pass.
    private static func declaredLineCount(_ object: JSONObject, bytes: Int) -> Int {
        guard case .number(let text)? = object["lineCount"], let n = Int(text), n >= 0, n <= bytes / 32 else { return 0 }
        return n
    }

    /// `nextIds.line` as read so far (1 when `nextIds` has no `line`); nil before `nextIds`.
    private static func declaredNextLineId(_ object: JSONObject) -> Int? {
        guard let ids = object["nextIds"]?.objectValue else { return nil }
        guard let line = ids["line"] else { return 1 }
        guard case .number(let text) = line else { return nil }
        return Int(text)
    }
}

/// The pass over a project file's `lines` array: each element decoded by `LineDecoder`, each
/// line checked by `ProjectRules.LineRules` and added to `LineAmounts`, and kept as `Keeping` says.
/// A line whose element has problems is not a line: it is not counted or checked further (as
/// `FieldReader.list` leaves out such items of the other lists).
private struct LinePass {
    let nextId: Int
    /// After the array's `]`.
    private(set) var end = -1
    private(set) var rules: ProjectRules.LineRules
    private(set) var amounts = LineAmounts()
    private(set) var decodeProblems: [Problem] = []
    private(set) var count = 0
    private(set) var hasCustom = false
    private(set) var hasMeasurement = false
    /// The lines kept as `Line`s (all, or those of the window).
    private(set) var kept: [Line] = []
    private(set) var keptIndices: [Int] = []
    private(set) var places: [LinePlace] = []
    private(set) var measured: [Int] = []
    /// With `stopAtFirst`: the problem the pass stopped at (`end` is then unknown).
    private(set) var firstProblem: Problem? = nil

    /// No lines (a file without a `lines` array).
    init(nextId: Int) {
        self.nextId = nextId
        rules = ProjectRules.LineRules(nextId: nextId)
    }

    init(_ buffer: UnsafeBufferPointer<UInt8>, file: MappedFile?, arrayAt start: Int, nextId: Int, countHint: Int,
         keeping: ProjectReader.Keeping, stopAtFirst: Bool = false, observing: ((LineView) -> Void)?) throws(JSONSyntaxError) {
        self.nextId = nextId
        rules = ProjectRules.LineRules(nextId: nextId, count: countHint)
        amounts.reserveCapacity(countHint)
        var decoder = try LineDecoder(buffer, arrayAt: start, file: file)
        var wanted: Set<Int>? = nil
        var placing = false, keepingAll = false
        switch keeping {
        case .none: break
        case .places: placing = true
        case .all: keepingAll = true; kept.reserveCapacity(countHint)
        case .window(let ids): wanted = ids; placing = true
        }
        if placing { places.reserveCapacity(countHint) }
        // Most lines are not wanted: their ids are outside the wanted ones' range (no hashing).
        let lowestWanted = wanted?.min() ?? 0, highestWanted = wanted?.max() ?? -1
        while let line = try decoder.next(problems: &decodeProblems) {
            observing?(line)
            rules.check(line, at: count)
            if stopAtFirst, let first = decodeProblems.first ?? rules.idProblems.first ?? rules.otherProblems.first { firstProblem = first; return }
            amounts.add(line)
            if placing { places.append(LinePlace(decoder)) }
            if let wanted {
                if line.id >= lowestWanted, line.id <= highestWanted, wanted.contains(line.id) { kept.append(line.line); keptIndices.append(count) }
            } else if keepingAll {
                kept.append(line.line)
            } else if line.measurement != nil {
                measured.append(decoder.lineStart)
            }
            count += 1
            hasCustom = hasCustom || line.custom
            hasMeasurement = hasMeasurement || line.measurement != nil
        }
        end = decoder.endIndex
    }
}

/// Where a line the decoder just gave is in the file (files are under 4 GiB), for the writers
/// that copy lines in akkord's own form (`ProjectLines.writeJSON`, `LineWindow`): 12 bytes a line.
package struct LinePlace {
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

    init(_ scanner: LineDecoder) {
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

/// Whether a pass over a mapped file's lines found what the first pass found (another program
/// writing the file in place, which akkord never does, could change it between passes).
private final class StreamHealth {
    var broken = false
}

extension Store {
    /// A project for readers that walk its lines once or twice (reports, `lines`, `check`): its
    /// head, and its lines read again from the mapped file each time they are walked. `copyingJSON`: for a writer of the lines' JSON
    /// (`ProjectLines.writeJSON`). `observing` is shown every line as the reader checks it.
    public func loadProjectForReading(_ id: String, copyingJSON: Bool = false, observing: ((LineView) -> Void)? = nil)
        throws -> (head: ProjectHead, lines: any ProjectLines) {
        let file = try mapProjectFile(id)
        let read = try readProjectFile(id, file, keeping: copyingJSON ? .places : .none, observing: observing)
        return (read.head, LinesInFile(file, read))
    }

    /// `projects/<id>.json` mapped and read by `ProjectReader`; the id inside must be the file's.
    func readProjectFile(_ id: String, _ file: MappedFile, keeping: ProjectReader.Keeping, checking: ProjectReader.Checking = .everyProblem,
                         observing: ((LineView) -> Void)? = nil) throws -> ProjectReader.Read {
        let path = projectFile(id)
        let read = try ProjectReader.read(file.bytes, file: file, source: path, keeping: keeping, checking: checking, observing: observing)
        guard read.head.id == id else {
            throw StoreFileError(path: path, problem: "id: is \(Excerpt.phrase(read.head.id)) but the file is named \(id).json")
        }
        return read
    }

    /// `projects/<id>.json` mapped; a missing file is the project not found, an unreadable one exits 65 naming it.
    func mapProjectFile(_ id: String) throws -> MappedFile {
        // An id that is not a slug names no file: nothing outside projects/ is ever read.
        guard Slug.isValid(id) else { throw AkkordError.projectNotFound(id) }
        guard let file = try mapFile(projectFile(id)) else { throw AkkordError.projectNotFound(id) }
        return file
    }
}

/// The lines of a project file that `ProjectReader` read from a mapped file (keeping none of
/// them), read again from it on every walk: a `LineDecoder` over the `lines` array, the
/// measured lines read where the pass found them, and the JSON writers' lines copied from the
/// file where the pass noted them in akkord's own form.
package struct LinesInFile: ProjectLines {
    package let count: Int
    package let subtotal: Money
    package let hasCustom: Bool
    package let hasMeasurement: Bool
    private let file: MappedFile
    /// The `lines` array's `[`.
    private let start: Int
    /// Where each line with a measurement begins.
    private let measuredAt: [Int]
    /// Where each line is, when the pass noted it (for `writeJSON`).
    private let places: [LinePlace]
    private let health = StreamHealth()
    private let remembered = RememberedBases()

    package init(_ file: MappedFile, _ read: ProjectReader.Read) {
        self.file = file
        start = read.linesStart
        (count, subtotal, hasCustom, hasMeasurement) = (read.count, read.subtotal, read.hasCustom, read.hasMeasurement)
        measuredAt = read.measured
        places = read.places
        remembered.remember(read.supplementBases, of: read.head.supplements)
    }

    package var isIntact: Bool { !health.broken }

    package func walk() -> AnyIterator<LineView> {
        var decoder = try? LineDecoder(file.bytes, arrayAt: start, file: file)
        var n = 0
        let (count, health) = (count, health)
        return AnyIterator {
            if let line = (try? decoder?.next()) ?? nil { n += 1; return line }
            if n != count { health.broken = true }
            decoder = nil
            return nil
        }
    }

    package func forEachView(_ body: (LineView) -> Void) {
        var n = 0
        if var decoder = try? LineDecoder(file.bytes, arrayAt: start, file: file) {
            while let line = (try? decoder.next()) ?? nil { n += 1; body(line) }
        }
        if n != count { health.broken = true }
    }

    package func walkMeasured() -> AnyIterator<LineView> {
        let (file, measuredAt, health) = (file, measuredAt, health)
        var i = 0, released = measuredAt.first ?? 0
        // Kept until the next line: a line read as a tree is a view of the decoder's.
        var decoder: LineDecoder? = nil
        return AnyIterator {
            guard i < measuredAt.count else { return nil }
            let at = measuredAt[i]
            // Measured lines are spread over the whole file: pages passed are handed back
            // every 4 MiB here too, or the walk would keep the file resident.
            if at - released >= 1 << 22 { file.release(released..<at); released = at }
            decoder = LineDecoder(file.bytes, lineAt: at, file: file)
            i += 1
            guard let line = (try? decoder!.next()) ?? nil, line.measurement != nil else { health.broken = true; return nil }
            return line
        }
    }

    /// Copied from the file where the pass noted a line in akkord's own form (no second reading
    /// of it), else made from its view.
    package func writeJSON(_ members: LineView.JSONMembers, to out: ByteOutput, separator: (Int) -> Void) {
        guard places.count == count else { return writeJSONFromViews(members, to: out, separator: separator) }
        let bytes = file.bytes, raw = UnsafeRawBufferPointer(file.bytes)
        var released = places.first?.start ?? 0
        for (i, place) in places.enumerated() {
            let (start, end) = (place.start, place.end)
            if start - released >= 1 << 22 { file.release(released..<start); released = start }
            separator(i)
            guard place.stands(in: bytes) else { health.broken = true; return }
            guard place.isStoredForm else {
                var decoder = LineDecoder(bytes, lineAt: start)
                guard let view = (try? decoder.next()) ?? nil else { health.broken = true; return }
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

    package func bases(of supplements: [Supplement]) throws(SumTooLargeError) -> [Money] {
        if let known = remembered.bases(of: supplements) { return known }
        let bases = try addedUpBases(of: supplements)
        remembered.remember(bases, of: supplements)
        return bases
    }
}
