/// Read-modify-write of one project under the store lock: load (a bad file stops everything),
/// refuse changes to a closed project, apply, append the history entry, write atomically.
extension Store {
    public func modifyProject<T>(_ id: String, command: String, time: String, allowClosed: Bool = false,
                                 afterSave: ((Project) throws -> Void)? = nil,
                                 _ change: (inout Project) throws -> (T, [String])) throws -> T {
        try exclusively {
            var project = try loadProject(id)
            if project.status == .closed && !allowClosed {
                throw FailureError("project \"\(id)\" is closed; it takes no changes",
                                   hint: "reopen it first with: akkord project reopen \(id)")
            }
            let (result, changes) = try change(&project)
            if !changes.isEmpty {
                project.history.append(HistoryEntry(time: time, command: command, changes: changes))
                try saveProject(project)
                try afterSave?(project)
            }
            return result
        }
    }

    /// Creates a project with a unique id made from its name and makes it current.
    public func createProject(name: String, details: Project.Details, command: String, time: String, today: String) throws -> Project {
        try exclusively {
            let id = Slug.unique(Slug.make(from: name), taken: Set(try projectIds()))
            var project = Project(id: id, name: name)
            project.created = today
            project.start = details.start
            var d = details
            d.name = nil; d.start = nil
            _ = project.edit(d)
            project.history.append(HistoryEntry(time: time, command: command, changes: ["project \"\(id)\" created: \(name)"]))
            try saveProject(project)
            try saveState(State(currentProject: id))
            return project
        }
    }
}
