import AkkordSupport
import AkkordModel
import AkkordStore

/// The user's settings (SPEC §12), read and changed here as every change to a store goes through
/// `Workspace`: the program parses its arguments, calls one method and prints what comes back.
/// What the config file holds and how it is written is `ConfigFile`'s (Store); what applies when
/// the file does not set a key is decided here.
///
/// The config file is not a project: a change has no history and no undo, and holds the file's own
/// lock (`config.json.lock` beside it), not a store's. It is written whole by an atomic rename
/// (mode 0600), and a file that does not parse is never rewritten: reading it throws the
/// `InvalidDataError` naming it, and `set`/`unset` change nothing.
///
/// One `Settings` reads the file at most once, and only when a value from it is needed, so a
/// command given `--lang` and `--store` never reads it.
public final class Settings {
    /// The path of a store's `settings.json`, to tell its problems from the config file's.
    public static func storeSettingsFile(inStore directory: String) -> String { Store(directory: directory).settingsFile }

    public let environment: [String: String]
    private var loaded: Result<Config, Error>?
    /// The store whose `settings.json` holds the office's settings (SPEC §16), asked for when one
    /// of them is needed; nil: no store-wide settings (a library user that gives none).
    public var storeDirectory: (() throws -> String)?
    private var loadedStoreWide: Result<Config, Error>?

    public init(environment: [String: String]) { self.environment = environment }

    /// Where the config file is, or nil when neither `XDG_CONFIG_HOME` (an absolute path) nor
    /// `HOME` says.
    public var path: String? { ConfigFile.path(environment: environment) }

    /// The file's settings, read on first need; no file (or no place for one) sets nothing. A
    /// file that does not parse throws `InvalidDataError`, one that cannot be read
    /// `ConfigFileError.unreadable`, and so every time it is asked again.
    public func config() throws -> Config {
        if loaded == nil { loaded = Result { try ConfigFile.load(environment: environment) } }
        return try loaded!.get()
    }

    /// What applies when the file does not set `key` (and no flag or variable overrides it); nil
    /// when nothing does (`holidayPay`: its command decides).
    public func defaultValue(_ key: ConfigKey) -> ConfigValue? { ConfigFile.defaultValue(key, environment: environment) }

    /// The value that applies for `key`: the store's (for its keys), else the file's, else its default.
    public func value(_ key: ConfigKey) throws -> ConfigValue? { try get(key).value }

    /// `config get`: the key's value, and whether it is the store's, or the default rather than the file's.
    public func get(_ key: ConfigKey) throws -> Setting {
        if StoreSettings.keys.contains(key), let value = try storeWide()[key] {
            return Setting(key: key, value: value, isDefault: false, isStoreWide: true)
        }
        return setting(key, in: try config())
    }

    /// `config list`: every key in `ConfigKey` order, the config file, and the store's settings
    /// file when the store has one.
    public func list() throws -> SettingsList {
        let path = self.path
        let settings = try ConfigKey.allCases.map(get)
        let storeFile = try storeSettingsFile()
        return SettingsList(file: path, exists: path.map(FileIO.exists) ?? false, settings: settings,
                            storeFile: storeFile.flatMap { FileIO.exists($0) ? $0 : nil })
    }

    /// The store's settings (`settings.json`, SPEC §16), read on first need; none when there is
    /// no store or no file. A file that does not parse throws `InvalidDataError` naming it.
    public func storeWide() throws -> Config {
        guard let directory = storeDirectory else { return Config() }
        if loadedStoreWide == nil { loadedStoreWide = Result { try Store(directory: try directory()).loadSettings() ?? Config() } }
        return try loadedStoreWide!.get()
    }

    /// The settings in force: the config file's, with the store's in place of them for the keys
    /// the store keeps (SPEC §16: the office's settings win over a person's own).
    public func effective() throws -> Config {
        var config = try config()
        let office = try storeWide()
        for key in StoreSettings.keys { if let value = office[key] { config.set(value) } }
        return config
    }

    /// `config set --store-wide`: one of the store's keys in its `settings.json`, under the
    /// store's lock; nothing is written when the file holds the value already.
    public func setStoreWide(_ value: ConfigValue, lockTimeout: @autoclosure () throws -> Double) throws -> Edited<ConfigValue?> {
        try updateStoreWide(value.key, lockTimeout: lockTimeout) { $0.set(value) }
    }

    /// `config unset --store-wide`: removes one key from the store's `settings.json`.
    public func unsetStoreWide(_ key: ConfigKey, lockTimeout: @autoclosure () throws -> Double) throws -> Edited<ConfigValue?> {
        try updateStoreWide(key, lockTimeout: lockTimeout) { $0.unset(key) }
    }

