import AkkordKit

struct ConfigCommand: CommandGroup {
    static let spec = CommandSpec(
        name: "config", abstract: "Show and change your settings: language, store, holiday pay, deadline.",
        discussion: """
        The settings live in $XDG_CONFIG_HOME/akkord/config.json, else ~/.config/akkord/config.json. \
        Keys: lang (en or da); store (the store directory: an absolute path, or one starting with ~/ \
        for your home directory); holidayPay (true or false; set also takes yes/no, ja/nej, 1/0); \
        deadlineWorkdays (a whole number from 1 to 250); name (who you are in a shared store's history and \
        commits, as Jens Hansen: one line of at most 100 characters; without it git's user.name, else your login \
        name); settlementDeadline and criticismDeadline (a number from 1 to \
        250 and workdays, days or weeks: 15 workdays); extraHolidays (the office's days off as MM-DD, separated by \
        commas: 06-05,12-24). --lang, then AKKORD_LANG, come before lang, \
        and lang before the locale (LC_ALL, LC_MESSAGES, LANG); --store, then AKKORD_HOME, come before \
        store. The file is read only when a command needs a value from it, so with --lang (or \
        AKKORD_LANG) and --store (or AKKORD_HOME) it is not read at all. A file that does not parse \
        makes the commands that read it exit 65 naming it, and is never rewritten. \
        The office's settings (settlementDeadline, criticismDeadline, extraHolidays, holidayPay) may be kept \
        in the store instead, for everyone who uses it: 'akkord config set --store-wide KEY VALUE' writes \
        the store's settings.json, and a value there wins over each person's own config file.
        """,
        subcommands: [ConfigGet.self, ConfigSet.self, ConfigUnset.self, ConfigList.self])
}

/// `<key>` of the config commands: checked in `init` against the keys, with a did-you-mean hint.
enum ConfigArguments {
    static let key = Positional("key", parse: .configWord(example: "lang"), complete: .choices(ConfigKey.allCases.map(\.rawValue)), help: "lang, store, holidayPay, deadlineWorkdays, name, settlementDeadline, criticismDeadline or extraHolidays.")

    static let storeWide = Flag("--store-wide", help: "The store's settings.json instead of your config file: settlementDeadline, criticismDeadline, extraHolidays and holidayPay, shared by everyone who uses the store.")

    static func key(_ a: ParsedArguments) throws -> ConfigKey {
        let text = try a.required(key)
        if let key = ConfigKey(rawValue: text) { return key }
        let names = ConfigKey.allCases.map(\.rawValue)
        throw UsageError("unknown config key \(Excerpt.quoted(text))",
                         hint: closestName(to: text, among: names).map { "did you mean '\($0)'?" } ?? "the keys are \(names.map { "'\($0)'" }.joined(separator: ", "))")
    }

    /// `da`, `en (default)`, `(not set)` — `en (standard)`, `(ikke sat)` in Danish.
    static func text(_ setting: Setting, _ language: Language) -> String {
        guard let value = setting.value else { return Phrase("(not set)").said(language) }
        if setting.isStoreWide { return Phrase("\(value.text) (store-wide)").said(language) }
        return setting.isDefault ? Phrase("\(value.text) (default)").said(language) : value.text
    }
}

extension ValueParser where Value == String {
    /// A word for the config commands (a key or a value), checked by the command; control
    /// characters are refused here.
    static func configWord(example: String) -> ValueParser {
        ValueParser(example: example) { text in
            if let problem = ControlCharacters.problem(in: text) { throw PlainError(problem) }
            return text
        }
    }
}

struct ConfigGet: Command {
    static let key = ConfigArguments.key
    static let spec = CommandSpec(
        name: "get", abstract: "Print one setting from the config file.",
        discussion: """
        Prints the value the config file gives the key. For a key the file does not set it prints what \
        applies instead, followed by ' (default)' (lang: from the locale, else en; store: \
        $XDG_DATA_HOME/akkord or ~/.local/share/akkord), or '(not set)' when nothing does yet; the exit \
        status is 0 either way. For store, when --store or AKKORD_HOME names another store, that one is \
        in force and is printed first: '/srv/roofs (AKKORD_HOME; the config file: ~/roofs)'. \
        With --json: {"key": …, "value": …, "default": true|false}, the value null when the key is not set \
        and has no default, and for store "inForce" and "from" when --store or AKKORD_HOME overrides it. \
        A value the store's settings.json sets wins over the config file's and is marked ' (store-wide)' \
        ("storeWide": true in JSON).
        """,
        arguments: [key])
    let key: ConfigKey
    init(_ a: ParsedArguments) throws { key = try ConfigArguments.key(a) }

    func run(_ context: CommandContext) throws {
        let setting = try context.withSettings { try $0.get(key) }
        // The store in force when the flag or the variable names one (SPEC §15).
        var override: (store: String, from: String)? = nil
        if key == .store {
            if let flag = context.globals.store, !flag.isEmpty { override = (flag, "--store") } else if let home = context.environment["AKKORD_HOME"], !home.isEmpty {
                override = (home, "AKKORD_HOME")
            }
        }
        if context.wantsJSON {
            var json = JSONValue(["key": .string(key.rawValue), "value": setting.value?.json ?? .null, "default": .bool(setting.isDefault)])
            if setting.isStoreWide, case .object(var members) = json {
                members.append("storeWide", .bool(true))
                json = .object(members)
            }
            if let override, case .object(var members) = json {
                members.append("inForce", .string(override.store))
                members.append("from", .string(override.from))
                json = .object(members)
            }
            context.printJSON(json)
        } else if let override {
            context.print(Phrase("\(override.store) (\(override.from); the config file: \(ConfigArguments.text(setting, context.language)))").said(context.language))
        } else {
            context.print(ConfigArguments.text(setting, context.language))
        }
    }
}

