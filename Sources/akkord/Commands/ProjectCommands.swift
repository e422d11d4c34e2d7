import AkkordKit

struct ProjectCommand: CommandGroup {
    static let spec = CommandSpec(
        name: "project", abstract: "Create, list, choose, edit, close and delete projects.",
        subcommands: [ProjectNew.self, ProjectList.self, ProjectUse.self, ProjectShow.self, ProjectEdit.self,
                      ProjectClose.self, ProjectReopen.self, ProjectDelete.self]
    )
}

/// Options shared by `project new` and `project edit`.
enum ProjectDetailOptions {
    static let specs: [ArgumentSpec] = [
        .option("--address", value: "address", help: "Street address of the building."),
        .option("--employer", value: "employer", help: "The roofing firm the work is done for."),
        .option("--customer", value: "customer", help: "The building owner or main contractor."),
        .option("--start", value: "date", help: "First day of work, YYYY-MM-DD."),
        .option("--note", value: "note", help: "A note about the project."),
    ]

    static func read(_ a: ParsedArguments) throws -> Project.Details {
        Project.Details(address: a.string("--address"), employer: a.string("--employer"), customer: a.string("--customer"),
                        start: try a.date("--start"), end: try a.date("--end"), note: a.string("--note"))
    }
}

struct ProjectNew: Command {
    static let spec = CommandSpec(
        name: "new", abstract: "Create a project and make it the current one.",
        discussion: "The id is made from the name (lowercase, æ→ae, ø→oe, å→aa, other characters become '-') and made unique with -2, -3 ….",
        arguments: [.positional("name", help: "The project's name, e.g. \"Vestergade 12, roof\".")] + ProjectDetailOptions.specs
    )
    let name: String
    let details: Project.Details
    init(_ a: ParsedArguments) throws {
        name = try a.requiredText("name")
        details = try ProjectDetailOptions.read(a)
    }

    func run(_ context: CommandContext) throws {
        let project = try context.workspace().createProject(name: name, details: details).value
        if context.wantsJSON { context.printJSON(ProjectText.summaryJSON(project)) } else {
            context.print("created project \(project.id) (\(project.name)); it is now the current project")
        }
    }
}

struct ProjectList: Command {
    static let spec = CommandSpec(
        name: "list", abstract: "List projects with their number of lines and line subtotal.",
        arguments: [.option("--status", value: "open|closed|all", help: "Which projects to list.", default: "all")]
    )
    let status: Project.Status?
    init(_ a: ParsedArguments) throws {
        switch a.string("--status") ?? "all" {
        case "all": status = nil
        case let s:
            guard let st = Project.Status(rawValue: s) else {
                throw InvalidArgumentError.usage("--status", "\"\(s)\" is not open, closed or all")
            }
            status = st
        }
    }

    func run(_ context: CommandContext) throws {
        let workspace = try context.workspace()
        let projects = try workspace.projects().filter { status == nil || $0.status == status }
        if context.wantsJSON {
            context.printJSON(JSONValue(["projects": .array(projects.map(ProjectText.summaryJSON))]))
        } else if projects.isEmpty {
            context.print("no projects\(status.map { " (\($0.rawValue))" } ?? ""); create one with: akkord project new NAME")
        } else {
            context.print(ProjectText.list(projects, current: try workspace.currentProjectId(), language: context.language))
        }
    }
}

struct ProjectUse: Command {
    static let spec = CommandSpec(name: "use", abstract: "Make a project the current one.",
                                  arguments: [.positional("id", help: "The project's id (see 'akkord project list').")])
    let id: String
    init(_ a: ParsedArguments) throws { id = try a.projectIdArgument("id")! }

    func run(_ context: CommandContext) throws {
        _ = try context.workspace().useProject(id)
        context.print("current project: \(id)")
    }
}

/// `[<id>]` for commands on one project; without it, `-p` or the current project.
enum OptionalProjectId {
    static let spec = ArgumentSpec.positional("id", help: "The project's id (default: -p or the current project).", optional: true)
}

struct ProjectShow: Command {
    static let spec = CommandSpec(name: "show", abstract: "Show a project's details.", arguments: [OptionalProjectId.spec])
    let id: String?
    init(_ a: ParsedArguments) throws { id = try a.projectIdArgument("id") }

    func run(_ context: CommandContext) throws {
        let workspace = try context.workspace()
        let project = try workspace.project(id)
        if context.wantsJSON { context.printJSON(ProjectText.showJSON(project)); return }
        let current = try workspace.currentProjectId() == project.id
        context.print(ProjectText.show(project, current: current, language: context.language))
    }
}

struct ProjectEdit: Command {
    static let spec = CommandSpec(
        name: "edit", abstract: "Change a project's name, address, employer, customer, dates or note.",
        arguments: [OptionalProjectId.spec, .option("--name", value: "name", help: "New name (the id stays).")]
            + ProjectDetailOptions.specs + [.option("--end", value: "date", help: "Last day of work, YYYY-MM-DD.")]
    )
    let id: String?
    let details: Project.Details
    init(_ a: ParsedArguments) throws {
        id = try a.projectIdArgument("id")
        var d = try ProjectDetailOptions.read(a)
        d.name = try a.text("--name")
        guard d != Project.Details() else { throw UsageError("nothing to change", hint: "give at least one of --name, --address, --employer, --customer, --start, --end, --note") }
        details = d
    }

    func run(_ context: CommandContext) throws {
        let change = try context.workspace().editProject(id, details)
        context.print(change.history.isEmpty ? "nothing changed" : change.history.joined(separator: "\n"))
    }
}

struct ProjectClose: Command {
    static let spec = CommandSpec(name: "close", abstract: "Close a project: it takes no changes until reopened.", arguments: [OptionalProjectId.spec])
    let id: String?
    init(_ a: ParsedArguments) throws { id = try a.projectIdArgument("id") }
    func run(_ context: CommandContext) throws {
        context.print("project \(try context.workspace().closeProject(id).value.id) is now closed")
    }
}

struct ProjectReopen: Command {
    static let spec = CommandSpec(name: "reopen", abstract: "Reopen a closed project.", arguments: [OptionalProjectId.spec])
    let id: String?
    init(_ a: ParsedArguments) throws { id = try a.projectIdArgument("id") }
    func run(_ context: CommandContext) throws {
        context.print("project \(try context.workspace().reopenProject(id).value.id) is now open")
    }
}

struct ProjectDelete: Command {
    static let spec = CommandSpec(
        name: "delete", abstract: "Delete a project for good.",
        arguments: [.positional("id", help: "The project's id."), .flag("--yes", help: "Confirm: the project and its history are deleted.")]
    )
    let id: String
    let confirmed: Bool
    init(_ a: ParsedArguments) throws {
        id = try a.projectIdArgument("id")!
        confirmed = a.flag("--yes")
    }

    func run(_ context: CommandContext) throws {
        guard confirmed else {
            throw UsageError("deleting a project cannot be undone; add --yes to confirm", hint: "akkord project delete \(id) --yes")
        }
        _ = try context.workspace().deleteProject(id)
        context.print("deleted project \(id)")
    }
}
