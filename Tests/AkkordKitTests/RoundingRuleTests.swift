import XCTest
@testable import AkkordKit

/// Rounding in the handbook (SPEC §16): the rule, its catalogue formats (JSON, CSV, the index,
/// an import's merge) and the line's `quantityTyped` in the project file and the reports.
/// Figures by hand in each test.
final class RoundingRuleTests: XCTestCase {
    func q(_ text: String) -> Quantity { try! Quantity(parsing: text) }

    // MARK: the rule

    func testUpIsPerStartedStepAndHalfUpIsToTheNearest() throws {
        let up = QuantityRounding(step: q("0.01"), mode: .up), half = QuantityRounding(step: q("0.5"), mode: .halfUp)
        // 12.341 → 1234.1 started hundredths → 1235 → 12.35; 12.35 stays; 0.001 → 0.01.
        XCTAssertEqual(try up.apply(to: q("12.341")), q("12.35"))
        XCTAssertEqual(try up.apply(to: q("12.35")), q("12.35"))
        XCTAssertEqual(try up.apply(to: q("0.001")), q("0.01"))
        // 0.24 → 0 halves (0.48 < 0.5); 0.25 → one half; 2.74 → 2.5; 2.75 → 3.
        XCTAssertEqual(try half.apply(to: q("0.24")), q("0"))
        XCTAssertEqual(try half.apply(to: q("0.25")), q("0.5"))
        XCTAssertEqual(try half.apply(to: q("2.74")), q("2.5"))
        XCTAssertEqual(try half.apply(to: q("2.75")), q("3"))
        // Beyond the largest quantity: refused, never wrapped.
        XCTAssertThrowsError(try QuantityRounding(step: q("1"), mode: .up).apply(to: Quantity(raw: Quantity.maximumRaw)))
    }

    func testRoundingComesFirstThenTheMinimum() throws {
        let a = Activity(pos: "1", name: "A", unit: "m2", price: .zero, rounding: QuantityRounding(step: q("0.5"), mode: .halfUp), minimum: q("1"))
        // 0.4 → 0.5 (half up) → below 1 → 1.
        let r = try a.ruled(q("0.4"))
        XCTAssertEqual(r.quantity, q("1"))
        XCTAssertEqual(r.rounded, q("0.5"))
        XCTAssertEqual(r.minimum, q("1"))
        XCTAssertEqual(r.quantityTyped, q("0.4"))
        // 3.3 → 3.5, the minimum not needed.
        let s = try a.ruled(q("3.3"))
        XCTAssertEqual([s.quantity, s.rounded], [q("3.5"), q("3.5")])
        XCTAssertNil(s.minimum)
        // Already a step and above the minimum: nothing typed is kept.
        XCTAssertNil(try a.ruled(q("2")).quantityTyped)
        // A minimum alone.
        let m = try Activity(pos: "2", name: "B", unit: "m2", price: .zero, minimum: q("1")).ruled(q("0.4"))
        XCTAssertEqual([m.quantity, m.minimum, m.quantityTyped], [q("1"), q("1"), q("0.4")])
        XCTAssertNil(m.rounded)
    }

    func testAQuantityThatCountsAsNothingOrTooMuchIsRefused() throws {
        let half = Activity(pos: "9", name: "A", unit: "m2", price: .zero, rounding: QuantityRounding(step: q("0.5"), mode: .halfUp))
        // 0.2 × 2 = 0.4 < 0.5: no half step, so 0; the least that counts is 0.25.
        XCTAssertThrowsError(try half.ruled(q("0.2"))) { error in
            XCTAssertEqual(error as? QuantityRuleError, .roundsToZero(typed: q("0.2"), step: q("0.5"), least: q("0.25"), pos: "9"))
            XCTAssertEqual("\(error)", "0.2 rounds to 0 at the step of 0.5 (pos 9); the least quantity that counts is 0.25")
        }
        XCTAssertEqual(try half.ruled(q("0.25")).quantity, q("0.5"))
        var withMinimum = half
        withMinimum.minimum = q("1")
        XCTAssertEqual(try withMinimum.ruled(q("0.2")).quantity, q("1"))
        let up = Activity(pos: "8", name: "B", unit: "m", price: .zero, rounding: QuantityRounding(step: q("10"), mode: .up))
        XCTAssertThrowsError(try up.ruled(q("9999999.5"))) { error in
            XCTAssertEqual(error as? QuantityRuleError, .tooLarge(typed: q("9999999.5"), step: q("10"), pos: "8"))
        }
    }

