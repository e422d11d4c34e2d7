import AkkordKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a running command needs from the outside world: global options, environment, output.
/// Made once per invocation and passed down; nothing global.
final class CommandContext {
    let globals: GlobalOptions
    let environment: [String: String]
    /// The command as typed, for the project's history.
    let commandLine: String
    let clock: Clock
    /// The user's settings (the config file), read at most once per command.
    let settings: Settings
    private var stdoutBuffer: [UInt8] = []
    /// The first write to standard output that failed (a full disk, a closed descriptor): what
    /// follows is not written, and the command ends with it (exit 74, `finish()`).
    private var stdoutFailure: AkkordError?

    init(globals: GlobalOptions, environment: [String: String], argv: [String], clock: Clock = .system) {
        self.globals = globals
        self.environment = environment
        self.commandLine = CommandContext.historyCommandLine(argv)
        self.clock = clock
        self.settings = Settings(environment: environment)
        // The store's settings.json (SPEC §16) is read from the store in force, when a value is needed.
        settings.storeDirectory = { [unowned self] in try self.resolvedStoreDirectory() }
    }

    /// `akkord add 2.01 12,5`: global options that say where, not what, are left out.
    static func historyCommandLine(_ argv: [String]) -> String {
        var words: [String] = [], skipNext = false
        for arg in argv {
            if skipNext { skipNext = false; continue }
            if arg == "--store" || arg == "--lang" { skipNext = true; continue }
            if arg.hasPrefix("--store=") || arg.hasPrefix("--lang=") || arg == "--json" || arg == "--no-color" { continue }
            words.append(arg.contains(" ") || arg.isEmpty ? "\"\(arg)\"" : arg)
        }
        return (["akkord"] + words).joined(separator: " ")
    }

    /// The store's directory and the lock timeout of `AKKORD_LOCK_TIMEOUT`. Resolves the language
    /// too, so a command that prints numbers fails (a damaged config file: 65; a bad `AKKORD_LANG`:
    /// 64) before it changes or prints anything.
    func storeSetup() throws -> (directory: String, lockTimeout: Double) {
        let timeout = try lockTimeout()
        let directory = try resolvedStoreDirectory()
        _ = try resolvedLanguage()
        return (directory, timeout)
    }

    /// Seconds from `AKKORD_LOCK_TIMEOUT`: a finite number ≥ 0 (anything else is refused before
    /// the lock is tried, rather than meaning 10 s or forever); 10 when not set.
    func lockTimeout() throws -> Double {
        guard let text = environment["AKKORD_LOCK_TIMEOUT"] else { return 10 }
        guard let t = Double(text), t.isFinite, t >= 0, t <= 86_400, text.allSatisfy({ ("0"..."9").contains($0) || $0 == "." }) else {
            throw InvalidArgumentError("AKKORD_LOCK_TIMEOUT", "\(Excerpt.quoted(text)) is not a number of seconds from 0 to 86400 (e.g. 10 or 2.5)",
                                       exitStatus: .usage)
        }
        return t
    }

    // MARK: settings

    private var cachedLanguage: Language?
    private var cachedNumberFormat: Language?
    private var cachedStoreDirectory: String?
    private var warnedAboutLanguage = false

    /// A call to the settings; a config file that does not parse is told with the hint to fix it
    /// by hand (exit 65).
    func withSettings<T>(_ body: (Settings) throws -> T) throws -> T {
        do { return try body(settings) } catch let error as InvalidDataError {
            // Only a store already found has its settings.json read (asking for it here would read the config again).
            if let directory = cachedStoreDirectory, error.source == Settings.storeSettingsFile(inStore: directory) {
                throw HintedError.damagedStoreSettings(error)
            }
            throw HintedError.damagedConfig(error)
        }
    }

    /// A setting that applies: the config file's value, else the key's default (nil: none).
    func setting(_ key: ConfigKey) throws -> ConfigValue? { try withSettings { try $0.value(key) } }

    /// The settlement's deadlines and days off (SPEC §16): the store's settings.json, else the config file.
    func settlementRules() throws -> SettlementRules { try withSettings { try $0.effective().settlementRules } }

