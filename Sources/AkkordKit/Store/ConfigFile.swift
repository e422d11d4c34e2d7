import AkkordSupport
import AkkordModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's config file (SPEC §12): `$XDG_CONFIG_HOME/akkord/config.json`, else
/// `~/.config/akkord/config.json`, holding `{"format": "akkord-config", "version": 1, …}`.
///
/// Read strictly like every file akkord reads: an unknown key, a key given twice, a value of the
/// wrong type or out of range, a wrong format or version is a problem naming the file and the
/// key, never skipped. A link to the file is followed on read (dotfiles are often links), but
/// never replaced on write. Changes are read-modify-writes under an exclusive `flock` on
/// `config.json.lock` beside it, written atomically with mode 0600.
public enum ConfigFile {
    public static let format = "akkord-config"
    public static let version = 1
    /// The largest config file akkord reads.
    public static let maximumBytes = 1 << 20

    /// Where the config file is, or nil when neither `XDG_CONFIG_HOME` nor `HOME` is an absolute
    /// path (a relative one is ignored, as the XDG base directory rules say: it would put the
    /// file under whatever folder akkord runs in).
    public static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return trimmed(xdg) + "/akkord/config.json" }
        if let home = environment["HOME"], home.hasPrefix("/") { return trimmed(home) + "/.config/akkord/config.json" }
        return nil
    }

    /// The settings in the config file; no file (or no place for one) is an empty config.
    public static func load(environment: [String: String]) throws -> Config {
        guard let path = path(environment: environment) else { return Config() }
        return try read(path) ?? Config()
    }

    /// The file's settings, or nil when there is no file.
    public static func read(_ path: String, followSymlinks: Bool = true) throws -> Config? {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: maximumBytes, followSymlinks: followSymlinks) } catch FileIO.Failure.notFound { return nil } catch {
            throw ConfigFileError.unreadable(path: path, reason: (error as? FileIO.Failure)?.reason ?? "\(error)")
        }
        return try decode(bytes, source: path)
    }

    public static func decode(_ bytes: [UInt8], source: String) throws -> Config {
        try decode(bytes, source: source, format: format, version: version, keys: ConfigKey.allCases)
    }

    /// A settings file of `format` and `version` holding some of the config keys as the config
    /// file holds them (the config file; the store's `settings.json`, `StoreSettings`): any other
    /// key, or a value of another type, is a problem naming the key, never skipped.
    static func decode(_ bytes: [UInt8], source: String, format expectedFormat: String, version: Int, keys: [ConfigKey]) throws -> Config {
        let root: JSONValue
        do { root = try JSONReader.parse(bytes) } catch {
            throw InvalidDataError(source: source, problems: [Problem("", "not valid JSON: \(error)")])
        }
        guard let object = root.objectValue else {
            throw InvalidDataError(source: source, problems: [Problem("", "expected a JSON object, got \(root.kindDescription)")])
        }
        var f = FieldReader(object: object, path: "", problems: [])
        if let format = f.string("format", required: true), format != expectedFormat {
            f.problem("format", "is \(Excerpt.phrase(format)), expected \"\(expectedFormat)\"")
        }
        f.version(expected: version)
        var config = Config()
        for key in keys {
            guard let json = object[key.rawValue] else { continue }
            switch value(key, json) {
            case .success(let value): config.set(value)
            case .failure(let problem): f.problem(key.rawValue, problem.reason)
            }
        }
        f.rejectUnknown(["format", "version"] + keys.map(\.rawValue))
        if !f.problems.isEmpty { throw InvalidDataError(source: source, problems: f.problems) }
        return config
    }

    /// A key's value as the file holds it: only the type akkord writes (`"lang": null` or
    /// `"holidayPay": "yes"` is a problem, not a default).
    static func value(_ key: ConfigKey, _ json: JSONValue) -> Result<ConfigValue, ConfigValueError> {
        func wrong(_ expected: Phrase) -> Result<ConfigValue, ConfigValueError> {
            .failure(ConfigValueError(key: key, reason: "expected \(expected), got \(json.kindDescription)"))
        }
        let value: ConfigValue
        switch (key, json) {
        case (.lang, .string(let s)):
            guard let l = Language(rawValue: s) else { return .failure(ConfigValueError(key: key, reason: "\(Excerpt.phrase(s)) is not \(key.expected)")) }
            value = .lang(l)
        case (.store, .string(let s)): value = .store(s)
        case (.name, .string(let s)): value = .name(s)
        case (.holidayPay, .bool(let b)): value = .holidayPay(b)
        case (.deadlineWorkdays, .number(let n)):
            // The plain form akkord writes: `10`, not `010`, `10.0` or `1e1`.
            let digits = n.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && !(n.hasPrefix("0") && n.count > 1)
            guard digits, let i = Int(n) else {
                return .failure(ConfigValueError(key: key, reason: "\(n.count > 20 ? Excerpt.phrase(n) : Phrase(verbatim: n)) is not \(key.expected)"))
            }
            value = .deadlineWorkdays(i)
        case (.settlementDeadline, .string(let s)), (.criticismDeadline, .string(let s)):
            guard let d = Deadline(parsing: s), d.description == s else {
                return .failure(ConfigValueError(key: key, reason: "\(Excerpt.phrase(s)) is not \(key.expected)"))
            }
            value = key == .settlementDeadline ? .settlementDeadline(d) : .criticismDeadline(d)
        case (.extraHolidays, .array(let items)):
            var days: [MonthDay] = []
            for item in items {
                guard case .string(let s) = item else { return wrong("an array of MM-DD strings") }
                guard let day = MonthDay(s) else { return .failure(ConfigValueError(key: key, reason: "\(Excerpt.phrase(s)) is not a day as MM-DD (12-24)")) }
                guard !days.contains(day) else { return .failure(ConfigValueError(key: key, reason: "\(s) is given twice")) }
                days.append(day)
            }
            value = .extraHolidays(days)
        case (.settlementDeadline, _), (.criticismDeadline, _): return wrong("a string")
        case (.extraHolidays, _): return wrong("an array of MM-DD strings")
        case (.lang, _), (.store, _), (.name, _): return wrong("a string")
        case (.holidayPay, _): return wrong("true or false")
        case (.deadlineWorkdays, _): return wrong("a whole number")
        }
        if let problem = value.problem { return .failure(ConfigValueError(key: key, reason: problem)) }
        return .success(value)
    }

    /// The file's bytes: format and version, then the keys that are set in `ConfigKey` order.
    public static func encode(_ config: Config) -> [UInt8] {
        var object = JSONObject()
        object.append("format", .string(format))
        object.append("version", .int(version))
        for key in ConfigKey.allCases { if let value = config[key] { object.append(key.rawValue, value.json) } }
        return JSONWriter.write(.object(object))
    }

    /// What applies when the file does not set a key (and no flag or variable overrides it):
    /// lang from the locale, else en; store `$XDG_DATA_HOME/akkord` or `~/.local/share/akkord`;
    /// deadlineWorkdays 15 (SPEC §9). `holidayPay` has none yet: its command decides (nil).
    public static func defaultValue(_ key: ConfigKey, environment: [String: String]) -> ConfigValue? {
        switch key {
        case .lang: return .lang(LanguageChoice.fromLocale(environment))
        case .store: return .store(StoreLocation.defaultDirectory(environment: environment))
        case .deadlineWorkdays: return .deadlineWorkdays(15)
        case .settlementDeadline: return .settlementDeadline(.settlementDefault)
        case .criticismDeadline: return .criticismDeadline(.criticismDefault)
        case .extraHolidays, .holidayPay, .name: return nil
        }
    }

    public struct Update: Equatable, Sendable {
        public let before: Config
        public let after: Config
        /// False when nothing changed, so nothing was written (no file is created for that).
        public let written: Bool

        package init(before: Config, after: Config, written: Bool) { self.before = before; self.after = after; self.written = written }
    }

    /// Changes the file: holds the lock beside it, reads the file strictly (a file that does not
    /// parse is left byte for byte as it is), applies `change` and writes the result atomically,
    /// creating the directory (0700) when missing. A link at `path` is refused: replacing it by
    /// a file would leave the file it points to behind, unchanged.
    public static func update(_ path: String, lockTimeout: Double = 10, _ change: (inout Config) throws -> Void) throws -> Update {
        try createDirectory(AtomicFile.parentDirectory(of: path))
        let lock = try ConfigLock.acquire(path: path + ".lock", timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        var st = stat()
        let exists = lstat(path, &st) == 0
        if exists, (st.st_mode & S_IFMT) == S_IFLNK { throw ConfigFileError.symbolicLink(path: path, target: linkTarget(path)) }
        // Not following links: one put in place since the lstat is refused too (exit 65).
        let before = try read(path, followSymlinks: false) ?? Config()
        var after = before
        try change(&after)
        guard after != before else { return Update(before: before, after: after, written: false) }
        try ConfigLock.verify(lock, path: path + ".lock")
        do { try AtomicFile.write(encode(after), to: path, mode: 0o600) } catch {
            throw ConfigFileError.cannotWrite(path: path, reason: "\(error)")
        }
        return Update(before: before, after: after, written: true)
    }

    /// Creates a directory and its missing parents, each 0700 and made durable in its parent.
    static func createDirectory(_ path: String) throws {
        if FileIO.isDirectory(path) { return }
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            let parent = current.isEmpty ? "/" : current
            current += "/" + part
            if FileIO.isDirectory(current) { continue }
            if mkdir(current, 0o700) != 0 {
                if errno == EEXIST, FileIO.isDirectory(current) { continue }
                throw ConfigFileError.cannotWrite(path: current, reason: "cannot create the directory: \(FileIO.errnoMessage())")
            }
            chmod(current, 0o700)
            do { try AtomicFile.syncDirectory(parent) } catch {
                throw ConfigFileError.cannotWrite(path: current, reason: "\(error)")
            }
        }
    }

    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func trimmed(_ directory: String) -> String {
        var d = Substring(directory)
        while d.count > 1, d.hasSuffix("/") { d = d.dropLast() }
        return d == "/" ? "" : String(d)
    }
}

