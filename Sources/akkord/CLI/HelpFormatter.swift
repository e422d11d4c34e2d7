import AkkordKit

/// Help text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS
/// (in Danish OVERSIGT, BRUG, ARGUMENTER, TILVALG, UNDERKOMMANDOER, SPEC §15).
enum HelpFormatter {
    static let helpColumn = 26

    static func usage(_ path: [any Command.Type], language: Language = .en) -> String {
        let spec = path.last!.spec
        var parts = ["akkord"] + path.dropFirst().map { $0.spec.name }
        let positionals = spec.arguments.filter(\.isPositional)
        if !spec.subcommands.isEmpty && positionals.isEmpty {
            parts.append("<\(HelpTexts(language).words.subcommand)>")
        }
        for arg in positionals {
            var p = "<\(arg.name)>"
            if arg.isRepeating { p += " ..." }
            parts.append(arg.isOptionalPositional ? "[\(p)]" : p)
        }
        for arg in spec.arguments where !arg.isPositional {
            switch arg.kind {
            case .option(let valueName): parts.append("[\(arg.shortName ?? arg.name) <\(valueName)>]")
            default: parts.append("[\(arg.shortName ?? arg.name)]")
            }
        }
        return parts.joined(separator: " ")
    }

    static func help(_ path: [any Command.Type], language: Language = .en) -> String {
        let spec = path.last!.spec
        let texts = HelpTexts(language), words = texts.words
        var out = "\(words.overview): \(texts.abstract(path))\n"
        let discussion = texts.discussion(path)
        if !discussion.isEmpty { out += "\n" + TextTable.wrap(discussion, width: 100).joined(separator: "\n") + "\n" }
        out += "\n\(words.usage): \(usage(path, language: language))\n"

        let positionals = spec.arguments.filter(\.isPositional)
        if !positionals.isEmpty {
            out += "\n\(words.arguments):\n"
            for arg in positionals { out += row("<\(arg.name)>\(arg.isRepeating ? " ..." : "")", texts.help(arg, of: path)) }
        }
        out += "\n\(words.options):\n"
        let isRoot = path.count == 1
        let globals = GlobalOptions.specs.filter { isRoot || $0 != GlobalOptions.version.spec }
        for arg in spec.arguments.filter({ !$0.isPositional }) {
            out += row(optionLabel(arg), texts.helpWithDefault(arg, of: path))
        }
        for arg in globals { out += row(optionLabel(arg), texts.helpWithDefault(arg, of: nil)) }
        if !spec.visibleSubcommands.isEmpty {
            out += "\n\(words.subcommands):\n"
            for sub in spec.visibleSubcommands {
                let name = sub.spec.name + (sub.spec.name == spec.defaultSubcommand ? " (\(words.defaultSubcommand))" : "")
                out += row(name, texts.abstract(path + [sub]))
            }
            let names = path.dropFirst().map { $0.spec.name + " " }.joined()
            out += "\n  \(words.seeDetailedHelp("akkord help \(names)<\(words.subcommand)>"))\n"
        }
        return out
    }

    /// `-o, --output <file>`.
    private static func optionLabel(_ arg: ArgumentSpec) -> String {
        var label = arg.shortName.map { "\($0), \(arg.name)" } ?? arg.name
        if case .option(let valueName) = arg.kind { label += " <\(valueName)>" }
        return label
    }

    /// `  label                   help`, wrapping the help text under its column.
    private static func row(_ label: String, _ help: String) -> String {
        let width = 100 - helpColumn
        let lines = TextTable.wrap(help, width: width)
        var out = "  " + label
        if label.count + 2 >= helpColumn {
            out += "\n" + String(repeating: " ", count: helpColumn)
        } else {
            out += String(repeating: " ", count: helpColumn - 2 - label.count)
        }
        out += lines.joined(separator: "\n" + String(repeating: " ", count: helpColumn)) + "\n"
        return out
    }
}

/// The words of the help layout that are not the commands' own, in one language: the English
/// here, the Danish in `DanishHelp`.
struct HelpWords: Sendable {
    let overview: String
    let usage: String
    let arguments: String
    let options: String
    let subcommands: String
    /// The placeholder `<subcommand>` in a group's usage.
    let subcommand: String
    /// `(default)` after the subcommand a group runs when none is given.
    let defaultSubcommand: String
    /// An argument's help followed by its default: `Show at most n activities. (default: 20)`.
    let withDefault: @Sendable (_ help: String, _ defaultDescription: String) -> String
    /// The last line of a group's help, naming the command that gives a subcommand's help.
    let seeDetailedHelp: @Sendable (_ command: String) -> String

    static let english = HelpWords(
        overview: "OVERVIEW", usage: "USAGE", arguments: "ARGUMENTS", options: "OPTIONS", subcommands: "SUBCOMMANDS",
        subcommand: "subcommand", defaultSubcommand: "default",
        withDefault: { "\($0) (default: \($1))" },
        seeDetailedHelp: { "See '\($0)' for detailed help." })
}

/// The help texts of the command declarations in one language: in en the declarations' own
/// (`CommandSpec`, `ArgumentSpec`), in da those of `DanishHelp`, found by the command's path and
/// the argument's name. A text the Danish table lacks is shown in English (DanishHelpTests fails
/// on it).
struct HelpTexts {
    let language: Language

    init(_ language: Language) { self.language = language }

    var words: HelpWords { language == .da ? DanishHelp.words : .english }

    /// The command's names below the root: `["project", "new"]`; `[]` for `akkord` itself.
    static func key(_ path: [any Command.Type]) -> [String] { path.dropFirst().map { $0.spec.name } }

    private func danish(_ path: [any Command.Type]) -> DanishHelp.CommandText? {
        language == .da ? DanishHelp.commands[Self.key(path)] : nil
    }

    /// A global option's Danish text, or an argument's of the command at `path` (nil: a global).
    private func danish(_ arg: ArgumentSpec, of path: [any Command.Type]?) -> DanishHelp.ArgumentText? {
        guard language == .da else { return nil }
        guard let path else { return DanishHelp.globalOptions[arg.name] }
        return DanishHelp.commands[Self.key(path)]?.arguments[arg.name]
    }

    func abstract(_ path: [any Command.Type]) -> String { danish(path)?.abstract ?? path.last!.spec.abstract }

    func discussion(_ path: [any Command.Type]) -> String {
        let english = path.last!.spec.discussion
        guard !english.isEmpty, let text = danish(path)?.discussion, !text.isEmpty else { return english }
        return text
    }

    /// The argument's help; `path` is the command declaring it, nil for a global option.
    func help(_ arg: ArgumentSpec, of path: [any Command.Type]?) -> String { danish(arg, of: path)?.help ?? arg.help }

    func defaultDescription(_ arg: ArgumentSpec, of path: [any Command.Type]?) -> String? {
        guard let english = arg.defaultDescription else { return nil }
        return danish(arg, of: path)?.defaultDescription ?? english
    }

    /// The help followed by the default, as the OPTIONS rows and the manual page show it.
    func helpWithDefault(_ arg: ArgumentSpec, of path: [any Command.Type]?) -> String {
        let help = help(arg, of: path)
        return defaultDescription(arg, of: path).map { words.withDefault(help, $0) } ?? help
    }
}
