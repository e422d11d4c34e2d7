import AkkordKit

/// One declared argument as help and the parser see it: a positional value, an option taking a
/// value, or a flag. Made only by the typed constants (`Option`, `Flag`, `Positional`,
/// `Positionals`), which also know how the text becomes a value.
struct ArgumentSpec: Equatable {
    /// How a positional takes the words left after the options: in declaration order, required
    /// ones first, then trailing optional ones, then at most one repeating one.
    enum Arity: Equatable {
        case required
        /// `[<id>]`, after the required ones.
        case optional
        /// `[<pos>] <quantity>`: before the others, and given a word only when more words are
        /// given than the positionals after it can take.
        case leadingOptional
        /// `<file> ...`, the last positional.
        case repeating(optional: Bool)
    }
    enum Kind: Equatable {
        case positional(Arity)
        case option(valueName: String)
        case flag
    }
    /// `--limit`, or `terms` for a positional.
    let name: String
    let shortName: String?
    let kind: Kind
    let help: String
    let defaultDescription: String?
    /// A text the argument's parser accepts (empty for a flag): the sample the declaration test gives.
    let example: String

    var arity: Arity? { if case .positional(let a) = kind { return a }; return nil }
    var isPositional: Bool { arity != nil }
    var isOptionalPositional: Bool {
        switch arity { case .optional, .leadingOptional, .repeating(optional: true): return true; default: return false }
    }
    var isRepeating: Bool { if case .repeating = arity { return true }; return false }
    var takesValue: Bool { if case .option = kind { return true }; return false }
    /// How messages name it: `--limit`, `<terms>`.
    var display: String { isPositional ? "<\(name)>" : name }
}

/// What a command declares about itself; help text and parsing come from this alone.
struct CommandSpec {
    let name: String
    let abstract: String
    var discussion: String
    var arguments: [ArgumentSpec]
    var subcommands: [any Command.Type]
    /// Name of the subcommand run when none is given (`akkord lines` style groups have none).
    var defaultSubcommand: String?

    init(name: String, abstract: String, discussion: String = "", arguments: [any DeclaredArgument] = [],
         subcommands: [any Command.Type] = [], defaultSubcommand: String? = nil) {
        self.name = name; self.abstract = abstract; self.discussion = discussion
        self.arguments = arguments.map(\.spec)
        self.subcommands = subcommands; self.defaultSubcommand = defaultSubcommand
    }
}

/// A command: declares its spec, builds itself from parsed values (validating them), and runs.
protocol Command {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws
    func run(_ context: CommandContext) throws
}

/// A group with only subcommands; running it without one shows its help.
protocol CommandGroup: Command { init() }
extension CommandGroup {
    init(_ arguments: ParsedArguments) throws { self.init() }
    func run(_ context: CommandContext) throws {}
}

/// A command line that does not fit the declarations: exit 64 with the usage line as hint.
struct UsageError: UserFacingError {
    let message: String
    var hint: String?
    init(_ message: String, hint: String? = nil) { self.message = message; self.hint = hint }
    var exitStatus: ExitStatus { .usage }
}

extension InvalidArgumentError {
    /// Error messages for values read from the command line quote the argument's role.
    static func usage(_ argument: String, _ reason: String) -> InvalidArgumentError {
        InvalidArgumentError(argument, reason, exitStatus: .usage)
    }
}
