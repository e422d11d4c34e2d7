import AkkordSupport

/// The user's settings from the config file (SPEC §12). Every key is optional: nil means the file
/// does not set it, and what applies instead is decided where the value is used.
public struct Config: Equatable, Sendable {
    public var lang: Language?
    /// As written in the file: an absolute path or one starting with `~/` (expanded when used).
    public var store: String?
    public var holidayPay: Bool?
    public var deadlineWorkdays: Int?
    /// Who this person is in a shared store's history (SPEC §14): one line, at most 100 characters.
    public var name: String?
    public var settlementDeadline: Deadline?
    public var criticismDeadline: Deadline?
    public var extraHolidays: [MonthDay]?

    public init(lang: Language? = nil, store: String? = nil, holidayPay: Bool? = nil, deadlineWorkdays: Int? = nil) {
        self.lang = lang; self.store = store; self.holidayPay = holidayPay; self.deadlineWorkdays = deadlineWorkdays
    }

    /// The settlement's rules these settings give (SPEC §16): `settlementDeadline`, else
    /// `deadlineWorkdays` working days, else 15 working days; `criticismDeadline`, else 10
    /// working days; the Danish public holidays and `extraHolidays`.
    public var settlementRules: SettlementRules {
        SettlementRules(settlement: settlementDeadline ?? deadlineWorkdays.map { Deadline(count: $0, unit: .workdays) } ?? .settlementDefault,
                        criticism: criticismDeadline ?? .criticismDefault,
                        holidays: Holidays(extraDays: extraHolidays ?? []))
    }

    /// The key's value when the file sets it.
    public subscript(key: ConfigKey) -> ConfigValue? {
        switch key {
        case .lang: return lang.map(ConfigValue.lang)
        case .store: return store.map(ConfigValue.store)
        case .holidayPay: return holidayPay.map(ConfigValue.holidayPay)
        case .deadlineWorkdays: return deadlineWorkdays.map(ConfigValue.deadlineWorkdays)
        case .name: return name.map(ConfigValue.name)
        case .settlementDeadline: return settlementDeadline.map(ConfigValue.settlementDeadline)
        case .criticismDeadline: return criticismDeadline.map(ConfigValue.criticismDeadline)
        case .extraHolidays: return extraHolidays.map(ConfigValue.extraHolidays)
        }
    }

    public mutating func set(_ value: ConfigValue) {
        switch value {
        case .lang(let l): lang = l
        case .store(let s): store = s
        case .holidayPay(let b): holidayPay = b
        case .deadlineWorkdays(let n): deadlineWorkdays = n
        case .name(let n): name = n
        case .settlementDeadline(let d): settlementDeadline = d
        case .criticismDeadline(let d): criticismDeadline = d
        case .extraHolidays(let days): extraHolidays = days
        }
    }

    public mutating func unset(_ key: ConfigKey) {
        switch key {
        case .lang: lang = nil
        case .store: store = nil
        case .holidayPay: holidayPay = nil
        case .deadlineWorkdays: deadlineWorkdays = nil
        case .name: name = nil
        case .settlementDeadline: settlementDeadline = nil
        case .criticismDeadline: criticismDeadline = nil
        case .extraHolidays: extraHolidays = nil
        }
    }
}

/// The keys of the config file, in the order the file is written and listed.
public enum ConfigKey: String, CaseIterable, Sendable {
    case lang, store, holidayPay, deadlineWorkdays, name, settlementDeadline, criticismDeadline, extraHolidays

    public static let workdays = 1...250
    /// The longest `name`, in characters.
    public static let nameLength = 100

    /// What a value must be, for messages and help.
    public var expected: Phrase {
        switch self {
        case .lang: return "en or da"
        case .store: return "an absolute path or one starting with ~/"
        case .holidayPay: return "true or false"
        case .deadlineWorkdays: return "a whole number from \(Self.workdays.lowerBound) to \(Self.workdays.upperBound)"
        case .name: return "one line of text of at most \(Self.nameLength) characters (your name as the office's history shows it)"
        case .settlementDeadline, .criticismDeadline: return "a number from 1 to 250 and workdays, days or weeks (15 workdays)"
        case .extraHolidays: return "days as MM-DD, separated by commas (06-05,12-24,12-31), or nothing"
        }
    }

