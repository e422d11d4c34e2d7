import AkkordModel
import AkkordStore

/// Deleted projects wait in the store's trash until they are restored.
extension Workspace {
    /// Everything in the trash, oldest of an id first.
    public func trash() throws -> [TrashedProject] {
        try store.shared {
            store.trashEntries().map { entry in
                do { return TrashedProject(entry: entry, project: try store.loadTrashedProject(entry), problem: nil) } catch {
                    return TrashedProject(entry: entry, project: nil, problem: "\(error)")
                }
            }
        }
    }

    /// Brings a project back from the trash (the entry named, or the newest of that project id),
    /// under its own id or `newId`, and makes it the current project. Its file leaves the trash.
    public func restoreProject(_ name: String, as newId: String? = nil) throws -> Change<Project> {
        try change { tx in
            let entry = try store.trashEntry(named: name)
            var project = try store.loadTrashedProject(entry)
            let oldId = project.id
            project.id = newId ?? project.id
            let restored = HistoryChange.projectRestored(file: Store.trashFileName(entry),
                                                         renamed: project.id == oldId ? nil : .init(id: project.id, was: oldId))
            // The text of the restore, up to where a renamed one goes on.
            let restoreEntry = HistoryChange.projectRestored(file: Store.trashFileName(entry), renamed: nil).text
            if try tx.projectIds().contains(project.id) {
                // A restore stopped after writing the project (before store.json or before the
                // trash file went) is finished, not refused: the project is this entry plus the restore.
                let stored = try tx.project(project.id)
                guard stored.history.count == project.history.count + 1, stored.history.starts(with: project.history),
                      stored.history.last?.changes.first?.hasPrefix(restoreEntry) == true else {
                    throw AkkordError.projectExists(project.id)
                }
            } else {
                tx.stage(project, changes: [restored])
            }
            try tx.setState(Store.State(currentProject: project.id))
            let store = self.store
            tx.afterCommit {
                do { try store.removeFromTrash(entry); return nil } catch {
                    return .fileKept(path: store.trashFile(entry), reason: "\(error)")
                }
            }
            return try tx.project(project.id)
        }
    }
}