    /// Today's date, `YYYY-MM-DD` in local time, from the clock. Only for tests: a debug build
    /// (the one `swift test` runs) takes `AKKORD_TODAY=YYYY-MM-DD` instead, so the end-to-end
    /// tests can judge deadlines against a fixed day; a release build ignores the variable.
    func today() throws -> String {
        #if DEBUG
        if let text = environment["AKKORD_TODAY"] {
            guard ISODate.problem(text) == nil else {
                throw InvalidArgumentError("AKKORD_TODAY", "\(Excerpt.quoted(text)) is not a date; write YYYY-MM-DD", exitStatus: .usage)
            }
            return text
        }
        #endif
        return clock.today
    }

    /// `--lang`, else `$AKKORD_LANG`, else the config file, else the locale, else en (SPEC §8).
    /// The config file is read only when the flag and the variable are both absent.
    func resolvedLanguage() throws -> Language {
        if let cachedLanguage { return cachedLanguage }
        let language = try withSettings { try $0.language(flag: globals.language) }
        cachedLanguage = language
        return language
    }

    /// How numbers are read (`1.200`): as the language, but from the locale's territory (SPEC §15).
    func resolvedNumberFormat() throws -> Language {
        if let cachedNumberFormat { return cachedNumberFormat }
        let numbers = try withSettings { try $0.numberFormat(flag: globals.language) }
        cachedNumberFormat = numbers
        return numbers
    }

    /// The number format, or the language's when it cannot be resolved (then the language is not either).
    var numberFormat: Language { (try? resolvedNumberFormat()) ?? messageLanguage }

    /// The language of help, the manual page and the completion scripts (SPEC §15): chosen as
    /// `resolvedLanguage()` chooses, but a source that cannot be used is passed over for the next
    /// instead of failing — an `AKKORD_LANG` that names no language, a config file that does not
    /// read — because help and completion must run when the settings are damaged.
    var helpLanguage: Language {
        var environment = self.environment
        if let text = environment[LanguageChoice.variable], Language(rawValue: text.lowercased()) == nil {
            environment[LanguageChoice.variable] = nil
        }
        let settings = self.settings
        return (try? LanguageChoice.resolve(flag: globals.language, environment: environment,
                                            config: { (try? settings.config()) ?? Config() })) ?? .en
    }

    /// `--store`, else `$AKKORD_HOME`, else the config file, else the XDG default (SPEC §6).
    func resolvedStoreDirectory() throws -> String {
        if let cachedStoreDirectory { return cachedStoreDirectory }
        let directory = try withSettings { try $0.storeDirectory(explicit: globals.store) }
        cachedStoreDirectory = directory
        return directory
    }

    /// The language for printing numbers. Every command that opens the store has resolved it in
    /// `storeSetup()` (and failed there when it cannot be); a command that never does (`demo`) and
    /// meets a damaged config or a bad `AKKORD_LANG` is warned and prints in en.
    var language: Language {
        do { return try resolvedLanguage() } catch {
            if !warnedAboutLanguage {
                warnedAboutLanguage = true
                let message: Phrase = (error as? UserFacingError)?.message ?? "\(error)"
                warn(Phrase("\(message); numbers are printed in en").said(messageLanguage))
            }
            return .en
        }
    }

    var wantsJSON: Bool { globals.json }

    /// The store's directory, for messages; resolved by `storeSetup()` before any command uses it.
    var storeDirectory: String {
        (try? resolvedStoreDirectory()) ?? globals.store ?? settings.defaultStoreDirectory
    }

    /// Output for people or scripts goes to stdout, written when the command finishes.
    func print(_ text: String) {
        stdoutBuffer.append(contentsOf: text.utf8)
        if !text.hasSuffix("\n") { stdoutBuffer.append(0x0A) }
        if stdoutBuffer.count > 1 << 20 { flush() }
    }

    func printJSON(_ value: JSONValue) { printBytes(JSONWriter.write(value)) }