    /// A value typed by a person (`akkord config set`): `holidayPay` also takes yes/no, ja/nej
    /// and 1/0 (any case); everything else is taken exactly as the file would hold it.
    public func parse(_ text: String) throws -> ConfigValue {
        let quoted = Excerpt.phrase(text)
        switch self {
        case .lang:
            guard let l = Language(rawValue: text) else { throw ConfigValueError(key: self, reason: "\(quoted) is not \(expected)") }
            return .lang(l)
        case .store:
            let value = ConfigValue.store(text)
            if let problem = value.problem { throw ConfigValueError(key: self, reason: problem) }
            return value
        case .holidayPay:
            switch text.lowercased() {
            case "true", "yes", "ja", "1": return .holidayPay(true)
            case "false", "no", "nej", "0": return .holidayPay(false)
            default: throw ConfigValueError(key: self, reason: "\(quoted) is not true or false (yes/no, ja/nej and 1/0 are taken too)")
            }
        case .deadlineWorkdays:
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(text), Self.workdays.contains(n) else {
                throw ConfigValueError(key: self, reason: "\(quoted) is not \(expected)")
            }
            return .deadlineWorkdays(n)
        case .name:
            let value = ConfigValue.name(text)
            if let problem = value.problem { throw ConfigValueError(key: self, reason: problem) }
            return value
        case .settlementDeadline, .criticismDeadline:
            guard let d = Deadline(parsing: text) else { throw ConfigValueError(key: self, reason: "\(quoted) is not \(expected)") }
            return self == .settlementDeadline ? .settlementDeadline(d) : .criticismDeadline(d)
        case .extraHolidays:
            // `06-05, 12-24` as well as `06-05,12-24`; an empty text is no extra days.
            var days: [MonthDay] = []
            let items = text.allSatisfy({ $0 == " " }) ? [] : text.split(separator: ",", omittingEmptySubsequences: false).map { String($0.filter { $0 != " " }) }
            for item in items {
                guard let day = MonthDay(item) else {
                    throw ConfigValueError(key: self, reason: "\(Excerpt.phrase(item)) is not a day as MM-DD (12-24)")
                }
                if !days.contains(day) { days.append(day) }
            }
            return .extraHolidays(days)
        }
    }
}

/// One key's value.
public enum ConfigValue: Equatable, Sendable {
    case lang(Language)
    case store(String)
    case holidayPay(Bool)
    case deadlineWorkdays(Int)
    case name(String)
    case settlementDeadline(Deadline)
    case criticismDeadline(Deadline)
    case extraHolidays([MonthDay])

    public var key: ConfigKey {
        switch self {
        case .lang: return .lang
        case .store: return .store
        case .holidayPay: return .holidayPay
        case .deadlineWorkdays: return .deadlineWorkdays
        case .name: return .name
        case .settlementDeadline: return .settlementDeadline
        case .criticismDeadline: return .criticismDeadline
        case .extraHolidays: return .extraHolidays
        }
    }

    /// As people read and type it: `da`, `~/roofs`, `true`, `10`.
    public var text: String {
        switch self {
        case .lang(let l): return l.rawValue
        case .store(let s), .name(let s): return s
        case .holidayPay(let b): return b ? "true" : "false"
        case .deadlineWorkdays(let n): return String(n)
        case .settlementDeadline(let d), .criticismDeadline(let d): return d.description
        case .extraHolidays(let days): return days.map(\.description).joined(separator: ",")
        }
    }

    /// As the file holds it: a string, a JSON boolean, a JSON integer.
    public var json: JSONValue {
        switch self {
        case .lang(let l): return .string(l.rawValue)
        case .store(let s), .name(let s): return .string(s)
        case .holidayPay(let b): return .bool(b)
        case .deadlineWorkdays(let n): return .int(n)
        case .settlementDeadline(let d), .criticismDeadline(let d): return .string(d.description)
        case .extraHolidays(let days): return .array(days.map { .string($0.description) })
        }
    }

    /// Why the value may not be kept, or nil. A store path must be absolute or start with `~/`:
    /// a relative one would mean a different store in every directory the command is run from.
    public var problem: Phrase? {
        switch self {
        case .lang, .holidayPay, .settlementDeadline, .criticismDeadline, .extraHolidays: return nil
        case .store(let s):
            if s.isEmpty { return "must not be empty" }
            if let problem = ControlCharacters.problem(in: s) { return problem }
            if !s.hasPrefix("/") && !s.hasPrefix("~/") {
                return "\(Excerpt.phrase(s)) is a relative path; give \(ConfigKey.store.expected)"
            }
            return nil
        case .deadlineWorkdays(let n):
            return ConfigKey.workdays.contains(n) ? nil : "\(n) is not \(ConfigKey.deadlineWorkdays.expected)"
        case .name(let n):
            // One line of printable text: it is written into every history entry and commit.
            if n.allSatisfy({ $0 == " " || $0 == "\t" }) { return "must not be empty" }
            if let problem = ControlCharacters.problem(in: n) { return problem }
            if n.contains("\t") { return "contains a tab; a name is one line of text" }
            if n.count > ConfigKey.nameLength { return "is \(n.count) characters long; at most \(ConfigKey.nameLength) are taken" }
            return nil
        }
    }
}

