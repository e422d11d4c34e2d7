import Foundation
import XCTest
@testable import AkkordKit

/// The library driven directly, without the binary: every change goes through `Workspace`.
final class WorkspaceTests: XCTestCase {
    var directory = ""
    let clock = Clock(seconds: 1_780_000_000)   // 2026-05-28T20:26:40Z

    override func setUpWithError() throws { directory = try TemporaryDirectory.make(prefix: "akkord-ws") }
    override func tearDown() { TemporaryDirectory.remove(directory) }

    func workspace(_ command: String = "test") -> Workspace {
        Workspace(store: Store(directory: directory, lockTimeout: 1), clock: clock, command: command)
    }

    func fileBytes(_ id: String) -> [UInt8]? { try? FileIO.read("\(directory)/projects/\(id).json", limit: Store.maximumFileBytes) }

    func testAJobFromStartToReport() throws {
        let ws = workspace()
        let created = try ws.createProject(name: "Søndergade 3", details: Project.Details(employer: "Tag & Co", start: "2026-05-04"))
        XCTAssertEqual(created.value.id, "soendergade-3")
        XCTAssertEqual(created.history, ["project \"soendergade-3\" created: Søndergade 3"])
        XCTAssertEqual(try ws.currentProjectId(), "soendergade-3")

        // 12.5 m2 of 1.01 at the sample's 24.80: 310.00 by hand.
        let line = try ws.addLine(.init(source: .catalogue(pos: "1.01"), quantity: try Quantity(parsing: "12,5"), note: "north"))
        XCTAssertEqual(line.value.price.plain, "24.80")
        XCTAssertEqual(line.value.amount.plain, "310.00")
        XCTAssertEqual(line.value.date, clock.today)
        let custom = try ws.addLine(.init(source: .custom(name: "Moss", unit: "m2", price: try UnitPrice(parsing: "19.99")),
                                          quantity: try Quantity(parsing: "3")))
        XCTAssertEqual(custom.value.pos, "X2", "custom lines are numbered by their line id")
        XCTAssertTrue(custom.value.custom)
        XCTAssertEqual(custom.value.amount.plain, "59.97")

        _ = try ws.addWorker(name: "Jens Hansen", apprentice: false, rate: nil)
        _ = try ws.addWorker(name: "Mette", apprentice: false, rate: nil)
        _ = try ws.addHours(worker: "jens", hours: try Hours(parsing: "7:20"), date: nil, note: "")
        _ = try ws.addHours(worker: "mette", hours: try Hours(parsing: "7:20"), date: "2026-05-05", note: "")
        _ = try ws.addAdvance(worker: "mette", amount: try Money(parsing: "100"), date: nil, note: "aconto")

        let p = try ws.project()
        XCTAssertEqual(p.catalogueName, try BundledCatalogue.load().name, "the catalogue a line was priced from is recorded")
        XCTAssertEqual(try p.subtotal.plain, "369.97")
        let a = try FinalAccounting(p)
        // 369.97 split over two equal hour counts: 184.98 and 184.99 (the odd øre to the first listed).
        XCTAssertEqual(a.team.map { $0.share?.plain }, ["184.99", "184.98"])
        XCTAssertEqual(a.team.map { $0.balance?.plain }, ["184.99", "84.98"])
        XCTAssertEqual(p.history.count, 8)
        XCTAssertEqual(p.history.last?.command, "test")
        XCTAssertEqual(p.history.last?.time, clock.timestamp)
        XCTAssertEqual(try ProjectCodec.decode(fileBytes(p.id)!, source: "file"), p, "what is saved reads back as the same value")
        XCTAssertTrue(try ws.check().problems.isEmpty)
    }

