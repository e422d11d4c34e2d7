import AkkordKit

/// Help text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS.
enum HelpFormatter {
    static let helpColumn = 26

    static func usage(_ path: [any Command.Type]) -> String {
        let spec = path.last!.spec
        var parts = ["akkord"] + path.dropFirst().map { $0.spec.name }
        let positionals = spec.arguments.filter(\.isPositional)
        if !spec.subcommands.isEmpty && positionals.isEmpty {
            parts.append("<subcommand>")
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

    static func help(_ path: [any Command.Type]) -> String {
        let spec = path.last!.spec
        var out = "OVERVIEW: \(spec.abstract)\n"
        if !spec.discussion.isEmpty { out += "\n" + TextTable.wrap(spec.discussion, width: 100).joined(separator: "\n") + "\n" }
        out += "\nUSAGE: \(usage(path))\n"

        let positionals = spec.arguments.filter(\.isPositional)
        if !positionals.isEmpty {
            out += "\nARGUMENTS:\n"
            for arg in positionals { out += row("<\(arg.name)>\(arg.isRepeating ? " ..." : "")", arg.help) }
        }
        out += "\nOPTIONS:\n"
        let isRoot = path.count == 1
        let globals = GlobalOptions.specs.filter { isRoot || $0 != GlobalOptions.version.spec }
        for arg in spec.arguments.filter({ !$0.isPositional }) + globals {
            var label = arg.shortName.map { "\($0), \(arg.name)" } ?? arg.name
            if case .option(let valueName) = arg.kind { label += " <\(valueName)>" }
            let help = arg.defaultDescription.map { "\(arg.help) (default: \($0))" } ?? arg.help
            out += row(label, help)
        }
        if !spec.visibleSubcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n"
            for sub in spec.visibleSubcommands {
                let name = sub.spec.name + (sub.spec.name == spec.defaultSubcommand ? " (default)" : "")
                out += row(name, sub.spec.abstract)
            }
            let names = path.dropFirst().map { $0.spec.name + " " }.joined()
            out += "\n  See 'akkord help \(names)<subcommand>' for detailed help.\n"
        }
        return out
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
