/// Where the store lives (SPEC §6): `--store DIR`, else `$AKKORD_HOME`, else
/// `$XDG_DATA_HOME/akkord`, else `~/.local/share/akkord`.
public enum StoreLocation {
    public static func resolve(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let home = environment["AKKORD_HOME"], !home.isEmpty { return home }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/akkord" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/.local/share/akkord"
    }
}
