import AkkordSupport
import AkkordModel
import AkkordCatalogue
import AkkordRender
import AkkordStore

/// Everything a user can do to a store, one method per action. Each change is one `Transaction`
/// inside the store's lock and returns a `Change`: the changed value, the lines it added to the
/// project's history, and warnings. The program on top parses its arguments, calls one method
/// and prints what comes back; the rules of the domain live here and below, never above.
public struct Workspace: Sendable {
    public let store: Store
    public let clock: Clock
    /// The command as the user typed it, recorded in each project's history.
    public let command: String
    /// The project chosen for this run (`-p`), else the store's current project is used.
    public let selectedProject: String?
    /// Who makes the changes, written as `by` in each history entry: set for a store shared
    /// through git (SPEC §14, `Workspace.historyAuthor`), nil (not written) otherwise. Asked for
    /// only when a change is made, so a command that only reads runs no git.
    public var author: @Sendable () -> String? = { nil }

    public init(store: Store, clock: Clock = .system, command: String, selectedProject: String? = nil) {
        self.store = store
        self.clock = clock
        self.command = command
        self.selectedProject = selectedProject
    }

    /// The workspace of the store in `directory`, whose lock is waited for at most `lockTimeout` seconds.
    public init(directory: String, lockTimeout: Double = 10, clock: Clock = .system, command: String, selectedProject: String? = nil) {
        self.init(store: Store(directory: directory, lockTimeout: lockTimeout), clock: clock, command: command, selectedProject: selectedProject)
    }

    /// How many changes of each project `undo` can take back.
    public static let keptUndoSteps = Store.keptUndoSteps

    /// A project's file as messages name it, relative to the store (`projects/<id>.json`).
    public static func projectFileName(_ id: String) -> String { Store.projectFileName(id) }

    /// Something `check` lists that harms nothing and `check --fix` removes.
    public typealias Leftover = Store.Leftover

    /// Runs one change and commits it.
    func change<T>(_ body: (Transaction) throws -> T) throws -> Change<T> {
        let (value, tx, warnings) = try store.transaction(time: clock.timestamp, command: command, by: author(), body)
        return Change(value: value, history: tx.history, warnings: warnings)
    }

    /// The id of the project a command works on: the one named, else `-p`, else the current one.
    func projectId(_ id: String?, in tx: Transaction) throws -> String { try chooseProject(id) { try tx.state() } }

    /// The one rule for choosing a project; `state` is read only when it is needed. An id named
    /// by the command is taken as it is; `-p` may give a unique beginning of one.
    func chooseProject(_ id: String?, state: () throws -> Store.State) throws -> String {
        if let id { return id }
        if let selectedProject { return try projectId(naming: selectedProject) }
        guard let current = try state().currentProject else { throw AkkordError.noCurrentProject }
        return current
    }

