import Foundation
import XCTest
@testable import AkkordKit

/// Price regulation (`CatalogueRegulation`) and repricing a project (`Project.reprice`,
/// `Workspace.reprice`). Expected values are computed by hand or with Python's decimal module,
/// never with akkord's own arithmetic.
final class RegulationTests: XCTestCase {
    func price(_ text: String) throws -> UnitPrice { try UnitPrice(parsing: text) }
    func percent(_ text: String) throws -> Percent { try Percent(parsing: text) }
    func regulated(_ p: String, _ pct: String) throws -> String? { CatalogueRegulation.regulated(try price(p), by: try percent(pct))?.plain }

    // MARK: the arithmetic

    /// Every row of Tests/Fixtures/regulation-1.4.tsv was computed by
    /// scripts/gen-regulation-fixture.py with Python's decimal module (ROUND_HALF_UP) from
    /// Data/catalogue.json; the regulation must agree to the øre on every price of the sample,
    /// and on the change in percent the summary shows.
    func testOnePointFourPercentOverTheSampleAgreesWithPythonDecimal() throws {
        let rows = try Fixtures.tsvRows("regulation-1.4.tsv")
        let sample = try BundledCatalogue.load()
        XCTAssertEqual(rows.count, sample.activities.count, "run scripts/gen-regulation-fixture.py after editing Data/catalogue.json")
        let r = try CatalogueRegulation.regulate(sample, percent: try percent("1.4"))
        let regulated = Dictionary(uniqueKeysWithValues: r.result.activities.map { ($0.pos, $0) })
        let percents = Dictionary(uniqueKeysWithValues: r.changes.filter { $0.field == "price" }.map { ($0.pos, $0) })
        for row in rows {
            let (pos, old, new, change) = (row[0], row[1], row[2], row[3])
            XCTAssertEqual(sample.activity(pos: pos)?.price.plain, old, "the fixture is of this sample: \(pos)")
            XCTAssertEqual(regulated[pos]?.price.plain, new, "\(pos): \(old) × 1.014")
            XCTAssertEqual(try self.regulated(old, "1.4"), new, "\(pos): \(old) × 1.014")
            if old != new {
                XCTAssertEqual(percents[pos]?.old, old)
                XCTAssertEqual(percents[pos]?.new, new)
                XCTAssertEqual(percents[pos]?.percent, change, "\(pos): (\(new) − \(old)) / \(old)")
            } else {
                XCTAssertNil(percents[pos], "\(pos) is unchanged")
            }
        }
        // Two products of the sample end in exactly 5 at the third decimal; both round up.
        XCTAssertEqual(regulated["6.03"]?.price.plain, "22.82")   // 22.50 × 1.014 = 22.815
        XCTAssertEqual(regulated["7.07"]?.price.plain, "347.30")  // 342.50 × 1.014 = 347.295
        XCTAssertEqual(r.changed + r.unchanged, sample.activities.count)
        XCTAssertEqual(r.added, 0)
        XCTAssertEqual(r.removed, 0)
    }

    /// Half away from zero, not half to even and not truncated: the hundredths digit before the
    /// 5 is even in each case, so half-to-even would round down.
    func testAProductEndingInExactlyFiveRoundsAwayFromZero() throws {
        // python3 -c "from decimal import *; print((Decimal('38.50')*Decimal('1.01')).quantize(Decimal('0.01'), ROUND_HALF_UP))"  → 38.89
        XCTAssertEqual(try regulated("38.50", "1"), "38.89")        // 38.885
        // python3 -c "from decimal import *; print((Decimal('12.30')*Decimal('0.95')).quantize(Decimal('0.01'), ROUND_HALF_UP))"  → 11.69
        XCTAssertEqual(try regulated("12.30", "-5"), "11.69")       // 11.685
        // python3 -c "from decimal import *; print((Decimal('100')*Decimal('1.01125')).quantize(Decimal('0.01'), ROUND_HALF_UP))"  → 101.13
        XCTAssertEqual(try regulated("100", "1.125"), "101.13")     // 101.125, a percent with 3 decimals
        XCTAssertEqual(try regulated("0.03", "-50"), "0.02")        // 0.015
        XCTAssertEqual(try regulated("0.01", "-50"), "0.01")        // 0.005
        // A price with 4 decimals is rounded to øre even at 0 %: 1.1250 → 1.13; 1.1249 → 1.12.
        XCTAssertEqual(try regulated("1.1250", "0"), "1.13")
        XCTAssertEqual(try regulated("1.1249", "0"), "1.12")
    }

