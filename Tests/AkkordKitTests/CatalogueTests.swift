import XCTest
@testable import AkkordKit

final class CatalogueTests: XCTestCase {
    func testEmbeddedCopyEqualsDataFile() throws {
        let file = try Data(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Data/catalogue.json"))
        XCTAssertEqual(BundledCatalogue.bytes, Array(file), "run scripts/embed-catalogue after editing Data/catalogue.json")
    }

    func testBundledSampleMeetsTheContract() throws {
        let c = try BundledCatalogue.load()
        XCTAssertGreaterThanOrEqual(c.activities.count, 60)
        XCTAssertGreaterThanOrEqual(c.sections.count, 6)
        XCTAssertTrue(c.name.lowercased().contains("sample"))
        XCTAssertTrue(c.activities.contains { $0.name.hasPrefix("Underpap") && $0.translations["en"]?.name.hasPrefix("Under felt") == true })
        XCTAssertTrue(c.activities.contains { $0.name.hasPrefix("Overpap") && $0.translations["en"]?.name.hasPrefix("Top felt") == true })
        XCTAssertEqual(try UnitPrice(parsing: "38.50"), c.activity(pos: "2.01")?.price)
    }

    func read(_ json: String) throws -> Catalogue { try CatalogueJSON.read(Array(json.utf8), source: "c.json") }

    func problems(_ json: String) -> [String] {
        do { _ = try read(json); return [] } catch let e as InvalidDataError { return e.problems.map(\.description) } catch { return ["\(error)"] }
    }

    func testEveryProblemIsReportedWithItsJSONPath() {
        let json = """
        {"format": "akkord-catalogue", "version": 1, "name": "T", "activities": [
          {"pos": "1.01", "name": "A", "unit": "m2", "price": "1"},
          {"pos": "1.01", "name": "B", "unit": "m2", "price": "2"},
          {"pos": "../x", "name": "C", "unit": "m2", "price": "3"},
          {"pos": "1.03", "name": "", "unit": "m2", "price": "12,34567"},
          {"pos": "1.04", "unit": "m2", "price": -1},
          {"pos": "1.05", "name": "E", "unit": "m2", "price": true, "prise": 3},
          "not an object"
        ]}
        """
        XCTAssertEqual(problems(json), [
            "activities[1].pos: duplicate \"1.01\" (also activities[0])",
            "activities[2].pos: pos \"../x\" must start with a letter or digit",
            "activities[3].name: must not be empty",
            "activities[3].price: \"12,34567\" has more than 4 fraction digits",
            "activities[4].name: is missing",
            "activities[4].price: \"-1.00\" must not be negative",
            "activities[5].price: expected a number or a string, got a boolean",
            "activities[5]: unknown field \"prise\" (known: pos, name, unit, price, section, note, rounding, minimum, keywords, translations)",
            "activities[6]: expected an object, got a string",
        ])
    }

    func testFormatVersionAndSyntaxAreChecked() {
        XCTAssertEqual(problems(#"{"format": "other", "version": 2, "name": "T", "activities": []}"#),
                       ["format: is \"other\", expected \"akkord-catalogue\"", "version: 2 is not supported (this akkord reads version 1)"])
        XCTAssertEqual(problems(#"{"name": "T"}"#), ["format: is missing", "version: is missing", "activities: is missing"])
        XCTAssertEqual(problems("{\"format\": \"akkord-catalogue\",\n \"version\": 1,, }"),
                       ["not valid JSON: line 2, column 15: expected a key in quotes"])
        XCTAssertEqual(problems("[1]"), ["expected a JSON object, got an array"])
        XCTAssertEqual(problems(String(decoding: [0x7B, 0x22, 0xFF, 0x22, 0x7D], as: UTF8.self)).count, 1)
    }

    func testPricesAcceptStringsAndJSONNumbersExactly() throws {
        let c = try read(#"{"format": "akkord-catalogue", "version": 1, "name": "T", "activities": [{"pos": "1", "name": "A", "unit": "kvm", "price": 38.5}, {"pos": "2", "name": "B", "unit": "stk", "price": "1.234,5"}]}"#)
        XCTAssertEqual(c.activities.map(\.price.plain), ["38.50", "1234.50"])
        XCTAssertEqual(c.activities.map(\.unit), ["m2", "pcs"])
        XCTAssertEqual(problems(#"{"format": "akkord-catalogue", "version": 1, "name": "T", "activities": [{"pos": "1", "name": "A", "unit": "m2", "price": 3.85e1}]}"#),
                       ["activities[0].price: \"3.85e1\" is not a number (exponents are not accepted; write the digits out)"])
    }

    func testWriteThenReadIsIdentity() throws {
        let c = try BundledCatalogue.load()
        XCTAssertEqual(try CatalogueJSON.read(CatalogueJSON.write(c), source: "x"), Catalogue(
            name: c.name, edition: c.edition, validFrom: c.validFrom, currency: c.currency, activities: c.sortedActivities))
        XCTAssertEqual(CatalogueJSON.write(c), BundledCatalogue.bytes, "the sample is stored in akkord's own layout")
    }

    func testNaturalOrder() {
        let sorted = ["1.10", "2.1", "1.2", "1.02a", "A.1", "1.9", "10.1", "1.2/b"].sorted(by: NaturalOrder.less)
        XCTAssertEqual(sorted, ["1.2", "1.2/b", "1.02a", "1.9", "1.10", "2.1", "10.1", "A.1"])
    }

    func testSearch() throws {
        let search = CatalogueSearch(try BundledCatalogue.load())
        func first(_ q: String) -> String? { search.search(q).first?.activity.pos }
        XCTAssertEqual(first("2.04"), "2.04")                  // pos exact
        XCTAssertEqual(first("tagpap").map { ["1.01", "2.04"].contains($0) }, true)
        XCTAssertTrue(search.search("TAGPAP").map(\.activity.pos).contains("2.04"))  // case
        // 2.06 "… welded på dæk"; 5.06 "Coping on parapet" with the keyword "murafdækning" matches
        // both words less well (a prefix and inside a word), so it comes second.
        XCTAssertEqual(search.search("paa dæk").map(\.activity.pos), ["2.06", "5.06"])  // aa finds å, æ itself
        XCTAssertEqual(search.search("pa daek").map(\.activity.pos), ["2.06", "5.06"])  // a finds å, ae finds æ
        XCTAssertEqual(search.search("på dæk").map(\.activity.pos), ["2.06", "5.06"])
        // nedløbsrør: in 6.04's name and keywords, and in the keywords of 1.08 and 6.05.
        for spelling in ["nedløbsrør", "nedlobsror", "nedloebsroer", "NEDLØBSRØR", "nedlöbsrör"] {
            XCTAssertEqual(Set(search.search(spelling).map(\.activity.pos)), ["1.08", "6.04", "6.05"], spelling)
        }
        XCTAssertEqual(search.search("inddaekning skorsten").map(\.activity.pos), ["1.09", "5.04"])  // keywords only
        XCTAssertEqual(search.search("skotrende").map(\.activity.pos), ["2.10", "4.10", "5.07"])
        XCTAssertEqual(search.search("aarhus"), [])
        let underFelt = search.search("undrfelt").map(\.activity.pos)
        XCTAssertEqual(underFelt, ["2.01", "2.02", "2.03"])    // one typo, written as a compound
        XCTAssertEqual(search.search("underfelt").map(\.activity.pos), ["2.01", "2.02", "2.03"])
        XCTAssertEqual(search.search("under felt").first?.activity.pos, "2.01")
        XCTAssertTrue(search.search("gutetr").map(\.activity.pos).contains("6.01"))  // transposition
        XCTAssertEqual(search.search("xqzw"), [])
        XCTAssertEqual(search.search("felt", limit: 2).count, 2)
    }

    func testUnknownPosSuggestsClosest() throws {
        let c = try BundledCatalogue.load()
        XCTAssertThrowsError(try c.requireActivity(pos: "2.4")) { error in
            XCTAssertEqual("\(error)", "no activity with pos \"2.4\" in the catalogue \"\(c.name)\"")
            guard case AkkordError.activityNotFound(_, _, let suggestions) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(suggestions.first?.pos, "2.04")
            XCTAssertTrue(suggestions.first?.name.hasPrefix("Overpap") == true, "\(suggestions)")
        }
    }
}
