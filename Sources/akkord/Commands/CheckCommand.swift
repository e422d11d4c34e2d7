import AkkordKit

struct CheckCommand: Command {
    static let fix = Flag("--fix", help: "Remove the leftovers listed (never a file with a problem).")
    static let spec = CommandSpec(
        name: "check", abstract: "Read and validate every store file, recompute totals, list every problem.",
        discussion: """
        Applies every rule the commands apply when they write, verifies each photo against the \
        SHA-256 in its name and checks it is a whole JPEG or PNG. Exits 0 when the store is sound, \
        65 when any problem is found (a problem needs a person: nothing is changed), 1 when there \
        is no store at the path. The trash and the kept undo steps are read as restore and undo read \
        them. Leftovers that harm nothing are listed as notes: temporary files of killed commands, \
        photos no project, trashed project or undo step uses, an archived catalogue that is a copy \
        of the active one. --fix removes those, under the store's lock, naming each; while any \
        file that could name a photo does not read, no photo is removed (check says so).
        """,
        arguments: [fix])
    let fix: Bool
    init(_ a: ParsedArguments) throws { fix = try a[Self.fix] }

    func run(_ context: CommandContext) throws {
        let workspace = try context.workspace()
        let removed = fix ? try workspace.removeLeftovers() : []
        let report = try workspace.check()
        func leftoverJSON(_ l: Workspace.Leftover) -> JSONValue {
            JSONValue(["path": .string(l.path), "reason": .string(l.reason), "bytes": .int(l.bytes)])
        }
        if context.wantsJSON {
            context.printJSON(JSONValue(["files": .int(report.filesRead), "projects": .int(report.projects), "photos": .int(report.photos),
                                         "problems": .array(report.problems.map { .string($0.description) }),
                                         "leftovers": .array(report.leftovers.map(leftoverJSON)),
                                         "unreadableTrash": .array(report.unreadableTrash.map(JSONValue.string)),
                                         "photosKept": .int(report.photosKept), "photosKeptFor": .array(report.photosKeptFor.map(JSONValue.string)),
                                         "removed": .array(removed.map(leftoverJSON))]))
        } else {
            let language = context.language
            for l in removed { context.print(Confirmation.checkRemoved(l.path, reason: l.reason, bytes: l.bytes, language)) }
            for l in report.leftovers { context.warn(Confirmation.checkLeftover(l.path, reason: l.reason, bytes: l.bytes, language)) }
            for path in report.unreadableTrash { context.note(Confirmation.checkTrashUnreadable(path, language)) }
            if report.photosKept > 0 { context.note(Confirmation.checkPhotosKept(report.photosKept, because: report.photosKeptFor, language)) }
            if report.problems.isEmpty {
                context.print(Confirmation.checkSummary(store: context.storeDirectory, files: report.filesRead, projects: report.projects,
                                                        photos: report.photos, leftovers: report.leftovers.count, language)
                              + (report.leftovers.isEmpty ? "" : CommandHints.fixLeftovers(report.leftovers.count, language)))
            }
        }
        if !report.problems.isEmpty { throw CheckFailedError(store: context.storeDirectory, problems: report.problems, removed: removed.count) }
    }
}

/// `check` found problems: one line each (each names its file), then the count (exit 65).
struct CheckFailedError: UserFacingError {
    let store: String
    let problems: [Phrase]
    /// Leftovers `--fix` removed (the problems it never touches).
    var removed = 0
    var details: [Phrase] { problems }
    var detailLimit: Int? { nil }
    var message: Phrase {
        let found: Phrase = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        let outcome: Phrase = removed == 0 ? "nothing was changed"
            : removed == 1 ? "1 leftover removed, the problems left as they are"
            : "\(removed) leftovers removed, the problems left as they are"
        return "store \(store): \(found); \(outcome)"
    }
    var exitStatus: ExitStatus { .dataError }
}
