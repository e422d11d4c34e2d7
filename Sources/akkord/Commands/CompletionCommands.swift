import AkkordKit

extension ValueParser where Value == Shell {
    static var shell: ValueParser {
        ValueParser(example: "bash") { text in
            guard let shell = Shell(rawValue: text) else { throw PlainError("\"\(text)\" is not bash, zsh or fish") }
            return shell
        }.completing(.choices(Shell.allCases.map(\.rawValue)))
    }
}

struct CompletionsCommand: Command {
    static let shell = Positional("shell", parse: .shell, help: "bash, zsh or fish.")
    static let spec = CommandSpec(
        name: "completions", abstract: "Print a shell completion script: commands, options, formats, pos numbers, project and worker ids.",
        discussion: """
        Load it from the shell's start-up file. bash (~/.bashrc): source <(akkord completions bash). zsh \
        (~/.zshrc, after compinit): source <(akkord completions zsh), or save it as _akkord in a directory of \
        $fpath. fish: akkord completions fish > ~/.config/fish/completions/akkord.fish. Pos numbers, project, \
        worker and line ids come from the store the command line names with --store (else the usual one) and \
        the project of -p (else the current one).
        """,
        arguments: [shell], needsLanguage: false)
    let shell: Shell
    init(_ a: ParsedArguments) throws { shell = try a.required(Self.shell) }

    func run(_ context: CommandContext) throws { context.print(CompletionScript.render(shell, tree: CompletionTree(language: context.helpLanguage))) }
}

/// `akkord __complete KIND [PREFIX]`: the store's values the completion scripts offer, one a
/// line (`value<TAB>description` with --describe; `Workspace.completionLines`). It reads the store without writing it, and on
/// any problem (no store, a damaged file, a damaged config file, an unknown kind) prints nothing
/// and exits 0: pressing Tab must never put an error in the middle of a command line.
struct CompleteCommand: Command {
    static let anyText = ValueParser<String>(example: "pos") { $0 }
    static let kind = Positional("kind", parse: anyText, help: "What to list: \(CompletionKind.allCases.map(\.rawValue).joined(separator: ", ")).")
    static let prefix = Positional("prefix", .optional, parse: anyText, help: "Only values that start with this.")
    static let describe = Flag("--describe", help: "Print each value with a description, separated by a tab.")
    static let spec = CommandSpec(
        name: "__complete", abstract: "List values for shell completion (used by the scripts of 'akkord completions').",
        arguments: [kind, prefix, describe], hidden: true, needsLanguage: false)
    let kind: String
    let prefix: String
    let describe: Bool
    init(_ a: ParsedArguments) throws {
        kind = try a.required(Self.kind)
        prefix = try a[Self.prefix] ?? ""
        describe = try a[Self.describe]
    }

    func run(_ context: CommandContext) throws {
        guard let kind = CompletionKind(rawValue: kind),
              let directory = try? context.resolvedStoreDirectory(),
              let lines = try? Workspace(directory: directory, clock: context.clock, command: context.commandLine,
                                         selectedProject: context.globals.project)
                .completionLines(kind, prefix: prefix, descriptions: describe,
                                 language: describe ? (try? context.resolvedLanguage()) ?? .en : .en)
        else { return }
        context.printBytes(lines)
    }
}
