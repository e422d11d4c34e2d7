import AkkordKit

struct ProjectRepriceCommand: Command {
    static let dryRun = Flag("--dry-run", help: "List every change and write nothing.")
    static let spec = CommandSpec(
        name: "reprice", abstract: "Give an open project's catalogue lines the active catalogue's prices.",
        discussion: """
        Every catalogue line takes the price of the activity with its pos in the active catalogue \
        (after 'akkord catalogue regulate' or an import); its amount follows. Every change is \
        listed (line, pos, price old → new, amount old → new) and recorded in the project's \
        history. Custom lines are not touched; lines whose pos the catalogue no longer has are \
        listed and kept as they are. A closed project is refused.
        """,
        arguments: [OptionalProjectId.id, dryRun])
    let id: String?
    let dryRun: Bool

    init(_ a: ParsedArguments) throws {
        id = try a[OptionalProjectId.id]
        dryRun = try a[Self.dryRun]
    }

    func run(_ context: CommandContext) throws {
        let change = try context.workspace().reprice(id, dryRun: dryRun)
        context.warn(change.warnings)
        if context.wantsJSON {
            context.printJSON(RepriceText.json(change.value, dryRun: dryRun))
        } else {
            context.print(RepriceText.summary(change.value, dryRun: dryRun, language: context.language, width: context.width))
        }
    }
}
