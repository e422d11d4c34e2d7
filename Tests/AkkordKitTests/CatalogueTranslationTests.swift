import XCTest
@testable import AkkordKit

/// The handbook in Danish with English translations (SPEC §15): the JSON form, what each
/// language shows, `--section` and search in both languages, and the CSV dialects.
final class CatalogueTranslationTests: XCTestCase {
    func read(_ json: String) throws -> Catalogue { try CatalogueJSON.read(Array(json.utf8), source: "c.json") }

    func problems(_ json: String) -> [String] {
        do { _ = try read(json); return [] } catch let e as InvalidDataError { return e.problems.map(\.description) } catch { return ["\(error)"] }
    }

    func activities(_ list: String) -> String {
        #"{"format": "akkord-catalogue", "version": 1, "name": "T", "activities": ["# + list + "]}"
    }

    // MARK: JSON

    func testTranslationsReadAndWriteBackExactly() throws {
        let file = """
            {
              "format": "akkord-catalogue",
              "version": 1,
              "name": "Prøveliste",
              "edition": "1",
              "validFrom": null,
              "currency": "DKK",
              "activities": [
                {"pos": "1", "name": "Underpap, sømmet", "unit": "m2", "price": "38.50", "section": "Tagpap", "note": "Kun på træ", "keywords": ["underpap", "undertag"], "translations": {"de": {"name": "Unterlagsbahn, genagelt"}, "en": {"name": "Under felt, nailed", "section": "Felt roofing", "note": "Timber only"}}},
                {"pos": "2", "name": "Tagrende", "unit": "lbm", "price": "79.60", "section": "Tagrender og nedløb", "note": ""}
              ]
            }

            """
        let c = try read(file)
        XCTAssertEqual(c.activities[0].translations, [
            "en": ActivityTranslation(name: "Under felt, nailed", section: "Felt roofing", note: "Timber only"),
            "de": ActivityTranslation(name: "Unterlagsbahn, genagelt"),
        ])
        XCTAssertEqual(c.activities[1].translations, [:])
        // The writer gives the same bytes: languages in code order, one line per activity.
        XCTAssertEqual(String(decoding: CatalogueJSON.write(c), as: UTF8.self), file)
        XCTAssertEqual(try CatalogueJSON.read(CatalogueJSON.write(c), source: "again"), c)
    }

    func testTheBundledSampleRoundTripsWithItsTranslations() throws {
        let c = try BundledCatalogue.load()
        let again = try CatalogueJSON.read(CatalogueJSON.write(c), source: "x")
        XCTAssertEqual(again.activities.map(\.translations), c.sortedActivities.map(\.translations))
        XCTAssertEqual(again.activities.first?.translations["en"]?.name, "Remove old felt roofing, one layer (nedrivning af tagpap)")
    }

