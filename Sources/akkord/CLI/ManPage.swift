import AkkordKit

/// `akkord help --man`: the manual page (roff, man(7), section 1), made from the command
/// declarations as the help is: every visible command with its usage, arguments and options.
enum ManPage {
    /// The date the page carries: the last change to what it says beyond the declarations.
    static let date = "2026-11-23"

    static let environment: [(String, String)] = [
        ("AKKORD_HOME", "The store directory, when --store is not given."),
        ("AKKORD_LANG", "en or da: the language of output, when --lang is not given."),
        ("AKKORD_LOCK_TIMEOUT", "Seconds a command waits for the store's lock before it gives up with exit status 75 (a number from 0 to 86400; default 10)."),
        ("XDG_DATA_HOME", "The store is $XDG_DATA_HOME/akkord when neither --store, AKKORD_HOME nor store in the config file names one (default ~/.local/share/akkord)."),
        ("XDG_CONFIG_HOME", "The config file is $XDG_CONFIG_HOME/akkord/config.json (default ~/.config/akkord/config.json)."),
        ("NO_COLOR", "When set and not empty, no colour, as --no-color."),
        ("LC_ALL, LC_MESSAGES, LANG", "The first of them that is set decides the language when neither --lang, AKKORD_LANG nor lang in the config file does: a value starting with da gives Danish."),
        ("HOME", "Where ~ is, for the default store and config file."),
    ]

    static let files: [(String, String)] = [
        ("~/.local/share/akkord/", "The store: store.json (the current project), catalogue.json (the imported catalogue), catalogue-history/ (each replaced catalogue), projects/<id>.json, photos/, trash/ (deleted projects)."),
        ("~/.config/akkord/config.json", "Settings: lang, store, holidayPay, deadlines and days off (see akkord config)."),
    ]

    static let exitStatuses: [(ExitStatus, String)] = [
        (.success, "Success."),
        (.failure, "Failure: not found, a closed project, a conflict."),
        (.usage, "Usage error: a mistyped command, option or value."),
        (.dataError, "Invalid input data, or a store file or config file that cannot be read."),
        (.busy, "The store is busy: another akkord held its lock longer than AKKORD_LOCK_TIMEOUT seconds."),
    ]

    /// Worked examples: what each does, and the words after `akkord` (a test parses each).
    static let examples: [(what: String, arguments: [String])] = [
        ("A full sample accounting on the bundled catalogue, in a throwaway store:", ["demo"]),
        ("Start a project (it becomes the current one):", ["project", "new", "Vestergade 12, roof", "--employer", "Tag & Co"]),
        ("Find an activity and add 12.5 of it, then one measured as an expression:", ["catalogue", "search", "underfelt"]),
        ("", ["add", "2.01", "12,5"]),
        ("", ["add", "2.01", "12,4*8,2 - 1,2*0,9"]),
        ("The team, their hours and an advance paid by the hour:", ["worker", "add", "Jens Hansen"]),
        ("", ["hours", "add", "jens", "37:30"]),
        ("", ["advance", "add", "jens", "--hours", "37,5", "--rate", "180"]),
        ("The final accounting, in Danish, and as a PDF:", ["--lang", "da", "report"]),
        ("", ["report", "--format", "pdf", "-o", "accounting.pdf"]),
        ("Print the bash completion script (akkord help completions says how to load it):", ["completions", "bash"]),
    ]

