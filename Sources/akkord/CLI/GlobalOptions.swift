import AkkordKit

/// Options every command accepts, before or after the command name (SPEC §7).
struct GlobalOptions {
    static let specs: [ArgumentSpec] = [
        .option("--store", value: "dir", help: "Store directory (default: $AKKORD_HOME, $XDG_DATA_HOME/akkord or ~/.local/share/akkord)."),
        .option("--project", short: "-p", value: "id", help: "Project to work on (default: the current project)."),
        .option("--lang", value: "en|da", help: "Number format of output: en 1,234.50 or da 1.234,50.", default: "en"),
        .flag("--json", help: "Machine-readable JSON output."),
        .flag("--no-color", help: "No colour in output (also when NO_COLOR is set)."),
        .flag("--help", short: "-h", help: "Show help information."),
        .flag("--version", help: "Show the version."),
    ]

    var store: String?
    var project: String?
    var language: Language = .en
    var json = false
    var noColor = false
    var help = false
    var version = false

    init(_ parsed: ParsedArguments) throws {
        store = parsed.string("--store")
        project = parsed.string("--project")
        if let lang = parsed.string("--lang") {
            guard let l = Language(rawValue: lang) else {
                throw InvalidArgumentError.usage("--lang", "\"\(lang)\" is not a language; use en or da")
            }
            language = l
        }
        json = parsed.flag("--json")
        noColor = parsed.flag("--no-color")
        help = parsed.flag("--help")
        version = parsed.flag("--version")
    }
}
