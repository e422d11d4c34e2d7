import AkkordKit

/// Options every command accepts, before or after the command name (SPEC §7).
struct GlobalOptions {
    static let store = Option("--store", value: "dir", help: "Store directory (default: $AKKORD_HOME, else store in the config file, else $XDG_DATA_HOME/akkord or ~/.local/share/akkord).")
    static let project = Option("--project", short: "-p", value: "id", complete: .store(.project), help: "Project to work on: its id, its name, or a unique beginning of either (default: the current project).")
    static let lang = Option("--lang", value: "en|da", parse: .language, help: "Language of output, and how numbers are read and written: en 1,234.50 or da 1.234,50 (default: $AKKORD_LANG, else lang in the config file, else the locale; numbers then follow its country, so en_DK reads 1.200 as 1200).")
    static let json = Flag("--json", help: "Machine-readable JSON output.")
    static let noColor = Flag("--no-color", help: "No colour in output (also when NO_COLOR is set).")
    static let help = Flag("--help", short: "-h", help: "Show help information.")
    /// Shown in the root command's help only.
    static let version = Flag("--version", help: "Show the version.")
    static let arguments: [any DeclaredArgument] = [store, project, lang, json, noColor, help, version]
    static let specs = arguments.map(\.spec)

    var store: String?
    var project: String?
    /// nil: not given; the context resolves the language (`LanguageChoice`).
    var language: Language?
    var json = false
    var noColor = false
    var help = false
    var version = false

    init(_ a: ParsedArguments) throws {
        store = try a[Self.store]
        project = try a[Self.project]
        language = try a[Self.lang]
        json = try a[Self.json]
        noColor = try a[Self.noColor]
        help = try a[Self.help]
        version = try a[Self.version]
    }
}

extension ValueParser where Value == Language {
    static var language: ValueParser {
        ValueParser(example: "da") { text in
            guard let l = Language(rawValue: text.lowercased()) else { throw PlainError("\"\(text)\" is not a language; use en or da") }
            return l
        }
    }
}
