import AkkordSupport
import AkkordModel
import AkkordStore

/// One change to the store, made inside its lock: everything it needs is loaded once, every
/// project it stages is checked by `ProjectRules` before anything is written, the writes happen
/// in a fixed order that leaves a consistent store at every crash point, and the clean-ups that
/// follow can only warn, never turn a committed change into a failure.
///
/// Write order: new photo files (content-addressed, so harmless if a crash leaves one unused) →
/// copies in the trash of project files about to be replaced → `store.json` naming a created
/// project current, with the old current project for as long as the new file is not there →
/// for each project file: its undo step (the old file, kept), then the new file → `store.json`
/// → deleted project files (moved to the trash) → clean-ups. A deleted current project is
/// named in `store.json` with what becomes current once its file is gone, before it goes, and
/// `store.json` is written again after. So at every crash point the current project is the one
/// the files say: the old one, or the new one (`Store.saveState(_:ifMissing:)`).
final class Transaction {
    let store: Store
    private let entry: HistoryEntry
    private var loadedState: Store.State?
    private var stagedState: Store.State?
    private var loaded: [String: Project] = [:]
    /// Each project's lines as read from its file, where the reader checked every rule of each:
    /// at commit, lines still equal to these are not checked line by line again.
    private var readLines: [String: [Line]] = [:]
    /// Projects opened for a change to a few of their lines (`LineWindow`): their `lines` in
    /// `loaded` are only the window's; the others are carried over from the file at commit.
    private var windows: [String: LineWindow] = [:]
    /// The file a window was read from when it is not the project's own (`stage(_:linesFrom:…)`).
    private var windowSources: [String: String] = [:]
    private var staged: [String] = []           // ids, in the order first staged
    private var photoUploads: [String: PhotoUpload] = [:]
    /// Stored photo files found damaged, written again from their upload.
    private var damagedPhotos: Set<String> = []
    private var deletions: [String] = []
    private var replacements: [String] = []
    /// Where the trash copies of replaced projects went (id → path), once committed.
    private(set) var trashCopies: [String: String] = [:]
    private var cleanups: [() -> WorkspaceWarning?] = []
    /// The history length of each project as read from its file: the name of the undo step kept
    /// when it is replaced. Created projects have none.
    private var storedHistoryCount: [String: Int] = [:]
    /// False for `undo` itself: putting a step back keeps no step (undo walks back, it is not a toggle).
    var keepsUndoSteps = true
    /// What the change did, for the project's history and the caller: each change's English text.
    private(set) var history: [String] = []

    init(store: Store, time: String, command: String, by: String? = nil) {
        self.store = store
        self.entry = HistoryEntry(time: time, command: command, changes: [], by: by)
    }

    // MARK: reading, once

    func state() throws -> Store.State {
        if let s = stagedState ?? loadedState { return s }
        let s = try store.loadState()
        loadedState = s
        return s
    }

    /// A project as it stands in this transaction (staged changes included).
    func project(_ id: String) throws -> Project {
        if let p = loaded[id] { return p }
        let p = try store.loadProject(id)
        loaded[id] = p
        readLines[id] = p.lines
        storedHistoryCount[id] = p.history.count
        return p
    }

    /// A project that takes changes: a closed one is refused.
    func openProject(_ id: String) throws -> Project {
        let p = try project(id)
        guard p.status == .open else { throw AkkordError.projectClosed(id) }
        return p
    }

    /// An open project whose `lines` are only those of `wanted` it has, in order, for a change
    /// that touches no other line (it may add lines): the others stay as they are in the file
    /// and are written back from it (see `LineWindow`). Other reads of this project in the same
    /// transaction see only the window's lines.
    func openProject(_ id: String, onlyLines wanted: Set<Int>) throws -> Project {
        _ = try project(id, onlyLines: wanted)
        return try openProject(id)
    }

