import AkkordSupport
import AkkordModel
import AkkordCatalogue
import AkkordRender
import AkkordStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a shell offers when the user presses Tab on an argument (SPEC §11): values that live in
/// the store, listed by the hidden `__complete` command.
public enum CompletionKind: String, CaseIterable, Sendable {
    /// The active catalogue's pos numbers (description: the activity's name, in the language's
    /// translation where it has one).
    case pos
    /// The active catalogue's section names.
    case section
    /// The project ids: file names in `projects/` (description: "current project" for the current one).
    case project
    /// The chosen project's worker ids (description: the worker's name).
    case worker
    /// The chosen project's line ids (description: pos and name).
    case line
    /// The entries of the trash (`roof.1`, `roof.2`): file names in `trash/`.
    case trash
}

/// One value to offer, with a few words that say what it is (shells that can show them do).
public struct CompletionValue: Equatable, Sendable {
    public let value: String
    public let description: String
    public init(_ value: String, _ description: String = "") { self.value = value; self.description = description }
}

extension Workspace {
    /// The values of one kind that start with `prefix`, read from the store without writing
    /// anything: no lock file, no directory and no search index is made (a missing store has no
    /// projects and the bundled catalogue). No lock is taken either: every store file is replaced
    /// whole by a rename, so each file read is one a writer finished, and a list that is a moment
    /// old is all a shell needs. Catalogue values come in the catalogue's order (pos order for
    /// every file akkord writes), ids in id order.
    ///
    /// Fast on big stores (SPEC §13: 30 ms on 2,000 projects and 50,000 activities): project ids
    /// are the file names in `projects/` (no project is read), and the catalogue comes from its
    /// search index when the index was made from exactly these bytes (known by the file's
    /// identity the index records, else by hashing the file); otherwise the JSON is read and
    /// validated (slower; the next catalogue command makes the index again). The index's texts
    /// are checked for control characters as they are read (see `catalogueEntries`).
    /// Without `descriptions`, every description is empty (and not looked up); the words of a
    /// description that are not data (the current project's) are in `language`.
    public func completionValues(_ kind: CompletionKind, prefix: String, descriptions: Bool = true, language: Language = .en) throws -> [CompletionValue] {
        try store.checkLayout()
        switch kind {
        case .pos:
            let prefix = Array(prefix.utf8)
            return try catalogueEntries(language) {
                { pos, name, _ in Self.bytes(pos, startWith: prefix) ? CompletionValue(Self.text(pos), descriptions ? name() : "") : nil }
            }
        case .section:
            // Activities of a section mostly follow each other: only a section unlike the one
            // before is looked up among those seen.
            let prefix = Array(prefix.utf8)
            return try catalogueEntries(language) {
                var seen = Set<[UInt8]>(), previous: [UInt8] = []
                return { _, _, section in
                    guard !Self.bytes(section, equal: previous) else { return nil }
                    previous = Array(section)
                    return !section.isEmpty && Self.bytes(section, startWith: prefix) && seen.insert(previous).inserted ? CompletionValue(Self.text(section)) : nil
                }
            }
        case .project:
            let current = descriptions ? try? store.loadState().currentProject : nil
            let note = Words(language)[.currentProjectNote]
            return try store.projectIds().filter { $0.hasPrefix(prefix) }.map { CompletionValue($0, $0 == current ? note : "") }
        case .worker:
            return try completionProject().workers.filter { $0.id.hasPrefix(prefix) }.map { CompletionValue($0.id, $0.name) }
        case .line:
            return try completionProject().lines.filter { String($0.id).hasPrefix(prefix) }.map { CompletionValue(String($0.id), "\($0.pos) \($0.name)") }
        case .trash:
            return store.trashEntries().filter { $0.hasPrefix(prefix) }.map { CompletionValue($0) }
        }
    }

    /// What `akkord __complete` prints: `value\n`, or `value<TAB>description\n` when
    /// `descriptions` and there is one, for each of `completionValues`; tabs, line breaks and
    /// other control characters in a value or description as spaces (one line, one field). The
    /// catalogue's values (`pos`, `section`) from its index go straight from the index's labels
    /// to the lines, each shown text checked (no control character, valid UTF-8) as it is
    /// written: 50,000 pos numbers are printed without making 50,000 texts. A text that fails
    /// the check means the index is not akkord's: the lines are then those of
    /// `completionValues`, which reads the JSON instead.
    public func completionLines(_ kind: CompletionKind, prefix: String, descriptions: Bool = false, language: Language = .en) throws -> [UInt8] {
        if kind == .pos || kind == .section, let lines = try catalogueLinesFromIndex(kind, prefix: Array(prefix.utf8), descriptions: descriptions, language: language) {
            return lines
        }
        return Self.lines(try completionValues(kind, prefix: prefix, descriptions: descriptions, language: language), descriptions: descriptions)
    }

