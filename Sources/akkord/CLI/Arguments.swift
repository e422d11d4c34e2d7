import AkkordKit

/// Turns an argument's text into a typed value. A thrown error becomes `<argument>: reason`
/// (exit 64), e.g. `--quantity: "x" is not a number`.
struct ValueParser<Value>: Sendable {
    /// A text this parser accepts: the sample value the declaration test gives the argument.
    let example: String
    let parse: @Sendable (String, ParseContext) throws -> Value
    /// What a shell offers for values this parser reads (nil: the argument's conventional one).
    var completion: ValueCompletion?

    /// A parser that reads the text alone.
    init(example: String, _ parse: @escaping @Sendable (String) throws -> Value) {
        self.example = example
        self.parse = { text, _ in try parse(text) }
    }

    /// A parser that reads the text as the user's language writes it (numbers: SPEC §2).
    init(example: String, withContext parse: @escaping @Sendable (String, ParseContext) throws -> Value) {
        self.example = example
        self.parse = parse
    }

    /// The same parser, offering these values on Tab: `.completing(.choices(["text", "json"]))`.
    func completing(_ completion: ValueCompletion) -> ValueParser {
        var parser = self
        parser.completion = completion
        return parser
    }
}

/// What a value may depend on besides its text: the active language, for `1.200`; and where a
/// note on how a value was read goes (stderr, `note: …`).
struct ParseContext {
    /// The number format: how `1.200` is read (SPEC §15: from the territory of the locale too).
    var numbers: Language = .en
    /// The language of the words of a note.
    var words: Language = .en
    var note: (String) -> Void = { _ in }
    /// This year, for a date written without one (`26.11`); nil when today is not known.
    var year: Int? = nil
}

/// A typed argument constant: a command declares each once as `static let`, lists it in its
/// spec and reads it through `ParsedArguments`.
protocol DeclaredArgument: Sendable {
    var spec: ArgumentSpec { get }
}

/// An option or positional read as one value (the last one given).
protocol SingleValueArgument: DeclaredArgument {
    associatedtype Value
    var parser: ValueParser<Value> { get }
}

/// `--name <value>` or `-n <value>`.
struct Option<Value>: SingleValueArgument {
    let spec: ArgumentSpec
    let parser: ValueParser<Value>
    init(_ name: String, short: String? = nil, value valueName: String, parse parser: ValueParser<Value>, complete: ValueCompletion? = nil,
         help: String, default defaultDescription: String? = nil) {
        let kind = ArgumentSpec.Kind.option(valueName: valueName)
        spec = ArgumentSpec(name: name, shortName: short, kind: kind, help: help, defaultDescription: defaultDescription, example: parser.example,
                            completion: complete ?? parser.completion ?? .conventional(name: name, kind: kind))
        self.parser = parser
    }
}

/// `--name` alone: given or not.
struct Flag: DeclaredArgument {
    let spec: ArgumentSpec
    init(_ name: String, short: String? = nil, help: String) {
        spec = ArgumentSpec(name: name, shortName: short, kind: .flag, help: help, defaultDescription: nil, example: "")
    }
}

/// `<name>`: one word of the command line, by position.
struct Positional<Value>: SingleValueArgument {
    enum Arity { case required, optional, leadingOptional }
    let spec: ArgumentSpec
    let parser: ValueParser<Value>
    init(_ name: String, _ arity: Arity = .required, parse parser: ValueParser<Value>, complete: ValueCompletion? = nil, help: String) {
        let a: ArgumentSpec.Arity = switch arity {
        case .required: .required
        case .optional: .optional
        case .leadingOptional: .leadingOptional
        }
        spec = ArgumentSpec(name: name, shortName: nil, kind: .positional(a), help: help, defaultDescription: nil, example: parser.example,
                            completion: complete ?? parser.completion ?? .conventional(name: name, kind: .positional(a)))
        self.parser = parser
    }
}

