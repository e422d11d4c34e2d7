import AkkordKit

struct ProjectCommand: CommandGroup {
    static let spec = CommandSpec(
        name: "project", abstract: "Create, list, choose, edit, settle, close, delete and restore projects; move them between machines as bundles.",
        subcommands: [ProjectNew.self, ProjectList.self, ProjectUse.self, ProjectShow.self, ProjectEdit.self,
                      ProjectFinish.self, ProjectHandIn.self, ProjectApprove.self, ProjectDispute.self,
                      ProjectClose.self, ProjectReopen.self, ProjectDelete.self, ProjectRestore.self, ProjectRepriceCommand.self,
                      ProjectExport.self, ProjectImport.self]
    )
}

/// Options shared by `project new` and `project edit`.
enum ProjectDetailOptions {
    static let address = Option("--address", value: "address", help: "Street address of the building.")
    static let employer = Option("--employer", value: "employer", help: "The roofing firm the work is done for.")
    static let customer = Option("--customer", value: "customer", help: "The building owner or main contractor.")
    static let start = Option("--start", value: "date", parse: .date, help: "First day of work, YYYY-MM-DD.")
    static let note = Option("--note", value: "note", parse: .note, help: "A note about the project.")
    static let arguments: [any DeclaredArgument] = [address, employer, customer, start, note]

    static func read(_ a: ParsedArguments) throws -> Project.Details {
        Project.Details(address: try a[address], employer: try a[employer], customer: try a[customer],
                        start: try a[start], note: try a[note])
    }
}

struct ProjectNew: Command {
    static let name = Positional("name", parse: .text, help: "The project's name, e.g. \"Vestergade 12, roof\".")
    static let id = Option("--id", value: "id", parse: .projectId, complete: .nothing, help: "The project's id (default: made from the name).")
    static let spec = CommandSpec(
        name: "new", abstract: "Create a project and make it the current one.",
        discussion: """
        The id is made from the name (lowercase, æ→ae, ø→oe, å→aa, other characters become '-'). A name \
        whose id a project has already, or one in the trash, is refused, so that the next lines do not go \
        into a new, empty project by mistake: work on that project with 'akkord project use', or give the \
        new one its own id with --id.
        """,
        arguments: [name, id] + ProjectDetailOptions.arguments
    )
    let name: String
    let id: String?
    let details: Project.Details
    init(_ a: ParsedArguments) throws {
        name = try a.required(Self.name)
        id = try a[Self.id]
        details = try ProjectDetailOptions.read(a)
    }

    func run(_ context: CommandContext) throws {
        let change = try context.workspace().createProject(name: name, id: id, details: details)
        context.warn(change.warnings)
        let project = change.value
        if context.wantsJSON { context.printJSON(try ChangeJSON.project(project)) } else {
            context.print(Confirmation.projectCreated(project, context.language))
        }
    }
}

struct ProjectList: Command {
    /// nil: all.
    static let status = Option("--status", value: "open|finished|handed-in|approved|disputed|closed|all", parse: .stateFilter,
                               help: "Which projects to list: open (every state but closed), finished, handed-in, approved, disputed, closed or all.",
                               default: "all")
    static let spec = CommandSpec(
        name: "list", abstract: "List projects with their number of lines, line subtotal and settlement due date.",
        discussion: """
        Each project's settlement state: open (work going on), finished (ended: the settlement is due \
        settlementDeadline after the end, default 15 working days), handed-in (the other side may criticise it \
        until criticismDeadline after the hand-in, default 10 working days), approved (also 'approved (no answer)' \
        when the criticism deadline passed unanswered), disputed, closed. Working days are Monday–Friday but the \
        Danish public holidays and the config's extraHolidays. The Due column shows the next deadline; '!' marks \
        one past. --json adds "due" (YYYY-MM-DD or null), "overdue", "state", "approvedByDefault", "end", \
        "handedIn", "approved" and "disputed".
        """,
        arguments: [status, trash])
    static let trash = Flag("--trash", help: "List the deleted projects in the store's trash instead (bring one back with 'akkord project restore').")
    let status: SettlementState?
    let trash: Bool
    init(_ a: ParsedArguments) throws {
        status = try a[Self.status] ?? nil
        trash = try a[Self.trash]
    }

