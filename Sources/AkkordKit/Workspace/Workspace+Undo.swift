/// `undo`: the project put back exactly as it was before its last change that is not yet undone.
/// Its history only grows (the undo is an entry of its own) and its id counters never go back, so
/// no id is given out twice.
extension Workspace {
    public struct UndoStep: Sendable {
        public let projectId: String
        /// The history entry of the change taken back.
        public let undone: HistoryEntry
        /// The project as it is after the undo.
        public let project: Project
    }

    /// Takes back the chosen project's last change; with `dryRun` only says what that would be.
    /// A closed project is refused like any change.
    public func undo(dryRun: Bool = false) throws -> Change<UndoStep> {
        if dryRun {
            let step = try store.shared {
                let id = try chooseProject(nil) { try store.loadState() }
                let current = try store.loadProject(id)
                guard current.status == .open else { throw AkkordError.projectClosed(id) }
                return try undoStep(current)
            }
            return Change(value: step.0, history: [], warnings: [])
        }
        return try change { tx in
            tx.keepsUndoSteps = false
            let current = try tx.openProject(try projectId(nil, in: tx))
            let (step, target) = try undoStep(current)
            tx.stage(step.project, changes: Self.undoHistory(step.undone), undoing: target)
            return UndoStep(projectId: step.projectId, undone: step.undone, project: try tx.project(current.id))
        }
    }

    /// The project as it will be after the undo, and the history entry it takes back.
    private func undoStep(_ current: Project) throws -> (UndoStep, Int) {
        guard let target = current.nextUndoTarget else { throw AkkordError.nothingToUndo(project: current.id, before: nil) }
        let entry = current.history[target]
        guard var restored = try store.undoStep(of: current.id, historyCount: target),
              restored.history.elementsEqual(current.history[..<target]) else {
            throw AkkordError.nothingToUndo(project: current.id, before: entry)
        }
        restored.history = current.history
        restored.nextIds.merge(current.nextIds) { max($0, $1) }
        return (UndoStep(projectId: current.id, undone: entry, project: restored), target)
    }

    static func undoHistory(_ undone: HistoryEntry) -> [String] {
        ["undid the change of \(undone.time) (\(undone.command))"] + undone.changes.map { "undid: \($0)" }
    }
}
