import AkkordKit

/// One declared argument as help and the parser see it: a positional value, an option taking a
/// value, or a flag. Made only by the typed constants (`Option`, `Flag`, `Positional`,
/// `Positionals`), which also know how the text becomes a value.
struct ArgumentSpec: Equatable, Sendable {
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
    /// What a shell offers for the value on Tab (`akkord completions`).
    var completion: ValueCompletion = .nothing

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
struct CommandSpec: Sendable {
    let name: String
    let abstract: String
    var discussion: String
    var arguments: [ArgumentSpec]
    var subcommands: [any Command.Type]
    /// Name of the subcommand run when none is given (`akkord lines` style groups have none).
    var defaultSubcommand: String?
    /// Left out of help, the man page, completion and "did you mean" (`__complete`), but runs.
    var hidden: Bool
    /// false: the command's arguments and output do not depend on the language, and it must run
    /// when the language cannot be resolved (a damaged config file): help and completion.
    var needsLanguage: Bool

    init(name: String, abstract: String, discussion: String = "", arguments: [any DeclaredArgument] = [],
         subcommands: [any Command.Type] = [], defaultSubcommand: String? = nil, hidden: Bool = false, needsLanguage: Bool = true) {
        self.name = name; self.abstract = abstract; self.discussion = discussion
        self.arguments = arguments.map(\.spec)
        self.subcommands = subcommands; self.defaultSubcommand = defaultSubcommand
        self.hidden = hidden; self.needsLanguage = needsLanguage
    }

    /// The subcommands a user is shown.
    var visibleSubcommands: [any Command.Type] { subcommands.filter { !$0.spec.hidden } }
}

/// What a shell offers for an argument's value when the user presses Tab.
enum ValueCompletion: Equatable, Sendable {
    /// Nothing: free text, numbers, a new id.
    case nothing
    /// A fixed list: formats, `en|da`.
    case choices([String])
    case file
    case directory
    /// Values in the store, listed by `akkord __complete KIND`.
    case store(CompletionKind)
    /// Command names (`akkord help catalogue se<TAB>`): the subcommands of the words before it.
    case command

    /// The completion of an argument that declares none, itself or through its parser, by the
    /// conventions of the declarations, so that a new command completes without a word more: a
    /// value name `a|b|c` lists its choices; a value `file` or a positional `file` is a file, a
    /// value `dir` a directory; the positionals `pos`, `worker` and `line` and the option
    /// `--section` take their values from the store.
    static func conventional(name: String, kind: ArgumentSpec.Kind) -> ValueCompletion {
        switch kind {
        case .flag: return .nothing
        case .option(let valueName):
            if valueName.contains("|") { return .choices(valueName.split(separator: "|").map(String.init)) }
            if valueName == "file" { return .file }
            if valueName == "dir" { return .directory }
            return name == "--section" ? .store(.section) : .nothing
        case .positional:
            switch name {
            case "file": return .file
            case "pos": return .store(.pos)
            case "worker": return .store(.worker)
            case "line": return .store(.line)
            default: return .nothing
            }
        }
    }
}

/// A command: declares its spec, builds itself from parsed values (validating them), and runs.
protocol Command: SendableMetatype {
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
    let message: Phrase
    var hint: Phrase?
    init(_ message: Phrase, hint: Phrase? = nil) { self.message = message; self.hint = hint }
    var exitStatus: ExitStatus { .usage }
}

extension InvalidArgumentError {
    /// Error messages for values read from the command line quote the argument's role.
    static func usage(_ argument: String, _ reason: Phrase) -> InvalidArgumentError {
        InvalidArgumentError(argument, reason, exitStatus: .usage)
    }
}