    /// As `openProject(_:onlyLines:)`, also when the project is closed.
    func project(_ id: String, onlyLines wanted: Set<Int>) throws -> Project {
        if loaded[id] == nil {
            let window = try store.loadLineWindow(id, wanted: wanted)
            windows[id] = window
            loaded[id] = window.changeable
            storedHistoryCount[id] = window.head.history.count
        }
        return try project(id)
    }

    /// The subtotal of a project as staged (all its lines, also when only a window of them is loaded).
    func subtotal(of p: Project) throws(SumTooLargeError) -> Money {
        if let window = windows[p.id] { return try window.subtotal(after: p) }
        return try p.subtotal
    }

    /// What `project list` shows of a project as staged (also when only a window of its lines is loaded).
    func listEntry(of p: Project) throws(SumTooLargeError) -> ProjectListEntry {
        if let window = windows[p.id] { return try window.listEntry(after: p) }
        return try ProjectListEntry(p)
    }

    func projectIds() throws -> [String] {
        var ids = Set(try store.projectIds())
        for id in staged { ids.insert(id) }
        for id in deletions { ids.remove(id) }
        return ids.sorted()
    }

    // MARK: staging

    /// Stages a project with the changes to record in its history (each described, and in its
    /// English text); a change with no history lines changed nothing and writes nothing.
    func stage(_ project: Project, changes: [HistoryChange], undoing: Int? = nil) {
        guard !changes.isEmpty else { return }
        var p = project
        let e = HistoryEntry(time: entry.time, command: entry.command, described: changes, undoes: undoing, by: entry.by)
        p.history.append(e)
        loaded[p.id] = p
        if !staged.contains(p.id) { staged.append(p.id) }
        history += e.changes
    }

    /// Stages `project` as `stage` does, its lines now those of `window`, read from `source`,
    /// another file of the project format (`undo`: a kept step, whose lines the commit copies);
    /// nil: the project's `lines` are all its lines. Whatever window the project was opened
    /// with is dropped.
    func stage(_ project: Project, linesFrom window: LineWindow?, source: String, changes: [HistoryChange], undoing: Int? = nil) {
        guard !changes.isEmpty else { return }
        windows[project.id] = window
        windowSources[project.id] = window == nil ? nil : source
        stage(project, changes: changes, undoing: undoing)
    }

    /// Stages a project exactly as given, adding no history entry: an imported bundle's project
    /// is stored as it was exported (its history already records its changes).
    func stageExactly(_ project: Project) {
        loaded[project.id] = project
        if !staged.contains(project.id) { staged.append(project.id) }
    }

    /// As `stageExactly`, the project's lines those of `window`, read from `source` (as `stage(_:linesFrom:…)`).
    func stageExactly(_ project: Project, linesFrom window: LineWindow, source: String) {
        windows[project.id] = window
        windowSources[project.id] = source
        stageExactly(project)
    }

    /// Keeps the project's file as it is now: a copy goes to the trash before the staged version
    /// replaces it, so at every crash point the old version is in projects/ or in trash/.
    func trashBeforeReplacing(_ id: String) {
        if !replacements.contains(id) { replacements.append(id) }
    }

    /// Stages a new `store.json`; the current one is read first, so one that does not parse is
    /// refused (exit 65), never written over.
    func setState(_ state: Store.State) throws {
        _ = try self.state()
        stagedState = state
    }

    /// Stages a photo file; returns the name it is stored under. `storedName`: the name when
    /// the caller has already checked it against the bytes (it is not hashed again).
    /// `replacing`: the stored file of that name is damaged (found so by the caller) and is written again.
    func stagePhoto(_ upload: PhotoUpload, storedName: String? = nil, replacing: Bool = false) -> String {
        let name = storedName ?? upload.storedName
        photoUploads[name] = upload
        if replacing { damagedPhotos.insert(name) }
        return name
    }

    func delete(project id: String, changes: [String]) {
        deletions.append(id)
        loaded[id] = nil
        staged.removeAll { $0 == id }
        history += changes
    }

    /// Work to do after the change is written; a failure becomes a warning.
    func afterCommit(_ cleanup: @escaping () -> WorkspaceWarning?) { cleanups.append(cleanup) }

    // MARK: commit

