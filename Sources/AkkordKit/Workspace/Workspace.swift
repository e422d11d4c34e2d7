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

    public init(store: Store, clock: Clock = .system, command: String, selectedProject: String? = nil) {
        self.store = store
        self.clock = clock
        self.command = command
        self.selectedProject = selectedProject
    }

    /// Runs one change and commits it.
    func change<T>(_ body: (Transaction) throws -> T) throws -> Change<T> {
        let (value, tx, warnings) = try store.transaction(time: clock.timestamp, command: command, body)
        return Change(value: value, history: tx.history, warnings: warnings)
    }

    /// The id of the project a command works on: the one named, else `-p`, else the current one.
    func projectId(_ id: String?, in tx: Transaction) throws -> String { try chooseProject(id) { try tx.state() } }

    /// The one rule for choosing a project; `state` is read only when it is needed.
    private func chooseProject(_ id: String?, state: () throws -> Store.State) throws -> String {
        if let id = id ?? selectedProject { return id }
        guard let current = try state().currentProject else { throw AkkordError.noCurrentProject }
        return current
    }

    /// Loads, changes and stages the chosen open project.
    func changeProject<T>(_ id: String? = nil, _ body: (inout Project) throws -> (T, [String])) throws -> Change<T> {
        try change { tx in
            var p = try tx.openProject(try projectId(id, in: tx))
            let (value, changes) = try body(&p)
            tx.stage(p, changes: changes)
            return value
        }
    }

    // MARK: reading

    /// The id of the chosen project (`id`, else `-p`, else the current project).
    public func resolveProjectId(_ id: String? = nil) throws -> String { try chooseProject(id) { try store.loadState() } }

    /// The chosen project as it is stored.
    public func project(_ id: String? = nil) throws -> Project { try store.loadProject(try resolveProjectId(id)) }

    public func currentProjectId() throws -> String? { try store.loadState().currentProject }

    /// Every project, in id order.
    public func projects() throws -> [Project] { try store.projectIds().map(store.loadProject) }

    /// The active catalogue: the store's imported one, else the bundled sample.
    public func catalogue() throws -> ActiveCatalogue { try store.loadCatalogue() }

    /// A search over the active catalogue (from its index when that was made from these bytes).
    public func catalogueSearch() throws -> CatalogueSearch { try ActiveCatalogue.search(storeDirectory: store.directory) }

    /// Reads every store file and lists every problem; changes nothing.
    public func check() -> Store.CheckReport { store.check() }
}

/// What a change did.
public struct Change<Value> {
    public let value: Value
    /// The lines this change added to the project's history (old → new for edits).
    public let history: [String]
    /// Things to tell the user that did not stop the change (e.g. a clean-up that failed after
    /// the change was safely written).
    public let warnings: [WorkspaceWarning]
}

extension Change: Sendable where Value: Sendable {}

public enum WorkspaceWarning: Equatable, Sendable, CustomStringConvertible {
    /// A photo file no longer used by this project was kept, because it could not be checked or
    /// removed; `check` lists files no project uses.
    case photoFileKept(file: String, reason: String)

    public var description: String {
        switch self {
        case .photoFileKept(let file, let reason): return "kept the photo file \(file): \(reason)"
        }
    }
}
