import AkkordKit

/// The result of reading a command line against the command tree.
struct Invocation {
    /// Command types from the root to the one to run.
    var path: [any Command.Type]
    var arguments: ParsedArguments
    var globals: ParsedArguments

    var command: any Command.Type { path.last! }
    var commandNames: [String] { path.dropFirst().map { $0.spec.name } }
}

/// Reads `argv` using only the commands' declarations.
struct ArgumentParser {
    let root: any Command.Type

    func parse(_ argv: [String]) throws -> Invocation {
        var path: [any Command.Type] = [root]
        // Options are looked up in the command named so far; `declared` is set once the command is known.
        var parsed = ParsedArguments(declared: [])
        var globals = ParsedArguments(declared: GlobalOptions.specs)
        var positionals: [String] = []
        var onlyPositionals = false
        var i = 0

        func take(_ spec: ArgumentSpec, inlineValue: String?, into target: inout ParsedArguments) throws {
            guard case .option(let valueName) = spec.kind else {
                if inlineValue != nil { throw UsageError("\(spec.name) does not take a value") }
                target.record(spec, text: nil)
                return
            }
            if let inlineValue { target.record(spec, text: inlineValue); return }
            guard i + 1 < argv.count else { throw UsageError("missing value for \(spec.name) <\(valueName)>") }
            i += 1
            target.record(spec, text: argv[i])
        }

        while i < argv.count {
            let token = argv[i]
            defer { i += 1 }
            if onlyPositionals { positionals.append(token); continue }
            if token == "--" { onlyPositionals = true; continue }
            if token.hasPrefix("-"), token.count > 1, !Self.looksNumeric(token) {
                var name = token, inlineValue: String?
                if let eq = token.firstIndex(of: "="), token.hasPrefix("--") {
                    name = String(token[..<eq]); inlineValue = String(token[token.index(after: eq)...])
                }
                let command = path.last!.spec
                if let spec = command.arguments.first(where: { !$0.isPositional && ($0.name == name || $0.shortName == name) }) {
                    try take(spec, inlineValue: inlineValue, into: &parsed)
                } else if let spec = GlobalOptions.specs.first(where: { $0.name == name || $0.shortName == name }) {
                    try take(spec, inlineValue: inlineValue, into: &globals)
                } else {
                    let known = command.arguments.filter { !$0.isPositional }.map(\.name) + GlobalOptions.specs.map(\.name)
                    throw UsageError("unknown option '\(name)'", hint: suggestion(for: name, among: known) ?? usageHint(path))
                }
                continue
            }
            let current = path.last!.spec
            if positionals.isEmpty, !current.subcommands.isEmpty {
                if let sub = current.subcommands.first(where: { $0.spec.name == token }) {
                    path.append(sub)
                    continue
                }
                if !current.arguments.contains(where: \.isPositional) {
                    let known = current.visibleSubcommands.map { $0.spec.name }
                    throw UsageError("unknown command '\(token)'", hint: suggestion(for: token, among: known) ?? usageHint(path))
                }
            }
            positionals.append(token)
        }

        if try globals[GlobalOptions.help] || globals[GlobalOptions.version] {
            parsed.declared = path.last!.spec.arguments
            return Invocation(path: path, arguments: parsed, globals: globals)
        }
        let command = path.last!.spec
        if !command.subcommands.isEmpty, !command.arguments.contains(where: \.isPositional), positionals.isEmpty,
           let name = command.defaultSubcommand, let sub = command.subcommands.first(where: { $0.spec.name == name }) {
            path.append(sub)
        }
        parsed.declared = path.last!.spec.arguments
        try assign(positionals, to: path.last!.spec, into: &parsed, path: path)
        return Invocation(path: path, arguments: parsed, globals: globals)
    }

    /// Gives the words to the positionals in order (the declaration test checks the order:
    /// leading optional, required, optional, one repeating last).
    private func assign(_ positionals: [String], to spec: CommandSpec, into parsed: inout ParsedArguments, path: [any Command.Type]) throws {
        var remaining = positionals[...]
        let declared = spec.arguments.filter(\.isPositional)
        let others = declared.filter { $0.arity != .leadingOptional }
        // Leading optional positionals take the words the others cannot.
        var leadingWords = others.contains(where: \.isRepeating) ? 0 : max(0, remaining.count - others.count)
        for arg in declared {
            switch arg.arity! {
            case .leadingOptional:
                guard leadingWords > 0, let word = remaining.popFirst() else { continue }
                leadingWords -= 1
                parsed.record(arg, text: word)
            case .repeating(let optional):
                if remaining.isEmpty && !optional { throw UsageError("missing <\(arg.name)>", hint: usageHint(path)) }
                for word in remaining { parsed.record(arg, text: word) }
                remaining = []
            case .required, .optional:
                if let word = remaining.popFirst() {
                    parsed.record(arg, text: word)
                } else if arg.arity == .required {
                    throw UsageError("missing <\(arg.name)>", hint: usageHint(path))
                }
            }
        }
        if let extra = remaining.first {
            throw UsageError("unexpected argument '\(extra)'", hint: usageHint(path))
        }
    }

    func usageHint(_ path: [any Command.Type]) -> Phrase {
        let names = path.dropFirst().map { $0.spec.name }.joined(separator: " ")
        return "usage: \(HelpFormatter.usage(path)) (see 'akkord help\(names.isEmpty ? "" : " " + names)')"
    }

    /// `did you mean 'lines'?` when one declared name is within two typos of the unknown word.
    func suggestion(for word: String, among names: [String]) -> Phrase? {
        closestName(to: word, among: names).map { "did you mean '\($0)'?" }
    }

    /// `-5`, `-12,5`: negative numbers are values, not options.
    static func looksNumeric(_ token: String) -> Bool {
        let rest = token.dropFirst()
        return rest.first?.isNumber == true || (rest.first == "." || rest.first == ",")
    }
}
