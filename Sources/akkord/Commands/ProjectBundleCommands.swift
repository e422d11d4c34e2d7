import AkkordKit

struct ProjectExport: Command {
    static let output = Option("--output", short: "-o", value: "file",
                               help: "The bundle file to write (e.g. roof.akkord), outside the store; - writes it to standard output.")
    static let spec = CommandSpec(
        name: "export", abstract: "Write a project and its photos to one bundle file (.akkord) to import on another machine.",
        discussion: """
        The bundle is JSON: {"format": "akkord-bundle", "version": 1, "project": {the project file}, \
        "photos": [{"file", "sha256", "data" (base64)}]}, with every photo the project uses, once. The same \
        project always gives the same bytes. Closed projects are exported too (and stay closed on import). \
        With -o - the bundle goes to standard output (and --json prints nothing else).
        """,
        arguments: [OptionalProjectId.id, output])
    let id: String?
    let output: String
    init(_ a: ParsedArguments) throws {
        id = try a[OptionalProjectId.id]
        guard let output = try a[Self.output] else {
            throw UsageError("a bundle needs -o FILE", hint: "akkord project export -o roof.akkord (or -o - for standard output)")
        }
        self.output = output
    }

    func run(_ context: CommandContext) throws {
        if output == "-" {
            let workspace = try context.workspace()
            try context.stream { out in _ = try workspace.exportBundle(id, writingTo: out) }
            return
        }
        let export = try context.workspace().exportBundle(id, to: output)
        if context.wantsJSON {
            context.printJSON(BundleText.exportJSON(export))
        } else {
            context.print(BundleText.exported(export, path: output, language: context.language))
        }
    }
}

struct ProjectImport: Command {
    static let file = Positional("file", help: "The bundle file (.akkord), or - to read standard input.")
    static let asId = Option("--as", value: "id", parse: .projectId, complete: .nothing, help: "Store the project under this id (its id changes) instead of its own.")
    static let replace = Flag("--replace", help: "Replace a different version stored under the id; the stored one is kept in the store's trash/.")
    static let spec = CommandSpec(
        name: "import", abstract: "Bring a project and its photos in from a bundle file made by 'akkord project export'.",
        discussion: """
        The whole bundle is checked first: the JSON (no key twice, no unknown key), format and version, \
        the project as a store's project file, every photo (strict base64, its bytes against its sha256 and \
        file name, its image structure), and that the photos are exactly those the project uses. On any \
        problem nothing changes and every problem is listed with its place (exit 65). A project new to the \
        store is created as it was exported and becomes the current project; the same project already \
        stored is reported unchanged and nothing is written; a different one under the same id is \
        refused with what differs (lines added, removed, changed; subtotal and total before → after), exit \
        1, unless --replace (a closed project must be reopened first) or --as ID. --replace and --as are \
        recorded in the project's history.
        """,
        arguments: [file, asId, replace])
    let file: String
    let asId: String?
    let replace: Bool
    init(_ a: ParsedArguments) throws {
        file = try a.required(Self.file)
        asId = try a[Self.asId]
        replace = try a[Self.replace]
    }

    func run(_ context: CommandContext) throws {
        let source = file == "-" ? "<stdin>" : file
        do {
            let change = try context.workspace().importBundle(file == "-" ? .descriptor(0) : .file(file), source: source, as: asId, replace: replace)
            if context.wantsJSON {
                context.printJSON(try BundleText.importJSON(change.value))
            } else {
                context.print(try BundleText.imported(change.value, source: source, language: context.language))
            }
            context.warn(change.warnings)
        } catch let conflict as BundleConflict {
            if context.wantsJSON {
                context.printJSON(BundleText.differenceJSON(conflict.difference))
            } else {
                context.print(BundleText.difference(conflict.difference, source: source, language: context.language))
            }
            let id = conflict.difference.id
            throw FailureError("project \"\(id)\" in the store differs from the one in \(source); nothing was imported",
                               hint: "add --replace to replace it (the stored version goes to the store's trash/), or --as ID to import it under another id")
        } catch let error as InvalidDataError {
            throw BundleProblems(error)
        }
    }
}

/// A bundle that does not pass its checks (exit 65): every problem, at most `limit` lines of
/// them, then how many more.
struct BundleProblems: UserFacingError {
    static let limit = 50
    let error: InvalidDataError
    init(_ error: InvalidDataError) { self.error = error }
    var message: Phrase { error.message }
    var details: [Phrase] {
        let all = error.details
        guard all.count > Self.limit else { return all }
        return Array(all.prefix(Self.limit)) + ["… and \(all.count - Self.limit) more"]
    }
    var detailLimit: Int? { nil }
    var exitStatus: ExitStatus { .dataError }
}