    func testTheNotesSayWhatTheRuleDidInTheNumberFormat() throws {
        let a = Activity(pos: "1", name: "A", unit: "m", price: .zero, rounding: QuantityRounding(step: q("0.01"), mode: .up))
        let r = try a.ruled(q("12.341"))
        XCTAssertEqual(Confirmation.quantityRuled(r, unit: "m", .da, numbers: .da), ["12,341 m rundet op pr. påbegyndt 0,01 m til 12,35 m"])
        XCTAssertEqual(Confirmation.quantityRuled(r, unit: "m", .en, numbers: .da), ["12,341 m rounded up per started 0,01 m to 12,35 m"])
        let b = Activity(pos: "2", name: "B", unit: "m2", price: .zero, rounding: QuantityRounding(step: q("0.5"), mode: .halfUp), minimum: q("1"))
        XCTAssertEqual(Confirmation.quantityRuled(try b.ruled(q("0.4")), unit: "m2", .en, numbers: .en),
                       ["0.4 m2 rounded to the nearest 0.5 m2: 0.5 m2", "0.5 m2 counts as the minimum 1 m2"])
        XCTAssertEqual(Confirmation.quantityRuled(try b.ruled(q("0.4")), unit: "m2", .da, numbers: .da),
                       ["0,4 m² afrundet til nærmeste 0,5 m²: 0,5 m²", "0,5 m² tæller som minimum 1 m²"])
    }

    // MARK: the catalogue's formats

    static let ruled = [
        Activity(pos: "1.01", name: "Rende", unit: "lbm", price: try! UnitPrice(parsing: "10"), rounding: QuantityRounding(step: try! Quantity(parsing: "0.01"), mode: .up)),
        Activity(pos: "1.02", name: "Pap", unit: "m2", price: try! UnitPrice(parsing: "20"), rounding: QuantityRounding(step: try! Quantity(parsing: "0.5"), mode: .halfUp),
                 minimum: try! Quantity(parsing: "1")),
        Activity(pos: "1.03", name: "Lap", unit: "pcs", price: try! UnitPrice(parsing: "30"), minimum: try! Quantity(parsing: "0")),
        Activity(pos: "1.04", name: "Plain", unit: "m2", price: try! UnitPrice(parsing: "40")),
    ]
    var catalogue: Catalogue { Catalogue(name: "R", activities: Self.ruled) }