struct ConfigSet: Command {
    static let key = ConfigArguments.key
    static let value = Positional("value", parse: .configWord(example: "da"), help: "The value, e.g. da, ~/roofs, true, 10.")
    static let spec = CommandSpec(
        name: "set", abstract: "Set one setting in the config file (created when missing).",
        discussion: """
        The value is checked against the key (a bad one exits 64 and changes nothing). The file is \
        changed under a lock beside it (config.json.lock) and written whole by an atomic rename, mode \
        0600; its directory is made 0700 when missing. A file that does not parse exits 65 and is left \
        as it is; a config file that is a symbolic link is not replaced (exit 1): edit the file it \
        points to. With --store-wide the value goes into the store's settings.json instead (changed under \
        the store's lock, written atomically), where it wins over everyone's own config file; only \
        settlementDeadline, criticismDeadline, extraHolidays and holidayPay are kept there.
        """,
        arguments: [key, value, ConfigArguments.storeWide])
    let value: ConfigValue
    let storeWide: Bool
    init(_ a: ParsedArguments) throws {
        let key = try ConfigArguments.key(a)
        storeWide = try a[ConfigArguments.storeWide]
        if storeWide, !ConfigKey.storeWide.contains(key) { throw NotAStoreWideSetting(key: key) }
        value = try key.parse(a.required(Self.value))
    }

    func run(_ context: CommandContext) throws {
        if storeWide {
            _ = try context.withSettings { try $0.setStoreWide(value, lockTimeout: context.lockTimeout()) }
        } else {
            _ = try context.withSettings { try $0.set(value, lockTimeout: context.lockTimeout()) }
        }
        if context.wantsJSON {
            var json = JSONObject([("key", .string(value.key.rawValue)), ("value", value.json)])
            if storeWide { json.append("storeWide", .bool(true)) }
            context.printJSON(.object(json))
        } else if storeWide {
            context.print(Phrase("\(value.key.rawValue) = \(value.text) (store-wide)").said(context.language))
        } else {
            context.print("\(value.key.rawValue) = \(value.text)")
        }
    }
}

struct ConfigUnset: Command {
    static let key = ConfigArguments.key
    static let spec = CommandSpec(
        name: "unset", abstract: "Remove one setting from the config file.",
        discussion: "A key the file does not set is not an error: nothing is written. Written as 'config set' writes; with --store-wide, from the store's settings.json.",
        arguments: [key, ConfigArguments.storeWide])
    let key: ConfigKey
    let storeWide: Bool
    init(_ a: ParsedArguments) throws {
        key = try ConfigArguments.key(a)
        storeWide = try a[ConfigArguments.storeWide]
        if storeWide, !ConfigKey.storeWide.contains(key) { throw NotAStoreWideSetting(key: key) }
    }

    func run(_ context: CommandContext) throws {
        let removed = try context.withSettings {
            storeWide ? try $0.unsetStoreWide(key, lockTimeout: context.lockTimeout()) : try $0.unset(key, lockTimeout: context.lockTimeout())
        }.before
        if context.wantsJSON {
            context.printJSON(JSONValue(["key": .string(key.rawValue), "removed": removed?.json ?? .null]))
        } else if let removed {
            context.print(Phrase("unset \(key.rawValue) (was \(removed.text))").said(context.language))
        } else {
            context.print(Phrase("\(key.rawValue) was not set; nothing changed").said(context.language))
        }
    }
}

struct ConfigList: Command {
    static let spec = CommandSpec(
        name: "list", abstract: "List every setting with its value and where it comes from.",
        discussion: """
        One line per key: the file's value, or the default followed by ' (default)', or '(not set)'; \
        the first line names the file, the next the store's settings.json when the store has one, whose values \
        win and are marked ' (store-wide)'. With --json: {"file": path or null, "exists": true|false, \
        "settings": {"lang": {"value": …, "default": true|false}, …}}, with "storeFile" and "storeWide": true \
        where the store's settings.json sets a value.
        """)
    init(_ a: ParsedArguments) throws {}

    func run(_ context: CommandContext) throws {
        let list = try context.withSettings { try $0.list() }
        if context.wantsJSON {
            var settings = JSONObject()
            for setting in list.settings {
                var object = JSONObject([("value", setting.value?.json ?? .null), ("default", .bool(setting.isDefault))])
                if setting.isStoreWide { object.append("storeWide", .bool(true)) }
                settings.append(setting.key.rawValue, .object(object))
            }
            var json = JSONObject([("file", .optional(list.file)), ("exists", .bool(list.exists))])
            if let storeFile = list.storeFile { json.append("storeFile", .string(storeFile)) }
            json.append("settings", .object(settings))
            context.printJSON(.object(json))
            return
        }
        let l = context.language
        let file: Phrase = list.file.map { list.exists ? "file: \($0)" : "file: \($0) (not created yet)" } ?? "file: none (neither XDG_CONFIG_HOME nor HOME is set)"
        var lines = [file.said(l)]
        if let storeFile = list.storeFile { lines.append(Phrase("store-wide: \(storeFile)").said(l)) }
        for setting in list.settings { lines.append("\(setting.key.rawValue) = \(ConfigArguments.text(setting, l))") }
        context.print(lines.joined(separator: "\n"))
    }
}
