import Foundation
import XCTest
@testable import AkkordKit

/// Daywork (SPEC §16): hours × rate beside the piecework, in its own report section, never in
/// the pool, the shares or the balances. Figures worked out by hand in the comments.
final class DayworkTests: XCTestCase {
    /// Jens and Mads share the piecework; Jens has 7.5 h weather at 250.00 and 7:20 dagløn at
    /// 199.99, Mads 3 h sick at 180.50.
    ///
    ///     7.5 × 250.00           = 1,875.00
    ///     22/3 × 199.99 = 1466.5933… → 1,466.59
    ///     Jens: 14.83 h (14.8333…), 3,341.59
    ///     3 × 180.50             =   541.50  (Mads)
    ///     in all: 17.83 h, 3,883.09
    static func project() throws -> Project {
        var p = Project(id: "tag", name: "Tag")
        _ = p.addLine(Activity(pos: "1.01", name: "Tagpap", unit: "m2", price: UnitPrice(raw: 1_000_000)), quantity: Quantity(raw: 10_000), date: nil)
        _ = p.addWorker(name: "Jens", apprentice: false, rate: nil)
        _ = p.addWorker(name: "Mads", apprentice: false, rate: nil)
        _ = try p.addHours(worker: "jens", hours: Hours(raw: 30_000), date: nil, note: "")
        _ = try p.addHours(worker: "mads", hours: Hours(raw: 15_000), date: nil, note: "")
        _ = try p.addAdvance(worker: "jens", amount: Money(raw: 100_000), date: nil, note: "")
        _ = try p.addDaywork(worker: "jens", kind: .weather, hours: try Hours(parsing: "7.5"), rate: try UnitPrice(parsing: "250"), date: "2026-05-04", note: "regn")
        _ = try p.addDaywork(worker: "mads", kind: .sick, hours: try Hours(parsing: "3"), rate: try UnitPrice(parsing: "180.50"), date: "2026-05-05", note: "")
        _ = try p.addDaywork(worker: "jens", kind: .daywork, hours: try Hours(parsing: "7:20"), rate: try UnitPrice(parsing: "199.99"), date: "2026-05-06", note: "")
        return p
    }

    func testTheAccountAddsUpByHand() throws {
        let a = try FinalAccounting(try Self.project())
        XCTAssertEqual(a.daywork.workers.map(\.worker.id), ["jens", "mads"])
        XCTAssertEqual(a.daywork.workers[0].entries.map(\.amount.plain), ["1875.00", "1466.59"])
        XCTAssertEqual(a.daywork.workers[0].amount.plain, "3341.59")
        XCTAssertEqual(a.daywork.workers[0].hours.twoDecimalsPlain, "14.83")
        XCTAssertEqual(a.daywork.workers[1].amount.plain, "541.50")
        XCTAssertEqual(a.daywork.total.plain, "3883.09")
        XCTAssertEqual(a.daywork.hours.twoDecimalsPlain, "17.83")
        // The piecework as without daywork: 10 × 100.00 = 1,000.00, shared 2:1.
        XCTAssertEqual(a.pool.plain, "1000.00")
        XCTAssertEqual(a.team.map { $0.share?.plain }, ["666.67", "333.33"])
        XCTAssertEqual(a.team.map { $0.balance?.plain }, ["-333.33", "333.33"])
    }