    func testNegativePercent() throws {
        // python3 -c "from decimal import *; [print((Decimal(p)*Decimal('0.975')).quantize(Decimal('0.01'), ROUND_HALF_UP)) for p in ('38.50','71.20','5.40','0')]"
        XCTAssertEqual(try regulated("38.50", "-2.5"), "37.54")     // 37.5375
        XCTAssertEqual(try regulated("71.20", "-2.5"), "69.42")     // 69.42
        XCTAssertEqual(try regulated("5.40", "-2,5"), "5.27")       // 5.265
        XCTAssertEqual(try regulated("0", "-2.5"), "0.00")
        XCTAssertEqual(try regulated("38.50", "-50"), "19.25")
        let r = try CatalogueRegulation.regulate(try BundledCatalogue.load(), percent: try percent("-2.5"))
        XCTAssertEqual(r.result.activity(pos: "2.01")?.price.plain, "37.54")
        let change = r.changes.first { $0.pos == "2.01" }
        XCTAssertEqual(change, CatalogueImport.FieldChange(pos: "2.01", field: "price", old: "38.50", new: "37.54", percent: "-2.5"))
        XCTAssertEqual(r.result.edition, "2026-1-2.5%")
    }

    func testAPriceBeyondTheLargestIsAnErrorNamingEveryPos() throws {
        // 9,999,999.9999 is the largest unit price: 4,999,999.99 × 2 = 9,999,999.98 fits, 5,000,000 × 2 does not.
        XCTAssertEqual(try regulated("4999999.99", "100"), "9999999.98")
        XCTAssertNil(try regulated("5000000", "100"))
        XCTAssertNil(try regulated("9999999.9999", "1"))
        XCTAssertEqual(try regulated("9999999.9999", "-50"), "5000000.00")  // 4,999,999.99995 rounds up
        let c = Catalogue(name: "C", edition: "1", activities: [
            Activity(pos: "1", name: "Small", unit: "m2", price: try price("10")),
            Activity(pos: "2", name: "Big", unit: "m2", price: try price("6000000")),
            Activity(pos: "3", name: "Bigger", unit: "m2", price: try price("9999999")),
        ])
        XCTAssertThrowsError(try CatalogueRegulation.regulate(c, percent: try percent("70"))) { error in
            guard let e = error as? InvalidDataError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.problems.map(\.place), ["pos 2", "pos 3"])
            XCTAssertEqual(e.consequence, "nothing was changed")
            XCTAssertTrue(e.message.description.hasPrefix("regulation by +70 %: 2 problems"), e.message.description)
        }
    }

    func testPercentOutsideItsRangeIsRefused() throws {
        for text in ["-50.001", "1000.001", "10000", "-100"] {
            XCTAssertThrowsError(try CatalogueRegulation.regulate(try BundledCatalogue.load(), percent: try percent(text)), text) { error in
                XCTAssertEqual(error as? NumberError, .outOfRange(try! self.percent(text).plain, range: "-50 … 1000"))
            }
        }
        for text in ["-50", "100", "1000", "0"] { XCTAssertNoThrow(try CatalogueRegulation.regulate(try BundledCatalogue.load(), percent: try percent(text))) }
    }

    func testEditionAndValidFrom() throws {
        XCTAssertEqual(CatalogueRegulation.defaultEdition(current: "2026-1", percent: try percent("1.4")), "2026-1+1.4%")
        XCTAssertEqual(CatalogueRegulation.defaultEdition(current: "2026-1", percent: try percent("-2,5")), "2026-1-2.5%")
        XCTAssertEqual(CatalogueRegulation.defaultEdition(current: "", percent: try percent("3")), "+3%")
        XCTAssertEqual(CatalogueRegulation.defaultEdition(current: "2026-1+1.4%", percent: try percent("0.125")), "2026-1+1.4%+0.125%")

        let sample = try BundledCatalogue.load()
        let r = try CatalogueRegulation.regulate(sample, percent: try percent("1.4"), edition: "2026-2", validFrom: "2026-09-01")
        XCTAssertEqual(r.result.name, sample.name, "the name is kept")
        XCTAssertEqual(r.result.edition, "2026-2")
        XCTAssertEqual(r.result.validFrom, "2026-09-01")
        XCTAssertEqual(r.result.activities.map(\.pos), sample.activities.map(\.pos), "the order is kept")
        XCTAssertEqual(r.result.activities.map(\.name), sample.activities.map(\.name))
        XCTAssertEqual(r.result.activities.map(\.keywords), sample.activities.map(\.keywords))
        XCTAssertEqual(Array(r.changes.suffix(2)), [
            CatalogueImport.FieldChange(pos: "", field: "edition", old: "2026-1", new: "2026-2", percent: nil),
            CatalogueImport.FieldChange(pos: "", field: "validFrom", old: "2026-03-01", new: "2026-09-01", percent: nil),
        ])
        // Without validFrom the current one is kept; an edition too long to keep is refused.
        XCTAssertEqual(try CatalogueRegulation.regulate(sample, percent: try percent("1")).result.validFrom, "2026-03-01")
        XCTAssertThrowsError(try CatalogueRegulation.regulate(sample, percent: try percent("1"), edition: String(repeating: "e", count: 501)))
    }

    // MARK: repricing a project

    func testRepriceTakesTheCataloguePriceForCatalogueLinesOnly() throws {
        let old = Catalogue(name: "Handbook", edition: "2026-1", activities: [
            Activity(pos: "2.01", name: "Under felt", unit: "m2", price: try price("38.50")),
            Activity(pos: "6.04", name: "Downpipe", unit: "lbm", price: try price("71.20")),
            Activity(pos: "7.07", name: "Gone later", unit: "pcs", price: try price("342.50")),
        ])
        var p = Project(id: "p", name: "P")
        _ = p.addCatalogueLine(old.activities[0], from: old, quantity: try Quantity(parsing: "12.5"), note: "", date: nil, section: nil)
        _ = p.addCatalogueLine(old.activities[1], from: old, quantity: try Quantity(parsing: "3"), note: "", date: nil, section: nil)
        _ = p.addCustomLine(name: "Moss", unit: "m2", price: try price("19.99"), quantity: try Quantity(parsing: "7"), note: "", date: nil, section: nil)
        _ = p.addCatalogueLine(old.activities[2], from: old, quantity: try Quantity(parsing: "2"), note: "", date: nil, section: nil)
        // A custom line whose pos X3 the new catalogue happens to have: still untouched.
        let new = Catalogue(name: "Handbook", edition: "2026-1+1.4%", activities: [
            Activity(pos: "2.01", name: "Under felt, renamed", unit: "m2", price: try price("39.04")),
            Activity(pos: "6.04", name: "Downpipe", unit: "lbm", price: try price("71.20")),
            Activity(pos: "X3", name: "Not the moss", unit: "m2", price: try price("1")),
        ])
        let before = p
        let (changes, missing, history) = p.reprice(from: new)
        // 12.5 × 39.04 = 488.00; 12.5 × 38.50 = 481.25 (by hand).
        XCTAssertEqual(changes, [RepriceChange(line: 1, pos: "2.01", oldPrice: try price("38.50"), newPrice: try price("39.04"),
                                               oldAmount: try Money(parsing: "481.25"), newAmount: try Money(parsing: "488.00"))])
        XCTAssertEqual(missing, [RepriceMissing(line: 4, pos: "7.07", name: "Gone later", price: try price("342.50"))])
        XCTAssertEqual(history.map(\.text), ["line 1 (2.01): price 38.50 → 39.04, amount 481.25 → 488.00",
                                            "catalogue edition: 2026-1 → 2026-1+1.4%"])
        XCTAssertEqual(history, [.lineRepriced(line: 1, pos: "2.01", oldPrice: try price("38.50"), newPrice: try price("39.04"),
                                               oldAmount: try Money(parsing: "481.25"), newAmount: try Money(parsing: "488.00")),
                                 .catalogueChanged(oldName: "Handbook", oldEdition: "2026-1", newName: "Handbook", newEdition: "2026-1+1.4%")])
        XCTAssertEqual(p.lines[0].price.plain, "39.04")
        XCTAssertEqual(p.lines[0].name, "Under felt", "only the price is taken")
        XCTAssertEqual(Array(p.lines[1...]), Array(before.lines[1...]), "unchanged, custom and missing lines are kept as they were")
        XCTAssertEqual(p.catalogueEdition, "2026-1+1.4%")
        // 481.25 + 213.60 + 139.93 + 685.00 = 1519.78 → 488.00 + … = 1526.53.
        XCTAssertEqual(try before.subtotal.plain, "1519.78")
        XCTAssertEqual(try p.subtotal.plain, "1526.53")

        // Again: nothing to change, nothing recorded, the stamp left alone.
        var again = p
        let second = again.reprice(from: new)
        XCTAssertEqual(second.changes, [])
        XCTAssertEqual(second.history, [])
        XCTAssertEqual(second.missing.map(\.line), [4])
        XCTAssertEqual(again, p)
    }

    func testWorkspaceRepriceRefusesWhatTheRulesRefuseAndAClosedProjectEvenInADryRun() throws {
        let directory = try TemporaryDirectory.make(prefix: "akkord-reprice")
        defer { TemporaryDirectory.remove(directory) }
        let ws = Workspace(store: Store(directory: directory, lockTimeout: 1), clock: Clock(seconds: 1_780_000_000), command: "test")
        _ = try ws.importCatalogue([Activity(pos: "1", name: "Large", unit: "m2", price: try price("100000"))], fileMetadata: nil,
                                   overrides: .init(edition: "1"), replace: true, keepMissing: [], dryRun: false)
        _ = try ws.createProject(name: "P", details: Project.Details())
        // 9,999,999 × 100,000.00 = 999,999,900,000.00, just under the largest amount (999,999,999,999.99).
        _ = try ws.addLine(.init(source: .catalogue(pos: "1"), quantity: try Quantity(parsing: "9999999")))
        let regulation = try ws.regulateCatalogue(percent: try percent("1"), dryRun: false)
        XCTAssertEqual(regulation.result.activities[0].price.plain, "101000.00")
        XCTAssertEqual(regulation.result.edition, "1+1%")
        XCTAssertEqual(try ws.catalogue().catalogue.edition, "1+1%")
        let file = "\(directory)/projects/p.json"
        let bytes = try FileIO.read(file, limit: Store.maximumFileBytes)
        for dryRun in [true, false] {
            // 9,999,999 × 101,000.00 = 1,009,999,899,000.00: too large to keep.
            XCTAssertThrowsError(try ws.reprice(dryRun: dryRun), "dry run \(dryRun)") { error in
                guard case .invalidChange(let project, let problems)? = error as? AkkordError else { return XCTFail("\(error)") }
                XCTAssertEqual(project, "p")
                XCTAssertEqual(problems.map(\.place), ["lines[0].amount"])
            }
            XCTAssertEqual(try FileIO.read(file, limit: Store.maximumFileBytes), bytes)
        }
        _ = try ws.closeProject(nil)
        for dryRun in [true, false] {
            XCTAssertThrowsError(try ws.reprice(dryRun: dryRun)) { XCTAssertEqual($0 as? AkkordError, .projectClosed("p")) }
        }
    }
}
