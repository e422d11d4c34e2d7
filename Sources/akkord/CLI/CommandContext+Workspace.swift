import AkkordKit

extension CommandContext {
    /// The library's view of the store for this run: every change goes through it.
    func workspace() throws -> Workspace {
        if let text = globals.project, text.trimmingSpaces.isEmpty {
            throw InvalidArgumentError.usage("--project", "must not be empty")
        }
        let (directory, lockTimeout) = try storeSetup()
        var workspace = Workspace(directory: directory, lockTimeout: lockTimeout, clock: clock, command: commandLine, selectedProject: globals.project)
        // The config file is read only when a change is made in a shared store; one that does
        // not parse names no one here (the commands that need it for more say so, exit 65).
        let environment = environment
        workspace.author = {
            Workspace.historyAuthor(storeDirectory: directory, configName: { (try? Settings(environment: environment).config())?.name }, environment: environment)
        }
        return workspace
    }

    /// What the handbook's rounding and minimum did to the quantity typed (SPEC §16), as notes.
    func noteRuled(_ ruled: RuledQuantity?, unit: String) {
        guard let ruled else { return }
        for text in Confirmation.quantityRuled(ruled, unit: unit, messageLanguage, numbers: numberFormat) { note(text) }
    }

    /// Prints what a change asks to be told beyond its result.
    func warn(_ warnings: [WorkspaceWarning]) {
        for w in warnings {
            switch w {
            case .fileKept(let path, let reason): warn(Confirmation.fileKept(path: path, reason: reason, language))
            case .notSynced(let path, let reason): warn(Confirmation.changeNotSynced(path: path, reason: reason, language))
            case .implausible(let p): warn(Confirmation.plausibility(p, language))
            }
        }
    }

    /// What a changing command prints: the changed object as JSON with --json (SPEC §11),
    /// else the confirmation for people.
    func printChange(json: @autoclosure () throws -> JSONValue, _ text: @autoclosure () -> String) rethrows {
        if wantsJSON { printJSON(try json()) } else { print(text()) }
    }
}