    /// Where the store's settings file is (nil: no store is given).
    public func storeSettingsFile() throws -> String? {
        guard let directory = storeDirectory else { return nil }
        return Store(directory: try directory()).settingsFile
    }

    private func updateStoreWide(_ key: ConfigKey, lockTimeout: () throws -> Double, _ change: (inout Config) -> Void) throws -> Edited<ConfigValue?> {
        guard StoreSettings.keys.contains(key) else { throw NotAStoreWideSetting(key: key) }
        guard let directory = storeDirectory else { throw NotAStoreWideSetting(key: key) }
        let update = try Store(directory: try directory(), lockTimeout: try lockTimeout()).updateSettings(change)
        loadedStoreWide = .success(update.after)
        return Edited(before: update.before[key], after: update.after[key])
    }

    /// `config set`: sets one key in the file, creating it (and its directory, 0700) when missing;
    /// nothing is written when the file holds the value already. `lockTimeout` is asked for once
    /// the file has a place, so a missing `HOME` is told first.
    public func set(_ value: ConfigValue, lockTimeout: @autoclosure () throws -> Double) throws -> Edited<ConfigValue?> {
        try update(value.key, lockTimeout: lockTimeout) { $0.set(value) }
    }

    /// `config unset`: removes one key from the file; a key the file does not set writes nothing.
    public func unset(_ key: ConfigKey, lockTimeout: @autoclosure () throws -> Double) throws -> Edited<ConfigValue?> {
        try update(key, lockTimeout: lockTimeout) { $0.unset(key) }
    }

    /// The language of output (SPEC §8): `flag`, else `AKKORD_LANG`, else the file's `lang`, else
    /// the locale; the file is read only when neither the flag nor the variable decides.
    public func language(flag: Language?) throws -> Language {
        try LanguageChoice.resolve(flag: flag, environment: environment, config: config)
    }

    /// The number format (SPEC §15): as the language, but from the locale's territory.
    public func numberFormat(flag: Language?) throws -> Language {
        try LanguageChoice.numberFormat(flag: flag, environment: environment, config: config)
    }

    /// The store's directory (SPEC §6): `explicit` (`--store`), else `AKKORD_HOME`, else the
    /// file's `store` (`~/` is `HOME`), else the default; the file is read only when needed.
    public func storeDirectory(explicit: String?) throws -> String {
        try StoreLocation.resolve(explicit: explicit, environment: environment, config: config)
    }

    /// `$XDG_DATA_HOME/akkord`, else `~/.local/share/akkord`: where the store is when nothing says.
    public var defaultStoreDirectory: String { StoreLocation.defaultDirectory(environment: environment) }

    private func setting(_ key: ConfigKey, in config: Config) -> Setting {
        if let value = config[key] { return Setting(key: key, value: value, isDefault: false) }
        // `deadlineWorkdays N` is the older name of `settlementDeadline "N workdays"`.
        if key == .settlementDeadline { return Setting(key: key, value: .settlementDeadline(config.settlementRules.settlement), isDefault: true) }
        return Setting(key: key, value: defaultValue(key), isDefault: true)
    }

    private func update(_ key: ConfigKey, lockTimeout: () throws -> Double, _ change: (inout Config) -> Void) throws -> Edited<ConfigValue?> {
        guard let path else { throw ConfigFileError.noLocation }
        let update = try ConfigFile.update(path, lockTimeout: try lockTimeout(), change)
        loaded = .success(update.after)
        return Edited(before: update.before[key], after: update.after[key])
    }
}

/// One key as `config get` and `config list` show it: the file's value, else the default
/// (`isDefault`), else nil (not set, and no default).
public struct Setting: Equatable, Sendable {
    public let key: ConfigKey
    public let value: ConfigValue?
    public let isDefault: Bool
    /// The value is the store's (`settings.json`, SPEC §16), which wins over the config file.
    public let isStoreWide: Bool

    package init(key: ConfigKey, value: ConfigValue?, isDefault: Bool, isStoreWide: Bool = false) {
        self.key = key; self.value = value; self.isDefault = isDefault; self.isStoreWide = isStoreWide
    }
}

/// `config list`: the config file (nil: no place for one), whether it exists, and every key.
public struct SettingsList: Equatable, Sendable {
    public let file: String?
    public let exists: Bool
    public let settings: [Setting]
    /// The store's `settings.json`, when it exists.
    public let storeFile: String?

    package init(file: String?, exists: Bool, settings: [Setting], storeFile: String? = nil) {
        self.file = file; self.exists = exists; self.settings = settings; self.storeFile = storeFile
    }
}
