import Foundation
import XCTest
@testable import AkkordKit

/// Random edit sequences through `Workspace`, against a reference project kept by hand in the
/// test: after every step the saved file decodes to exactly the reference value, a refused
/// change leaves the file byte for byte as it was, and `check` finds nothing wrong.
/// Seeded; set AKKORD_SEED to replay a failure (the seed is printed when one fails).
final class WorkspacePropertyTests: XCTestCase {
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func runSequence(_ rng: inout SplitMix64, steps: Int, label: String) throws {
        let directory = try TemporaryDirectory.make(prefix: "akkord-prop")
        defer { TemporaryDirectory.remove(directory) }
        let clock = Clock(seconds: 1_780_000_000)
        let ws = Workspace(store: Store(directory: directory, lockTimeout: 1), clock: clock, command: "prop")
        let catalogue = try BundledCatalogue.load()
        _ = try ws.createProject(name: "Job", details: .init())
        var reference = try ws.project()
        let file = "\(directory)/projects/job.json"

        func number<N: FixedPointNumber>(_ rng: inout SplitMix64, _ max: Int64) -> N { N(raw: Int64.random(in: 1...max, using: &rng)) }

        for step in 0..<steps {
            let before = try FileIO.read(file, limit: Store.maximumFileBytes)
            var expected = reference
            var changes: [HistoryChange] = []
            var modelError: Error?
            var action: (() throws -> Void)?
            let ids = reference.lines.map(\.id)
            let someLine = ids.randomElement(using: &rng) ?? 1
            let workerRef = reference.workers.randomElement(using: &rng)?.id ?? "nobody"
            do {
                switch Int.random(in: 0..<12, using: &rng) {
                case 0, 1:
                    let a = catalogue.activities.randomElement(using: &rng)!
                    let q: Quantity = number(&rng, 2_000_000)
                    action = { _ = try ws.addLine(.init(source: .catalogue(pos: a.pos), quantity: q)) }
                    (_, changes) = expected.addCatalogueLine(a, from: catalogue, quantity: q, note: "", date: clock.today, section: nil)
                case 2:
                    // Sometimes far too large: the workspace must refuse it.
                    let big = Bool.random(using: &rng)
                    let price: UnitPrice = number(&rng, big ? UnitPrice.maximumRaw : 10_000_000)
                    let q: Quantity = number(&rng, big ? Quantity.maximumRaw : 100_000)
                    action = { _ = try ws.addLine(.init(source: .custom(name: "Custom", unit: "m2", price: price), quantity: q, note: "n", date: "2026-01-02")) }
                    (_, changes) = expected.addCustomLine(name: "Custom", unit: "m2", price: price, quantity: q, note: "n", date: "2026-01-02", section: nil)
                case 3:
                    let q: Quantity = number(&rng, 500_000)
                    action = { _ = try ws.editLine(someLine, quantity: q, note: "edited") }
                    changes = try expected.editLine(someLine, quantity: q, note: "edited", price: nil)
                case 4:
                    action = { _ = try ws.removeLines([someLine]) }
                    changes = try expected.removeLines([someLine])
                case 5:
                    let apprentice = Int.random(in: 0..<4, using: &rng) == 0
                    let rate: UnitPrice? = apprentice ? number(&rng, 2_000_000) : nil
                    action = { _ = try ws.addWorker(name: "Worker \(step)", apprentice: apprentice, rate: rate) }
                    (_, changes) = expected.addWorker(name: "Worker \(step)", apprentice: apprentice, rate: rate)
                case 6:
                    // As typed: whole thousandths (raw × 3) or whole minutes (raw × 50).
                    let step = Bool.random(using: &rng) ? Int64(3) : 50
                    let h = Hours(raw: step * Int64.random(in: 1...(40 * Hours.unitsPerHour / step), using: &rng))
                    action = { _ = try ws.addHours(worker: workerRef, hours: h, date: nil, note: "") }
                    (_, changes) = try expected.addHours(worker: workerRef, hours: h, date: clock.today, note: "")
                case 7:
                    if Bool.random(using: &rng) {
                        let m: Money = number(&rng, 1_000_000)
                        action = { _ = try ws.addAdvance(worker: workerRef, amount: m, date: "2026-02-03", note: "a") }
                        (_, changes) = try expected.addAdvance(worker: workerRef, amount: m, date: "2026-02-03", note: "a")
                    } else {
                        // Aconto by the hour: whole thousandths of an hour × a rate.
                        let h = Hours(raw: 3 * Int64.random(in: 1...60_000, using: &rng))
                        let r: UnitPrice = number(&rng, 5_000_000)
                        action = { _ = try ws.addAdvance(worker: workerRef, payment: .hourly(hours: h, rate: r), date: "2026-02-03", note: "a") }
                        (_, changes) = try expected.addAdvance(worker: workerRef, hours: h, rate: r, date: "2026-02-03", note: "a")
                    }
                case 8:
                    // Percent in −150 … 1100 %: outside −100 … 1000 is refused by the rules.
                    let pct = Percent(raw: Int64.random(in: -150_000...1_100_000, using: &rng))
                    // Half the time on chosen lines (ids 1…6, some of which may not exist: refused).
                    let scope = Bool.random(using: &rng) ? Supplement.Scope.all
                        : Supplement.Scope(lines: Array(Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 1...6, using: &rng) }).sorted()))
                    action = { _ = try ws.addSupplement(name: "S", percent: pct, scope: scope) }
                    (_, changes) = try expected.addSupplement(name: "S", percent: pct, scope: scope)
                case 9:
                    let amount: Money = number(&rng, 500_000)
                    action = { _ = try ws.addExtraWork(text: "Extra", pricing: .amount(amount)) }
                    (_, changes) = expected.addExtraWork(text: "Extra", pricing: .amount(amount))
                case 10:
                    let id = Int.random(in: 1...3, using: &rng)
                    action = { _ = try ws.removeHours(id) }
                    let removed = try expected.removeEntry(\.hours, id: id, kind: .hours)
                    changes = [.hoursRemoved(id: id, worker: removed.worker, hours: removed.hours)]
                    XCTAssertEqual(changes.map(\.text), ["hours \(id) removed: \(removed.worker) \(removed.hours.plain) h"])
                default:
                    let closing = reference.status == .open
                    expected.status = closing ? .closed : .open
                    action = { _ = closing ? try ws.closeProject() : try ws.reopenProject() }
                    changes = [.statusChanged(old: reference.status, new: expected.status)]
                    XCTAssertEqual(changes.map(\.text), [closing ? "status: open → closed" : "status: closed → open"])
                }
            } catch {
                modelError = error   // the reference refuses it; the workspace must refuse it too
            }
            // What the reference expects: refused by the model, by a closed project, or by the rules.
            let isStatusChange = changes.first?.kind == .statusChanged
            let refusedByClosed = reference.status == .closed && !isStatusChange
            let refusedByRules = !ProjectRules.problems(expected).isEmpty
            let shouldSucceed = modelError == nil && !refusedByClosed && !refusedByRules

            guard let action else { return XCTFail("\(label), step \(step): no action") }
            if shouldSucceed {
                expected.history.append(HistoryEntry(time: clock.timestamp, command: "prop", described: changes))
                XCTAssertNoThrow(try action(), "\(label), step \(step)")
                reference = expected
            } else {
                XCTAssertThrowsError(try action(), "\(label), step \(step): expected a refusal") { error in
                    if refusedByClosed { XCTAssertEqual(error as? AkkordError, .projectClosed("job"), "\(label), step \(step)") }
                    else if modelError != nil { XCTAssertEqual("\(error)", "\(modelError!)", "\(label), step \(step)") }
                    else if case AkkordError.invalidChange = error {} else { XCTFail("\(label), step \(step): \(error)") }
                }
                XCTAssertEqual(try FileIO.read(file, limit: Store.maximumFileBytes), before, "\(label), step \(step): a refused change wrote")
            }
            let saved = try ProjectCodec.decode(try FileIO.read(file, limit: Store.maximumFileBytes), source: file)
            XCTAssertEqual(saved, reference, "\(label), step \(step)")
            XCTAssertEqual(try ws.check().problems, [], "\(label), step \(step)")
            if saved != reference { return }
        }
    }
}