    func run(_ context: CommandContext) throws {
        if trash {
            let entries = try context.workspace().trash()
            if context.wantsJSON { context.printJSON(try ProjectText.trashJSON(entries)) } else { context.print(try ProjectText.trash(entries, language: context.language, width: context.width)) }
            return
        }
        // The config file is read only when an open project has an end (SPEC §9, §12).
        let listing = try context.workspace().projectListing(rules: { try context.settlementRules() }, today: try context.today())
        let projects = listing.projects.filter { p in
            switch status {
            case nil: return true
            case .open?: return p.status == .open
            case let state?: return listing.courses[p.id]?.state == state
            }
        }
        if context.wantsJSON {
            context.printJSON(JSONValue(["projects": .array(projects.map { ProjectText.listJSON($0, course: listing.courses[$0.id]!) }),
                                         "unreadable": .array(listing.unreadable.map { .string("\($0)") })]))
        } else if projects.isEmpty {
            if listing.unreadable.isEmpty || status != nil {
                let shownStatus: Project.Status? = status.map { $0 == .closed ? .closed : .open }
                context.print(ProjectText.noProjects(status: shownStatus, language: context.language) + CommandHints.createProject(context.language))
            }
        } else {
            context.print(ProjectText.list(projects, current: listing.currentProjectId, courses: listing.courses, language: context.language, width: context.width))
        }
        // The others are listed first; a damaged file is then named and the command fails.
        guard !listing.unreadable.isEmpty else { return }
        throw UnreadableProjectsError(errors: listing.unreadable)
    }
}

/// `project list` found project files that do not read (exit 65, after listing the others).
struct UnreadableProjectsError: UserFacingError {
    let errors: [Error]
    var details: [Phrase] { errors.map(Phrase.firstLine(of:)) }
    var message: Phrase {
        errors.count == 1 ? "1 project file does not read; the other projects are listed above"
            : "\(errors.count) project files do not read; the other projects are listed above"
    }
    var hint: Phrase? { "akkord check lists every problem; akkord project delete ID --yes --force moves a damaged file to the trash" }
    var exitStatus: ExitStatus { .dataError }
}

struct ProjectUse: Command {
    static let id = Positional("id", parse: .text, complete: .store(.project), help: "The project's id or name, or the beginning of either (see 'akkord project list').")
    static let spec = CommandSpec(name: "use", abstract: "Make a project the current one.", arguments: [id])
    let id: String
    init(_ a: ParsedArguments) throws { id = try a.required(Self.id) }

    func run(_ context: CommandContext) throws {
        let project = try context.workspace().useProject(id).value
        try context.printChange(json: ChangeJSON.project(project), Confirmation.projectCurrent(project.id, context.language))
    }
}

/// `[<id>]` for commands on one project; without it, `-p` or the current project.
enum OptionalProjectId {
    static let id = Positional("id", .optional, parse: .projectId, help: "The project's id (default: -p or the current project).")
}

struct ProjectShow: Command {
    static let spec = CommandSpec(name: "show", abstract: "Show a project's details.", arguments: [OptionalProjectId.id])
    let id: String?
    init(_ a: ParsedArguments) throws { id = try a[OptionalProjectId.id] }

    func run(_ context: CommandContext) throws {
        let (project, current) = try context.workspace().projectAndCurrent(id)
        if context.wantsJSON { context.printJSON(try ProjectText.showJSON(project)); return }
        context.print(try ProjectText.show(project, current: current, language: context.language))
    }
}

struct ProjectEdit: Command {
    static let name = Option("--name", value: "name", parse: .text, help: "New name (the id stays).")
    static let end = Option("--end", value: "date", parse: .date, help: "Last day of work, YYYY-MM-DD.")
    static let spec = CommandSpec(
        name: "edit", abstract: "Change a project's name, address, employer, customer, dates or note.",
        arguments: [OptionalProjectId.id, name] + ProjectDetailOptions.arguments + [end]
    )
    let id: String?
    let details: Project.Details
    init(_ a: ParsedArguments) throws {
        id = try a[OptionalProjectId.id]
        var d = try ProjectDetailOptions.read(a)
        d.end = try a[Self.end]
        d.name = try a[Self.name]
        guard d != Project.Details() else { throw UsageError("nothing to change", hint: "give at least one of --name, --address, --employer, --customer, --start, --end, --note") }
        details = d
    }

