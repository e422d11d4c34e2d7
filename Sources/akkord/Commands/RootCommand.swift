import AkkordKit

struct RootCommand: CommandGroup {
    static let spec = CommandSpec(
        name: "akkord",
        abstract: "Piecework (akkord) accounting for roofers: price handbook, projects and the final accounting.",
        subcommands: [DemoCommand.self, CatalogueCommand.self, ProjectCommand.self, AddCommand.self, LinesCommand.self,
                      EditLineCommand.self, RemoveLineCommand.self, UndoCommand.self, WorkerCommand.self, HoursCommand.self, AdvanceCommand.self,
                      SupplementCommand.self, ExtraCommand.self, PhotoCommand.self, ReportCommand.self, SummaryCommand.self, HistoryCommand.self,
                      CheckCommand.self, ConfigCommand.self,
                      HelpCommand.self]
    )
}

struct HelpCommand: Command {
    static let names = Positionals("command", optional: true, help: "The command, e.g. 'catalogue search'.")
    static let spec = CommandSpec(name: "help", abstract: "Show help for a command.", arguments: [names])
    let names: [String]
    init(_ a: ParsedArguments) throws { names = try a[Self.names] }

    func run(_ context: CommandContext) throws {
        var path: [any Command.Type] = [RootCommand.self]
        for name in names {
            guard let sub = path.last!.spec.subcommands.first(where: { $0.spec.name == name }) else {
                throw UsageError("no command '\((path.dropFirst().map { $0.spec.name } + [name]).joined(separator: " "))'",
                                 hint: "see 'akkord --help' for the list of commands")
            }
            path.append(sub)
        }
        context.print(HelpFormatter.help(path))
    }
}
