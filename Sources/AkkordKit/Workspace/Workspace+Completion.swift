import AkkordSupport
import AkkordModel
import AkkordCatalogue
import AkkordRender
import AkkordStore

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
    /// search index when the index was made from exactly these bytes; otherwise the JSON is read
    /// and validated (slower; the next catalogue command makes the index again).
    /// Without `descriptions`, every description is empty (and not looked up); the words of a
    /// description that are not data (the current project's) are in `language`.
    public func completionValues(_ kind: CompletionKind, prefix: String, descriptions: Bool = true, language: Language = .en) throws -> [CompletionValue] {
        try store.checkLayout()
        switch kind {
        case .pos:
            let prefix = Array(prefix.utf8)
            return try catalogueEntries(language) { pos, name, _ in
                pos.starts(with: prefix) ? CompletionValue(Self.text(pos), descriptions ? Self.text(name()) : "") : nil
            }
        case .section:
            // Activities of a section mostly follow each other: only a section unlike the one
            // before is looked up among those seen.
            let prefix = Array(prefix.utf8)
            var seen = Set<ArraySlice<UInt8>>(), previous: ArraySlice<UInt8> = []
            return try catalogueEntries(language) { _, _, section in
                guard section != previous else { return nil }
                previous = section
                return !section.isEmpty && section.starts(with: prefix) && seen.insert(section).inserted ? CompletionValue(Self.text(section)) : nil
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

    /// `-p` (or a unique beginning of its id), else the current project, read without a lock.
    private func completionProject() throws -> Project {
        try store.loadProject(try chooseProject(nil) { try store.loadState() })
    }

    private typealias Bytes = ArraySlice<UInt8>

    private static func text(_ bytes: Bytes) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Calls `body` with each activity's pos, name (in `language` where translated, made only
    /// when asked for) and section (the catalogue's own, which `--section` takes everywhere), in
    /// UTF-8, in the catalogue's order, and keeps what it returns.
    private func catalogueEntries(_ language: Language, _ body: (Bytes, () -> Bytes, Bytes) -> CompletionValue?) throws -> [CompletionValue] {
        var out: [CompletionValue] = []
        func each(_ activities: [Activity]) {
            for a in activities {
                if let v = body(Bytes(a.pos.utf8), { Bytes(a.shown(in: language).name.utf8) }, Bytes(a.section.utf8)) { out.append(v) }
            }
        }
        // The file is hashed piece by piece (pieces of a multiple of 8 bytes, as the hash needs):
        // only its index, if made from exactly these bytes, is held whole.
        var hash = ByteHash.start, size = 0
        do {
            size = try FileIO.readPieces(store.catalogueFile, limit: Store.maximumFileBytes, followSymlinks: false) { hash = ByteHash.hash64($0, seed: hash) }
        } catch FileIO.Failure.notFound {
            each(try BundledCatalogue.load().activities)
            return out
        }
        if let index = ActiveCatalogue.index(store.directory, CatalogueIndex.Stamp(size: size, hash: hash)) {
            for i in 0..<index.count {
                let (pos, name, section) = index.label(i)
                if let v = body(pos, { index.translatedName(i, language: language.rawValue) ?? name }, section) { out.append(v) }
            }
        } else if let bytes = try ActiveCatalogue.readCatalogueFile(store.catalogueFile) {
            each(try CatalogueJSON.read(bytes, source: store.catalogueFile).activities)
        }
        return out
    }
}