    func printBytes(_ bytes: [UInt8]) {
        stdoutBuffer.append(contentsOf: bytes)
        if stdoutBuffer.count > 1 << 20 { flush() }
    }

    /// Writes to standard output through a buffered output, after what was printed before (a
    /// report of any size goes out as it is made); a write that fails is an error (exit 74).
    func stream(_ body: (ByteOutput) throws -> Void) throws {
        flush()
        if let stdoutFailure { throw stdoutFailure }
        let out = ByteOutput(fd: 1, path: "standard output")
        do {
            try body(out)
            try out.flush()
        } catch let failure as FileIO.Failure where failure.path == "standard output" {
            throw Self.stdoutFailed(failure)
        }
    }

    /// Writes what was printed so far; a failure is kept for `finish()` (and stops later writes).
    func flush() {
        defer { stdoutBuffer.removeAll(keepingCapacity: true) }
        guard stdoutFailure == nil, !stdoutBuffer.isEmpty else { return }
        do { try FileIO.writeAll(fd: 1, stdoutBuffer, path: "standard output") } catch {
            stdoutFailure = (error as? FileIO.Failure).map(Self.stdoutFailed) ?? .outputFailed(path: "standard output", reason: "\(error)")
        }
    }

    /// Writes what is left; throws when any write to standard output failed. A command's result
    /// is not reported as done when the user did not get it.
    func finish() throws {
        flush()
        if let stdoutFailure { throw stdoutFailure }
    }

    private static func stdoutFailed(_ failure: FileIO.Failure) -> AkkordError {
        if case .system(_, _, let message) = failure { return .outputFailed(path: "standard output", reason: message) }
        return .outputFailed(path: "standard output", reason: failure.reason)
    }

    /// A note on how input was read (`note: 7.30 h is 7 h 18 min; …`), on stderr.
    func note(_ text: String) { Terminal.writeError(MessagePrefix.note.text(messageLanguage) + text, color: useColor(fd: 2)) }

    /// Warnings and progress for people go to stderr.
    func warn(_ text: String) { Terminal.writeError(MessagePrefix.warning.text(messageLanguage) + text, color: useColor(fd: 2)) }

    /// The language of what goes to stderr: the resolved language, or — when it cannot be
    /// resolved (a damaged config file, a bad AKKORD_LANG) — the best the rest can say.
    var messageLanguage: Language { (try? resolvedLanguage()) ?? helpLanguage }

    func useColor(fd: Int32) -> Bool {
        !globals.noColor && environment["NO_COLOR"].map(\.isEmpty) != false && isatty(fd) == 1
    }
}

enum Terminal {
    /// A progress line that rewrites itself; nil clears it. Only for terminals.
    static func writeProgress(_ text: String?) {
        let line = text.map { "\r\($0)\u{1B}[K" } ?? "\r\u{1B}[K"
        try? FileIO.writeAll(fd: 2, Array(line.utf8), path: "stderr")
    }

    /// Lines on stderr are at most this long: a value the library forgot to cut cannot flood a
    /// terminal or a log.
    static let maximumErrorLine = 300

    static func writeError(_ line: String, color: Bool) {
        var text = safeLine(line)
        if color, let colon = line.firstIndex(of: ":") {
            let label = line[..<colon]
            let code = label == "error" ? "31" : label == "hint" ? "36" : "33"
            text = "\u{1B}[1;\(code)m\(label)\u{1B}[0m" + line[colon...]
        }
        try? FileIO.writeAll(fd: 2, Array((text + "\n").utf8), path: "stderr")
    }

    /// The line with control characters shown as `\u{1B}` (an error that quotes a file's bytes
    /// must not drive the terminal) and cut to `maximumErrorLine` characters.
    static func safeLine(_ line: String) -> String {
        var out = ""
        var n = 0
        for scalar in line.unicodeScalars {
            if n >= maximumErrorLine - 1 { return out + "…" }
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F:
                let escaped = "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                out += escaped
                n += escaped.count
            default:
                out.unicodeScalars.append(scalar)
                n += 1
            }
        }
        return out
    }
}
