import XCTest
@testable import AkkordKit
@testable import AkkordStore

/// The store shared through git (SPEC §14), what needs no git: the layout an incoming commit may
/// hold, the current project kept on this machine, and a store that needs a newer akkord. The
/// sync itself runs git and is tested in checks/acceptance/sync.sh.
final class StoreSharingTests: XCTestCase {
    func testTheLayoutAnIncomingCommitMayHold() {
        let hash = String(repeating: "ab", count: 32)
        let inside: [(String, StoreSharing.Place)] = [
            ("store.json", .state), ("catalogue.json", .catalogue), (".gitignore", .gitFile), (".gitattributes", .gitFile),
            ("projects/vestergade-12.json", .project("vestergade-12")), ("trash/a.json", .trash("a")), ("trash/a.2.json", .trash("a")),
            ("photos/\(hash).jpg", .photo), ("photos/\(hash).png", .photo),
            ("catalogue-history/2026-03-01T10-00-00Z-2026.json", .catalogueHistory),
        ]
        for (path, place) in inside { XCTAssertEqual(StoreSharing.place(of: path), place, path) }
        let outside = ["hooks/post-merge", "projects/Evil.json", "projects/a/b.json", "projects/.x.json", "projects/a.txt",
                       "trash/a.1.json", "trash/a.02.json", "photos/\(hash).gif", "photos/\(hash.uppercased()).jpg", "photos/abc.jpg",
                       "local.json", ".lock", "undo/a/1.json", "tmp/x", ".project-list", "projects/.gitattributes",
                       "catalogue-history/.hidden.json", "../x.json", "store.json/x"]
        for path in outside { XCTAssertNil(StoreSharing.place(of: path), path) }
    }

    func testTheDriverCommandQuotesThePath() {
        XCTAssertEqual(StoreSharing.driverCommand(executable: "/opt/akkord/bin/akkord"), "'/opt/akkord/bin/akkord' merge-driver %O %A %B %P")
        XCTAssertEqual(StoreSharing.driverCommand(executable: "/home/o'brien/akkord"), "'/home/o'\\''brien/akkord' merge-driver %O %A %B %P")
    }

    func testTheCurrentProjectIsKeptLocallyOnceTheStoreHasLocalJSON() throws {
        let directory = try TemporaryDirectory.make(prefix: "akkord-sharing")
        defer { TemporaryDirectory.remove(directory) }
        let store = Store(directory: directory)
        try store.ensureDirectory(store.projectsDirectory)
        try store.ensureDirectory(store.temporaryDirectory)
        try store.writeProject(Project(id: "a", name: "A"))
        try store.writeProject(Project(id: "b", name: "B"))
        // An older store: store.json holds it.
        try store.saveState(Store.State(currentProject: "a"))
        XCTAssertEqual(try store.loadState().currentProject, "a")
        XCTAssertTrue(String(decoding: try XCTUnwrap(store.readFile(store.stateFile)), as: UTF8.self).contains("\"currentProject\": \"a\""))
        // Shared: store.json as git shares it, the current project in local.json.
        try store.write(Store.sharedStateBytes, to: store.stateFile)
        try store.write(Array("{\"format\": \"akkord-local\", \"version\": 1, \"currentProject\": \"a\"}".utf8), to: store.localStateFile)
        try store.saveState(Store.State(currentProject: "b"))
        XCTAssertEqual(try store.loadState().currentProject, "b")
        XCTAssertEqual(try store.readFile(store.stateFile), Store.sharedStateBytes, "store.json is not written")
        XCTAssertTrue(String(decoding: try XCTUnwrap(store.readFile(store.localStateFile)), as: UTF8.self).contains("\"currentProject\": \"b\""))
    }