/// Why the config file could not be read, changed or used.
public enum ConfigFileError: Equatable, PhrasedError {
    /// Not a regular file, too big, not readable.
    case unreadable(path: String, reason: Phrase)
    /// `set`/`unset` on a config file (or lock file) that is a symbolic link.
    case symbolicLink(path: String, target: String?)
    case cannotWrite(path: String, reason: Phrase)
    case busy(path: String, seconds: Double)
    /// Neither `XDG_CONFIG_HOME` nor `HOME` says where the file goes.
    case noLocation
    /// A `~/` path in the config file with no `HOME` to put in its place.
    case homeNotSet(key: ConfigKey, value: String)

    public var phrase: Phrase {
        switch self {
        case .unreadable(let path, let reason): return "\(path): \(reason)"
        case .symbolicLink(let path, let target):
            if let target { return "\(path) is a symbolic link to \(target); akkord does not write through links" }
            return "\(path) is a symbolic link; akkord does not write through links"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .busy(let path, let seconds): return "the config file is busy: another akkord has held \(path) for \(StoreBusyError.seconds(seconds)) s"
        case .noLocation: return "there is no place for the config file: neither XDG_CONFIG_HOME nor HOME is set to an absolute path"
        case .homeNotSet(let key, let value): return "\(key.rawValue): \(Excerpt.phrase(value)) starts with ~/ but HOME is not set to an absolute path"
        }
    }
}

/// The config file's lock: the store's `StoreLock` (an exclusive `flock` opened without following
/// a link, checked to be still the file at its path) on `config.json.lock`, with its errors told
/// as the config file's.
package enum ConfigLock {
    package static func acquire(path: String, timeout: Double) throws -> StoreLock {
        do { return try StoreLock(path: path, timeout: timeout) } catch let e as StoreBusyError {
            throw ConfigFileError.busy(path: e.path, seconds: e.seconds)
        } catch is StoreFileError {
            throw ConfigFileError.symbolicLink(path: path, target: ConfigFile.linkTarget(path))
        } catch let e as FileIO.Failure {
            throw ConfigFileError.cannotWrite(path: path, reason: e.reason)
        }
    }

    static func verify(_ lock: StoreLock, path: String) throws {
        do { try lock.verify() } catch {
            throw ConfigFileError.cannotWrite(path: path, reason: "the lock file was removed or replaced while this command held it; nothing was written, run the command again")
        }
    }
}
