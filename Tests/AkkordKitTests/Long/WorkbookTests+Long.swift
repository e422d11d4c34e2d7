import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import AkkordKit

// The long part of WorkbookTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension WorkbookTests {
    /// A sheet longer than what is held back is written as its rows come: the rows wait only
    /// until `Workbook.streamAfter` bytes, then go straight into the archive.
    func testABigSheetStreams() throws {
        let out = ByteOutput()
        var book = Workbook(title: "t", footer: "page &P of &N", to: out, entries: .stored)
        let sheet = try book.addSheet("Rows")
        let other = try book.addSheet("Other")
        book.setWidth(12, column: 1, in: sheet)
        var heldMost = 0
        for i in 0..<20_000 {
            try book.append([.number(Workbook.Number(i), .integer), .text("row \(i) of a long sheet")], to: sheet)
            heldMost = max(heldMost, book.progress(of: sheet).heldBack)
        }
        XCTAssertLessThan(heldMost, Workbook.streamAfter + 200)
        XCTAssertTrue(book.progress(of: sheet).streaming)
        try book.append([.text("after")], to: other)
        XCTAssertTrue(book.progress(of: sheet).done, "the next sheet's first row completes the one before")
        try book.finish()
        try out.flush()
        let read = try XLSXReader(out.bytes)
        XCTAssertEqual(read.decimal("Rows", "A20000"), 19_999)
        XCTAssertEqual(read.text("Rows", "B1"), "row 0 of a long sheet")
        XCTAssertEqual(read.text("Other", "A1"), "after")
    }
}

extension WorkbookTests {
    /// Random projects (seeded): lines, hours by the minute and by the thousandth, apprentices,
    /// scoped supplements, extra work by the hour; every formula recalculates to akkord's figure.
    func testRandomProjectsRecalculateToAkkordsFigures() throws {
        let seed = ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? 20_260_504
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        for run in 0..<40 {
            var p = Project(id: "r\(run)", name: "Random \(run)")
            let sections = ["Tagpap", "Render", ""]
            for i in 0..<Int.random(in: 1...12, using: &rng) {
                _ = p.addLine(Activity(pos: "\(i + 1).0\(i % 7)", name: "Ydelse \(i)", unit: "m2",
                                       price: UnitPrice(raw: Int64.random(in: 1...9_999_999, using: &rng)),
                                       section: sections[Int.random(in: 0..<3, using: &rng)]),
                              quantity: Quantity(raw: Int64.random(in: 1...999_999, using: &rng)), date: nil)
            }
            for w in 0..<Int.random(in: 0...4, using: &rng) {
                let apprentice = Int.random(in: 0..<4, using: &rng) == 0
                let (worker, _) = p.addWorker(name: "Svend \(w)", apprentice: apprentice,
                                              rate: apprentice ? UnitPrice(raw: Int64.random(in: 500_000...2_000_000, using: &rng)) : nil)
                for _ in 0..<Int.random(in: 0...3, using: &rng) {
                    // whole minutes (multiples of 50) or thousandths (multiples of 3)
                    let raw = Bool.random(using: &rng) ? 50 * Int64.random(in: 1...600, using: &rng) : 3 * Int64.random(in: 1...12_000, using: &rng)
                    _ = try p.addHours(worker: worker.id, hours: Hours(raw: raw), date: nil, note: "")
                }
                if Bool.random(using: &rng) {
                    _ = try p.addAdvance(worker: worker.id, amount: Money(raw: Int64.random(in: 1...1_000_000, using: &rng)), date: nil, note: "")
                }
            }
            for s in 0..<Int.random(in: 0...3, using: &rng) {
                let percent = Percent(raw: Int64.random(in: -20_000...40_000, using: &rng))
                let scope = Bool.random(using: &rng) ? Supplement.Scope.all : Supplement.Scope(lines: [1 + s % p.lines.count])
                _ = try p.addSupplement(name: "Tillæg \(s)", percent: percent, scope: scope)
            }
            if Bool.random(using: &rng) {
                _ = p.addExtraWork(text: "Ekstra", pricing: .hourly(hours: Hours(raw: 50 * Int64.random(in: 1...500, using: &rng)),
                                                                    rate: UnitPrice(raw: Int64.random(in: 1...5_000_000, using: &rng))))
            }
            let a = try FinalAccounting(p)
            let book = try XLSXReader(try ReportXLSX.render(ProjectHead(p), a, language: .en, entries: .stored))
            _ = try book.recalculateAll(label: "seed \(seed) run \(run)")
            // The shares add up to the pool, in the sheet as in akkord.
            if a.isSplit {
                let shares = a.team.enumerated().filter { !$0.element.worker.apprentice }
                    .map { book.decimal("Team", "F\($0.offset + 2)") ?? -1 }
                XCTAssertEqual(shares.reduce(0, +), Decimal(string: a.pool.plain), "seed \(seed) run \(run)")
            }
        }
    }
}