    func testAStoreThatNeedsANewerAkkordIsRefusedBeforeItsFieldsAreRead() throws {
        let directory = try TemporaryDirectory.make(prefix: "akkord-sharing")
        defer { TemporaryDirectory.remove(directory) }
        let store = Store(directory: directory)
        try store.ensureDirectory(store.temporaryDirectory)
        try store.write(Array("{\"format\": \"akkord-store\", \"version\": 1, \"requires\": 2, \"shards\": 4}".utf8), to: store.stateFile)
        XCTAssertThrowsError(try store.loadState()) { error in
            XCTAssertEqual((error as? StoreTooNewError)?.requires, 2, "\(error)")
            XCTAssertTrue((error as? StoreTooNewError)?.phrase.description.hasPrefix("this store needs a newer akkord") == true, "\(error)")
        }
        XCTAssertThrowsError(try store.storeRequirement())
        try store.write(Store.sharedStateBytes, to: store.stateFile)
        XCTAssertEqual(try store.storeRequirement(), 1)
        XCTAssertNil(try store.loadState().currentProject)
    }

    /// A sync that brought in changes ends the undo of a project's earlier steps (SPEC §14), as
    /// `StoreSyncMerge` leaves the store: its steps removed and the sync's mark in `undo/<id>/`.
    /// `undo` then says why; a change made after the sync is undone as usual, and then `undo`
    /// says why again. A mark whose history is not the project's (an id used again) is not believed.
    func testUndoAfterASyncSaysTheSyncEndedIt() throws {
        let store = try makeProjectStore(prefix: "akkord-sharing")
        try store.ensureDirectory(store.temporaryDirectory)
        try store.writeProject(Project(id: "vestergade-12", name: "Vestergade 12"))
        let workspace = Workspace(store: store, clock: Clock(seconds: 1_790_000_000), command: "akkord test", selectedProject: "vestergade-12")
        let line = { (quantity: Int64) in
            Workspace.NewLine(source: .custom(name: "Rygning", unit: "m", price: UnitPrice(raw: 10_000)), quantity: Quantity(raw: quantity * 1000),
                              note: "", date: "2026-11-27", section: "Tag")
        }
        _ = try workspace.addLine(line(1))
        _ = try workspace.addLine(line(2))
        XCTAssertEqual(store.undoStepCounts(of: "vestergade-12"), [0, 1])

        // The sync: what it brought in written, the steps before it gone, its mark left.
        let synced = try ProjectCodec.decode(try XCTUnwrap(store.readFile(store.projectFile("vestergade-12"))), source: "synced")
        _ = store.pruneUndoSteps(of: "vestergade-12", keep: 0)
        try store.markUndoEndedBySync(of: "vestergade-12", time: "2026-11-27T13:03:00Z", historyCount: synced.history.count, last: synced.history.last)
        let ended = UndoEndedBySyncError(project: "vestergade-12", syncTime: "2026-11-27T13:03:00Z")
        XCTAssertThrowsError(try workspace.undo()) { XCTAssertEqual($0 as? UndoEndedBySyncError, ended) }
        XCTAssertThrowsError(try workspace.undo(dryRun: true)) { XCTAssertEqual($0 as? UndoEndedBySyncError, ended) }
        XCTAssertTrue(ended.phrase.description.hasPrefix("nothing to undo in vestergade-12: the sync on 2026-11-27 "), ended.phrase.description)
        XCTAssertTrue(ended.phrase.description.hasSuffix(" brought in changes from the office; earlier steps can no longer be undone"))
        XCTAssertEqual(store.check().problems, [], "check takes the mark as akkord's")

        // A change after the sync is undone; then undo stops at the sync again.
        _ = try workspace.addLine(line(3))
        let undone = try workspace.undo()
        XCTAssertEqual(undone.value.project.lineCount, 2)
        XCTAssertThrowsError(try workspace.undo()) { XCTAssertEqual($0 as? UndoEndedBySyncError, ended) }

        // The project made again under the same id: the mark is not its own.
        try store.writeProject(Project(id: "vestergade-12", name: "Vestergade 12"))
        _ = try workspace.addLine(line(4))
        _ = store.pruneUndoSteps(of: "vestergade-12", keep: 0)
        XCTAssertThrowsError(try workspace.undo()) { XCTAssertTrue($0 is AkkordError, "\($0)") }
    }
}