    static func render(root: any Command.Type = RootCommand.self, language: Language = .en) -> String {
        let texts = HelpTexts(language), words = language == .da ? DanishHelp.manPage : ManPageWords.english
        var out: [String] = []
        func text(_ s: String) { out += lines(s) }
        func macro(_ name: String, _ args: String = "") { out.append("." + name + (args.isEmpty ? "" : " " + args)) }

        out.append(#".\" "# + words.comment)
        macro("TH", "AKKORD 1 \(date) \(quoted("akkord \(Runner.version)")) \(quoted(words.title))")
        macro("SH", escape(words.name))
        text("akkord \\- " + escape(words.summary))
        macro("SH", escape(words.synopsis))
        text("\\fBakkord\\fR [\\fI\(escape(words.optionsPlaceholder))\\fR] \\fI\(escape(words.commandPlaceholder))\\fR [\\fI\(escape(words.argumentsPlaceholder))\\fR]")
        macro("SH", escape(words.description))
        text(escape(texts.abstract([root])))
        for paragraph in words.descriptionParagraphs {
            macro("PP")
            text(escape(paragraph))
        }

        macro("SH", escape(words.options))
        text(escape(words.optionsIntro))
        for spec in GlobalOptions.specs { option(spec, of: nil, texts, into: &out) }

        macro("SH", escape(words.commands))
        text(escape(words.commandsIntro))
        for path in commandPaths(root) { command(path, texts, words, into: &out) }

        macro("SH", escape(words.environmentSection))
        for (name, what) in words.environment {
            macro("TP")
            out.append("\\fB" + escape(name) + "\\fR")
            text(escape(what))
        }

        macro("SH", escape(words.filesSection))
        for (name, what) in words.files {
            macro("TP")
            out.append("\\fI" + escape(name) + "\\fR")
            text(escape(what))
        }

        macro("SH", escape(words.exitStatusSection))
        for (status, what) in words.exitStatuses {
            macro("TP")
            out.append(String(status.rawValue))
            text(escape(what))
        }

        macro("SH", escape(words.examplesSection))
        var open = false
        for example in words.examples {
            if !example.what.isEmpty {
                if open { macro("EE"); macro("RE"); macro("PP") }
                text(escape(example.what))
                macro("RS", "4")
                macro("EX")
                open = true
            }
            text(escape("akkord " + example.arguments.map(shellWord).joined(separator: " ")))
        }
        if open { macro("EE"); macro("RE") }
        return out.joined(separator: "\n") + "\n"
    }

    /// Every visible command below the root, in the tree's order.
    static func commandPaths(_ root: any Command.Type = RootCommand.self) -> [[any Command.Type]] {
        func walk(_ path: [any Command.Type]) -> [[any Command.Type]] {
            path.last!.spec.visibleSubcommands.flatMap { [path + [$0]] + walk(path + [$0]) }
        }
        return walk([root])
    }

    private static func command(_ path: [any Command.Type], _ texts: HelpTexts, _ words: ManPageWords, into out: inout [String]) {
        let spec = path.last!.spec
        let name = (["akkord"] + path.dropFirst().map { $0.spec.name }).joined(separator: " ")
        out.append(".SS " + quoted(name))
        out += lines(usage(path, words))
        out.append(".PP")
        out += lines(escape(texts.abstract(path)))
        let discussion = texts.discussion(path)
        if !discussion.isEmpty {
            out.append(".PP")
            out += lines(escape(discussion))
        }
        if !spec.visibleSubcommands.isEmpty {
            out.append(".PP")
            out += lines(escape(words.subcommandsSentence(spec.visibleSubcommands.map { $0.spec.name }, spec.defaultSubcommand)))
        }
        for arg in spec.arguments where arg.isPositional {
            out.append(".TP")
            out.append("\\fI" + escape(arg.name) + "\\fR" + (arg.isRepeating ? " ..." : ""))
            out += lines(escape(texts.help(arg, of: path)))
        }
        for arg in spec.arguments where !arg.isPositional { option(arg, of: path, texts, into: &out) }
    }

    /// `\fBakkord catalogue search\fR \fIterms\fR ... [\fB\-\-limit\fR \fIn\fR]`.
    private static func usage(_ path: [any Command.Type], _ words: ManPageWords) -> String {
        let spec = path.last!.spec
        var parts = ["\\fB" + escape((["akkord"] + path.dropFirst().map { $0.spec.name }).joined(separator: " ")) + "\\fR"]
        let positionals = spec.arguments.filter(\.isPositional)
        if !spec.visibleSubcommands.isEmpty && positionals.isEmpty { parts.append("\\fI" + escape(words.subcommandPlaceholder) + "\\fR") }
        for arg in positionals {
            let p = "\\fI" + escape(arg.name) + "\\fR" + (arg.isRepeating ? " ..." : "")
            parts.append(arg.isOptionalPositional ? "[\(p)]" : p)
        }
        for arg in spec.arguments where !arg.isPositional {
            var o = "\\fB" + escape(arg.shortName ?? arg.name) + "\\fR"
            if case .option(let valueName) = arg.kind { o += " \\fI" + escape(valueName) + "\\fR" }
            parts.append("[\(o)]")
        }
        return parts.joined(separator: " ")
    }

    /// An option of the command at `path` (nil: a global option).
    private static func option(_ arg: ArgumentSpec, of path: [any Command.Type]?, _ texts: HelpTexts, into out: inout [String]) {
        out.append(".TP")
        var tag = ([arg.shortName, arg.name].compactMap { $0 }.map { "\\fB" + escape($0) + "\\fR" }).joined(separator: ", ")
        if case .option(let valueName) = arg.kind { tag += " \\fI" + escape(valueName) + "\\fR" }
        out.append(tag)
        out += lines(escape(texts.helpWithDefault(arg, of: path)))
    }

    // MARK: roff

    /// Text as roff prints it literally: `\` is `\e`, `-` is `\-` (a minus, as options are
    /// typed), and characters beyond ASCII are `\[uXXXX]`.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\n", "\t": out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += " "; continue }
                if scalar.isASCII { out.unicodeScalars.append(scalar); continue }
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }

