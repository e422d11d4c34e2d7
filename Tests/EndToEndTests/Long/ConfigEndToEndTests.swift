import Foundation
import XCTest

/// `akkord config` and where the language and the store come from, through the binary, with
/// `XDG_CONFIG_HOME` in a temporary directory. 100 m² of 2.01 at 38.50 is 3850.00: `3,850.00` in
/// en, `3.850,00` in da.
final class ConfigEndToEndTests: EndToEndCase {
    var xdg: String { akkord.outside.appendingPathComponent("xdg-config").path }
    var configFile: String { xdg + "/akkord/config.json" }
    var home: String { akkord.outside.appendingPathComponent("home").path }

    @discardableResult
    func run(_ arguments: [String], _ environment: [String: String] = [:], useStore: Bool = true) throws -> Akkord.Result {
        try akkord.run(arguments, environment: ["XDG_CONFIG_HOME": xdg, "HOME": home].merging(environment) { $1 }, useStore: useStore)
    }

    func configBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: configFile)) }

    func configJSON() throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: configBytes()) as? [String: Any])
    }

    func makeProjectWithOneLine() throws {
        XCTAssertEqual(try run(["project", "new", "X"]).status, 0)
        XCTAssertEqual(try run(["add", "2.01", "100", "--lang", "en"]).stdout,
                       "line 1: 2.01 Underpap, sømmet, 100 m2 × 38.50 = 3,850.00\n")
    }

    func testLangFromTheConfigFileGivesDanishNumbers() throws {
        try makeProjectWithOneLine()
        XCTAssertTrue(try run(["lines"]).stdout.contains("3,850.00"))

        let set = try run(["config", "set", "lang", "da"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertEqual(set.stdout, "lang = da\n")
        let lines = try run(["lines"])
        XCTAssertEqual(lines.status, 0, lines.stderr)
        XCTAssertTrue(lines.stdout.contains("Subtotal") && lines.stdout.contains("3.850,00"), lines.stdout)
        XCTAssertFalse(lines.stdout.contains("3,850.00"), lines.stdout)
        XCTAssertTrue(try run(["project", "list"]).stdout.contains("3.850,00"))
        XCTAssertTrue(try run(["add", "2.01", "0,5"]).stdout.hasSuffix("0,5 m² × 38,50 = 19,25\n"))

        // --lang and AKKORD_LANG come before the file.
        let flag = try run(["lines", "--lang", "en"])
        XCTAssertTrue(flag.stdout.contains("3,869.25"), flag.stdout)
        XCTAssertTrue(try run(["lines"], ["AKKORD_LANG": "en"]).stdout.contains("3,869.25"))
        XCTAssertTrue(try run(["project", "list"], ["AKKORD_LANG": "en"]).stdout.contains("3,869.25"))
        // The file comes before the locale.
        XCTAssertTrue(try run(["lines"], ["LANG": "en_US.UTF-8"]).stdout.contains("3.869,25"))
    }

    func testTheLocaleDecidesWithoutAConfigFile() throws {
        try makeProjectWithOneLine()
        XCTAssertTrue(try run(["lines"], ["LANG": "da_DK.UTF-8"]).stdout.contains("3.850,00"))
        XCTAssertTrue(try run(["lines"], ["LC_ALL": "C", "LANG": "da_DK.UTF-8"]).stdout.contains("3,850.00"))
        XCTAssertTrue(try run(["lines"], ["LC_MESSAGES": "da_DK.UTF-8", "LANG": "en_GB.UTF-8"]).stdout.contains("3.850,00"))
        XCTAssertTrue(try run(["lines"], ["LANG": "de_DE"]).stdout.contains("3,850.00"))
        XCTAssertEqual(try run(["config", "set", "lang", "en"]).status, 0)
        XCTAssertTrue(try run(["lines"], ["LANG": "da_DK.UTF-8"]).stdout.contains("3,850.00"))
    }

    func testABadAkkordLangIsAUsageError() throws {
        try makeProjectWithOneLine()
        assertError(try run(["lines"], ["AKKORD_LANG": "dk"]), status: 64, contains: "AKKORD_LANG: \"dk\" is not a language; use en or da")
        assertError(try run(["--lang", "dk", "lines"]), status: 64, contains: "--lang: \"dk\" is not a language")
    }

    func testABadValueIsRefusedAndTheFileIsUnchanged() throws {
        XCTAssertEqual(try run(["config", "set", "lang", "da"]).status, 0)
        let before = try configBytes()
        // The file says da: the English wording is asked for.
        let english = ["AKKORD_LANG": "en"]
        assertError(try run(["config", "set", "lang", "dk"], english), status: 64, contains: "lang: \"dk\" is not en or da")
        assertError(try run(["config", "set", "deadlineWorkdays", "0"], english), status: 64, contains: "deadlineWorkdays: \"0\" is not a whole number from 1 to 250")
        assertError(try run(["config", "set", "holidayPay", "maybe"], english), status: 64, contains: "holidayPay: \"maybe\" is not true or false")
        assertError(try run(["config", "set", "store", "roofs"], english), status: 64, contains: "store: \"roofs\" is a relative path")
        assertError(try run(["config", "set", "lang"], english), status: 64, contains: "missing <value>")
        let danish = try run(["config", "set", "lang"])
        XCTAssertEqual(danish.status, 64)
        XCTAssertTrue(danish.stderr.hasPrefix("fejl: mangler <value>\ntip: brug: akkord config set <key> <value>"), danish.stderr)
        XCTAssertEqual(try configBytes(), before)
    }

    func testADamagedConfigFileExits65AndIsNeverRewritten() throws {
        try makeProjectWithOneLine()
        try FileManager.default.createDirectory(atPath: xdg + "/akkord", withIntermediateDirectories: true)
        let damaged = Data("{\"format\": \"akkord-config\", \"version\": 1, \"lang\": \"da\",}".utf8)
        try damaged.write(to: URL(fileURLWithPath: configFile))

        assertError(try run(["config", "set", "lang", "da"]), status: 65, contains: "\(configFile): not valid JSON: line 1, column 56")
        assertError(try run(["config", "unset", "lang"]), status: 65, contains: configFile)
        assertError(try run(["config", "list"]), status: 65, contains: configFile)
        assertError(try run(["config", "get", "store"]), status: 65, contains: configFile)
        // Commands that need the language read the file and fail before printing.
        let lines = try run(["lines"])
        assertError(lines, status: 65, contains: configFile)
        XCTAssertEqual(lines.stdout, "")
        assertError(try run(["add", "2.01", "1"]), status: 65, contains: configFile)
        XCTAssertTrue(try run(["lines", "--lang", "en"]).stdout.contains("3,850.00"), "the line above was not added")
        XCTAssertEqual(try configBytes(), damaged)

        // Given explicitly, the language and the store are used without reading the file.
        let flag = try run(["lines", "--lang", "da"])
        XCTAssertEqual(flag.status, 0, flag.stderr)
        XCTAssertTrue(flag.stdout.contains("3.850,00"))
        XCTAssertEqual(try run(["lines"], ["AKKORD_LANG": "da"]).status, 0)
        let env = try run(["lines"], ["AKKORD_LANG": "en", "AKKORD_HOME": akkord.store.path], useStore: false)
        XCTAssertEqual(env.status, 0, env.stderr)
        XCTAssertTrue(env.stdout.contains("3,850.00"))
        // Without --store or AKKORD_HOME the store's place is in the file: --lang alone is not enough.
        assertError(try run(["lines", "--lang", "en"], useStore: false), status: 65, contains: configFile)
        // Commands that need neither still run.
        XCTAssertEqual(try run(["--version"]).status, 0)
        XCTAssertEqual(try run(["help", "config"]).status, 0)
        XCTAssertEqual(try configBytes(), damaged)
    }

    func testUnsetRemovesTheKey() throws {
        XCTAssertEqual(try run(["config", "set", "lang", "da"]).status, 0)
        XCTAssertEqual(try run(["config", "set", "holidayPay", "ja"]).stdout, "holidayPay = true\n")
        let unset = try run(["config", "unset", "lang"])
        XCTAssertEqual(unset.status, 0, unset.stderr)
        XCTAssertEqual(unset.stdout, "fjernede lang (var da)\n")   // the language was da until now
        let json = try configJSON()
        XCTAssertNil(json["lang"])
        XCTAssertEqual(json["holidayPay"] as? Bool, true)
        XCTAssertEqual(json["format"] as? String, "akkord-config")
        XCTAssertEqual(try run(["config", "get", "lang"]).stdout, "en (default)\n")
        XCTAssertEqual(try run(["config", "get", "lang"], ["LANG": "da_DK.UTF-8"]).stdout, "da (standard)\n")
        let again = try run(["config", "unset", "lang"])
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stdout, "lang was not set; nothing changed\n")
    }

    func testListAndGet() throws {
        let empty = try run(["config", "list"])
        XCTAssertEqual(empty.status, 0, empty.stderr)
        XCTAssertEqual(empty.stdout, """
        file: \(configFile) (not created yet)
        lang = en (default)
        store = \(home)/.local/share/akkord (default)
        holidayPay = (not set)
        deadlineWorkdays = 15 (default)
        name = (not set)
        settlementDeadline = 15 workdays (default)
        criticismDeadline = 10 workdays (default)
        extraHolidays = (not set)

        """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: configFile), "reading creates nothing")

        XCTAssertEqual(try run(["config", "set", "deadlineWorkdays", "15"]).stdout, "deadlineWorkdays = 15\n")
        XCTAssertEqual(try run(["config", "set", "store", "/srv/roofs"]).stdout, "store = /srv/roofs\n")
        XCTAssertEqual(try run(["config", "list"]).stdout, """
        file: \(configFile)
        lang = en (default)
        store = /srv/roofs
        holidayPay = (not set)
        deadlineWorkdays = 15
        name = (not set)
        settlementDeadline = 15 workdays (default)
        criticismDeadline = 10 workdays (default)
        extraHolidays = (not set)

        """)
        XCTAssertEqual(try run(["config", "get", "deadlineWorkdays"]).stdout, "15\n")
        XCTAssertEqual(try run(["config", "get", "holidayPay"]).stdout, "(not set)\n")

        let list = try run(["config", "list", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let object = try XCTUnwrap(list.json as? [String: Any])
        XCTAssertEqual(object["file"] as? String, configFile)
        XCTAssertEqual(object["exists"] as? Bool, true)
        let settings = try XCTUnwrap(object["settings"] as? [String: [String: Any]])
        XCTAssertEqual(Set(settings.keys), ["lang", "store", "holidayPay", "deadlineWorkdays", "name", "settlementDeadline", "criticismDeadline", "extraHolidays"])
        XCTAssertEqual(settings["deadlineWorkdays"]?["value"] as? Int, 15)
        XCTAssertEqual(settings["deadlineWorkdays"]?["default"] as? Bool, false)
        XCTAssertEqual(settings["store"]?["value"] as? String, "/srv/roofs")
        XCTAssertEqual(settings["lang"]?["value"] as? String, "en")
        XCTAssertEqual(settings["lang"]?["default"] as? Bool, true)
        XCTAssertTrue(settings["holidayPay"]?["value"] is NSNull)

        let get = try XCTUnwrap(try run(["config", "get", "deadlineWorkdays", "--json"]).json as? [String: Any])
        XCTAssertEqual(get["key"] as? String, "deadlineWorkdays")
        XCTAssertEqual(get["value"] as? Int, 15)
        XCTAssertEqual(get["default"] as? Bool, false)
        XCTAssertEqual(try configJSON()["deadlineWorkdays"] as? Int, 15, "stored as a JSON integer")
    }

    func testAnUnknownKeyIsAUsageErrorWithASuggestion() throws {
        let r = try run(["config", "set", "langg", "da"])
        assertError(r, status: 64, contains: "unknown config key \"langg\"")
        XCTAssertTrue(r.stderr.contains("hint: did you mean 'lang'?"), r.stderr)
        XCTAssertTrue(try run(["config", "get", "holidaypay"]).stderr.contains("did you mean 'holidayPay'?"))
        let far = try run(["config", "unset", "colour"])
        assertError(far, status: 64, contains: "unknown config key \"colour\"")
        XCTAssertTrue(far.stderr.contains("hint: the keys are 'lang', 'store', 'holidayPay', 'deadlineWorkdays', 'name'"), far.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: configFile))
    }

    func testTheStoreFromTheConfigFile() throws {
        let set = try run(["config", "set", "store", "~/roofs"])
        XCTAssertEqual(set.stdout, "store = ~/roofs\n")
        XCTAssertEqual(try configJSON()["store"] as? String, "~/roofs", "kept as written")
        let created = try run(["project", "new", "X"], useStore: false)
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: home + "/roofs/projects/x.json"))
        XCTAssertTrue(try run(["project", "list"], useStore: false).stdout.contains("x "))

        // AKKORD_HOME and --store come before the file.
        let other = akkord.outside.appendingPathComponent("other").path
        XCTAssertEqual(try run(["project", "new", "Y"], ["AKKORD_HOME": other], useStore: false).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: other + "/projects/y.json"))
        XCTAssertEqual(try run(["project", "new", "Z"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: akkord.store.path + "/projects/z.json"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/roofs/projects/y.json"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/roofs/projects/z.json"))

        // Unset, the XDG default applies again.
        XCTAssertEqual(try run(["config", "unset", "store"]).stdout, "unset store (was ~/roofs)\n")
        XCTAssertEqual(try run(["project", "new", "W"], useStore: false).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: home + "/.local/share/akkord/projects/w.json"))
    }

    func testALinkedConfigFileIsReadButNotReplaced() throws {
        let target = akkord.outsideFile("dotfiles-akkord.json").path
        let text = "{\"format\": \"akkord-config\", \"version\": 1, \"lang\": \"da\"}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createDirectory(atPath: xdg + "/akkord", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: configFile, withDestinationPath: target)
        XCTAssertEqual(try run(["config", "get", "lang"]).stdout, "da\n")
        // The file says da: the English wording is asked for.
        let r = try run(["config", "set", "lang", "en"], ["AKKORD_LANG": "en"])
        assertError(r, status: 1, contains: "\(configFile) is a symbolic link to \(target)")
        XCTAssertTrue(r.stderr.contains("hint: edit \(target) by hand"), r.stderr)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), text)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: configFile), target)
    }

    /// Sets of different keys at the same time: each holds the lock for its read-modify-write, so
    /// none is lost. Without the lock two writers read the same file and the later rename drops
    /// the other's key.
    func testConcurrentSetsLoseNoKey() throws {
        let values = [["lang", "da"], ["store", "/srv/roofs"], ["holidayPay", "yes"], ["deadlineWorkdays", "10"]]
        // 20 at once, alternating keys.
        try runConcurrently((0..<20).map { ["config", "set"] + values[$0 % values.count] })
        XCTAssertEqual(try configJSON() as NSDictionary, [
            "format": "akkord-config", "version": 1, "lang": "da", "store": "/srv/roofs", "holidayPay": true, "deadlineWorkdays": 10,
        ] as NSDictionary)
        // And from no file, one writer per key, five times: every round must keep all four.
        for round in 0..<5 {
            try FileManager.default.removeItem(atPath: configFile)
            try runConcurrently(values.map { ["config", "set"] + $0 })
            XCTAssertEqual(Set(try configJSON().keys), ["format", "version", "lang", "store", "holidayPay", "deadlineWorkdays"], "round \(round)")
        }
    }

    func runConcurrently(_ commands: [[String]]) throws {
        let processes = try commands.map { arguments -> Process in
            let p = Process()
            p.executableURL = Akkord.binary
            p.arguments = arguments
            p.environment = ["PATH": "/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": xdg, "NO_COLOR": "1"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        for (p, arguments) in zip(processes, commands) {
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0, "\(arguments)")
        }
    }
}

