import AkkordSupport
import AkkordModel
import AkkordCatalogue
import AkkordStore

/// Creating, choosing, editing, closing, reopening and deleting projects.
extension Workspace {
    /// Creates a project with a unique id made from its name and makes it the current one.
    public func createProject(name: String, details: Project.Details) throws -> Change<Project> {
        try change { tx in
            let id = Slug.unique(Slug.make(from: name), taken: Set(try tx.projectIds()))
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

    /// Makes a project the current one.
    public func useProject(_ id: String) throws -> Change<Project> {
        try change { tx in
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