    func testRefusedChangesWriteNothing() throws {
        let ws = workspace()
        _ = try ws.createProject(name: "Job", details: .init())
        _ = try ws.addLine(.init(source: .catalogue(pos: "1.01"), quantity: try Quantity(parsing: "1")))
        let price = try UnitPrice(parsing: "9999999.9999")
        _ = try ws.addLine(.init(source: .custom(name: "Big", unit: "m2", price: price), quantity: try Quantity(parsing: "1")))
        let before = fileBytes("job")

        // 9,999,999.999 × 9,999,999.9999 is about 10^14 kroner: more than an amount can be.
        let huge = Workspace.NewLine(source: .custom(name: "X", unit: "m2", price: price), quantity: try Quantity(parsing: "9999999.999"))
        XCTAssertThrowsError(try ws.addLine(huge)) { error in
            guard case AkkordError.invalidChange(let project, let problems) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(project, "job")
            XCTAssertEqual(problems.map(\.place), ["lines[2].amount"])
        }
        XCTAssertThrowsError(try ws.editLine(2, quantity: try Quantity(parsing: "9999999.999"))) { error in
            guard case AkkordError.invalidChange(_, let problems) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.map(\.place), ["lines[1].amount"])
        }
        // 1000 % of a subtotal of 10,000,024.80 is within bounds. A line of 10,000 × 9,999,999.9999
        // = 99,999,999,999.00 is too, but the subtotal 100,010,000,023.80 makes the supplement
        // 1,000,100,000,238.00: more than the largest amount, so the change is refused.
        _ = try ws.addSupplement(name: "Big", percent: try Percent(parsing: "1000"))
        let withSupplement = fileBytes("job")
        XCTAssertThrowsError(try ws.addLine(.init(source: .custom(name: "Y", unit: "m2", price: price), quantity: try Quantity(parsing: "10000")))) { error in
            guard case AkkordError.invalidChange(_, let problems) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.map(\.place), ["supplements[0].percent"])
        }
        XCTAssertEqual(fileBytes("job"), withSupplement)
        _ = try ws.removeSupplement(1)
        let before2 = fileBytes("job")
        XCTAssertThrowsError(try ws.addLine(.init(source: .catalogue(pos: "99.99"), quantity: try Quantity(parsing: "1")))) { error in
            guard case AkkordError.activityNotFound(let pos, _, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(pos, "99.99")
        }
        XCTAssertThrowsError(try ws.removeLines([1, 7])) { XCTAssertEqual($0 as? AkkordError, .lineNotFound(7, project: "job")) }
        XCTAssertThrowsError(try ws.removeHours(3)) { XCTAssertEqual($0 as? AkkordError, .entryNotFound(.hours, id: 3, project: "job")) }
        XCTAssertEqual(fileBytes("job"), before2, "no refused change touched the file")
        XCTAssertNotEqual(before, before2)

        _ = try ws.closeProject()
        let closed = fileBytes("job")
        XCTAssertThrowsError(try ws.addWorker(name: "A", apprentice: false, rate: nil)) {
            XCTAssertEqual($0 as? AkkordError, .projectClosed("job"))
        }
        XCTAssertThrowsError(try ws.closeProject()) { XCTAssertEqual($0 as? AkkordError, .projectAlreadyInStatus("job", .closed)) }
        XCTAssertEqual(fileBytes("job"), closed)
        XCTAssertEqual(try ws.reopenProject().history, ["status: closed → open"])
    }

    /// A removed photo's file stays for `undo`; `check` counts undo steps as users, so it is a
    /// leftover only once no step uses it.
    func testPhotoRemovalKeepsTheFileForUndo() throws {
        let ws = workspace()
        let upload = try PhotoUpload.read(Fixtures.url("photos/roof.jpg").path)
        _ = try ws.createProject(name: "Job", details: .init())
        XCTAssertEqual(try ws.addPhotos([upload], caption: "north").value.map(\.id), [1])
        let stored = "\(directory)/photos/\(upload.storedName)"
        let removed = try ws.removePhoto(1)
        XCTAssertEqual(removed.history, ["photo 1 removed: roof.jpg"])
        XCTAssertTrue(FileIO.exists(stored))
        XCTAssertEqual(ws.store.check().leftovers, [])
        // With the undo steps gone, nothing uses it any more.
        try FileManager.default.removeItem(atPath: "\(directory)/undo")
        XCTAssertEqual(ws.store.check().leftovers.map(\.path), [stored])
    }

    func testDeleteClearsTheCurrentProjectBeforeTheFileGoes() throws {
        let ws = workspace()
        _ = try ws.createProject(name: "A", details: .init())
        XCTAssertThrowsError(try ws.createProject(name: "A", details: .init())) {
            XCTAssertEqual($0 as? AkkordError, .projectNameTaken(name: "A", id: "a", inTrash: false))
        }
        _ = try ws.createProject(name: "A", id: "a-2", details: .init())
        XCTAssertEqual(try ws.currentProjectId(), "a-2")
        XCTAssertEqual(try ws.useProject("a").value.id, "a")
        _ = try ws.deleteProject("a")
        XCTAssertNil(try ws.currentProjectId())
        XCTAssertEqual(try ws.projectListing(rules: { SettlementRules() }).projects.map(\.id), ["a-2"])
        XCTAssertThrowsError(try ws.project()) { XCTAssertEqual($0 as? AkkordError, .noCurrentProject) }
        // "a" is now only the beginning of a-2, which it chooses; a text that begins no id nor name is refused.
        XCTAssertEqual(try ws.useProject("a").value.id, "a-2")
        XCTAssertThrowsError(try ws.useProject("b")) { XCTAssertEqual($0 as? AkkordError, .projectUnknown("b", closest: ["a-2 (A)"])) }
    }
}