    func testReportsShowTheSectionInEveryFormat() throws {
        let p = try Self.project()
        func render(_ f: ReportFormat, _ l: Language) throws -> String {
            String(decoding: try RenderedReport(p, format: f, language: l, photo: { _ in nil }).render().bytes, as: UTF8.self)
        }
        let en = try render(.text, .en)
        XCTAssertTrue(en.contains("\nDAYWORK\n"), en)
        XCTAssertTrue(en.contains("Total Jens"))
        XCTAssertTrue(en.contains("3,341.59"))
        XCTAssertTrue(en.contains("Daywork in all"))
        XCTAssertTrue(en.contains("3,883.09"))
        XCTAssertTrue(en.contains("weather"))
        let da = try render(.text, .da)
        XCTAssertTrue(da.contains("\nTIMELØN\n"), da)
        XCTAssertTrue(da.contains("vejrlig"))
        XCTAssertTrue(da.contains("syg"))
        XCTAssertTrue(da.contains("dagløn"))
        XCTAssertTrue(da.contains("I alt Jens"))
        XCTAssertTrue(da.contains("3.883,09"))
        XCTAssertFalse(da.contains("DAYWORK"))
        let html = try render(.html, .da)
        XCTAssertTrue(html.contains("<h2>Timeløn</h2>"))
        XCTAssertTrue(html.contains("<td class=\"num\">1.466,59</td>"))
        let csv = try render(.csv, .da)
        XCTAssertTrue(csv.contains("\r\nTimeløn\r\n"), csv)
        XCTAssertTrue(csv.contains(";Navn;Type;Timer;Timepris;Beløb;"), csv)
        XCTAssertTrue(csv.contains("1;Jens;vejrlig;7,50;250,00;1875,00;2026-05-04;regn\r\n"), csv)
        XCTAssertTrue(csv.contains(";I alt Jens;;14,83;;3341,59;;\r\n"), csv)
        XCTAssertTrue(csv.contains(";Timeløn i alt;;17,83;;3883,09;;\r\n"), csv)

        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try render(.json, .en).utf8)) as? [String: Any])
        XCTAssertEqual(json["dayworkTotal"] as? String, "3883.09")
        let entries = try XCTUnwrap(json["daywork"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 3)
        XCTAssertEqual(entries[2]["hours"] as? String, "7:20")
        XCTAssertEqual(entries[2]["amount"] as? String, "1466.59")
        XCTAssertEqual(entries[2]["kind"] as? String, "daywork")
        XCTAssertEqual(entries[0]["kind"] as? String, "weather")
        XCTAssertEqual(Set(entries[0].keys), ["id", "worker", "kind", "hours", "rate", "amount", "date", "note"])
        // The pool and the shares in the JSON are those without daywork.
        XCTAssertEqual(json["pool"] as? String, "1000.00")
    }

    func testReportsWithoutDayworkAreAsBefore() throws {
        var p = try Self.project()
        p.daywork = []
        p.nextIds["daywork"] = nil
        for f in ReportFormat.allCases where f != .pdf && f != .xlsx {
            for l in Language.allCases {
                let bytes = try RenderedReport(p, format: f, language: l, photo: { _ in nil }).render().bytes
                let text = String(decoding: bytes, as: UTF8.self)
                for word in ["daywork", "Daywork", "DAYWORK", "Timeløn", "TIMELØN"] { XCTAssertFalse(text.contains(word), "\(f) \(l)") }
            }
        }
        XCTAssertFalse(String(decoding: try ProjectCodec.encode(p), as: UTF8.self).contains("daywork"), "the file keeps its members")
        let book = try XLSXReader(try ReportXLSX.render(ProjectHead(p), FinalAccounting(p), language: .en, entries: .stored))
        XCTAssertEqual(book.sheetNames, ["Lines", "Team", "Summary"])
    }

    func testTheWorkbookHasADayworkSheetWithFormulas() throws {
        let p = try Self.project()
        let book = try XLSXReader(try ReportXLSX.render(ProjectHead(p), FinalAccounting(p), language: .da, entries: .stored))
        XCTAssertEqual(book.sheetNames, ["Linjer", "Sjak", "Opgørelse", "Timeløn"])
        XCTAssertEqual(book.formula("Timeløn", "H2"), "ROUND(F2*G2,2)")
        XCTAssertEqual(book.decimal("Timeløn", "H2"), Decimal(string: "1875"))
        XCTAssertEqual(book.decimal("Timeløn", "H3"), Decimal(string: "1466.59"))
        XCTAssertEqual(book.formula("Timeløn", "H4"), "SUM(H2:H3)")
        XCTAssertEqual(book.decimal("Timeløn", "H4"), Decimal(string: "3341.59"))
        XCTAssertEqual(book.decimal("Timeløn", "H8"), Decimal(string: "3883.09"))
        XCTAssertGreaterThanOrEqual(try book.recalculateAll(), 7)
    }

    func testTheFileRoundTripsAndEveryFieldIsChecked() throws {
        let p = try Self.project()
        let bytes = try ProjectCodec.encode(p)
        XCTAssertEqual(try ProjectCodec.decode(bytes, source: "t.json"), p)
        XCTAssertEqual(try ProjectCodec.encode(try ProjectCodec.decode(bytes, source: "t.json")), bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("\"daywork\": 4"), "nextIds counts daywork")
        func problems(_ replace: String, with: String) -> String {
            let bad = text.replacingOccurrences(of: replace, with: with)
            XCTAssertNotEqual(bad, text, replace)
            do { _ = try ProjectCodec.decode(Array(bad.utf8), source: "t.json"); return "" } catch { return "\(error)" }
        }
        let cases: [(String, String, String)] = [
            ("\"kind\": \"weather\"", "\"kind\": \"storm\"", "daywork[0].kind: \"storm\" is not daywork, sick, weather or other"),
            ("\"worker\": \"mads\", \"kind\"", "\"worker\": \"ole\", \"kind\"", "daywork[1].worker: no worker \"ole\""),
            ("\"amount\": \"541.50\"", "\"amount\": \"541.51\"", "daywork[1].amount: is 541.51 but hours × rate is 541.50"),
            ("\"rate\": \"180.50\"", "\"rate\": \"-180.50\"", "daywork[1].rate"),
            ("\"hours\": \"3\", \"rate\"", "\"hours\": \"3x\", \"rate\"", "daywork[1].hours"),
            ("\"daywork\": 4", "\"daywork\": 2", "daywork[2].id: id 3 is not below nextIds.daywork"),
            ("\"note\": \"regn\"", "\"note\": \"regn\", \"extra\": 1", "daywork[0]"),
        ]
        for (old, new, expected) in cases {
            let message = problems(old, with: new)
            XCTAssertTrue(message.contains(expected), "\(new): \(message)")
        }
    }

    func testAddRemoveUndoAndHistory() throws {
        let directory = try TemporaryDirectory.make(prefix: "akkord-daywork")
        defer { TemporaryDirectory.remove(directory) }
        let ws = Workspace(store: Store(directory: directory, lockTimeout: 1), clock: Clock(seconds: 1_780_000_000), command: "t")
        _ = try ws.createProject(name: "Job", details: .init())
        _ = try ws.addWorker(name: "Jens Hansen", apprentice: false, rate: nil)
        let before = try FileIO.read("\(directory)/projects/job.json", limit: Store.maximumFileBytes)
        let added = try ws.addDaywork(worker: "jens", hours: Hours(parsing: "7:30"), rate: UnitPrice(parsing: "250"), kind: .weather, date: "2026-05-04", note: "")
        XCTAssertEqual(added.value.amount.plain, "1875.00")
        XCTAssertEqual(added.value.id, 1)
        XCTAssertEqual(try ws.project().history.last?.changes, ["daywork 1 added: jens-hansen weather 7.5 h × 250.00 = 1875.00 on 2026-05-04"])
        XCTAssertEqual(HistoryText.text(try XCTUnwrap(ws.project().history.last?.details?.first), .da),
                       "timeløn 1 tilføjet: jens-hansen vejrlig 7:30 (7,50 t) × 250,00 = 1.875,00 den 2026-05-04")
        XCTAssertThrowsError(try ws.removeWorker("jens")) { XCTAssertEqual($0 as? AkkordError, .workerHasDaywork(Worker(id: "jens-hansen", name: "Jens Hansen"), entries: 1)) }
        let step = try ws.undo()
        XCTAssertEqual(step.value.undone.command, "t")
        XCTAssertTrue(try ws.project().daywork.isEmpty)
        XCTAssertEqual(try ws.project().nextIds["daywork"], 2, "ids are never reused")
        _ = before
        let again = try ws.addDaywork(worker: "jens", hours: Hours(parsing: "2"), rate: UnitPrice(parsing: "100"), date: nil, note: "n")
        XCTAssertEqual(again.value.id, 2)
        XCTAssertEqual(again.value.kind, .daywork)
        let removed = try ws.removeDaywork(2)
        XCTAssertEqual(removed.value.amount.plain, "200.00")
        XCTAssertTrue(try ws.project().daywork.isEmpty)
        XCTAssertThrowsError(try ws.removeDaywork(2)) { XCTAssertEqual($0 as? AkkordError, .entryNotFound(.daywork, id: 2, project: "job")) }
        XCTAssertThrowsError(try ws.addDaywork(worker: "ole", hours: Hours(parsing: "2"), rate: UnitPrice(parsing: "100"), date: nil, note: ""))
        // The history round-trips through the file's reader.
        let p = try ws.project()
        XCTAssertEqual(try ProjectCodec.decode(try ProjectCodec.encode(p), source: "x"), p)
    }

    func testABundleThatDiffersInDayworkSaysSo() throws {
        let stored = try Self.project()
        var incoming = stored
        incoming.daywork.removeLast()
        let d = try ProjectDifference(stored: stored, incoming: incoming)
        XCTAssertEqual(d.otherParts, ["daywork"])
        XCTAssertEqual(d.totalBefore, d.totalAfter, "the piecework is the same")
        XCTAssertTrue(BundleText.difference(d, source: "b.akkord", language: .da).contains("timeløn"))
    }

    func testDanishKindWords() {
        XCTAssertEqual(DayworkEntry.Kind(word: "vejrlig"), .weather)
        XCTAssertEqual(DayworkEntry.Kind(word: "Dagløn"), .daywork)
        XCTAssertEqual(DayworkEntry.Kind(word: "syg"), .sick)
        XCTAssertEqual(DayworkEntry.Kind(word: "andet"), .other)
        XCTAssertEqual(DayworkEntry.Kind(word: "other"), .other)
        XCTAssertNil(DayworkEntry.Kind(word: "storm"))
    }

    /// Random projects (seeded: AKKORD_SEED replays one): adding daywork never changes the
    /// total, the pool, the shares or the balances, and its total is Σ round2(hours × rate),
    /// worked out here in whole numbers.
    func testDayworkNeverChangesThePiecework() throws {
        let seed = ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        defer { reportSeedOnFailure(seed) }
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        for run in 0..<Fixtures.rounds(60, thorough: 600) {
            var p = Project(id: "r\(run)", name: "Random \(run)")
            for i in 0..<Int.random(in: 0...8, using: &rng) {
                _ = p.addLine(Activity(pos: "\(i + 1).01", name: "Ydelse", unit: "m2", price: UnitPrice(raw: Int64.random(in: 1...9_999_999, using: &rng))),
                              quantity: Quantity(raw: Int64.random(in: 1...999_999, using: &rng)), date: nil)
            }
            var workers: [String] = []
            for w in 0..<Int.random(in: 1...4, using: &rng) {
                let apprentice = Int.random(in: 0..<4, using: &rng) == 0
                let (worker, _) = p.addWorker(name: "Svend \(w)", apprentice: apprentice,
                                              rate: apprentice ? UnitPrice(raw: Int64.random(in: 500_000...2_000_000, using: &rng)) : nil)
                workers.append(worker.id)
                for _ in 0..<Int.random(in: 0...3, using: &rng) {
                    let raw = Bool.random(using: &rng) ? 50 * Int64.random(in: 1...600, using: &rng) : 3 * Int64.random(in: 1...12_000, using: &rng)
                    _ = try p.addHours(worker: worker.id, hours: Hours(raw: raw), date: nil, note: "")
                }
                if Bool.random(using: &rng) {
                    _ = try p.addAdvance(worker: worker.id, amount: Money(raw: Int64.random(in: 1...1_000_000, using: &rng)), date: nil, note: "")
                }
            }
            if Bool.random(using: &rng) { _ = try p.addSupplement(name: "T", percent: Percent(raw: Int64.random(in: -20_000...40_000, using: &rng))) }
            let without = try FinalAccounting(p)
            var expectedTotal: Int128 = 0
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let raw = Bool.random(using: &rng) ? 50 * Int64.random(in: 1...600, using: &rng) : 3 * Int64.random(in: 1...12_000, using: &rng)
                let rate = Int64.random(in: 0...50_000_000, using: &rng)
                // round2(raw/3000 h × rate/10^4 kr) in øre: raw × rate / 300,000, half away from zero.
                expectedTotal += (Int128(raw) * Int128(rate) * 2 + 300_000) / 600_000
                let kind = DayworkEntry.Kind.allCases.randomElement(using: &rng)!
                _ = try p.addDaywork(worker: workers.randomElement(using: &rng)!, kind: kind, hours: Hours(raw: raw), rate: UnitPrice(raw: rate),
                                     date: nil, note: "")
            }
            let with = try FinalAccounting(p)
            let label = "seed \(seed) run \(run)"
            XCTAssertEqual(with.total, without.total, label)
            XCTAssertEqual(with.pool, without.pool, label)
            XCTAssertEqual(with.team, without.team, label)
            XCTAssertEqual(with.warnings, without.warnings, label)
            XCTAssertEqual(with.hourlyEarnings, without.hourlyEarnings, label)
            XCTAssertEqual(Int128(with.daywork.total.raw), expectedTotal, label)
            XCTAssertEqual(with.daywork.entries.count, p.daywork.count, label)
            XCTAssertEqual(ProjectRules.problems(p).map(\.description), [], label)
            XCTAssertEqual(try ProjectCodec.decode(try ProjectCodec.encode(p), source: label), p, label)
            if testRun?.failureCount ?? 0 > 0 { break }
        }
    }
}