    func run(_ context: CommandContext) throws {
        let change = try context.workspace().editProject(id, details)
        context.warn(change.warnings)
        let edit = change.value
        try context.printChange(json: ChangeJSON.project(edit.after), Confirmation.projectEdited(before: edit.before, after: edit.after, context.language))
    }
}

/// `project finish|hand-in|approve|dispute`: the settlement's course (SPEC §16).
enum SettlementStepArguments {
    static let date = Option("--date", value: "date", parse: .date, help: "The day, YYYY-MM-DD (default: today).")
}

struct ProjectFinish: Command {
    static let spec = CommandSpec(
        name: "finish", abstract: "Record the day the piecework ended (the project's end): the settlement is due from it.",
        discussion: """
        Sets the end date (as 'project edit --end' does); again, before the hand-in, to correct it. The settlement is \
        due settlementDeadline after it (default 15 working days; see 'akkord config').
        """,
        arguments: [OptionalProjectId.id, SettlementStepArguments.date])
    let id: String?, date: String?
    init(_ a: ParsedArguments) throws { id = try a[OptionalProjectId.id]; date = try a[SettlementStepArguments.date] }
    func run(_ context: CommandContext) throws { try settle(.finish, id, date, context) }
}

struct ProjectHandIn: Command {
    static let spec = CommandSpec(
        name: "hand-in", abstract: "Record the day the settlement was handed over to the employer.",
        discussion: """
        The other side may criticise the settlement until criticismDeadline after it (default 10 working days; see \
        'akkord config'); a settlement not answered by then counts as approved, and 'project list' shows it so.
        """,
        arguments: [OptionalProjectId.id, SettlementStepArguments.date])
    let id: String?, date: String?
    init(_ a: ParsedArguments) throws { id = try a[OptionalProjectId.id]; date = try a[SettlementStepArguments.date] }
    func run(_ context: CommandContext) throws { try settle(.handIn, id, date, context) }
}

struct ProjectApprove: Command {
    static let spec = CommandSpec(name: "approve", abstract: "Record that the settlement was approved.",
                                  arguments: [OptionalProjectId.id, SettlementStepArguments.date])
    let id: String?, date: String?
    init(_ a: ParsedArguments) throws { id = try a[OptionalProjectId.id]; date = try a[SettlementStepArguments.date] }
    func run(_ context: CommandContext) throws { try settle(.approve, id, date, context) }
}

struct ProjectDispute: Command {
    static let note = Option("--note", value: "text", parse: .note, help: "What is disputed (required).")
    static let spec = CommandSpec(name: "dispute", abstract: "Record that the settlement was disputed, and what the dispute is.",
                                  arguments: [OptionalProjectId.id, note, SettlementStepArguments.date])
    let id: String?, date: String?, note: String
    init(_ a: ParsedArguments) throws {
        id = try a[OptionalProjectId.id]; date = try a[SettlementStepArguments.date]
        guard let note = try a[Self.note], !note.isEmpty else { throw UsageError("project dispute needs --note saying what is disputed") }
        self.note = note
    }
    func run(_ context: CommandContext) throws { try settle(.dispute(note: note), id, date, context) }
}

private func settle(_ step: SettlementStep, _ id: String?, _ date: String?, _ context: CommandContext) throws {
    let change = try context.workspace().settle(step, id, date: date ?? context.today())
    context.warn(change.warnings)
    context.printChange(json: ChangeJSON.settled(change.value), Confirmation.settled(change.value, step, context.language))
}

struct ProjectClose: Command {
    static let spec = CommandSpec(name: "close", abstract: "Close a project: it takes no changes until reopened.", arguments: [OptionalProjectId.id])
    let id: String?
    init(_ a: ParsedArguments) throws { id = try a[OptionalProjectId.id] }
    func run(_ context: CommandContext) throws {
        let p = try context.workspace().closeProject(id).value
        try context.printChange(json: ChangeJSON.project(p), Confirmation.projectStatus(p, context.language))
    }
}