/// A value not acceptable for its key: `lang: "dk" is not en or da`.
public struct ConfigValueError: Equatable, PhrasedError {
    public let key: ConfigKey
    public let reason: Phrase
    public init(key: ConfigKey, reason: Phrase) { self.key = key; self.reason = reason }
    public var phrase: Phrase { "\(key.rawValue): \(reason)" }
}

/// An environment variable akkord reads whose value it cannot use: `AKKORD_LANG: "dk" is not …`.
public struct EnvironmentValueError: Equatable, PhrasedError {
    public let variable: String
    public let value: String
    public let reason: Phrase
    public init(variable: String, value: String, reason: Phrase) { self.variable = variable; self.value = value; self.reason = reason }
    public var phrase: Phrase { "\(variable): \(Excerpt.phrase(value)) \(reason)" }
}

/// The language of output (SPEC §8): `--lang`, else `$AKKORD_LANG`, else `lang` in the config
/// file, else the locale, else en. The config is asked for only when neither the flag nor the
/// variable gives the language, so a damaged config file does not stop `--lang da …`.
public enum LanguageChoice {
    public static let variable = "AKKORD_LANG"

    public static func resolve(flag: Language?, environment: [String: String], config: () throws -> Config) throws -> Language {
        try given(flag: flag, environment: environment, config: config) ?? fromLocale(environment)
    }

    /// The number format (SPEC §15): numbers follow the country, messages the language. `flag`,
    /// else `AKKORD_LANG`, else the config file's `lang` (each names both), else the territory of
    /// `LC_NUMERIC`, then `LC_ALL`, then `LANG`: `*_DK` (`en_DK.UTF-8`) is Danish numbers.
    public static func numberFormat(flag: Language?, environment: [String: String], config: () throws -> Config) throws -> Language {
        try given(flag: flag, environment: environment, config: config) ?? numberFormatFromLocale(environment)
    }

    /// What the user said: `flag`, else `AKKORD_LANG` (any case; a value that is no language is
    /// refused, not passed over), else the config file's `lang`; nil: the locale decides.
    static func given(flag: Language?, environment: [String: String], config: () throws -> Config) throws -> Language? {
        if let flag { return flag }
        if let text = environment[variable], !text.isEmpty {
            guard let l = Language(rawValue: text.lowercased()) else {
                throw EnvironmentValueError(variable: variable, value: text, reason: "is not a language; use en or da")
            }
            return l
        }
        return try config().lang
    }

    /// The first of `LC_NUMERIC`, `LC_ALL`, `LANG` that is set decides: its territory `DK` gives
    /// da (`da_DK`, `en_DK`), another territory en (`en_US`, `de_DE`); a value without one
    /// (`da`, `C`, `POSIX`) gives da when it starts with `da`. None set: en.
    public static func numberFormatFromLocale(_ environment: [String: String]) -> Language {
        for name in ["LC_NUMERIC", "LC_ALL", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let locale = value.prefix { $0 != "." && $0 != "@" }
            if let underscore = locale.firstIndex(of: "_") {
                return locale[locale.index(after: underscore)...].uppercased() == "DK" ? .da : .en
            }
            return locale.hasPrefix("da") ? .da : .en
        }
        return .en
    }

    /// The first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty decides, as POSIX
    /// has it: a value starting with `da` (`da_DK.UTF-8`) gives da, any other (`C`, `de_DE`) en.
    /// None of them: en.
    public static func fromLocale(_ environment: [String: String]) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return value.hasPrefix("da") ? .da : .en }
        }
        return .en
    }
}

extension ConfigKey {
    /// The office's settings, which a store may keep for everyone (SPEC §16), in the order its file is written.
    public static let storeWide: [ConfigKey] = [.settlementDeadline, .criticismDeadline, .extraHolidays, .holidayPay]
}

/// A key the store does not keep (`config set --store-wide lang da`).
public struct NotAStoreWideSetting: Equatable, PhrasedError {
    public let key: ConfigKey
    public init(key: ConfigKey) { self.key = key }
    public var phrase: Phrase { "\(key.rawValue) is a personal setting; the store keeps only settlementDeadline, criticismDeadline, extraHolidays and holidayPay" }
}