    func testJSONWritesTheRuleAsStringsAndReadsItBack() throws {
        let bytes = CatalogueJSON.write(catalogue)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(#"{"pos": "1.01", "name": "Rende", "unit": "lbm", "price": "10.00", "section": "", "note": "", "rounding": {"step": "0.01", "mode": "up"}}"#), text)
        XCTAssertTrue(text.contains(#""rounding": {"step": "0.5", "mode": "half-up"}, "minimum": "1"}"#), text)
        XCTAssertTrue(text.contains(#"{"pos": "1.04", "name": "Plain", "unit": "m2", "price": "40.00", "section": "", "note": ""}"#), text)
        XCTAssertEqual(try CatalogueJSON.read(bytes, source: "r.json").activities, Self.ruled)
        // A number for the step and the minimum reads as a price does.
        let numbers = #"{"format": "akkord-catalogue", "version": 1, "name": "N", "activities": [{"pos": "1", "name": "A", "unit": "m", "price": 1, "rounding": {"step": 0.25, "mode": "half-up"}, "minimum": 2}]}"#
        let a = try CatalogueJSON.read(Array(numbers.utf8), source: "n.json").activities[0]
        XCTAssertEqual(a.rounding, QuantityRounding(step: q("0.25"), mode: .halfUp))
        XCTAssertEqual(a.minimum, q("2"))
    }

    func testJSONProblemsNameTheirPath() {
        let json = #"{"format": "akkord-catalogue", "version": 1, "name": "N", "activities": ["#
            + #"{"pos": "1", "name": "A", "unit": "m", "price": "1", "rounding": {"step": "0", "mode": "up"}},"#
            + #"{"pos": "2", "name": "B", "unit": "m", "price": "1", "rounding": {"step": "0.5", "mode": "op", "stepp": 1}, "minimum": "-1"},"#
            + #"{"pos": "3", "name": "C", "unit": "m", "price": "1", "rounding": "0.5 up", "minimum": "0.0001"},"#
            + #"{"pos": "4", "name": "D", "unit": "m", "price": "1", "rounding": {"mode": "half-up"}}]}"#
        XCTAssertThrowsError(try CatalogueJSON.read(Array(json.utf8), source: "bad.json")) { error in
            let text = "\(error)"
            for expected in ["activities[0].rounding.step: \"0\" must be greater than zero",
                             "activities[1].rounding.mode: \"op\" is not a rounding mode; write \"up\" or \"half-up\"",
                             "activities[1].rounding: unknown field \"stepp\" (known: step, mode)",
                             "activities[1].minimum: \"-1\" must not be negative",
                             "activities[2].rounding: expected an object with step and mode, got a string",
                             "activities[2].minimum: \"0.0001\" has more than 3 fraction digits",
                             "activities[3].rounding.step: is missing"] {
                XCTAssertTrue(text.contains(expected), "missing \(expected) in\n\(text)")
            }
        }
    }

    func testCSVCarriesTheRuleInBothLanguagesAndReadsEitherHeader() throws {
        let da = String(decoding: CatalogueCSV.write(catalogue, language: .da), as: UTF8.self)
        XCTAssertEqual(da, "\u{FEFF}Pos.nr.;Tekst;Enhed;Enhedspris;Afsnit;Bemærkning;Søgeord;Afrunding;Minimum\r\n"
            + "1.01;Rende;lbm;10,00;;;;0,01 op;\r\n1.02;Pap;m2;20,00;;;;0,5 halv;1\r\n1.03;Lap;pcs;30,00;;;;;0\r\n1.04;Plain;m2;40,00;;;;;\r\n")
        let en = String(decoding: CatalogueCSV.write(catalogue, language: .en), as: UTF8.self)
        XCTAssertEqual(en, "pos,name,unit,price,section,note,keywords,rounding,minimum\r\n"
            + "1.01,Rende,lbm,10.00,,,,0.01 up,\r\n1.02,Pap,m2,20.00,,,,0.5 half-up,1\r\n1.03,Lap,pcs,30.00,,,,,0\r\n1.04,Plain,m2,40.00,,,,,\r\n")
        for (bytes, language) in [(da, Language.da), (en, .en), (en, .da), (da, .en)] {
            let read = try CatalogueCSV.read(Array(bytes.utf8), source: "r.csv", language: language)
            XCTAssertEqual(read.activities, Self.ruled, "\(language)")
            XCTAssertFalse(read.missingOptionalColumns.contains("rounding"))
        }
        // Either word in either file; a file without the columns still reads, and says they are missing.
        let mixed = "Pos.nr.;Tekst;Enhed;Enhedspris;Afrunding;Minimum\n1.01;Rende;lbm;10;0,01 up;\n1.02;Pap;m2;20;0,5 half-up;1\n"
        XCTAssertEqual(try CatalogueCSV.read(Array(mixed.utf8), source: "m.csv", language: .da).activities.map(\.rounding),
                       Self.ruled.prefix(2).map(\.rounding))
        let old = try CatalogueCSV.read(Array("pos,name,unit,price\n1,A,m,1\n".utf8), source: "o.csv")
        XCTAssertNil(old.activities[0].rounding)
        XCTAssertTrue(old.missingOptionalColumns.isSuperset(of: ["rounding", "minimum"]))
    }

    func testCSVProblemsNameTheirLine() {
        let csv = "pos;name;unit;price;afrunding;minimum\n1;A;m;1;0 op;\n2;B;m;1;0,5 sidelæns;-1\n3;C;m;1;op;\n"
        XCTAssertThrowsError(try CatalogueCSV.read(Array(csv.utf8), source: "bad.csv", language: .da)) { error in
            let text = "\(error)"
            for expected in ["2: rounding step \"0\" must be greater than zero",
                             "3: rounding \"sidelæns\" is not a rounding mode; write up or half-up (op or halv)",
                             "3: minimum \"-1\" must not be negative",
                             "4: rounding \"op\" is not a rounding; write a step and up or half-up"] {
                XCTAssertTrue(text.contains(expected), "missing \(expected) in\n\(text)")
            }
        }
    }

    func testTheIndexKeepsTheRule() throws {
        let stamp = CatalogueIndex.Stamp([1, 2])
        let index = try XCTUnwrap(CatalogueIndex(CatalogueIndex.encode(catalogue, stamp: stamp), stamp: stamp))
        XCTAssertEqual(index.catalogue.activities, Self.ruled)
    }

    func testAnImportListsAChangedRuleAndAFileWithoutTheColumnsKeepsIt() throws {
        var incoming = Self.ruled
        incoming[0].rounding = QuantityRounding(step: q("0.1"), mode: .up)
        incoming[1].minimum = nil
        let merged = CatalogueImport(current: catalogue, incoming: incoming, fileMetadata: nil, overrides: .init(), replace: false)
        XCTAssertEqual(merged.changes.map { "\($0.pos) \($0.field): \($0.old ?? "") → \($0.new ?? "")" },
                       ["1.01 rounding: 0.01 up → 0.1 up", "1.02 minimum: 1 → "])
        var plain = Self.ruled
        for i in plain.indices { plain[i].rounding = nil; plain[i].minimum = nil }
        let kept = CatalogueImport(current: catalogue, incoming: plain, fileMetadata: nil, overrides: .init(), replace: false,
                                   keepMissing: ["rounding", "minimum"])
        XCTAssertTrue(kept.isEmpty)
        XCTAssertEqual(kept.result.activities, Self.ruled)
        // A regulation carries the rule with the new price.
        let regulated = try CatalogueRegulation.regulate(catalogue, percent: Percent(parsing: "10"))
        XCTAssertEqual(regulated.result.activities.map(\.rounding), Self.ruled.map(\.rounding))
        XCTAssertEqual(regulated.result.activities.map(\.minimum), Self.ruled.map(\.minimum))
    }

    // MARK: the line

    func project(typed: Quantity?) -> Project {
        var p = Project(id: "p", name: "P")
        p.created = "2026-11-27T10:00:00Z"
        var line = Line(id: 1, pos: "1.02", name: "Pap", unit: "m2", price: try! UnitPrice(parsing: "20"), quantity: q("2.5"), date: "2026-11-27")
        line.measurement = "1.2*2"
        line.quantityTyped = typed
        p.lines = [line]
        p.nextIds = ["line": 2]
        return p
    }

    func testTheProjectFileHasQuantityTypedOnlyWhenSetAndReadsItBack() throws {
        let ruled = try ProjectCodec.encode(project(typed: q("2.4")))
        let text = String(decoding: ruled, as: UTF8.self)
        XCTAssertTrue(text.contains(#""quantity": "2.5", "quantityTyped": "2.4", "amount": "50.00""#), text)
        let read = try ProjectCodec.decode(ruled, source: "p.json")
        XCTAssertEqual(read.lines[0].quantityTyped, q("2.4"))
        XCTAssertEqual(try ProjectCodec.encode(read), ruled, "read and written again byte for byte")
        // The one-piece writer and the piecewise one (for escaped texts) agree, with an escape too.
        var escaped = read.lines[0]
        escaped.note = "a \"b\""
        for l in [read.lines[0], escaped] {
            let whole = ByteOutput(), piecewise = ByteOutput()
            l.withView { $0.writeJSON(.stored, to: whole); $0.writeJSONPiecewise(.stored, to: piecewise) }
            XCTAssertEqual(whole.bytes, piecewise.bytes)
            XCTAssertTrue(String(decoding: whole.bytes, as: UTF8.self).contains(#""quantityTyped": "2.4""#))
        }
        // Without a rule the file has no such member; with it the measurement gives the typed quantity.
        let plainLine = project(typed: nil)
        var unmeasured = plainLine
        unmeasured.lines[0].measurement = nil
        XCTAssertFalse(String(decoding: try ProjectCodec.encode(unmeasured), as: UTF8.self).contains("quantityTyped"))
        XCTAssertThrowsError(try ProjectCodec.decode(try ProjectCodec.encode(plainLine), source: "p.json")) { error in
            XCTAssertTrue("\(error)".contains("lines[0].measurement: \"1.2*2\" does not give the quantity 2.5"), "\(error)")
        }
        // Members in another order are read as a tree: the typed quantity too.
        let reordered = text.replacingOccurrences(of: #""quantity": "2.5", "quantityTyped": "2.4""#, with: #""quantityTyped": "2.4", "quantity": "2.5""#)
        XCTAssertNotEqual(reordered, text)
        XCTAssertEqual(try ProjectCodec.decode(Array(reordered.utf8), source: "p.json").lines[0].quantityTyped, q("2.4"))
        let same = text.replacingOccurrences(of: #""quantityTyped": "2.4""#, with: #""quantityTyped": "2.5""#)
        XCTAssertThrowsError(try ProjectCodec.decode(Array(same.utf8), source: "p.json")) { error in
            XCTAssertTrue("\(error)".contains("lines[0].quantityTyped: is the quantity"), "\(error)")
        }
    }

    func testEveryReportShowsTheTypedQuantityWithTheLine() throws {
        let p = project(typed: q("2.4"))
        let a = try FinalAccounting(p)
        let json = String(decoding: ReportJSON.render(ProjectHead(p), a), as: UTF8.self)
        XCTAssertTrue(json.contains(#""quantity": "2.5", "quantityTyped": "2.4", "amount": "50.00""#), json)
        XCTAssertTrue(ReportCSV.render(a, language: .da).contains("\r\n1;1.02;Pap;2,5;m²;20,00;50,00;(indtastet 2,4);1.2*2\r\n"))
        XCTAssertTrue(ReportCSV.render(a, language: .en).contains("\r\n1,1.02,Pap,2.5,m2,20.00,50.00,(typed 2.4),1.2*2\r\n"))
        let html = ReportHTML.render(ProjectHead(p), a, language: .en)
        XCTAssertTrue(html.contains("<td>Pap <small>(typed 2.4)</small></td>"), html)
        let text = ReportText.render(ProjectHead(p), a, language: .da)
        XCTAssertTrue(text.contains("Pap (indtastet 2,4)"), text)
        // The measurements appendix shows what the measurement gave.
        XCTAssertTrue(text.contains(" 1  1.02  1.2*2       2,4 m²\n"), text)
        // A line without a rule: not a word of it.
        var plain = p
        plain.lines[0].quantityTyped = nil
        plain.lines[0].measurement = nil
        let b = try FinalAccounting(plain)
        for out in [ReportCSV.render(b, language: .en), ReportHTML.render(ProjectHead(plain), b, language: .en),
                    ReportText.render(ProjectHead(plain), b, language: .en), String(decoding: ReportJSON.render(ProjectHead(plain), b), as: UTF8.self)] {
            XCTAssertFalse(out.contains("typed") || out.contains("quantityTyped"), out)
        }
    }
}
