import Foundation
import XCTest
@testable import AkkordKit

/// `store.json`'s `currentIfMissing`: the current project while the file `currentProject` names
/// is not there, so a change stopped between store.json and the project file it makes or deletes
/// leaves the current project matching the files.
final class StoreStateTests: XCTestCase {
    func testTheCurrentProjectFollowsTheFiles() throws {
        let directory = try TemporaryDirectory.make(prefix: "akkord-state")
        defer { TemporaryDirectory.remove(directory) }
        let store = Store(directory: directory)
        try store.ensureDirectory(store.projectsDirectory)
        try store.ensureDirectory(store.temporaryDirectory)
        func make(_ id: String) throws { try store.writeProject(Project(id: id, name: id)) }
        try make("old")
        // `project new` stopped after store.json: the new file is not there, the old one is current.
        try store.saveState(Store.State(currentProject: "new"), ifMissing: .some("old"))
        XCTAssertEqual(try store.loadState().currentProject, "old")
        try make("new")
        XCTAssertEqual(try store.loadState().currentProject, "new")
        // `project delete` of the current one, stopped after the file went: what follows is current.
        try store.saveState(Store.State(currentProject: "new"), ifMissing: .some(nil))
        XCTAssertEqual(try store.loadState().currentProject, "new")
        XCTAssertEqual(unlink(store.projectFile("new")), 0)
        XCTAssertNil(try store.loadState().currentProject)
        try store.saveState(Store.State(currentProject: "new"), ifMissing: .some("old"))
        XCTAssertEqual(try store.loadState().currentProject, "old")
        // The fallback must exist too; without `currentIfMissing` a missing project stays named
        // (check reports it: a store.json akkord did not write so).
        try store.saveState(Store.State(currentProject: "new"), ifMissing: .some("gone"))
        XCTAssertNil(try store.loadState().currentProject)
        try store.saveState(Store.State(currentProject: "new"))
        XCTAssertEqual(try store.loadState().currentProject, "new")
        XCTAssertFalse(String(decoding: try XCTUnwrap(store.readFile(store.stateFile)), as: UTF8.self).contains("currentIfMissing"))
    }
}
