import AkkordSupport
import AkkordModel
import AkkordCatalogue
import AkkordStore

/// Creating, choosing, editing, closing, reopening and deleting projects.
extension Workspace {
    /// Creates a project and makes it the current one. Its id is `id`, else made from its name:
    /// refused when a project has it, and a made one also when a deleted project in the trash
    /// has it (a second project of the same name would quietly take the next lines — SPEC §15).
    public func createProject(name: String, id givenId: String? = nil, details: Project.Details) throws -> Change<Project> {
        try change { tx in
            let id = givenId ?? Slug.make(from: name)
            if try tx.projectIds().contains(id) {
                if let givenId { throw AkkordError.projectExists(givenId) }
                throw AkkordError.projectNameTaken(name: name, id: id, inTrash: false)
            }
            // An id given with --id is the user's choice, even when a deleted project had it (the
            // trash keeps both, as <id>.json and <id>.2.json).
            if givenId == nil, store.trashEntries().contains(where: { $0.hasPrefix(id + ".") }) {
                throw AkkordError.projectNameTaken(name: name, id: id, inTrash: true)
            }
            var p = Project(id: id, name: name)
            p.created = clock.today
            p.start = details.start
            var rest = details
            rest.name = nil
            rest.start = nil
            _ = p.edit(rest)
            tx.stage(p, changes: [.projectCreated(id: id, name: name)])
            try tx.setState(Store.State(currentProject: id))
            return try tx.project(id)
        }.warning(plausible(date: details.start) + plausible(date: details.end))
    }

    /// Makes a project the current one: `text` is its id, its name or a unique beginning of
    /// either (`projectId(naming:)`).
    public func useProject(_ text: String) throws -> Change<Project> {
        try change { tx in
            let id = try projectId(naming: text)
            let p = try tx.project(id)
            try tx.setState(Store.State(currentProject: id))
            return p
        }
    }

    /// Changes a project's name, address, employer, customer, dates or note.
    public func editProject(_ id: String? = nil, _ details: Project.Details) throws -> Change<Edited<Project>> {
        try changeProject(id) { p in
            let before = p
            let changes = p.edit(details)
            return (Edited(before: before, after: p), changes)
        }.warning(plausible(date: details.start) + plausible(date: details.end))
    }

    /// A step of the settlement's course (SPEC §16) on `date`, else today; the lines are not read.
    public func settle(_ step: SettlementStep, _ id: String? = nil, date: String? = nil) throws -> Change<ProjectHead> {
        let day = date ?? clock.today
        return try changeProject(id, onlyLines: []) { p in
            let changes = try p.settle(step, on: day)
            return (ProjectHead(p), changes)
        }.warning(plausible(date: day))
    }

    public func closeProject(_ id: String? = nil) throws -> Change<Project> { try setStatus(.closed, id) }
    public func reopenProject(_ id: String? = nil) throws -> Change<Project> { try setStatus(.open, id) }

    private func setStatus(_ status: Project.Status, _ id: String?) throws -> Change<Project> {
        try change { tx in
            var p = try tx.project(try projectId(id, in: tx))
            guard p.status != status else { throw AkkordError.projectAlreadyInStatus(p.id, status) }
            let old = p.status
            p.status = status
            tx.stage(p, changes: [.statusChanged(old: old, new: status)])
            return p
        }
    }

    /// Moves a project to the store's trash; when it was the current one, there is no current
    /// project afterwards. A project file that does not read is refused unless `force`, which
    /// moves the file as it is (nil is returned then: there is no project to show).
    public func deleteProject(_ id: String, force: Bool = false) throws -> Change<Project?> {
        try change { tx in
            let p: Project?
            do { p = try tx.project(id) } catch let error where force && (error is StoreFileError || error is InvalidDataError) {
                p = nil
            }
            if try tx.state().currentProject == id { try tx.setState(Store.State(currentProject: nil)) }
            tx.delete(project: id, changes: ["project \"\(id)\" moved to the trash" + (p == nil ? " unread (its file does not read)" : "")])
            return p
        }
    }
}

extension Workspace {
    /// Saves the sample job `akkord demo` accounts (on the bundled catalogue) and returns it as
    /// it reads back from the store.
    public func createDemoProject() throws -> Project {
        let project = try DemoProject.build(try BundledCatalogue.load(), today: clock.today)
        try store.exclusively { try store.writeProject(project) }
        return try store.loadProject(project.id)
    }
}
