import Foundation
import XCTest
@testable import AkkordKit

final class AccountingTests: XCTestCase {
    /// Builds each scenario of Tests/Fixtures/accounting-scenarios.json through the model's own
    /// operations and compares every figure with the hand-computed one.
    func testHandComputedScenarios() throws {
        let data = try Data(contentsOf: Fixtures.url("accounting-scenarios.json"))
        let scenarios = (try JSONSerialization.jsonObject(with: data) as! [String: Any])["scenarios"] as! [[String: Any]]
        XCTAssertGreaterThanOrEqual(scenarios.count, 8)
        for s in scenarios {
            let name = s["name"] as! String
            var p = Project(id: "t", name: name)
            for l in s["lines"] as! [[String]] {
                _ = p.addLine(Activity(pos: "1", name: "x", unit: "m2", price: try UnitPrice(parsing: l[1]), section: l.count > 2 ? l[2] : ""),
                              quantity: try Quantity(parsing: l[0]), date: nil)
            }
            for sup in s["supplements"] as? [Any] ?? [] {
                if let pair = sup as? [String] { _ = try p.addSupplement(name: pair[0], percent: try Percent(parsing: pair[1])); continue }
                let o = sup as! [String: Any]
                let scope = Supplement.Scope(sections: o["sections"] as? [String] ?? [], lines: o["lines"] as? [Int] ?? [])
                _ = try p.addSupplement(name: o["name"] as! String, percent: try Percent(parsing: o["percent"] as! String), scope: scope)
            }
            for e in s["extra"] as? [[Any]] ?? [] {
                if let amount = e[1] as? String { _ = p.addExtraWork(text: e[0] as! String, pricing: .amount(try Money(parsing: amount))) } else {
                    _ = p.addExtraWork(text: e[0] as! String, pricing: .hourly(hours: try Hours(parsing: e[2] as! String), rate: try UnitPrice(parsing: e[3] as! String)))
                }
            }
            for w in s["workers"] as! [[String: Any]] {
                let apprentice = w["apprentice"] as? Bool ?? false
                let (worker, _) = p.addWorker(name: w["name"] as! String, apprentice: apprentice, rate: try (w["rate"] as? String).map(UnitPrice.init(parsing:)))
                for h in w["hours"] as! [String] { _ = try p.addHours(worker: worker.id, hours: try Hours(parsing: h), date: nil, note: "") }
                for a in w["advances"] as? [Any] ?? [] {
                    if let amount = a as? String { _ = try p.addAdvance(worker: worker.id, amount: try Money(parsing: amount), date: nil, note: ""); continue }
                    let o = a as! [String: String]
                    _ = try p.addAdvance(worker: worker.id, hours: try Hours(parsing: o["hours"]!), rate: try UnitPrice(parsing: o["rate"]!), date: nil, note: "")
                }
            }
            if s["closed"] as? Bool == true { p.status = .closed }

            let a = try FinalAccounting(p)
            let e = s["expect"] as! [String: Any]
            XCTAssertEqual(a.subtotal.plain, e["subtotal"] as? String, name)
            XCTAssertEqual(a.total.plain, e["total"] as? String, name)
            XCTAssertEqual(a.apprenticePay.plain, e["apprenticePay"] as? String, name)
            XCTAssertEqual(a.pool.plain, e["pool"] as? String, name)
            XCTAssertEqual(a.hourlyEarnings?.plain, e["hourlyEarnings"] as? String, name)
            if let sup = e["supplements"] as? [String] { XCTAssertEqual(a.supplements.map(\.amount.plain), sup, name) }
            if let bases = e["supplementBases"] as? [String] { XCTAssertEqual(a.supplements.map(\.base.plain), bases, name) }
            if let ex = e["extraWork"] as? [String] { XCTAssertEqual(a.extraWork.map(\.amount.plain), ex, name) }
            let team = (e["team"] as! [[Any]]).map { row in row.map { $0 as? String } }
            XCTAssertEqual(a.team.map { [$0.worker.name, $0.hours.twoDecimalsPlain, $0.share?.plain, $0.advances.plain, $0.balance?.plain] }, team, name)
            if let w = e["warning"] as? String {
                XCTAssertTrue(a.warnings.contains { $0.text(.en).contains(w) }, "\(name): \(a.warnings)")
            } else {
                XCTAssertEqual(a.warnings, [], name)
            }
            if a.isSplit {
                let journeymen = a.team.filter { !$0.worker.apprentice }.compactMap(\.share)
                XCTAssertEqual(Sum(journeymen).within(), a.pool, "\(name): shares add up to the pool")
            }
        }
    }

    /// For thousands of random teams and pools: shares add up to the pool exactly, and no share
    /// is more than 1 øre from its exact value P × h / H (checked in exact integer arithmetic).
    func testRandomSplitsAddUpAndStayWithinOneOere() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let n = Int.random(in: 1...6, using: &rng)
            let hours = (0..<n).map { _ in Hours(raw: Bool.random(using: &rng) ? Int64.random(in: 0...600_000, using: &rng) : Int64.random(in: 1...50, using: &rng) * 50) }
            guard hours.contains(where: { $0.raw > 0 }) else { continue }
            let pool = Money(raw: Int64.random(in: -5_000_000...500_000_000, using: &rng))
            let shares = TeamShare.split(pool, by: hours)
            XCTAssertEqual(Sum(shares).within(), pool)
            let total = Int128(hours.reduce(0) { $0 + $1.raw })
            for (share, h) in zip(shares, hours) {
                // |share × H − P × h| < H  ⇔  the share is within 1 øre of the exact value
                let diff = Int128(share.raw) * total - Int128(pool.raw) * Int128(h.raw)
                XCTAssertLessThan(diff.magnitude, total.magnitude, "pool \(pool.plain), hours \(hours.map(\.plain))")
                if h.raw == 0 { XCTAssertEqual(share, .zero) }
            }
        }
    }

    func testWorkersByIdOrUniquePrefixAndRemovalRules() throws {
        var p = Project(id: "t", name: "t")
        _ = p.addWorker(name: "Jens Hansen", apprentice: false, rate: nil)
        _ = p.addWorker(name: "Jens Ørsted", apprentice: false, rate: nil)
        XCTAssertEqual(try p.worker("jens-oersted").name, "Jens Ørsted")
        XCTAssertEqual(try p.worker("jens ø").name, "Jens Ørsted")
        XCTAssertEqual(try p.worker("JENS H").id, "jens-hansen")
        XCTAssertThrowsError(try p.worker("jens")) { XCTAssertTrue("\($0)".contains("matches several workers"), "\($0)") }
        _ = try p.addHours(worker: "jens h", hours: Hours(parsing: "1"), date: nil, note: "")
        XCTAssertThrowsError(try p.removeWorker("jens-hansen")) { XCTAssertTrue("\($0)".contains("has 1 hours entry"), "\($0)") }
        let removed = try p.removeWorker("jens-oersted")
        XCTAssertEqual(removed, [.workerRemoved(id: "jens-oersted", name: "Jens Ørsted")])
        XCTAssertEqual(removed.map(\.text), ["worker jens-oersted removed: Jens Ørsted"])
    }
}
