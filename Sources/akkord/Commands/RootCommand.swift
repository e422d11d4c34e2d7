import AkkordKit

struct RootCommand: CommandGroup {
    static let spec = CommandSpec(
        name: "akkord",
        abstract: "Piecework (akkord) accounting for roofers: price handbook, projects and the final accounting.",
        subcommands: [DemoCommand.self, CatalogueCommand.self, ProjectCommand.self, AddCommand.self, LinesCommand.self,
                      EditLineCommand.self, RemoveLineCommand.self, UndoCommand.self, WorkerCommand.self, HoursCommand.self, AdvanceCommand.self, DayworkCommand.self,
                      SupplementCommand.self, ExtraCommand.self, PhotoCommand.self, ReportCommand.self, SummaryCommand.self, HistoryCommand.self,
                      CheckCommand.self, ConfigCommand.self, SyncCommand.self,
                      CompletionsCommand.self, CompleteCommand.self, HelpCommand.self, MergeDriverCommand.self]
    )
}

struct HelpCommand: Command {
    static let names = Positionals("command", optional: true, complete: .command, help: "The command, e.g. 'catalogue search'.")
    static let man = Flag("--man", help: "Print the manual page of every command (roff, section 1): akkord help --man | man -l -")
    static let spec = CommandSpec(name: "help", abstract: "Show help for a command.", arguments: [names, man], needsLanguage: false)
    let names: [String]
    let man: Bool
    init(_ a: ParsedArguments) throws {
        names = try a[Self.names]
        man = try a[Self.man]
        if man, !names.isEmpty { throw UsageError("--man prints the manual of every command; leave out the command names", hint: "akkord help --man") }
    }

    func run(_ context: CommandContext) throws {
        if man { context.print(ManPage.render(language: context.helpLanguage)); return }
        var path: [any Command.Type] = [RootCommand.self]
        for name in names {
            guard let sub = path.last!.spec.subcommands.first(where: { $0.spec.name == name }) else {
                throw UsageError("no command '\((path.dropFirst().map { $0.spec.name } + [name]).joined(separator: " "))'",
                                 hint: "see 'akkord --help' for the list of commands")
            }
            path.append(sub)
        }
        context.print(HelpFormatter.help(path, language: context.helpLanguage))
    }
}
