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
    static func decodeStreaming(_ file: MappedFile, keepingLines: Bool = false) -> (Project, ProjectLines)? {
        let buffer = file.bytes
        var scanner = JSONScanner(buffer: buffer)
        scanner.skipBOM()
        var object = JSONObject()
        var linesStart = -1, linesEnd = -1
        struct NotStreamable: Error {}
        // First pass: every member but the lines, as a tree; the lines only stepped over.
        do {
            guard scanner.peekByte() == UInt8(ascii: "{") else { return nil }
            try scanner.readObject { scanner, key in
                guard object[key] == nil else { throw NotStreamable() }
                guard key == "lines" else {
                    let start = scanner.index
                    object.append(key, try scanner.readValue())
                    // The tree reader's strings trust the bytes to be UTF-8: checked here, member by member.
                    guard UTF8Check.firstInvalidIndex(UnsafeBufferPointer(rebasing: buffer[start..<scanner.index])) == nil else { throw NotStreamable() }
                    return
                }
                guard scanner.peekByte() == UInt8(ascii: "["), let end = endOfArray(buffer, at: scanner.index, file: file) else { throw NotStreamable() }
                linesStart = scanner.index
                linesEnd = end
                scanner.index = end
                object.append(key, .array([]))
            }
            try scanner.end()
        } catch { return nil }
        guard linesStart >= 0 else { return nil }
        file.release(0..<buffer.count)
        var f = FieldReader(object: object, path: "", problems: [])
        let project = decodeMembers(&f, lines: [], lineProblems: [])
        // No line takes fewer than 32 bytes: a larger count is wrong, and `decode` says so.
        guard f.problems.isEmpty, let count = f.integer("lineCount"), count >= 0, count <= buffer.count / 32,
              let stored: Money = f.storedNumber("subtotal") else { return nil }

        // Second pass: each line checked by the rules, the supplements' bases added up.
        var rules = ProjectRules.LineRules(nextId: project.nextIds["line"] ?? 1, count: count)
        var bases = SupplementBases(project.supplements)
        var n = 0, hasCustom = false, hasMeasurement = false
        var lines = ProjectLineScanner(buffer, arrayAt: linesStart, file: file)
        var kept: [Line] = []
        if keepingLines { kept.reserveCapacity(count) }
        while let line = lines.next() {
            guard rules.accepts(line) else { return nil }
            if keepingLines { kept.append(line.line) }
            bases.add(line)
            n += 1
            hasCustom = hasCustom || line.custom
            hasMeasurement = hasMeasurement || line.measurement != nil
        }
        file.release(0..<buffer.count)
        guard !lines.failed, lines.endIndex == linesEnd, n == count, let subtotal = rules.checkedSubtotal, stored == subtotal else { return nil }

        let supplementBases = bases.bases(subtotal: subtotal)
        if keepingLines {
            let projectLines = ProjectLines(kept)
            projectLines.remember(supplementBases, of: project.supplements)
            guard ProjectRules.problems(project, lines: rules, bases: { _ in supplementBases }).isEmpty else { return nil }
            return (project, projectLines)
        }
        let health = StreamHealth()
        let start = linesStart
        let walk: @Sendable () -> AnyIterator<LineView> = {
            var scanner = ProjectLineScanner(file.bytes, arrayAt: start, file: file)
            var n = 0
            return AnyIterator {
                if let line = scanner.next() { n += 1; return line }
                if scanner.failed || n != count { health.broken = true }
                return nil
            }
        }
        let projectLines = ProjectLines(count: count, subtotal: subtotal, hasCustom: hasCustom, hasMeasurement: hasMeasurement,
                                        walk: walk, intact: { !health.broken })
        projectLines.remember(supplementBases, of: project.supplements)
        guard ProjectRules.problems(project, lines: rules, bases: { _ in supplementBases }).isEmpty else { return nil }
        return (project, projectLines)
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

/// Whether a pass over a mapped file's lines found what the first pass found (another program
/// writing the file in place, which akkord never does, could change it between passes).
private final class StreamHealth: @unchecked Sendable {
    var broken = false
}

extension Store {
    /// A project and its lines for readers that walk the lines once or twice (see
    /// `ProjectCodec.decodeStreaming`); a file the streaming reader does not take is read whole
    /// (`loadProject`), with that reader's errors. The project's own `lines` are empty when
    /// streamed: read them from the `ProjectLines`.
    public func loadProjectForReading(_ id: String) throws -> (project: Project, lines: ProjectLines) {
        if let streamed = try streamedProject(id) { return streamed }
        let project = try readProjectFile(id, ProjectCodec.decode, id: \.id)
        return (project, ProjectLines(project.lines))
    }

    /// The project and its lines from the streaming reader; nil when the file is to be read
    /// whole (a problem, or a form the streaming reader leaves to `decode`).
    func streamedProject(_ id: String, keepingLines: Bool = false) throws -> (project: Project, lines: ProjectLines)? {
        guard Slug.isValid(id) else { throw AkkordError.projectNotFound(id) }
        let path = projectFile(id)
        let file: MappedFile
        do { file = try MappedFile(path: path, limit: Store.maximumFileBytes, followSymlinks: false) } catch FileIO.Failure.notFound {
            throw AkkordError.projectNotFound(id)
        } catch {
            throw StoreFileError(path: path, problem: (error as? FileIO.Failure)?.reason ?? "\(error)")
        }
        guard let (project, lines) = ProjectCodec.decodeStreaming(file, keepingLines: keepingLines), project.id == id else { return nil }
        return (project, lines)
    }
}
