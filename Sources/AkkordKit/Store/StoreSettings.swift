import AkkordSupport
import AkkordModel

/// The office's settings kept in the store (SPEC §16): `settings.json` in the store's root,
/// `{"format": "akkord-settings", "version": 1, …}` with the keys `settlementDeadline`,
/// `criticismDeadline`, `extraHolidays` and `holidayPay` as the config file holds them. They are
/// shared with everyone who uses the store (and by sync), and win over a person's own config.
/// Read strictly like the config file: a problem names the file and the key, never skipped.
/// Changed under the store's exclusive lock and written atomically like every store file.
public enum StoreSettings {
    public static let fileName = "settings.json"
    public static let format = "akkord-settings"
    public static let version = 1
    /// The keys the store may hold, in the order the file is written.
    public static let keys: [ConfigKey] = ConfigKey.storeWide

    public static func decode(_ bytes: [UInt8], source: String) throws -> Config {
        try ConfigFile.decode(bytes, source: source, format: format, version: version, keys: keys)
    }

    /// The file's bytes: format and version, then the keys that are set, in `keys` order.
    public static func encode(_ config: Config) -> [UInt8] {
        var object = JSONObject()
        object.append("format", .string(format))
        object.append("version", .int(version))
        for key in keys { if let value = config[key] { object.append(key.rawValue, value.json) } }
        return JSONWriter.write(.object(object))
    }
}

extension Store {
    /// `settings.json` in the store's root.
    public var settingsFile: String { directory + "/" + StoreSettings.fileName }

    /// The store's settings, or nil when it has no `settings.json` (or no store is there yet).
    public func loadSettings() throws -> Config? {
        guard let bytes = try readFile(settingsFile) else { return nil }
        return try StoreSettings.decode(bytes, source: settingsFile)
    }

    /// Changes `settings.json` under the store's exclusive lock: read strictly (a file that does
    /// not parse is left as it is), changed, written atomically; nothing is written when nothing
    /// changed. Only the store-wide keys may be changed.
    public func updateSettings(_ change: (inout Config) throws -> Void) throws -> (before: Config, after: Config) {
        try exclusively {
            let before = try loadSettings() ?? Config()
            var after = before
            try change(&after)
            for key in ConfigKey.allCases where !StoreSettings.keys.contains(key) && after[key] != before[key] {
                throw NotAStoreWideSetting(key: key)
            }
            if after != before { try write(StoreSettings.encode(after), to: settingsFile) }
            return (before, after)
        }
    }
}