    /// The project `text` names (`-p`, `project use`; SPEC §15): an id that exists is itself
    /// even when others begin with it (`a` beside `a-2`); else the one project whose id begins
    /// so (`-p soender` → `soendergade-4`); else the one whose name is it, or begins so, with
    /// case and Danish letters folded both ways (`-p "søndergade"`, `-p Sondergade`). Several:
    /// refused, listing them; none: refused, naming the closest.
    func projectId(naming text: String) throws -> String {
        if Slug.isValid(text), FileIO.exists(store.projectFile(text)) { return text }
        let ids = try store.projectIds()
        if Slug.isValid(text) {
            let matches = ids.filter { $0.hasPrefix(text) }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 { throw AkkordError.projectAmbiguous(text, matches: matches) }
        }
        let entries = try store.listEntries().entries
        let wanted = SearchText.fold(text), slug = Slug.make(from: text, fallback: "")
        let named = entries.filter { SearchText.fold($0.name) == wanted }
        let matches = !named.isEmpty ? named
            : entries.filter { SearchText.fold($0.name).starts(with: wanted) || (!slug.isEmpty && $0.id.hasPrefix(slug)) }
        if matches.count == 1 { return matches[0].id }
        if matches.count > 1 { throw AkkordError.projectAmbiguous(text, matches: matches.map(\.id)) }
        let lowered = Array(text.lowercased().utf8)
        let scored = entries.map { e in (e, min(EditDistance.between(wanted, SearchText.fold(e.name)), EditDistance.between(lowered, Array(e.id.utf8)))) }
        let closest = scored.filter { $0.1 <= max(2, wanted.count / 3) }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.id < $1.0.id }
        throw AkkordError.projectUnknown(text, closest: closest.prefix(3).map { "\($0.0.id) (\($0.0.name))" })
    }

    /// Loads, changes and stages the chosen open project. `onlyLines`: the change touches no
    /// line but these (it may add lines), so only these are loaded (`Transaction.openProject(_:onlyLines:)`).
    func changeProject<T>(_ id: String? = nil, onlyLines: Set<Int>? = nil, _ body: (inout Project) throws -> (T, [HistoryChange])) throws -> Change<T> {
        // Added up here, taken after the commit: a subtotal beyond the largest amount is the
        // rules' to refuse there, naming the line.
        var subtotal: Result<Money, SumTooLargeError> = .success(.zero)
        var result = try change { tx in
            let id = try projectId(id, in: tx)
            var p = try onlyLines.map { try tx.openProject(id, onlyLines: $0) } ?? tx.openProject(id)
            let (value, changes) = try body(&p)
            tx.stage(p, changes: changes)
            subtotal = Result { () throws(SumTooLargeError) in try tx.subtotal(of: p) }
            return value
        }
        result.subtotal = try subtotal.get()
        return result
    }

    // MARK: reading (each under the store's shared lock: no writer changes files meanwhile)

    /// The id of the chosen project (`id`, else `-p`, else the current project).
    public func resolveProjectId(_ id: String? = nil) throws -> String {
        try store.shared { try chooseProject(id) { try store.loadState() } }
    }

    /// The chosen project as it is stored.
    public func project(_ id: String? = nil) throws -> Project {
        try store.shared { try store.loadProject(try chooseProject(id) { try store.loadState() }) }
    }

    /// The chosen project's head, and its lines read from the file as they are walked (see
    /// `Store.loadProjectForReading`): for views of every line.
    /// `forJSON`: the lines are to be written as JSON (see `ProjectLines.writeJSON`); `measuring`:
    /// the widths of the lines' text table are gathered as the reader checks them.
    public func projectLines(_ id: String? = nil, forJSON: Bool = false, measuring widths: LineWidths? = nil) throws -> (head: ProjectHead, lines: any ProjectLines) {
        try store.shared {
            let read = try store.loadProjectForReading(try chooseProject(id) { try store.loadState() }, copyingJSON: forJSON, observing: widths.map { w in w.add })
            widths?.isComplete = true
            return (read.head, read.lines)
        }
    }

    /// The chosen project and whether it is the current one.
    public func projectAndCurrent(_ id: String? = nil) throws -> (project: Project, isCurrent: Bool) {
        try store.shared {
            let state = try store.loadState()
            let project = try store.loadProject(try chooseProject(id) { state })
            return (project, state.currentProject == project.id)
        }
    }

    public func currentProjectId() throws -> String? { try store.shared { try store.loadState().currentProject } }

    /// Every project that reads, in id order, the current project's id, and the files that do
    /// not read (each error names its file): one damaged file hides no other project. Files
    /// unchanged since a list cached them are taken from `.project-list` (`Store.listEntries`).
    /// With each project, where its settlement stands (SPEC §16): `rules` are asked for (once)
    /// only when a project has an end, so the config file is read only then; due dates are
    /// judged against `today`, else the clock's.
    public func projectListing(rules: () throws -> SettlementRules, today: String? = nil) throws -> ProjectListing {
        let (projects, current, unreadable, cache) = try store.shared {
            let current = try store.loadState().currentProject
            let (projects, unreadable, cache) = try store.listEntries()
            return (projects, current, unreadable, cache)
        }
        let today = today ?? clock.today
        let settlementRules = try projects.contains { $0.status == .open && $0.end != nil } ? rules() : SettlementRules()
        let courses = Dictionary(uniqueKeysWithValues: projects.map { ($0.id, $0.course(settlementRules, today: today)) })
        // Only a listing that succeeds brings the cache up to date.
        if let cache { store.writeProjectListCache(cache) }
        return ProjectListing(projects: projects, currentProjectId: current, unreadable: unreadable, courses: courses)
    }

    /// The active catalogue: the store's imported one, else the bundled sample.
    public func catalogue() throws -> ActiveCatalogue { try store.shared { try store.loadCatalogue() } }

    /// A search over the active catalogue (from its index when that was made from these bytes).
    public func catalogueSearch() throws -> CatalogueSearch {
        try store.shared { try ActiveCatalogue.search(storeDirectory: store.directory) }
    }

    /// Reads every store file and lists every problem and every leftover; changes nothing.
    public func check() throws -> Store.CheckReport {
        guard FileIO.isDirectory(store.directory) else { throw AkkordError.storeNotFound(store.directory) }
        return try store.shared { store.check() }
    }

    /// `check --fix`: removes what `check` lists as leftovers (stale temporaries, photos no
    /// project uses, archived catalogues that are copies of the active one), under the lock, and
    /// returns the paths removed. Problems in files are never "fixed": they need a person.
    public func removeLeftovers() throws -> [Store.Leftover] {
        guard FileIO.isDirectory(store.directory) else { throw AkkordError.storeNotFound(store.directory) }
        return try store.exclusively { try store.removeLeftovers() }
    }

    /// Writes a report or export to a file the user chose (`ReportFile`: a regular file, or a
    /// link to one), which must lie outside the store.
    public func writeOutput(_ bytes: [UInt8], to path: String) throws {
        try ReportFile.write(bytes, to: try outputTarget(path))
    }

    /// Writes a report to a file the user chose (as `writeOutput(_:to:)`), as `body` makes it.
    public func writeOutput(to path: String, _ body: (ByteOutput) throws -> Void) throws {
        try ReportFile.write(to: try outputTarget(path), body)
    }

    private func outputTarget(_ path: String) throws -> String {
        let target = try ReportFile.target(path)
        if store.contains(target) { throw AkkordError.outputInsideStore(path: path, store: store.directory) }
        return target
    }
}

