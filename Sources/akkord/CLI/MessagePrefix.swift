import AkkordKit

/// The word that starts each line on standard error: `error:`, `hint:`, `warning:`, `note:`
/// (`fejl:`, `tip:`, `advarsel:`, `bemærk:` in Danish, from the phrasebook).
enum MessagePrefix {
    case error, hint, warning, note

    var phrase: Phrase {
        switch self {
        case .error: return "error: "
        case .hint: return "hint: "
        case .warning: return "warning: "
        case .note: return "note: "
        }
    }

    func text(_ language: Language) -> String { phrase.said(language) }

    /// The language of a message when the settings cannot give it (a damaged config file, a
    /// bad `AKKORD_LANG`, a command line that does not parse): `--lang`, else `AKKORD_LANG` when
    /// it names a language, else the locale.
    static func fallbackLanguage(flag: Language?, environment: [String: String]) -> Language {
        if let flag { return flag }
        if let text = environment[LanguageChoice.variable], let language = Language(rawValue: text.lowercased()) { return language }
        return LanguageChoice.fromLocale(environment)
    }

    /// The language of an error met before there is a command to run (the command line does not
    /// parse): as the settings give it — the config file's `lang` too, so a usage error is as Danish
    /// as the rest — else, when they cannot, the fallback.
    static func languageBeforeRunning(argv: [String], environment: [String: String]) -> Language {
        let flag = flag(in: argv)
        return (try? Settings(environment: environment).language(flag: flag)) ?? fallbackLanguage(flag: flag, environment: environment)
    }

    /// The last valid `--lang` of the words as typed (`--lang da`, `--lang=da`).
    private static func flag(in argv: [String]) -> Language? {
        var flag: Language?
        for (i, word) in argv.enumerated() {
            if word == "--lang", i + 1 < argv.count { flag = Language(rawValue: argv[i + 1].lowercased()) ?? flag }
            if word.hasPrefix("--lang=") { flag = Language(rawValue: String(word.dropFirst(7)).lowercased()) ?? flag }
        }
        return flag
    }
}