/// `<name> ...`: the remaining words, each parsed.
struct Positionals<Value>: DeclaredArgument {
    let spec: ArgumentSpec
    let parser: ValueParser<Value>
    init(_ name: String, optional: Bool = false, parse parser: ValueParser<Value>, complete: ValueCompletion? = nil, help: String) {
        let kind = ArgumentSpec.Kind.positional(.repeating(optional: optional))
        spec = ArgumentSpec(name: name, shortName: nil, kind: kind, help: help, defaultDescription: nil, example: parser.example,
                            completion: complete ?? parser.completion ?? .conventional(name: name, kind: kind))
        self.parser = parser
    }
}

extension Option where Value == String {
    init(_ name: String, short: String? = nil, value: String, complete: ValueCompletion? = nil, help: String, default: String? = nil) {
        self.init(name, short: short, value: value, parse: .string, complete: complete, help: help, default: `default`)
    }
}

extension Positional where Value == String {
    init(_ name: String, _ arity: Arity = .required, complete: ValueCompletion? = nil, help: String) {
        self.init(name, arity, parse: .string, complete: complete, help: help)
    }
}

extension Positionals where Value == String {
    init(_ name: String, optional: Bool = false, complete: ValueCompletion? = nil, help: String) {
        self.init(name, optional: optional, parse: .string, complete: complete, help: help)
    }
}

/// The words given for one command (or for the global options), read only through the typed
/// constants the command declares: reading any other is an internal error, never a guess.
struct ParsedArguments {
    /// What the command declares; set by the parser for the command it found.
    var declared: [ArgumentSpec]
    /// Called with every argument read (the declaration test uses it to see that its samples
    /// reach every read).
    var onRead: ((ArgumentSpec) -> Void)?
    /// Set once the language is resolved, before the command reads its arguments.
    var context = ParseContext()
    private var texts: [String: [String]] = [:]
    private var flags: Set<String> = []

    init(declared: [ArgumentSpec]) { self.declared = declared }

    /// A value given for an option or positional, or a flag that is present (text nil).
    mutating func record(_ spec: ArgumentSpec, text: String?) {
        if let text { texts[spec.name, default: []].append(text) } else { flags.insert(spec.name) }
    }

    /// The option's or positional's last value, parsed; nil when not given.
    subscript<A: SingleValueArgument>(_ argument: A) -> A.Value? {
        get throws { try texts(of: argument.spec).last.map { try parse($0, argument.spec, argument.parser) } }
    }

    /// Every value given for an option that may be repeated (`--section A --section B`).
    func all<Value>(_ option: Option<Value>) throws -> [Value] {
        try texts(of: option.spec).map { try parse($0, option.spec, option.parser) }
    }

    subscript(_ flag: Flag) -> Bool {
        get throws { _ = try texts(of: flag.spec); return flags.contains(flag.spec.name) }
    }

    subscript<Value>(_ argument: Positionals<Value>) -> [Value] {
        get throws { try texts(of: argument.spec).map { try parse($0, argument.spec, argument.parser) } }
    }

    func required<A: SingleValueArgument>(_ argument: A) throws -> A.Value {
        guard let value = try self[argument] else { throw UsageError("missing \(argument.spec.display)") }
        return value
    }

    /// Whether the argument was given, without parsing its text.
    func isGiven(_ argument: any DeclaredArgument) throws -> Bool {
        try !texts(of: argument.spec).isEmpty || flags.contains(argument.spec.name)
    }

    private func texts(of spec: ArgumentSpec) throws -> [String] {
        guard declared.contains(spec) else { throw UndeclaredArgumentError(argument: spec.display) }
        onRead?(spec)
        return texts[spec.name] ?? []
    }

    private func parse<Value>(_ text: String, _ spec: ArgumentSpec, _ parser: ValueParser<Value>) throws -> Value {
        do { return try parser.parse(text, context) } catch {
            throw InvalidArgumentError(spec.display, "\(error)", exitStatus: .usage)
        }
    }
}

/// A command read an argument its spec does not declare: a mistake in the program, reported
/// as one line, exit 1.
struct UndeclaredArgumentError: UserFacingError {
    let argument: String
    var message: Phrase { "internal: the command reads \(argument), which it does not declare" }
    var exitStatus: ExitStatus { .failure }
}
