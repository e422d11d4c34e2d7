import AkkordSupport
import AkkordModel
import AkkordRender
import AkkordStore

/// `undo`: the project put back exactly as it was before its last change that is not yet undone.
/// Its history only grows (the undo is an entry of its own) and its id counters never go back, so
/// no id is given out twice.
///
/// Neither file's lines become `Line`s: the current project is read without them (its reader
/// still checks every line), the kept step as a `LineWindow` of none of its lines, and the new
/// file copies the step's lines from it, so an undo on a large project costs about a read of
/// each file and a write. A file the streaming reader leaves to the whole reader is read whole.
extension Workspace {
    public struct UndoStep: Sendable {
        public let projectId: String
        /// The history entry of the change taken back.
        public let undone: HistoryEntry
        /// The project after the undo as `project list` shows it (its lines are not all read).
        public let project: ProjectListEntry
    }

    /// Takes back the chosen project's last change; with `dryRun` only says what that would be.
    /// A closed project is refused like any change.
    public func undo(dryRun: Bool = false) throws -> Change<UndoStep> {
        if dryRun {
            let step = try store.shared {
                let id = try chooseProject(nil) { try store.loadState() }
                let current = try store.loadProjectForReading(id).head
                guard current.status == .open else { throw AkkordError.projectClosed(id) }
                let restored = try restore(current)
                let summary = try restored.window.listEntry(after: restored.project)
                return UndoStep(projectId: current.id, undone: restored.undone, project: summary)
            }
            return Change(value: step, history: [], warnings: [])
        }
        return try change { tx in
            tx.keepsUndoSteps = false
            let current = ProjectHead(try tx.openProject(try projectId(nil, in: tx), onlyLines: []))
            let restored = try restore(current)
            tx.stage(restored.project, linesFrom: restored.window, source: restored.source,
                     changes: Self.undoHistory(restored.undone), undoing: restored.target)
            return UndoStep(projectId: current.id, undone: restored.undone, project: try tx.listEntry(of: try tx.project(current.id)))
        }
    }

    /// The project as it will be after the undo (its lines those of `window`: none, all copied
    /// from the step's file at commit), the history entry it takes back and that entry's index.
    private func restore(_ current: ProjectHead) throws -> (project: Project, window: LineWindow, source: String, undone: HistoryEntry, target: Int) {
        guard let target = current.nextUndoTarget else { throw AkkordError.nothingToUndo(project: current.id, before: nil) }
        // A sync that brought in changes ended the undo of every step before it (SPEC §14).
        if let mark = store.undoSyncMark(of: current.id), target < mark.historyCount, mark.matches(current.history) {
            throw UndoEndedBySyncError(project: current.id, syncTime: mark.time)
        }
        let entry = current.history[target]
        guard let (window, source) = try store.undoStepToRestore(of: current.id, historyCount: target),
              window.head.history.elementsEqual(current.history[..<target]) else {
            throw AkkordError.nothingToUndo(project: current.id, before: entry)
        }
        var restored = window.changeable
        restored.history = current.history
        restored.nextIds.merge(current.nextIds) { max($0, $1) }
        return (restored, window, source, entry, target)
    }

    /// What an undo records: which entry it took back, then each of that entry's changes (as
    /// described, or as the text of an entry written before changes were described).
    package static func undoHistory(_ undone: HistoryEntry) -> [HistoryChange] {
        [.undo(time: undone.time, command: undone.command)] + undone.undoneChanges
    }
}

/// `undo` on a project whose earlier steps a sync ended, by bringing in changes from the office.
public struct UndoEndedBySyncError: Equatable, PhrasedError {
    public let project: String
    /// When the sync ran (stored form, UTC).
    public let syncTime: String
    public init(project: String, syncTime: String) { self.project = project; self.syncTime = syncTime }
    public var phrase: Phrase {
        "nothing to undo in \(project): the sync on \(HistoryText.time(syncTime)) brought in changes from the office; earlier steps can no longer be undone"
    }
}