    func testEveryProblemInATranslationIsNamedByItsPath() {
        XCTAssertEqual(problems(activities(#"""
            {"pos": "1", "name": "A", "unit": "m2", "price": "1", "translations": {"en": {"name": "A", "nme": "B"}}},
            {"pos": "2", "name": "B", "unit": "m2", "price": "1", "translations": {"english": {"name": "B"}}},
            {"pos": "3", "name": "C", "unit": "m2", "price": "1", "translations": {"en": {"section": "S"}}},
            {"pos": "4", "name": "D", "unit": "m2", "price": "1", "translations": {"en": {"name": " "}}},
            {"pos": "5", "name": "E", "unit": "m2", "price": "1", "translations": {"en": "E"}},
            {"pos": "6", "name": "F", "unit": "m2", "price": "1", "translations": ["en"]},
            {"pos": "7", "name": "G", "unit": "m2", "price": "1", "translations": {"en": {"name": "G", "note": 7}}},
            {"pos": "8", "name": "H", "unit": "m2", "price": "1", "translations": {"EN": {"name": "H"}}}
            """#)), [
            "activities[0].translations.en: unknown field \"nme\" (known: name, section, note)",
            "activities[1].translations: \"english\" is not a language code; write two lowercase letters (en, da, …)",
            "activities[2].translations.en.name: is missing",
            "activities[3].translations.en.name: must not be empty",
            "activities[4].translations.en: expected an object with name, section and note, got a string",
            "activities[5].translations: expected an object of languages (\"en\": {…}), got an array",
            "activities[6].translations.en.note: expected a string, got a number",
            "activities[7].translations: \"EN\" is not a language code; write two lowercase letters (en, da, …)",
        ])
        // The limits of the handbook's own fields hold in a translation too.
        let long = String(repeating: "x", count: 501)
        XCTAssertEqual(problems(activities(#"{"pos": "1", "name": "A", "unit": "m2", "price": "1", "translations": {"en": {"name": "\#(long)"}}}"#)).count, 1)
        XCTAssertEqual(problems(activities(#"{"pos": "1", "name": "A", "unit": "m2", "price": "1", "translations": {"en": {"name": "A\u0007"}}}"#)).count, 1)
    }

    /// Any two-letter code is kept (an imported handbook may carry German or Polish); only the
    /// active language's is shown.
    func testEachLanguageShowsItsTranslationElseTheHandbooksOwnText() {
        let a = Activity(pos: "2.01", name: "Underpap, sømmet", unit: "m2", price: .zero, section: "Tagpap", note: "Kun på træ",
                         translations: ["en": ActivityTranslation(name: "Under felt, nailed", section: "Felt roofing"),
                                        "pl": ActivityTranslation(name: "Papa podkładowa")])
        let en = a.shown(in: .en)
        XCTAssertEqual([en.name, en.section, en.note], ["Under felt, nailed", "Felt roofing", "Kun på træ"])
        XCTAssertEqual(a.shown(in: .da), a)
        var danish = a
        danish.translations["da"] = ActivityTranslation(name: "Underpap")
        XCTAssertEqual(danish.shown(in: .da).name, "Underpap", "a da translation is shown in da")
        XCTAssertTrue(Activity.isLanguageCode("pl"))
        XCTAssertFalse(Activity.isLanguageCode("eng"))
        XCTAssertFalse(Activity.isLanguageCode("æø"))
    }

    // MARK: The bundled sample

    func testTheSampleIsDanishWithAnEnglishTranslationOfEveryActivity() throws {
        let c = try BundledCatalogue.load()
        XCTAssertEqual(c.sections, ["Forarbejde og nedrivning", "Tagpap", "Isolering og dampspærre", "Tagsten og skifer",
                                    "Metaltag og inddækninger", "Tagrender og nedløb", "Ovenlys, tagluger og timearbejde"])
        XCTAssertEqual(c.activity(pos: "2.01")?.name, "Underpap, sømmet")
        XCTAssertEqual(c.activity(pos: "1.03")?.note, "Kun asbestfri plader")
        XCTAssertEqual(c.activity(pos: "1.03")?.translations["en"]?.note, "Asbestos-free sheets only")
        var englishSection: [String: String] = [:]
        for a in c.activities {
            let en = try XCTUnwrap(a.translations["en"], a.pos)
            XCTAssertFalse(en.name.isEmpty, a.pos)
            XCTAssertEqual(a.note.isEmpty, en.note.isEmpty, a.pos)
            // One English name per section, and the seven are the English sample's.
            XCTAssertEqual(englishSection.updateValue(en.section, forKey: a.section) ?? en.section, en.section, a.pos)
            XCTAssertFalse(a.keywords.isEmpty, a.pos)
            XCTAssertFalse(a.name.contains(" on ") || a.name.contains(" with ") || a.name.contains(" and "), "English left in \(a.pos) \(a.name)")
            XCTAssertFalse(en.name.contains(" på "), "Danish left in \(a.pos) \(en.name)")
        }
        XCTAssertEqual(englishSection["Tagrender og nedløb"], "Gutters and drainage")
        XCTAssertEqual(Set(englishSection.values), ["Preparation and demolition", "Felt roofing", "Insulation and vapour control",
                                                   "Roof tiles and slate", "Metal roofing and flashing", "Gutters and drainage",
                                                   "Skylights, hatches and hourly work"])
        // The trade terms of SPEC §8 and §15 are among the keywords.
        let keywords = Set(c.activities.flatMap(\.keywords))
        for term in ["tagpap", "underpap", "undertag", "inddækning", "tagrende", "nedløbsrør", "skotrende"] {
            XCTAssertTrue(keywords.contains(term), term)
        }
    }

    // MARK: --section and search in both languages

    func testASectionIsFoundByItsNameInEitherLanguage() throws {
        let c = try BundledCatalogue.load()
        for text in ["tagrender", "Tagrender og nedløb", "TAGRENDER OG NEDLOEB", "nedlob", "gutters", "Gutters and drainage", "drain"] {
            XCTAssertEqual(try c.resolveSection(text), "Tagrender og nedløb", text)
        }
        XCTAssertEqual(try c.resolveSection("tagpap"), "Tagpap", "a whole name wins over the sections that contain it")
        XCTAssertEqual(try c.resolveSection("felt roofing"), "Tagpap")
        XCTAssertThrowsError(try c.resolveSection("tag", language: .en)) { error in
            guard case AkkordError.sectionAmbiguous(_, let matches) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(matches.first, "Felt roofing (Tagpap)")
        }
        XCTAssertThrowsError(try c.resolveSection("nope", language: .da)) { error in
            guard case AkkordError.sectionNotFound(_, let sections) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(sections, c.sections, "in da the sample's own names")
        }
        XCTAssertEqual(c.ownSection(translatedAs: "gutters"), "Tagrender og nedløb")
        XCTAssertEqual(c.ownSection(translatedAs: "Roof tiles"), "Tagsten og skifer")
        XCTAssertNil(c.ownSection(translatedAs: "tagrender"), "an own name needs no translating")
        XCTAssertNil(c.ownSection(translatedAs: "nope"))
    }

    func testSearchMatchesBothLanguagesAndTheTradeSynonyms() throws {
        let c = try BundledCatalogue.load()
        let index = try XCTUnwrap(CatalogueIndex(CatalogueIndex.encode(c, stamp: .init([1, 2])), stamp: .init([1, 2])))
        for search in [CatalogueSearch(c), CatalogueSearch(index)] {
            func pos(_ q: String) -> [String] { search.search(q).map(\.activity.pos) }
            XCTAssertEqual(pos("undertag"), ["2.01", "2.02", "2.03"])
            XCTAssertEqual(pos("underpap sømmet"), ["2.01"])
            XCTAssertEqual(pos("under felt nailed"), ["2.01"])
            XCTAssertTrue(pos("gutter").contains("6.01"))
            XCTAssertTrue(pos("tagrende").contains("6.01"))
            XCTAssertEqual(pos("asbestfri"), [], "notes are not searched")
        }
        XCTAssertEqual(index.activity(0).translations, c.activities[0].translations, "the index keeps translations")
    }

    // MARK: Imports keep what CSV does not carry

    func testACSVImportKeepsTranslationsOfTextItDoesNotChange() throws {
        let current = try BundledCatalogue.load()
        var renamed = current.activity(pos: "2.01")!, moved = current.activity(pos: "2.02")!, priced = current.activity(pos: "2.03")!
        renamed.name = "Underpap, sømmet på lægter"; moved.section = "Andet"; priced.price = try UnitPrice(parsing: "50")
        let incoming = [renamed, moved, priced].map { a -> Activity in var a = a; a.translations = [:]; return a }
        let merge = CatalogueImport(current: current, incoming: incoming, fileMetadata: nil, overrides: .init(), replace: false,
                                    keepMissing: ["translations"])
        let result = Dictionary(uniqueKeysWithValues: merge.result.activities.map { ($0.pos, $0) })
        XCTAssertEqual(result["2.01"]?.translations, [:], "a renamed activity loses the translation of its old name")
        XCTAssertEqual(result["2.02"]?.translations["en"], ActivityTranslation(name: "Under felt, self-adhesive"))
        XCTAssertEqual(result["2.03"]?.translations, current.activity(pos: "2.03")?.translations)
        XCTAssertEqual(result["1.01"]?.translations, current.activity(pos: "1.01")?.translations)
        XCTAssertEqual(merge.changes.filter { $0.field.hasSuffix("(en)") }.map { "\($0.pos) \($0.field)" },
                       ["2.01 name (en)", "2.01 section (en)", "2.02 section (en)"])
        let table = CatalogueImportText.summary(merge, source: "p.csv", format: "csv", encoding: "utf-8", dryRun: true, language: .da, width: 200)
        XCTAssertTrue(table.contains("2.01  navn (en)  "), table)
    }

    // MARK: CSV

    func testDanishCSVHasTheBOMTheDanishHeaderAndReadsBack() throws {
        let c = try BundledCatalogue.load()
        let bytes = CatalogueCSV.write(c, language: .da, dialect: .danish)
        XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF])
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("Pos.nr.;Tekst;Enhed;Enhedspris;Afsnit;Bemærkning;Søgeord;Afrunding;Minimum\r\n1.01;Nedrivning af gammel tagpap, ét lag;m2;24,80;"), text)
        let read = try CatalogueCSV.read(bytes, source: "da.csv", language: .da)
        XCTAssertEqual(read.encoding, .utf8BOM)
        XCTAssertTrue(read.missingOptionalColumns.contains("translations"))
        XCTAssertEqual(read.activities, c.sortedActivities.map { a -> Activity in var a = a; a.translations = [:]; return a })
        // English words with the Danish dialect (Danish numbers, English messages) read back too.
        let mixed = CatalogueCSV.write(c, language: .en, dialect: .danish)
        XCTAssertTrue(mixed.starts(with: [0xEF, 0xBB, 0xBF] + Array("pos;name;unit;price;section;note;keywords;rounding;minimum\r\n".utf8)))
        XCTAssertEqual(try CatalogueCSV.read(mixed, source: "m.csv", language: .da).activities, read.activities)
    }

    func testTheEnglishCSVIsAsBeforeAndBothHeadersImport() throws {
        let c = try BundledCatalogue.load()
        let bytes = CatalogueCSV.write(c, language: .en)
        XCTAssertTrue(bytes.starts(with: Array("pos,name,unit,price,section,note,keywords,rounding,minimum\r\n1.01,".utf8)))
        XCTAssertEqual(try CatalogueCSV.read(bytes, source: "en.csv", language: .da).activities.map(\.price),
                       c.sortedActivities.map(\.price))
        let english = "pos,name,unit,price,section,note,keywords\n9.01,Moss removal,m2,19.99,Other,,mos\n"
        let danish = "\u{FEFF}Pos.nr.;Tekst;Enhed;Enhedspris;Afsnit;Bemærkning;Søgeord\n9.01;Moss removal;m2;19,99;Other;;mos\n"
        let a = try CatalogueCSV.read(Array(english.utf8), source: "e.csv").activities
        XCTAssertEqual(a, try CatalogueCSV.read(Array(danish.utf8), source: "d.csv", language: .da).activities)
        XCTAssertEqual(a, [Activity(pos: "9.01", name: "Moss removal", unit: "m2", price: try UnitPrice(parsing: "19.99"),
                                    section: "Other", keywords: ["mos"])])
    }
}