struct ProjectReopen: Command {
    static let spec = CommandSpec(name: "reopen", abstract: "Reopen a closed project.", arguments: [OptionalProjectId.id])
    let id: String?
    init(_ a: ParsedArguments) throws { id = try a[OptionalProjectId.id] }
    func run(_ context: CommandContext) throws {
        let p = try context.workspace().reopenProject(id).value
        try context.printChange(json: ChangeJSON.project(p), Confirmation.projectStatus(p, context.language))
    }
}

struct ProjectDelete: Command {
    static let id = Positional("id", parse: .projectId, help: "The project's id.")
    static let yes = Flag("--yes", help: "Confirm: the project and its history leave the project list.")
    static let force = Flag("--force", help: "Also move a project file that does not read (see 'akkord check').")
    static let spec = CommandSpec(
        name: "delete", abstract: "Delete a project: its file is moved to the store's trash/ directory.",
        discussion: """
        The file is kept as it was in trash/<id>.json (trash/<id>.2.json, … for later ones), so a \
        mistaken delete loses nothing. A project file that does not read cannot be shown or changed; \
        --force moves it to the trash as it is.
        """,
        arguments: [id, yes, force])
    let id: String
    let confirmed: Bool
    let force: Bool
    init(_ a: ParsedArguments) throws {
        id = try a.required(Self.id)
        confirmed = try a[Self.yes]
        force = try a[Self.force]
    }

    func run(_ context: CommandContext) throws {
        guard confirmed else {
            throw UsageError("deleting a project takes it out of akkord; add --yes to confirm", hint: "akkord project delete \(id) --yes")
        }
        let change: Change<Project?>
        do { change = try context.workspace().deleteProject(id, force: force) } catch let error as InvalidDataError {
            throw HintedError(error, hint: "add --force to move the damaged file to the trash as it is")
        } catch let error as StoreFileError {
            throw HintedError(error, hint: "add --force to move the damaged file to the trash as it is")
        }
        context.printChange(json: JSONValue(["deleted": JSONValue(["id": .string(id), "read": .bool(change.value != nil)])]),
                            Confirmation.projectDeleted(id, unread: change.value == nil, context.language))
    }
}

struct ProjectRestore: Command {
    static let entry = Positional("id", parse: .string, complete: .store(.trash), help: "A project id (its newest trash entry) or a trash entry (soender.2), see 'akkord project list --trash'.")
    static let newId = Option("--as", value: "id", parse: .projectId, complete: .nothing, help: "Restore it under this id (when its own id is taken).")
    static let spec = CommandSpec(
        name: "restore", abstract: "Bring a deleted project back from the trash and make it the current one.",
        discussion: "The project comes back as it was deleted; the restore is added to its history and its file leaves the trash.",
        arguments: [entry, newId])
    let entry: String
    let newId: String?
    init(_ a: ParsedArguments) throws {
        entry = try a.required(Self.entry)
        newId = try a[Self.newId]
    }
    func run(_ context: CommandContext) throws {
        let change = try context.workspace().restoreProject(entry, as: newId)
        context.warn(change.warnings)
        try context.printChange(json: ChangeJSON.project(change.value), Confirmation.projectRestored(change.value, context.language))
    }
}

extension ValueParser where Value == SettlementState? {
    /// `--status` of `project list`: a state, in English or Danish, or all (nil).
    static var stateFilter: ValueParser {
        ValueParser(example: "finished") { text in
            let danish: [String: SettlementState] = ["åben": .open, "færdig": .finished, "afleveret": .handedIn, "godkendt": .approved,
                                                     "indsigelse": .disputed, "lukket": .closed]
            if text == "all" || text == "alle" { return nil }
            guard let state = SettlementState(rawValue: text) ?? danish[text] else {
                throw PlainError("\"\(text)\" is not open, finished, handed-in, approved, disputed, closed or all")
            }
            return state
        }
    }
}

extension ValueParser where Value == Project.Status? {
    /// `--status open|closed|all`; all is nil.
    static var statusFilter: ValueParser {
        ValueParser(example: "open") { text in
            if text == "all" { return nil }
            guard let status = Project.Status(rawValue: text) else { throw PlainError("\"\(text)\" is not open, closed or all") }
            return status
        }
    }
}
