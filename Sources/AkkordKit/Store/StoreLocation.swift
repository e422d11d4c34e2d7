import AkkordModel

/// Where the store lives (SPEC §6): `--store DIR`, else `$AKKORD_HOME`, else `store` in the config
/// file (`~/` at its start is `$HOME`), else `$XDG_DATA_HOME/akkord`, else `~/.local/share/akkord`.
/// The config is asked for only when neither the flag nor the variable gives the directory.
public enum StoreLocation {
    public static func resolve(explicit: String?, environment: [String: String], config: () throws -> Config) throws -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let home = environment["AKKORD_HOME"], !home.isEmpty { return home }
        if let configured = try config().store { return try expand(configured, environment: environment) }
        return defaultDirectory(environment: environment)
    }

    /// `$XDG_DATA_HOME/akkord`, else `~/.local/share/akkord` (`./.local/share/akkord` without HOME).
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/akkord" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/.local/share/akkord"
    }

    /// A configured store path: `~/roofs` is `$HOME/roofs`; an absolute path is taken as it is.
    public static func expand(_ configured: String, environment: [String: String]) throws -> String {
        guard configured.hasPrefix("~/") else { return configured }
        guard var home = environment["HOME"], home.hasPrefix("/") else { throw ConfigFileError.homeNotSet(key: .store, value: configured) }
        while home.count > 1, home.hasSuffix("/") { home.removeLast() }
        return (home == "/" ? "" : home) + configured.dropFirst()
    }
}