/// `project list`: the projects that read, and the files that do not.
public struct ProjectListing {
    /// What the list shows of each (`Store.loadListEntry`, through the list's cache).
    public let projects: [ProjectListEntry]
    public let currentProjectId: String?
    /// `StoreFileError` or `InvalidDataError`, each naming its file.
    public let unreadable: [Error]
    /// Where each project's settlement stands, by id.
    public let courses: [String: SettlementCourse]
}

/// What a change did.
public struct Change<Value> {
    public let value: Value
    /// The lines this change added to the project's history (old → new for edits), in the
    /// English the entry keeps beside its described changes.
    public let history: [String]
    /// Things to tell the user that did not stop the change (e.g. a clean-up that failed after
    /// the change was safely written).
    public internal(set) var warnings: [WorkspaceWarning]
    /// The changed project's line subtotal after the change, for a change of one project's
    /// contents (so `--json` output need not read the project again); nil for other changes.
    public internal(set) var subtotal: Money? = nil
    /// For `add` and `edit --quantity` of a catalogue line: what the activity's rounding and
    /// minimum made of the quantity typed (SPEC §16), when they changed it.
    public internal(set) var ruled: RuledQuantity? = nil
}

extension Change: Sendable where Value: Sendable {}

/// An edited value as it was before the change and as it is after it (the same when nothing
/// changed), so a confirmation can show old → new in the user's language.
public struct Edited<Value> {
    public let before: Value
    public let after: Value
}

extension Edited: Sendable where Value: Sendable {}

public enum WorkspaceWarning: Equatable, Sendable, CustomStringConvertible {
    /// A file a clean-up after the change meant to remove (an old undo step) was kept; the
    /// change itself stands.
    case fileKept(path: String, reason: Phrase)
    /// A file of the change is written, but its folder could not be synced to disk after: the
    /// change is made (do not make it again); a crash of the system soon after could lose it.
    case notSynced(path: String, reason: Phrase)
    /// A value that was stored as given but is rarely meant (SPEC §11).
    case implausible(PlausibilityWarning)

    public var description: String {
        switch self {
        case .fileKept(let path, let reason): return "kept \(path): \(reason)"
        case .notSynced(let path, let reason):
            return "the change is saved in \(path), but its folder could not be synced to disk (\(reason)); do not make it again"
        case .implausible(let w): return "\(w)"
        }
    }
}

extension Change {
    /// The change with plausibility warnings about what was given added.
    func warning(_ found: [PlausibilityWarning]) -> Change {
        var c = self
        c.warnings = found.map(WorkspaceWarning.implausible) + warnings
        return c
    }
}

extension Workspace {
    /// Warnings for a date given on the command line, against today.
    func plausible(date: String?) -> [PlausibilityWarning] { Plausibility.date(date, today: clock.today) }
}
