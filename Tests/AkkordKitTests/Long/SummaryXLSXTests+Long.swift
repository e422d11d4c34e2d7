import Foundation
import XCTest
@testable import AkkordKit

// The long part of SummaryXLSXTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension SummaryXLSXTests {
    /// Random stores (seeded; AKKORD_SEED replays a failure): the workbook's formulas recalculate
    /// to their cached values, and those equal sums made here, in Decimal, from each chosen
    /// project's final accounting.
    func testRandomStoresRecalculateToTheirReports() throws {
        let seed = ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        let employers = ["Tag & Co", "TAG & CO", "Nordtag", "Ærø Tag", "aeroe tag", ""]
        let names = ["Jens Hansen", "jens  hansen", "Søren", "Ali", "Kim"]
        for run in 0..<25 {
            let label = "seed \(seed) run \(run)"
            var projects: [Project] = []
            for n in 0..<Int.random(in: 0...12, using: &rng) {
                var p = Project(id: "p\(n)", name: "P \(n) <&>")
                p.employer = employers.randomElement(using: &rng)!
                p.status = Bool.random(using: &rng) ? .open : .closed
                ProjectsSummaryTests.addRandomLineAndTeam(to: &p, names: names, &rng)
                projects.append(p)
            }
            let s = try ProjectsSummary(projects, filter: .init(status: [nil, .open, .closed].randomElement(using: &rng)!))
            let l = Language.allCases.randomElement(using: &rng)!
            let book = try XLSXReader(try SummaryXLSX.render(s, language: l, entries: .stored))
            _ = try book.recalculateAll(label: label)

            // The sums, made here from the reports of the chosen projects.
            var total = Decimal(), apprenticePay = Decimal(), pool = Decimal(), hours = Decimal(), poolWithHours = Decimal()
            var workerHours = Decimal(), share = Decimal(), advances = Decimal()
            for p in projects where s.filter.status == nil || p.status == s.filter.status {
                let a = try FinalAccounting(p)
                total += Self.dec(a.total); apprenticePay += Self.dec(a.apprenticePay); pool += Self.dec(a.pool)
                hours += Decimal(a.journeymanHours.raw)
                if a.journeymanHours.raw > 0 { poolWithHours += Self.dec(a.pool) }
                for t in a.team where t.share != nil {
                    workerHours += Decimal(t.hours.raw); share += Self.dec(t.share!); advances += Self.dec(t.advances)
                }
            }
            let w = Words(l), sheet = w[.sheetTotals]
            var value: [String: Decimal] = [:]
            for r in book.rows(sheet) {
                if let name = book.text(sheet, "A\(r)"), let v = try book.evaluate(sheet, "B\(r)").single { value[name] = v }
            }
            XCTAssertEqual(value[w[.summaryProjects]], Decimal(s.projects.count), label)
            XCTAssertEqual(value[w[.summaryTotal]], total, label)
            XCTAssertEqual(value[w[.apprentices]], apprenticePay, label)
            XCTAssertEqual(value[w[.pool]], pool, label)
            XCTAssertEqual(value[w[.summaryJourneymanHours]], XLSXReader.tolerant(hours / 3000), label)
            XCTAssertEqual(value[w[.summaryPoolWithHours]], poolWithHours, label)
            XCTAssertEqual(book.cell(sheet, "B\(book.rows(sheet).first { book.text(sheet, "A\($0)") == w[.summaryHourlyEarnings] } ?? 0)") == nil,
                           hours == 0, "\(label): hourly earnings only with journeyman hours")
            if hours > 0 { XCTAssertEqual(value[w[.summaryHourlyEarnings]], WorkbookTests.round2(poolWithHours * 3000 / hours), label) }
            XCTAssertEqual(value[w[.hours]], XLSXReader.tolerant(workerHours / 3000), label)
            XCTAssertEqual(value[w[.share]], share, label)
            XCTAssertEqual(value[w[.advances]], advances, label)
            XCTAssertEqual(value[w[.balance]], share - advances, label)
            if testRun?.failureCount ?? 0 > 0 { print("SummaryXLSXTests failed with AKKORD_SEED=\(seed)"); break }
        }
    }
}