/// The store's settings.json (SPEC §16), through the binary: written by `config set --store-wide`,
/// winning over the person's own config, shown with where it comes from, refused when damaged.
final class StoreWideSettingsEndToEndTests: EndToEndCase {
    var xdg: String { akkord.outside.appendingPathComponent("xdg-config").path }

    @discardableResult
    func run(_ arguments: [String], _ environment: [String: String] = [:]) throws -> Akkord.Result {
        try akkord.run(arguments, environment: ["XDG_CONFIG_HOME": xdg, "AKKORD_TODAY": "2026-11-03"].merging(environment) { $1 })
    }

    func testTheStoresDeadlineWinsAndIsShownAsStoreWide() throws {
        XCTAssertEqual(try run(["project", "new", "Tag"]).status, 0)
        // Finished Monday 2026-11-02: 10 working days → Monday 16 November; 20 → Monday 30 November.
        XCTAssertEqual(try run(["project", "finish", "--date", "2026-11-02"]).status, 0)
        XCTAssertEqual(try run(["config", "set", "settlementDeadline", "10 workdays"]).status, 0)
        func due() throws -> String? {
            let list = try run(["project", "list", "--json"]).json as? [String: Any]
            return ((list?["projects"] as? [[String: Any]])?.first?["due"]) as? String
        }
        XCTAssertEqual(try due(), "2026-11-16")
        let set = try run(["config", "set", "--store-wide", "settlementDeadline", "20 workdays"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertEqual(set.stdout, "settlementDeadline = 20 workdays (store-wide)\n")
        let file = akkord.store.appendingPathComponent("settings.json")
        XCTAssertEqual(String(decoding: try Data(contentsOf: file), as: UTF8.self),
                       "{\n  \"format\": \"akkord-settings\",\n  \"version\": 1,\n  \"settlementDeadline\": \"20 workdays\"\n}\n")
        XCTAssertEqual(try due(), "2026-11-30")
        XCTAssertEqual(try run(["config", "get", "settlementDeadline"]).stdout, "20 workdays (store-wide)\n")
        XCTAssertEqual(try run(["--lang", "da", "config", "get", "settlementDeadline"]).stdout, "20 workdays (fælles for arkivet)\n")
        let get = try run(["config", "get", "settlementDeadline", "--json"]).json as? [String: Any]
        XCTAssertEqual(get?["storeWide"] as? Bool, true)
        let list = try run(["config", "list"]).stdout
        XCTAssertTrue(list.contains("store-wide: \(file.path)\n"), list)
        XCTAssertTrue(list.contains("settlementDeadline = 20 workdays (store-wide)\n"), list)
        XCTAssertTrue(list.contains("criticismDeadline = 10 workdays (default)\n"), list)
        let listJSON = try run(["config", "list", "--json"]).json as? [String: Any]
        XCTAssertEqual(listJSON?["storeFile"] as? String, file.path)
        // Holiday pay from the store shows the column in the report.
        XCTAssertEqual(try run(["worker", "add", "Jens"]).status, 0)
        XCTAssertEqual(try run(["hours", "add", "jens", "7"]).status, 0)
        XCTAssertFalse(try run(["--lang", "da", "report"]).stdout.contains("Feriegodtgørelse"))
        XCTAssertEqual(try run(["config", "set", "--store-wide", "holidayPay", "ja"]).status, 0)
        XCTAssertTrue(try run(["--lang", "da", "report"]).stdout.contains("Feriegodtgørelse"))
        // Unset in the store: the person's own deadline again.
        XCTAssertEqual(try run(["config", "unset", "--store-wide", "settlementDeadline"]).status, 0)
        XCTAssertEqual(try due(), "2026-11-16")
        XCTAssertEqual(try run(["check"]).status, 0)
    }

    func testRefusedAndDamagedStoreSettings() throws {
        XCTAssertEqual(try run(["project", "new", "Tag"]).status, 0)
        XCTAssertEqual(try run(["project", "finish", "--date", "2026-11-02"]).status, 0)
        assertError(try run(["config", "set", "--store-wide", "lang", "da"]), status: 64,
                    contains: "lang is a personal setting; the store keeps only settlementDeadline, criticismDeadline, extraHolidays and holidayPay")
        assertError(try run(["config", "set", "--store-wide", "criticismDeadline", "soon"]), status: 64, contains: "criticismDeadline: \"soon\" is not")
        let file = akkord.store.appendingPathComponent("settings.json")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        let bad = Data(#"{"format": "akkord-settings", "version": 1, "holidayPay": "yes"}"#.utf8)
        try bad.write(to: file)
        assertError(try run(["project", "list"]), status: 65, contains: "settings.json: holidayPay: expected true or false, got a string")
        assertError(try run(["config", "get", "holidayPay"]), status: 65, contains: "settings.json: holidayPay")
        assertError(try run(["config", "set", "--store-wide", "holidayPay", "true"]), status: 65, contains: "settings.json: holidayPay")
        let check = try run(["check"])
        XCTAssertEqual(check.status, 65)
        XCTAssertTrue(check.stdout.contains("settings.json: holidayPay") || check.stderr.contains("settings.json: holidayPay"), check.stdout + check.stderr)
        XCTAssertEqual(try Data(contentsOf: file), bad, "never rewritten")
    }
}
