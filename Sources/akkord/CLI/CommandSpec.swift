import AkkordKit

/// One declared argument of a command: a positional value, an option taking a value, or a flag.
struct ArgumentSpec {
    enum Kind: Equatable {
        case positional(optional: Bool, repeating: Bool)
        case option(valueName: String)
        case flag
    }
    /// `--limit`, or `terms` for a positional.
    let name: String
    let shortName: String?
    let kind: Kind
    let help: String
    let defaultDescription: String?

    static func positional(_ name: String, help: String, optional: Bool = false, repeating: Bool = false) -> ArgumentSpec {
        ArgumentSpec(name: name, shortName: nil, kind: .positional(optional: optional, repeating: repeating), help: help, defaultDescription: nil)
    }
    static func option(_ name: String, short: String? = nil, value: String, help: String, default: String? = nil) -> ArgumentSpec {
        ArgumentSpec(name: name, shortName: short, kind: .option(valueName: value), help: help, defaultDescription: `default`)
    }
    static func flag(_ name: String, short: String? = nil, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, shortName: short, kind: .flag, help: help, defaultDescription: nil)
    }

    var isPositional: Bool { if case .positional = kind { return true }; return false }
    var isOptionalPositional: Bool { if case .positional(let o, _) = kind { return o }; return false }
    var isRepeating: Bool { if case .positional(_, let r) = kind { return r }; return false }
    var takesValue: Bool { if case .option = kind { return true }; return false }
}

/// What a command declares about itself; help text and parsing come from this alone.
struct CommandSpec {
    let name: String
    let abstract: String
    var discussion: String = ""
    var arguments: [ArgumentSpec] = []
    var subcommands: [any Command.Type] = []
    /// Name of the subcommand run when none is given (`akkord lines` style groups have none).
    var defaultSubcommand: String? = nil
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

/// Values parsed for one command invocation, with typed accessors that report bad values
/// as usage errors naming the argument.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func string(_ name: String) -> String? { values[name]?.last }
    func strings(_ name: String) -> [String] { values[name] ?? [] }

    func required(_ name: String) throws -> String {
        guard let v = string(name) else { throw UsageError("missing \(display(name))") }
        return v
    }

    /// A value parsed by `parse`, whose errors are reported against the argument's name.
    func parsed<T>(_ name: String, _ parse: (String) throws -> T) throws -> T? {
        guard let text = string(name) else { return nil }
        do { return try parse(text) } catch {
            throw InvalidArgumentError(display(name), "\(error)", exitStatus: .usage)
        }
    }

    func requiredParsed<T>(_ name: String, _ parse: (String) throws -> T) throws -> T {
        guard let v = try parsed(name, parse) else { throw UsageError("missing \(display(name))") }
        return v
    }

    func int(_ name: String, range: ClosedRange<Int>) throws -> Int? {
        try parsed(name) { text in
            guard let i = Int(text), range.contains(i) else {
                throw PlainError("\"\(text)\" is not a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return i
        }
    }

    func display(_ name: String) -> String { name.hasPrefix("-") ? name : "<\(name)>" }
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
