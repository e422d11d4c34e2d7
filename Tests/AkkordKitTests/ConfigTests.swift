import Foundation
import XCTest
@testable import AkkordKit

/// The config file (SPEC §12) and where the language (§8) and the store (§6) come from, each
/// against expectations worked out by hand.
final class ConfigTests: XCTestCase {
    // MARK: language

    /// flag > AKKORD_LANG > config > LC_ALL/LC_MESSAGES/LANG > en.
    func testLanguagePrecedence() throws {
        let rows: [(flag: Language?, env: [String: String], config: Language?, expected: Language, line: UInt)] = [
            (.en, ["AKKORD_LANG": "da", "LANG": "da_DK.UTF-8"], .da, .en, #line),
            (.da, ["AKKORD_LANG": "en"], .en, .da, #line),
            (nil, ["AKKORD_LANG": "da"], .en, .da, #line),
            (nil, ["AKKORD_LANG": "en", "LANG": "da_DK.UTF-8"], .da, .en, #line),
            (nil, ["AKKORD_LANG": "", "LANG": "en_US.UTF-8"], .da, .da, #line),     // empty: not set
            (nil, ["LANG": "da_DK.UTF-8"], .en, .en, #line),
            (nil, ["LC_ALL": "C"], .da, .da, #line),
            (nil, ["LANG": "da_DK.UTF-8"], nil, .da, #line),
            (nil, ["LC_ALL": "C", "LANG": "da_DK.UTF-8"], nil, .en, #line),
            (nil, ["LC_ALL": "da_DK.UTF-8", "LANG": "en_GB.UTF-8"], nil, .da, #line),
            (nil, ["LC_MESSAGES": "da_DK", "LANG": "C.UTF-8"], nil, .da, #line),
            (nil, ["LC_MESSAGES": "en_US", "LANG": "da_DK.UTF-8"], nil, .en, #line),
            (nil, ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "da_DK.UTF-8"], nil, .da, #line),  // empty ones are skipped
            (nil, ["LANG": "de_DE"], nil, .en, #line),
            (nil, ["LANG": "da"], nil, .da, #line),
            (nil, [:], nil, .en, #line),
        ]
        for row in rows {
            let language = try LanguageChoice.resolve(flag: row.flag, environment: row.env, config: { Config(lang: row.config) })
            XCTAssertEqual(language, row.expected, "\(row)", line: row.line)
        }
    }

    /// The config is read only when neither --lang nor AKKORD_LANG gives the language.
    func testTheConfigIsReadOnlyWhenFlagAndVariableAreAbsent() throws {
        struct Damaged: Error {}
        var reads = 0
        let damaged: () throws -> Config = { reads += 1; throw Damaged() }
        XCTAssertEqual(try LanguageChoice.resolve(flag: .da, environment: [:], config: damaged), .da)
        XCTAssertEqual(try LanguageChoice.resolve(flag: nil, environment: ["AKKORD_LANG": "da"], config: damaged), .da)
        XCTAssertEqual(reads, 0)
        XCTAssertThrowsError(try LanguageChoice.resolve(flag: nil, environment: ["LANG": "da_DK.UTF-8"], config: damaged)) { XCTAssertTrue($0 is Damaged) }
        XCTAssertEqual(reads, 1)
    }

    func testABadAkkordLangIsRefusedNamingIt() throws {
        // Case does not matter (SPEC §15): DA and Da are da.
        XCTAssertEqual(try LanguageChoice.resolve(flag: nil, environment: ["AKKORD_LANG": "DA"], config: { Config() }), .da)
        XCTAssertEqual(try LanguageChoice.resolve(flag: nil, environment: ["AKKORD_LANG": "En"], config: { Config() }), .en)
        for value in ["dk", "da_DK.UTF-8", " da"] {
            XCTAssertThrowsError(try LanguageChoice.resolve(flag: nil, environment: ["AKKORD_LANG": value], config: { Config() })) { error in
                XCTAssertEqual("\(error)", "AKKORD_LANG: \"\(value)\" is not a language; use en or da")
            }
        }
    }

    // MARK: store

    /// --store > AKKORD_HOME > config store > XDG_DATA_HOME > ~/.local/share.
    func testStorePrecedence() throws {
        let home = ["HOME": "/home/ane"]
        let rows: [(explicit: String?, env: [String: String], config: String?, expected: String, line: UInt)] = [
            ("/s/flag", home.merging(["AKKORD_HOME": "/s/env", "XDG_DATA_HOME": "/xdg"]) { $1 }, "/s/config", "/s/flag", #line),
            (nil, home.merging(["AKKORD_HOME": "/s/env", "XDG_DATA_HOME": "/xdg"]) { $1 }, "/s/config", "/s/env", #line),
            (nil, home.merging(["XDG_DATA_HOME": "/xdg"]) { $1 }, "/s/config", "/s/config", #line),
            (nil, home.merging(["XDG_DATA_HOME": "/xdg"]) { $1 }, "~/roofs", "/home/ane/roofs", #line),
            (nil, ["HOME": "/home/ane/"], "~/roofs/2026", "/home/ane/roofs/2026", #line),
            (nil, ["HOME": "/"], "~/roofs", "/roofs", #line),
            (nil, home.merging(["XDG_DATA_HOME": "/xdg"]) { $1 }, nil, "/xdg/akkord", #line),
            (nil, home.merging(["AKKORD_HOME": ""]) { $1 }, nil, "/home/ane/.local/share/akkord", #line),
            ("", home, "/s/config", "/s/config", #line),
        ]
        for row in rows {
            let store = try StoreLocation.resolve(explicit: row.explicit, environment: row.env, config: { Config(store: row.config) })
            XCTAssertEqual(store, row.expected, "\(row)", line: row.line)
        }
    }

    func testTheStoreSettingIsReadOnlyWhenFlagAndVariableAreAbsent() throws {
        struct Damaged: Error {}
        var reads = 0
        let damaged: () throws -> Config = { reads += 1; throw Damaged() }
        XCTAssertEqual(try StoreLocation.resolve(explicit: "/s", environment: [:], config: damaged), "/s")
        XCTAssertEqual(try StoreLocation.resolve(explicit: nil, environment: ["AKKORD_HOME": "/h"], config: damaged), "/h")
        XCTAssertEqual(reads, 0)
        XCTAssertThrowsError(try StoreLocation.resolve(explicit: nil, environment: ["HOME": "/h"], config: damaged))
    }

    func testATildeStoreWithoutHomeIsAnError() {
        XCTAssertThrowsError(try StoreLocation.resolve(explicit: nil, environment: [:], config: { Config(store: "~/roofs") })) { error in
            XCTAssertEqual(error as? ConfigFileError, .homeNotSet(key: .store, value: "~/roofs"))
            XCTAssertEqual("\(error)", "store: \"~/roofs\" starts with ~/ but HOME is not set to an absolute path")
        }
    }

    // MARK: where the file is

    func testConfigPath() {
        XCTAssertEqual(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/ane"]), "/x/cfg/akkord/config.json")
        XCTAssertEqual(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x/cfg/", "HOME": "/home/ane"]), "/x/cfg/akkord/config.json")
        // Relative or empty XDG_CONFIG_HOME is ignored (XDG base directory rules).
        XCTAssertEqual(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/ane"]), "/home/ane/.config/akkord/config.json")
        XCTAssertEqual(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/ane"]), "/home/ane/.config/akkord/config.json")
        XCTAssertEqual(ConfigFile.path(environment: ["HOME": "/"]), "/.config/akkord/config.json")
        XCTAssertNil(ConfigFile.path(environment: ["HOME": ""]))
        XCTAssertNil(ConfigFile.path(environment: [:]))
    }

    // MARK: values typed on the command line

    func testValuesForSet() throws {
        XCTAssertEqual(try ConfigKey.lang.parse("da"), .lang(.da))
        XCTAssertEqual(try ConfigKey.lang.parse("en"), .lang(.en))
        XCTAssertEqual(try ConfigKey.store.parse("~/roofs"), .store("~/roofs"))
        XCTAssertEqual(try ConfigKey.store.parse("/srv/akkord store"), .store("/srv/akkord store"))
        for yes in ["true", "yes", "ja", "1", "Ja", "TRUE", "Yes"] { XCTAssertEqual(try ConfigKey.holidayPay.parse(yes), .holidayPay(true), yes) }
        for no in ["false", "no", "nej", "0", "NEJ", "False"] { XCTAssertEqual(try ConfigKey.holidayPay.parse(no), .holidayPay(false), no) }
        XCTAssertEqual(try ConfigKey.deadlineWorkdays.parse("1"), .deadlineWorkdays(1))
        XCTAssertEqual(try ConfigKey.deadlineWorkdays.parse("250"), .deadlineWorkdays(250))
        XCTAssertEqual(try ConfigKey.deadlineWorkdays.parse("010"), .deadlineWorkdays(10))

        let refused: [(ConfigKey, String, String)] = [
            (.lang, "dk", "lang: \"dk\" is not en or da"),
            (.lang, "DA", "lang: \"DA\" is not en or da"),
            (.lang, "", "lang: \"\" is not en or da"),
            (.store, "roofs", "store: \"roofs\" is a relative path; give an absolute path or one starting with ~/"),
            (.store, "~", "store: \"~\" is a relative path; give an absolute path or one starting with ~/"),
            (.store, "~ane/roofs", "store: \"~ane/roofs\" is a relative path; give an absolute path or one starting with ~/"),
            (.store, "", "store: must not be empty"),
            (.store, "/srv/\u{1B}[2J", "store: contains the control character U+001B (ESC)"),
            (.holidayPay, "maybe", "holidayPay: \"maybe\" is not true or false (yes/no, ja/nej and 1/0 are taken too)"),
            (.holidayPay, "2", "holidayPay: \"2\" is not true or false (yes/no, ja/nej and 1/0 are taken too)"),
            (.deadlineWorkdays, "0", "deadlineWorkdays: \"0\" is not a whole number from 1 to 250"),
            (.deadlineWorkdays, "251", "deadlineWorkdays: \"251\" is not a whole number from 1 to 250"),
            (.deadlineWorkdays, "10.5", "deadlineWorkdays: \"10.5\" is not a whole number from 1 to 250"),
            (.deadlineWorkdays, "+10", "deadlineWorkdays: \"+10\" is not a whole number from 1 to 250"),
            (.deadlineWorkdays, "-1", "deadlineWorkdays: \"-1\" is not a whole number from 1 to 250"),
            (.deadlineWorkdays, "99999999999999999999999", "deadlineWorkdays: \"99999999999999999999999\" is not a whole number from 1 to 250"),
        ]
        for (key, text, message) in refused {
            XCTAssertThrowsError(try key.parse(text), "\(key) \(text)") { XCTAssertEqual("\($0)", message) }
        }
    }

    // MARK: the file

    func testEncodingWritesKeysInAFixedOrder() throws {
        var config = Config()
        config.set(.deadlineWorkdays(10))
        config.set(.holidayPay(false))
        config.set(.store("~/roofs"))
        config.set(.lang(.da))
        let expected = """
        {
          "format": "akkord-config",
          "version": 1,
          "lang": "da",
          "store": "~/roofs",
          "holidayPay": false,
          "deadlineWorkdays": 10
        }

        """
        XCTAssertEqual(String(decoding: ConfigFile.encode(config), as: UTF8.self), expected)
        XCTAssertEqual(try ConfigFile.decode(Array(expected.utf8), source: "c.json"),
                       Config(lang: .da, store: "~/roofs", holidayPay: false, deadlineWorkdays: 10))
        XCTAssertEqual(String(decoding: ConfigFile.encode(Config()), as: UTF8.self), "{\n  \"format\": \"akkord-config\",\n  \"version\": 1\n}\n")
        config.unset(.store)
        XCTAssertNil(config.store)
        XCTAssertEqual(config[.lang], .lang(.da))
    }

    func testReadingIsStrict() {
        func problems(_ json: String) -> String {
            do { _ = try ConfigFile.decode(Array(json.utf8), source: "/c/config.json"); return "accepted" } catch { return "\(error)" }
        }
        let head = #""format": "akkord-config", "version": 1"#
        XCTAssertEqual(problems("{\(head), \"lang\": \"dk\"}"), "/c/config.json: lang: \"dk\" is not en or da")
        XCTAssertEqual(problems("{\(head), \"lang\": null}"), "/c/config.json: lang: expected a string, got null")
        XCTAssertEqual(problems("{\(head), \"holidayPay\": \"yes\"}"), "/c/config.json: holidayPay: expected true or false, got a string")
        XCTAssertEqual(problems("{\(head), \"deadlineWorkdays\": \"10\"}"), "/c/config.json: deadlineWorkdays: expected a whole number, got a string")
        XCTAssertEqual(problems("{\(head), \"deadlineWorkdays\": 10.0}"), "/c/config.json: deadlineWorkdays: 10.0 is not a whole number from 1 to 250")
        XCTAssertEqual(problems("{\(head), \"deadlineWorkdays\": 010}"), "/c/config.json: not valid JSON: line 1, column 63: a number with a leading zero")  // not JSON at all
        XCTAssertEqual(problems("{\(head), \"deadlineWorkdays\": 251}"), "/c/config.json: deadlineWorkdays: 251 is not a whole number from 1 to 250")
        XCTAssertEqual(problems("{\(head), \"store\": \"roofs\"}"),
                       "/c/config.json: store: \"roofs\" is a relative path; give an absolute path or one starting with ~/")
        XCTAssertEqual(problems("{\(head), \"langg\": \"da\"}"),
                       "/c/config.json: unknown field \"langg\" (known: format, version, lang, store, holidayPay, deadlineWorkdays, name, settlementDeadline, criticismDeadline, extraHolidays)")
        XCTAssertEqual(problems("{\(head), \"Lang\": \"da\"}"), "/c/config.json: unknown field \"Lang\"; did you mean \"lang\"?")
        XCTAssertEqual(problems("{\(head), \"lang\": \"da\", \"lang\": \"en\"}"),
                       "/c/config.json: not valid JSON: line 1, column 69: key \"lang\" appears twice")
        XCTAssertEqual(problems("{\"version\": 1, \"lang\": \"da\"}"), "/c/config.json: format: is missing")
        XCTAssertEqual(problems("{\"format\": \"akkord-store\", \"version\": 1}"), "/c/config.json: format: is \"akkord-store\", expected \"akkord-config\"")
        XCTAssertEqual(problems("{\"format\": \"akkord-config\", \"version\": 2}"), "/c/config.json: version: 2 is not supported (this akkord reads version 1)")
        XCTAssertEqual(problems("[]"), "/c/config.json: expected a JSON object, got an array")
        XCTAssertEqual(problems(""), "/c/config.json: not valid JSON: line 1, column 1: unexpected end of file")
        XCTAssertEqual(problems("{\(head), \"lang\": \"da\",}"), "/c/config.json: not valid JSON: line 1, column 56: expected a key in quotes")
        // Every problem is listed.
        XCTAssertEqual(problems("{\"format\": \"akkord-config\", \"version\": 1, \"lang\": 1, \"holidayPay\": 0}"), """
        /c/config.json: 2 problems
        /c/config.json: lang: expected a string, got a number
        /c/config.json: holidayPay: expected true or false, got a number
        """)
        XCTAssertEqual(problems("{\(head)}"), "accepted")
    }

    func testDefaults() {
        let env = ["HOME": "/home/ane", "LANG": "da_DK.UTF-8"]
        XCTAssertEqual(ConfigFile.defaultValue(.lang, environment: env), .lang(.da))
        XCTAssertEqual(ConfigFile.defaultValue(.lang, environment: ["HOME": "/home/ane"]), .lang(.en))
        XCTAssertEqual(ConfigFile.defaultValue(.store, environment: env), .store("/home/ane/.local/share/akkord"))
        XCTAssertEqual(ConfigFile.defaultValue(.store, environment: ["XDG_DATA_HOME": "/d"]), .store("/d/akkord"))
        XCTAssertNil(ConfigFile.defaultValue(.holidayPay, environment: env))
        XCTAssertEqual(ConfigFile.defaultValue(.deadlineWorkdays, environment: env), .deadlineWorkdays(15))
    }

    // MARK: reading and writing files

    func testUpdateCreatesThePrivateDirectoryAndFile() throws {
        let dir = try TemporaryDirectory.make(prefix: "akkord-config")
        defer { TemporaryDirectory.remove(dir) }
        let path = dir + "/xdg/akkord/config.json"
        XCTAssertNil(try ConfigFile.read(path))
        XCTAssertEqual(try ConfigFile.load(environment: ["XDG_CONFIG_HOME": dir + "/xdg"]), Config())

        let first = try ConfigFile.update(path) { $0.set(.lang(.da)) }
        XCTAssertEqual(first, ConfigFile.Update(before: Config(), after: Config(lang: .da), written: true))
        let second = try ConfigFile.update(path) { $0.set(.deadlineWorkdays(12)) }
        XCTAssertEqual(second.after, Config(lang: .da, deadlineWorkdays: 12))
        XCTAssertEqual(String(decoding: try FileIO.read(path, limit: 1 << 20), as: UTF8.self),
                       "{\n  \"format\": \"akkord-config\",\n  \"version\": 1,\n  \"lang\": \"da\",\n  \"deadlineWorkdays\": 12\n}\n")
        XCTAssertEqual(try ConfigFile.load(environment: ["XDG_CONFIG_HOME": dir + "/xdg"]), Config(lang: .da, deadlineWorkdays: 12))
        XCTAssertEqual(mode(path), 0o600)
        XCTAssertEqual(mode(dir + "/xdg"), 0o700)
        XCTAssertEqual(mode(dir + "/xdg/akkord"), 0o700)
        XCTAssertEqual(mode(path + ".lock"), 0o600)
    }

    func testAnUnchangedConfigIsNotWritten() throws {
        let dir = try TemporaryDirectory.make(prefix: "akkord-config")
        defer { TemporaryDirectory.remove(dir) }
        let path = dir + "/config.json"
        let update = try ConfigFile.update(path) { $0.unset(.lang) }
        XCTAssertFalse(update.written)
        XCTAssertFalse(FileIO.exists(path), "unset on no file creates none")
    }

    func testADamagedFileIsNeverRewritten() throws {
        let dir = try TemporaryDirectory.make(prefix: "akkord-config")
        defer { TemporaryDirectory.remove(dir) }
        let path = dir + "/config.json"
        for damaged in ["{\"format\": \"akkord-config\", \"version\": 1, \"lang\": \"da\",", "{\"format\": \"akkord-config\", \"version\": 1, \"x\": 1}\n"] {
            try Data(damaged.utf8).write(to: URL(fileURLWithPath: path))
            var changed = false
            XCTAssertThrowsError(try ConfigFile.update(path) { changed = true; $0.set(.lang(.en)) }) { XCTAssertTrue($0 is InvalidDataError, "\($0)") }
            XCTAssertFalse(changed)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(damaged.utf8))
        }
    }

    func testALinkIsFollowedOnReadAndRefusedOnWrite() throws {
        let dir = try TemporaryDirectory.make(prefix: "akkord-config")
        defer { TemporaryDirectory.remove(dir) }
        let target = dir + "/dotfiles-akkord.json", path = dir + "/config.json"
        let text = "{\"format\": \"akkord-config\", \"version\": 1, \"lang\": \"da\"}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        XCTAssertEqual(symlink(target, path), 0)
        XCTAssertEqual(try ConfigFile.read(path), Config(lang: .da))
        XCTAssertThrowsError(try ConfigFile.update(path) { $0.set(.lang(.en)) }) { error in
            XCTAssertEqual(error as? ConfigFileError, .symbolicLink(path: path, target: target))
        }
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), text)
        XCTAssertEqual(Self.linkTarget(path), target)
        // A link to nowhere reads as no file, and is refused on write too.
        XCTAssertEqual(unlink(target), 0)
        XCTAssertNil(try ConfigFile.read(path))
        XCTAssertThrowsError(try ConfigFile.update(path) { $0.set(.lang(.en)) }) { XCTAssertEqual($0 as? ConfigFileError, .symbolicLink(path: path, target: target)) }
        XCTAssertFalse(FileIO.exists(target))
    }

    func testAFileOverTheLimitOrNotAFileIsRefused() throws {
        let dir = try TemporaryDirectory.make(prefix: "akkord-config")
        defer { TemporaryDirectory.remove(dir) }
        let path = dir + "/config.json"
        try Data(count: ConfigFile.maximumBytes + 1).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ConfigFile.read(path)) {
            XCTAssertEqual("\($0)", "\(path): is larger than 1 MiB, the most akkord reads")
        }
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(mkdir(path, 0o700), 0)
        XCTAssertThrowsError(try ConfigFile.read(path)) { XCTAssertEqual("\($0)", "\(path): is a directory, not a regular file") }
    }

    func testTheLockIsExclusive() throws {
        let dir = try TemporaryDirectory.make(prefix: "akkord-config")
        defer { TemporaryDirectory.remove(dir) }
        let path = dir + "/config.json"
        do {
            let held = try ConfigLock.acquire(path: path + ".lock", timeout: 0)
            XCTAssertThrowsError(try ConfigFile.update(path, lockTimeout: 0.05) { $0.set(.lang(.da)) }) {
                XCTAssertEqual($0 as? ConfigFileError, .busy(path: path + ".lock", seconds: 0.05))
            }
            XCTAssertFalse(FileIO.exists(path))
            withExtendedLifetime(held) {}
        }
        // Released: the next writer gets in at once.
        XCTAssertNoThrow(try ConfigFile.update(path, lockTimeout: 0) { $0.set(.lang(.da)) })
    }

    // MARK: through Settings (the Workspace layer), as the program reads and changes them

    func testSettingsGetListSetAndUnset() throws {
        let dir = try TemporaryDirectory.make(prefix: "akkord-config")
        defer { TemporaryDirectory.remove(dir) }
        let env = ["XDG_CONFIG_HOME": dir + "/xdg", "HOME": "/home/ane", "LANG": "da_DK.UTF-8"]
        let path = dir + "/xdg/akkord/config.json"
        let settings = Settings(environment: env)
        XCTAssertEqual(settings.path, path)
        XCTAssertEqual(try settings.get(.lang), Setting(key: .lang, value: .lang(.da), isDefault: true))
        XCTAssertEqual(try settings.get(.holidayPay), Setting(key: .holidayPay, value: nil, isDefault: true))
        XCTAssertEqual(try settings.list(), SettingsList(file: path, exists: false, settings: [
            Setting(key: .lang, value: .lang(.da), isDefault: true),
            Setting(key: .store, value: .store("/home/ane/.local/share/akkord"), isDefault: true),
            Setting(key: .holidayPay, value: nil, isDefault: true),
            Setting(key: .deadlineWorkdays, value: .deadlineWorkdays(15), isDefault: true),
            Setting(key: .name, value: nil, isDefault: true),
            Setting(key: .settlementDeadline, value: .settlementDeadline(Deadline(count: 15, unit: .workdays)), isDefault: true),
            Setting(key: .criticismDeadline, value: .criticismDeadline(Deadline(count: 10, unit: .workdays)), isDefault: true),
            Setting(key: .extraHolidays, value: nil, isDefault: true),
        ]))

        var timeoutAsked = false
        let set = try settings.set(.lang(.en), lockTimeout: { timeoutAsked = true; return 1 }())
        XCTAssertTrue(timeoutAsked)
        XCTAssertEqual(set.before, nil)
        XCTAssertEqual(set.after, .lang(.en))
        XCTAssertEqual(try settings.get(.lang), Setting(key: .lang, value: .lang(.en), isDefault: false))
        XCTAssertEqual(try settings.language(flag: nil), .en)
        XCTAssertEqual(String(decoding: try FileIO.read(path, limit: 1 << 20), as: UTF8.self),
                       "{\n  \"format\": \"akkord-config\",\n  \"version\": 1,\n  \"lang\": \"en\"\n}\n")
        // A fresh Settings reads the file; unset gives what was removed.
        let again = Settings(environment: env)
        XCTAssertTrue(try again.list().exists)
        XCTAssertEqual(try again.unset(.lang, lockTimeout: 1).before, .lang(.en))
        XCTAssertEqual(try again.unset(.lang, lockTimeout: 1).before, nil)
        XCTAssertEqual(try Settings(environment: env).config(), Config())
    }

    func testSettingsReadTheFileOnceAndNeverRewriteADamagedOne() throws {
        let dir = try TemporaryDirectory.make(prefix: "akkord-config")
        defer { TemporaryDirectory.remove(dir) }
        let env = ["XDG_CONFIG_HOME": dir, "HOME": "/home/ane"]
        try FileManager.default.createDirectory(atPath: dir + "/akkord", withIntermediateDirectories: true)
        let path = dir + "/akkord/config.json"
        try Data(#"{"format": "akkord-config", "version": 1, "store": "~/roofs"}"#.utf8).write(to: URL(fileURLWithPath: path))
        let settings = Settings(environment: env)
        XCTAssertEqual(try settings.storeDirectory(explicit: nil), "/home/ane/roofs")
        XCTAssertEqual(try settings.storeDirectory(explicit: "/s"), "/s")
        // Read once: a later change on disk is not seen by the same Settings.
        let damaged = #"{"format": "akkord-config", "version": 1, "lang": "dk"}"#
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try settings.value(.store), .store("~/roofs"))
        let fresh = Settings(environment: env)
        XCTAssertThrowsError(try fresh.get(.lang)) { XCTAssertTrue($0 is InvalidDataError, "\($0)") }
        XCTAssertThrowsError(try fresh.set(.lang(.da), lockTimeout: 1)) { XCTAssertTrue($0 is InvalidDataError, "\($0)") }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(damaged.utf8))
        // No place for the file: reads find nothing set; a change is refused before the timeout is asked for.
        let nowhere = Settings(environment: [:])
        XCTAssertNil(nowhere.path)
        XCTAssertEqual(try nowhere.config(), Config())
        XCTAssertThrowsError(try nowhere.set(.lang(.da), lockTimeout: { XCTFail("asked for the timeout"); return 1 }())) {
            XCTAssertEqual($0 as? ConfigFileError, .noLocation)
        }
    }

    private func mode(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0, path)
        return st.st_mode & 0o777
    }

    private static func linkTarget(_ path: String) -> String? { ConfigFile.linkTarget(path) }

    /// `name` (SPEC §14): one line of printable text, at most 100 characters, kept as typed;
    /// personal, never store-wide; the file's value is checked as `set` checks it.
    func testNameKey() throws {
        XCTAssertEqual(try ConfigKey.name.parse("Jens Hansen"), .name("Jens Hansen"))
        XCTAssertEqual(try ConfigKey.name.parse("Søren Ærø-Østergård"), .name("Søren Ærø-Østergård"))
        XCTAssertEqual(try ConfigKey.name.parse(String(repeating: "å", count: 100)), .name(String(repeating: "å", count: 100)))
        for (bad, reason) in [("", "name: must not be empty"), ("   ", "name: must not be empty"),
                              ("Jens\nHansen", "name: contains the control character U+000A (line feed); a line break is allowed only in notes"),
                              ("Jens\u{1B}[31m", "name: contains the control character U+001B (ESC)"),
                              ("Jens\tHansen", "name: contains a tab; a name is one line of text"),
                              (String(repeating: "a", count: 101), "name: is 101 characters long; at most 100 are taken")] {
            XCTAssertThrowsError(try ConfigKey.name.parse(bad), bad) {
                XCTAssertEqual(($0 as? ConfigValueError)?.key, .name)
                XCTAssertEqual(($0 as? ConfigValueError).map { "\($0.phrase)" }, reason)
            }
        }
        XCTAssertFalse(ConfigKey.storeWide.contains(.name))

        var config = Config()
        config.set(.name("Jens Hansen"))
        let bytes = ConfigFile.encode(config)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self).filter { $0 != "\n" && $0 != " " },
                       #"{"format":"akkord-config","version":1,"name":"JensHansen"}"#)
        XCTAssertEqual(try ConfigFile.decode(bytes, source: "c").name, "Jens Hansen")
        for (json, problem) in [(#""name": 7"#, "name: expected a string, got a number"), (#""name": """#, "name: must not be empty")] {
            XCTAssertThrowsError(try ConfigFile.decode(Array(#"{"format": "akkord-config", "version": 1, \#(json)}"#.utf8), source: "/c/config.json"), json) {
                XCTAssertTrue("\($0)".contains(problem), "\(json): \($0)")
            }
        }

        // set, get, unset through the file.
        let dir = try TemporaryDirectory.make(prefix: "akkord-config")
        defer { TemporaryDirectory.remove(dir) }
        let environment = ["XDG_CONFIG_HOME": dir + "/xdg", "HOME": dir]
        XCTAssertEqual(try Settings(environment: environment).get(.name), Setting(key: .name, value: nil, isDefault: true))
        _ = try Settings(environment: environment).set(.name("Jens Hansen"), lockTimeout: 1)
        XCTAssertEqual(try Settings(environment: environment).get(.name), Setting(key: .name, value: .name("Jens Hansen"), isDefault: false))
        _ = try Settings(environment: environment).unset(.name, lockTimeout: 1)
        XCTAssertNil(try Settings(environment: environment).config().name)
    }

    /// The settlement's keys (SPEC §16): typed as people write them, kept in one form, read strictly.
    func testSettlementKeys() throws {
        XCTAssertEqual(try ConfigKey.settlementDeadline.parse("25 days"), .settlementDeadline(Deadline(count: 25, unit: .days)))
        XCTAssertEqual(try ConfigKey.criticismDeadline.parse("2 uger"), .criticismDeadline(Deadline(count: 2, unit: .weeks)))
        XCTAssertEqual(try ConfigKey.extraHolidays.parse("06-05, 12-24,12-31"),
                       .extraHolidays(["06-05", "12-24", "12-31"].map { MonthDay($0)! }))
        XCTAssertEqual(try ConfigKey.extraHolidays.parse(""), .extraHolidays([]))
        XCTAssertEqual(ConfigValue.extraHolidays(["06-05", "12-24"].map { MonthDay($0)! }).text, "06-05,12-24")
        for (key, bad) in [(ConfigKey.settlementDeadline, "15"), (.settlementDeadline, "15 months"), (.criticismDeadline, "0 days"),
                           (.extraHolidays, "24-12"), (.extraHolidays, "12-24,,12-31")] {
            XCTAssertThrowsError(try key.parse(bad), "\(key) \(bad)") { XCTAssertEqual(($0 as? ConfigValueError)?.key, key) }
        }
        var config = Config()
        config.set(.settlementDeadline(Deadline(count: 4, unit: .weeks)))
        config.set(.extraHolidays([MonthDay("12-24")!]))
        let bytes = ConfigFile.encode(config)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace },
                       #"{"format":"akkord-config","version":1,"settlementDeadline":"4weeks","extraHolidays":["12-24"]}"#)
        XCTAssertEqual(try ConfigFile.decode(bytes, source: "c"), config)
        for (json, problem) in [(#""settlementDeadline": "4  weeks""#, "settlementDeadline: \"4  weeks\" is not"),
                                (#""criticismDeadline": 10"#, "criticismDeadline: expected a string"),
                                (#""extraHolidays": ["12-24", "12-24"]"#, "extraHolidays: 12-24 is given twice"),
                                (#""extraHolidays": "12-24""#, "extraHolidays: expected an array of MM-DD strings"),
                                (#""extraHolidays": ["02-30"]"#, "extraHolidays: \"02-30\" is not a day as MM-DD")] {
            let file = Array(#"{"format": "akkord-config", "version": 1, \#(json)}"#.utf8)
            XCTAssertThrowsError(try ConfigFile.decode(file, source: "/c/config.json"), json) {
                XCTAssertTrue("\($0)".contains(problem), "\(json): \($0)")
            }
        }
        // deadlineWorkdays is the older spelling of "N workdays"; settlementDeadline wins over it.
        var older = Config(deadlineWorkdays: 20)
        XCTAssertEqual(older.settlementRules.settlement, Deadline(count: 20, unit: .workdays))
        older.settlementDeadline = Deadline(count: 25, unit: .days)
        XCTAssertEqual(older.settlementRules.settlement, Deadline(count: 25, unit: .days))
        XCTAssertEqual(Config().settlementRules, SettlementRules())
    }
}
