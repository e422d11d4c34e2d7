import Foundation
import XCTest
@testable import AkkordKit

/// The store's settings.json (SPEC §16): written under the store's lock, read strictly, and its
/// values win over the person's own config file.
final class StoreSettingsTests: XCTestCase {
    func makeDirectories() throws -> (store: String, config: String) {
        let root = try TemporaryDirectory.make(prefix: "akkord-settings")
        addTeardownBlock { TemporaryDirectory.remove(root) }
        return (root + "/store", root + "/xdg")
    }

    func settings(_ d: (store: String, config: String)) -> Settings {
        let s = Settings(environment: ["XDG_CONFIG_HOME": d.config])
        s.storeDirectory = { d.store }
        return s
    }

    func testTheStoresValuesWinOverTheConfigFile() throws {
        let d = try makeDirectories()
        let own = settings(d)
        _ = try own.set(.settlementDeadline(Deadline(parsing: "10 workdays")!), lockTimeout: 1)
        _ = try own.set(.holidayPay(false), lockTimeout: 1)
        _ = try own.set(.deadlineWorkdays(12), lockTimeout: 1)
        XCTAssertEqual(try own.effective().settlementRules.settlement.description, "10 workdays")

        let changed = try own.setStoreWide(.settlementDeadline(Deadline(parsing: "20 workdays")!), lockTimeout: 1)
        XCTAssertNil(changed.before)
        _ = try own.setStoreWide(.holidayPay(true), lockTimeout: 1)
        _ = try own.setStoreWide(.extraHolidays([MonthDay("12-24")!]), lockTimeout: 1)
        let file = d.store + "/settings.json"
        XCTAssertEqual(String(decoding: try FileIO.read(file, limit: 1 << 20), as: UTF8.self), """
            {
              "format": "akkord-settings",
              "version": 1,
              "settlementDeadline": "20 workdays",
              "extraHolidays": [
                "12-24"
              ],
              "holidayPay": true
            }

            """)
        var st = stat()
        XCTAssertEqual(stat(file, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o600)

        // A new reader (another command) sees the store's values first.
        let other = settings(d)
        XCTAssertEqual(try other.get(.settlementDeadline), Setting(key: .settlementDeadline, value: .settlementDeadline(Deadline(parsing: "20 workdays")!),
                                                                   isDefault: false, isStoreWide: true))
        XCTAssertEqual(try other.value(.holidayPay), .holidayPay(true))
        XCTAssertEqual(try other.get(.deadlineWorkdays), Setting(key: .deadlineWorkdays, value: .deadlineWorkdays(12), isDefault: false))
        XCTAssertEqual(try other.get(.criticismDeadline).isStoreWide, false)
        let rules = try other.effective().settlementRules
        XCTAssertEqual(rules.settlement.description, "20 workdays")
        XCTAssertEqual(rules.criticism.description, "10 workdays")
        let list = try other.list()
        XCTAssertEqual(list.storeFile, file)
        XCTAssertEqual(list.settings.filter(\.isStoreWide).map(\.key), [.holidayPay, .settlementDeadline, .extraHolidays])
        // The person's own file is untouched by the store's settings.
        XCTAssertEqual(try other.config().holidayPay, false)

        // Unset in the store: the person's own value applies again.
        let unset = try other.unsetStoreWide(.settlementDeadline, lockTimeout: 1)
        XCTAssertEqual(unset.before, .settlementDeadline(Deadline(parsing: "20 workdays")!))
        XCTAssertEqual(try settings(d).effective().settlementRules.settlement.description, "10 workdays")
    }

    func testOnlyTheOfficesKeysAreKeptInTheStore() throws {
        let d = try makeDirectories()
        XCTAssertThrowsError(try settings(d).setStoreWide(.lang(.da), lockTimeout: 1)) {
            XCTAssertEqual($0 as? NotAStoreWideSetting, NotAStoreWideSetting(key: .lang))
        }
        XCTAssertFalse(FileIO.exists(d.store + "/settings.json"))
        XCTAssertEqual(StoreSettings.keys, [.settlementDeadline, .criticismDeadline, .extraHolidays, .holidayPay])
    }

    func testABadSettingsFileIsAnErrorNamingFileAndKeyAndIsNeverRewritten() throws {
        let d = try makeDirectories()
        let store = Store(directory: d.store, lockTimeout: 1)
        try store.createDirectories()
        let cases: [(String, String)] = [
            (#"{"format": "akkord-settings", "version": 1, "holidayPay": "yes"}"#, "settings.json: holidayPay: expected true or false, got a string"),
            (#"{"format": "akkord-settings", "version": 1, "lang": "da"}"#, "settings.json: unknown field \"lang\""),
            (#"{"format": "akkord-settings", "version": 1, "criticismDeadline": "10 hours"}"#, "settings.json: criticismDeadline: \"10 hours\" is not"),
            (#"{"format": "akkord-settings", "version": 1, "extraHolidays": ["12-24", "13-01"]}"#, "settings.json: extraHolidays: \"13-01\" is not a day"),
            (#"{"format": "akkord-config", "version": 1}"#, "settings.json: format: is \"akkord-config\""),
            (#"{"format": "akkord-settings", "version": 1,"#, "settings.json: not valid JSON"),
        ]
        for (text, expected) in cases {
            try AtomicFile.write(Array(text.utf8), to: store.settingsFile)
            XCTAssertThrowsError(try store.loadSettings()) { XCTAssertTrue("\($0)".contains(expected), "\($0)") }
            XCTAssertThrowsError(try settings(d).effective()) { XCTAssertTrue($0 is InvalidDataError, "\($0)") }
            XCTAssertThrowsError(try settings(d).setStoreWide(.holidayPay(true), lockTimeout: 1))
            XCTAssertEqual(String(decoding: try FileIO.read(store.settingsFile, limit: 1 << 20), as: UTF8.self), text, "never rewritten")
            XCTAssertTrue(store.check().problems.contains { "\($0)".contains(expected) }, expected)
        }
    }
}