    /// Checks every staged project, then writes in the fixed order. Returns the clean-ups' warnings.
    func commit() throws -> [WorkspaceWarning] {
        var checked: [Project] = []
        var windowed: [String: (count: Int, subtotal: Money)] = [:]
        for id in staged {
            guard let p = loaded[id] else { continue }
            let problems: [Problem]
            if let window = windows[id] {
                let result = window.check(p)
                problems = result.problems
                windowed[id] = (result.count, result.subtotal)
            } else {
                problems = ProjectRules.problems(p, checked: readLines[id] ?? [])
            }
            guard problems.isEmpty else { throw AkkordError.invalidChange(project: id, problems: problems) }
            checked.append(p)
        }
        // A file renamed into place is written, even when its folder could not be synced after:
        // the change goes on and is reported as done, with a warning (a user who took it for a
        // failure would make it again: a line twice).
        var notSynced: [WorkspaceWarning] = []
        func written(_ write: () throws -> Void) throws {
            do { try write() } catch let e as AtomicFile.NotSynced { notSynced.append(.notSynced(path: e.path, reason: e.reason)) }
        }
        if !photoUploads.isEmpty {
            try store.ensureDirectory(store.photosDirectory)
            for (name, upload) in photoUploads.sorted(by: { $0.key < $1.key }) where damagedPhotos.contains(name) || !FileIO.exists(store.photoPath(name)) {
                try written { try store.write(upload.bytes, to: store.photoPath(name)) }
            }
        }
        for id in replacements { trashCopies[id] = try store.copyProjectToTrash(id) }
        // The current project changes with a project made or deleted here: store.json says so
        // first, with what stays current until the project's file is there (or once it is gone),
        // so a crash between the two writes leaves the current project matching the files.
        let newState = stagedState.flatMap { $0 != loadedState ? $0 : nil }
        let oldCurrent = loadedState?.currentProject
        if let newCurrent = newState?.currentProject, checked.contains(where: { $0.id == newCurrent }),
           !FileIO.exists(store.projectFile(newCurrent)) {
            try written { try store.saveState(Store.State(currentProject: newCurrent), ifMissing: .some(oldCurrent)) }
        }
        for p in checked {
            let id = p.id
            var newStep: Int? = nil
            if keepsUndoSteps, let n = storedHistoryCount[id] {
                if try store.keepUndoStep(of: id, historyCount: n) { newStep = n }
                let store = self.store
                afterCommit { store.pruneUndoSteps(of: id).first.map { WorkspaceWarning.fileKept(path: $0.path, reason: "could not remove an old undo step: \($0.reason)") } }
            }
            do {
                try written {
                    if let window = windows[id], let lines = windowed[id] {
                        try store.writeProject(p, linesFrom: window, lineCount: lines.count, subtotal: lines.subtotal, source: windowSources[id])
                    } else {
                        try store.writeProject(p)
                    }
                }
            } catch {
                if let newStep { store.discardUndoStep(of: id, historyCount: newStep) }
                throw error
            }
        }
        if let newState, let oldCurrent, deletions.contains(oldCurrent) {
            try written { try store.saveState(Store.State(currentProject: oldCurrent), ifMissing: .some(newState.currentProject)) }
            for id in deletions { try store.moveProjectToTrash(id) }
            try written { try store.saveState(newState) }
        } else {
            if let newState { try written { try store.saveState(newState) } }
            for id in deletions { try store.moveProjectToTrash(id) }
        }
        return notSynced + cleanups.compactMap { $0() }
    }
}

extension Store {
    /// Runs `body` on a new transaction inside the store's lock, then commits it.
    func transaction<T>(time: String, command: String, by: String? = nil, _ body: (Transaction) throws -> T) throws -> (T, Transaction, [WorkspaceWarning]) {
        try lockedExclusively { lock in
            let tx = Transaction(store: self, time: time, command: command, by: by)
            let value = try body(tx)
            try lock.verify()
            let warnings = try tx.commit()
            return (value, tx, warnings)
        }
    }
}