    /// Escaped text as input lines of at most 80 bytes, broken between words (roff fills them
    /// again); a line that starts with `.` or `'` would be read as a request, so it gets `\&`.
    static func lines(_ escaped: String) -> [String] {
        var result: [String] = [], current = ""
        func end() {
            guard !current.isEmpty else { return }
            result.append(current.hasPrefix(".") || current.hasPrefix("'") ? "\\&" + current : current)
            current = ""
        }
        for word in escaped.split(separator: " ") {
            if !current.isEmpty, current.utf8.count + 1 + word.utf8.count > 80 { end() }
            current += (current.isEmpty ? "" : " ") + word
        }
        end()
        return result
    }

    /// A word as a shell command line writes it: as it is when every character is safe, else in
    /// double quotes.
    static func shellWord(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._,:/=+-@%")
        if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
        var out = "\""
        for c in word {
            if "\"\\$`".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }

    /// A macro argument in double quotes (a quote inside is `\(dq`).
    static func quoted(_ text: String) -> String { "\"" + escape(text).replacing("\"", with: "\\(dq") + "\"" }
}

/// The words of the manual page that are not the commands' own, in one language: the English
/// here, the Danish in `DanishHelp`. The environment, files and exit statuses are listed in the
/// same order, under the same names, in both.
struct ManPageWords: Sendable {
    /// The roff comment on the first line (not shown).
    let comment: String
    /// The page's title in `.TH`: "User Commands".
    let title: String
    // Section headings.
    let name: String
    let synopsis: String
    let description: String
    let options: String
    let commands: String
    let environmentSection: String
    let filesSection: String
    let exitStatusSection: String
    let examplesSection: String
    /// The NAME line after `akkord \-`.
    let summary: String
    // The words of the SYNOPSIS line and of a group's usage.
    let optionsPlaceholder: String
    let commandPlaceholder: String
    let argumentsPlaceholder: String
    let subcommandPlaceholder: String
    /// DESCRIPTION after the root's abstract.
    let descriptionParagraphs: [String]
    let optionsIntro: String
    let commandsIntro: String
    /// The paragraph of a group naming its subcommands and the one run when none is given.
    let subcommandsSentence: @Sendable (_ names: [String], _ defaultSubcommand: String?) -> String
    let environment: [(String, String)]
    let files: [(String, String)]
    let exitStatuses: [(ExitStatus, String)]
    /// Worked examples: what each does, and the words after `akkord` (a test parses each).
    let examples: [(what: String, arguments: [String])]

    static let english = ManPageWords(
        comment: "Manual page of akkord, made by 'akkord help --man' from its command declarations.",
        title: "User Commands",
        name: "NAME", synopsis: "SYNOPSIS", description: "DESCRIPTION", options: "OPTIONS", commands: "COMMANDS",
        environmentSection: "ENVIRONMENT", filesSection: "FILES", exitStatusSection: "EXIT STATUS", examplesSection: "EXAMPLES",
        summary: "piecework (akkord) accounting for roofers",
        optionsPlaceholder: "options", commandPlaceholder: "command", argumentsPlaceholder: "arguments", subcommandPlaceholder: "subcommand",
        descriptionParagraphs: [
            """
            A roofer records the activities done on a roof against a price handbook (the catalogue); the \
            union clerk prints the final accounting; the employer pays each roofer his share. Money is \
            exact: amounts have 2 decimals, unit prices up to 4, quantities and hours up to 3. Numbers are \
            read with . or , as the decimal separator (12,5 is 12.5), hours also as H:MM (7:30). Every \
            change is kept in the project's history.
            """,
            """
            Everything printed for people is in English or Danish (--lang da), help, this page and the \
            error messages too; JSON output is the same in both. Output goes to standard output, errors to \
            standard error as one line starting with error: (fejl: in Danish) and often a hint: line.
            """,
        ],
        optionsIntro: "These options are accepted before or after the command.",
        commandsIntro: "Run akkord help COMMAND, or akkord COMMAND --help, for the same text in the terminal.",
        subcommandsSentence: { names, defaultSubcommand in
            "Subcommands: " + names.joined(separator: ", ") + "." + (defaultSubcommand.map { " Without one, \($0) runs." } ?? "")
        },
        environment: ManPage.environment, files: ManPage.files, exitStatuses: ManPage.exitStatuses, examples: ManPage.examples)
}
