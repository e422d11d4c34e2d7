import AkkordKit

struct UndoCommand: Command {
    static let dryRun = Flag("--dry-run", help: "Only say what would be undone.")
    static let spec = CommandSpec(
        name: "undo", abstract: "Take back the project's last change: the project is put back exactly as it was before it.",
        discussion: """
        Repeated, it walks back one change at a time (the last \(Workspace.keptUndoSteps) changes of each project \
        can be undone). The undo is recorded in the history, which only grows, and ids of lines and \
        entries are never given out again. An undo is not undone: make the change again instead. A \
        closed project must be reopened first. The change that created a project, and a project as \
        imported from a bundle, cannot be undone (use 'akkord project delete'). In a store shared through \
        git, a sync that brings in changes to a project ends the undo of its earlier steps (undo says so); \
        a change made after the sync can be undone.
        """,
        arguments: [dryRun])
    let dryRun: Bool
    init(_ a: ParsedArguments) throws { dryRun = try a[Self.dryRun] }

    func run(_ context: CommandContext) throws {
        let change = try context.workspace().undo(dryRun: dryRun)
        context.warn(change.warnings)
        let step = change.value
        if context.wantsJSON {
            context.printJSON(JSONValue(["undid": step.undone.json, "dryRun": .bool(dryRun),
                                         "project": ProjectText.summaryJSON(step.project)]))
        } else {
            context.print(Confirmation.undone(step.undone, dryRun: dryRun, context.language))
        }
    }
}

extension UndoEndedBySyncError: UserFacingError {
    var message: Phrase { phrase }
    var hint: Phrase? { "see what came in with: akkord history; a change made after the sync can be undone" }
    var exitStatus: ExitStatus { .failure }
}
