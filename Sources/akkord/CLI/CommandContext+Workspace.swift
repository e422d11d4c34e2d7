import AkkordKit

extension CommandContext {
    /// The library's view of the store for this run: every change goes through it.
    var workspace: Workspace {
        Workspace(store: store, clock: clock, command: commandLine, selectedProject: globals.project)
    }
}