    /// The lines of `values`, as `completionLines` describes them.
    public static func lines(_ values: [CompletionValue], descriptions: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 24)
        for v in values {
            var value = v.value, description = v.description
            value.withUTF8 { appendOneLine(Bytes($0), to: &out) }
            if descriptions, !description.isEmpty {
                out.append(0x09)
                description.withUTF8 { appendOneLine(Bytes($0), to: &out) }
            }
            out.append(0x0A)
        }
        return out
    }

    /// The text's bytes with tabs, line breaks and other control bytes as spaces.
    private static func appendOneLine(_ text: Bytes, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: text)
        out.withUnsafeMutableBufferPointer { line in
            for i in start..<line.count where line[i] < 0x20 || line[i] == 0x7F { line[i] = 0x20 }
        }
    }

    /// `completionLines` of `pos` or `section` from the index's labels; nil when there is no
    /// catalogue file (the bundled catalogue), no usable index, or a shown text fails its check.
    private func catalogueLinesFromIndex(_ kind: CompletionKind, prefix: [UInt8], descriptions: Bool, language: Language) throws -> [UInt8]? {
        try store.checkLayout()
        guard ActiveCatalogue.catalogueFileMayExist(store.catalogueFile),
              let labels = ActiveCatalogue.indexLabelsForCompletion(storeDirectory: store.directory) else { return nil }
        var out: [UInt8] = [], showable = true
        out.reserveCapacity(1 << 16)
        var seen = Set<[UInt8]>(), previous: [UInt8] = []
        let whole = labels.forEach(language: language.rawValue) { pos, name, section in
            guard showable else { return }
            if kind == .pos {
                guard Self.bytes(pos, startWith: prefix) else { return }
                showable = Self.isShowable(pos) && (!descriptions || Self.isShowable(name))
                Self.appendOneLine(pos, to: &out)
                if descriptions, !name.isEmpty {
                    out.append(0x09)
                    Self.appendOneLine(name, to: &out)
                }
                out.append(0x0A)
            } else {
                guard !Self.bytes(section, equal: previous) else { return }
                previous = Array(section)
                guard !section.isEmpty, Self.bytes(section, startWith: prefix), seen.insert(previous).inserted else { return }
                showable = Self.isShowable(section)
                Self.appendOneLine(section, to: &out)
                out.append(0x0A)
            }
        }
        return whole && showable ? out : nil
    }

    /// A text the index held that may be shown: no control character but the line breaks and
    /// tabs the index's check allows (a line turns those into spaces), and valid UTF-8.
    private static func isShowable(_ text: Bytes) -> Bool {
        ControlCharacters.bytesHaveNone(text) && (!text.contains { $0 >= 0x80 } || String(validating: text, as: UTF8.self) != nil)
    }

    /// `-p` (or a unique beginning of its id), else the current project, read without a lock.
    private func completionProject() throws -> Project {
        try store.loadProject(try chooseProject(nil) { try store.loadState() })
    }

    private typealias Bytes = UnsafeRawBufferPointer
    /// What a catalogue value is made from: the activity's pos, its name (made only when asked
    /// for) and its section.
    private typealias CatalogueBody = (_ pos: Bytes, _ name: () -> String, _ section: Bytes) -> CompletionValue?

    private static func text(_ bytes: Bytes) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func bytes(_ bytes: Bytes, startWith prefix: [UInt8]) -> Bool {
        prefix.isEmpty || (bytes.count >= prefix.count && prefix.withUnsafeBytes { memcmp(bytes.baseAddress!, $0.baseAddress!, prefix.count) == 0 })
    }

    private static func bytes(_ bytes: Bytes, equal other: [UInt8]) -> Bool {
        bytes.count == other.count && (other.isEmpty || other.withUnsafeBytes { memcmp(bytes.baseAddress!, $0.baseAddress!, other.count) == 0 })
    }


    /// Calls the body with each activity's pos, name (in `language` where translated) and
    /// section (the catalogue's own, which `--section` takes everywhere), in the catalogue's
    /// order, and keeps what it returns. `makeBody` makes the body (with what it keeps from one
    /// activity to the next): a second one goes over the JSON when the index turns out to hold a
    /// text that may not be shown.
    private func catalogueEntries(_ language: Language, _ makeBody: () -> CatalogueBody) throws -> [CompletionValue] {
        var out: [CompletionValue] = []
        var body = makeBody()
        func each(_ activities: [Activity]) {
            for a in activities {
                var pos = a.pos, section = a.section
                let v = pos.withUTF8 { p in section.withUTF8 { s in body(Bytes(p), { a.shown(in: language).name }, Bytes(s)) } }
                if let v { out.append(v) }
            }
        }
        guard ActiveCatalogue.catalogueFileMayExist(store.catalogueFile) else {
            each(try BundledCatalogue.load().activities)
            return out
        }
        if let labels = ActiveCatalogue.indexLabelsForCompletion(storeDirectory: store.directory) {
            // Its texts were not checked when it was read: they are now (`completionLines`
            // checks only those it prints). One with a control character or not UTF-8, or
            // labels out of place, mean the index is not akkord's; the JSON is read instead.
            var showable = true
            let whole = labels.forEach(language: language.rawValue) { pos, name, section in
                guard showable else { return }
                guard Self.isShowable(pos), Self.isShowable(name), Self.isShowable(section) else { showable = false; return }
                if let v = body(pos, { Self.text(name) }, section) { out.append(v) }
            }
            if whole, showable { return out }
            out.removeAll()
            body = makeBody()
        }
        if let bytes = try ActiveCatalogue.readCatalogueFile(store.catalogueFile) {
            each(try CatalogueJSON.read(bytes, source: store.catalogueFile).activities)
        }
        return out
    }
}
