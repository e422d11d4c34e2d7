import Foundation
import XCTest

/// `check` knows every file of the store, the trash and the undo steps included, and `check
/// --fix` removes only what nothing could still need (issue 26, points 1 and 7).
final class CheckEveryFileTests: EndToEndCase {
    let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/photos/roof.jpg").path

    func ok(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try akkord.run(arguments)
        XCTAssertEqual(r.status, 0, "\(arguments.joined(separator: " ")): \(r.stderr)", file: file, line: line)
    }

    var photos: [String] { (try? FileManager.default.contentsOfDirectory(atPath: akkord.store.appendingPathComponent("photos").path)) ?? [] }

    /// A project with a photo, whose file is then damaged: the photo must stay, and check says why.
    func testFixKeepsAPhotoWhileAProjectFileDoesNotRead() throws {
        try ok("project", "new", "Tagvej 3")
        try ok("photo", "add", photo)
        XCTAssertEqual(photos.count, 1)
        let file = akkord.store.appendingPathComponent("projects/tagvej-3.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"status\"", with: "\"zzz\": 1, \"status\"").write(to: file, atomically: true, encoding: .utf8)
        let r = try akkord.run("check", "--fix")
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertEqual(photos.count, 1, "the photo the damaged file names is kept")
        XCTAssertTrue(r.stderr.contains("note: 1 photo(s) no readable file uses are kept: \(file.path) does not read"), r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix("1 problem; nothing was changed\n"), r.stderr)
        // Mended, the photo is the project's again: no leftover.
        try text.write(to: file, atomically: true, encoding: .utf8)
        let mended = try akkord.run("check", "--fix")
        XCTAssertEqual(mended.status, 0, mended.stderr)
        XCTAssertEqual(photos.count, 1)
    }

    /// The same with the project deleted (in the trash) and its trash entry damaged.
    func testFixKeepsAPhotoWhileATrashEntryDoesNotRead() throws {
        try ok("project", "new", "Tagvej 3")
        try ok("photo", "add", photo)
        try ok("project", "new", "Anden")
        try ok("project", "delete", "tagvej-3", "--yes")
        let entry = akkord.store.appendingPathComponent("trash/tagvej-3.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: entry.path))
        let clean = try akkord.run("check")
        XCTAssertEqual(clean.status, 0, "a trashed project keeps its photo: \(clean.stderr)")
        try "{\"format\": \"akkord-project\", garbage".write(to: entry, atomically: true, encoding: .utf8)
        // A damaged file moved to the trash as it was (`project delete --force`) is noted, not a problem.
        let r = try akkord.run("check", "--fix")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("note: \(entry.path) in the trash does not read"), r.stderr)
        XCTAssertTrue(r.stderr.contains("note: 1 photo(s) no readable file uses are kept: \(entry.path) does not read"), r.stderr)
        XCTAssertEqual(photos.count, 1, "the photo is kept")
    }

    /// Files of the trash and of undo/ that are not what akkord puts there are problems.
    func testTheTrashAndTheUndoStepsAreChecked() throws {
        try ok("project", "new", "Tagvej 3")
        try ok("add", "1.01", "10")
        try ok("add", "1.01", "5")
        let trash = akkord.store.appendingPathComponent("trash"), steps = akkord.store.appendingPathComponent("undo/tagvej-3")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: steps.path).sorted(), ["1.json", "2.json"])
        XCTAssertEqual(try akkord.run("check").status, 0)
        try FileManager.default.createDirectory(at: trash, withIntermediateDirectories: true)
        let outside = akkord.outsideFile("elsewhere.json")
        try FileManager.default.copyItem(at: akkord.store.appendingPathComponent("projects/tagvej-3.json"), to: outside)
        try FileManager.default.createSymbolicLink(atPath: trash.appendingPathComponent("linked.json").path, withDestinationPath: outside.path)
        try "x".write(to: trash.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try "garbage".write(to: steps.appendingPathComponent("7.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(mkfifo(steps.appendingPathComponent("8.json").path, 0o600), 0)
        // A step of another project filed under this one.
        try ok("project", "new", "Anden")
        try ok("add", "1.01", "1")
        try FileManager.default.copyItem(at: akkord.store.appendingPathComponent("undo/anden/1.json"), to: steps.appendingPathComponent("9.json"))
        let r = try akkord.run("check")
        XCTAssertEqual(r.status, 65, r.stderr)
        let errors = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(errors, [
            "error: \(trash.path)/linked.json: is a symbolic link, not a regular file",
            "error: \(trash.path)/notes.txt: not a trash entry (<id>.json or <id>.<n>.json); akkord did not put it there",
            // What a file is comes before what it holds: the files are listed, then read.
            "error: \(steps.path)/8.json: is a FIFO (named pipe), not a regular file",
            "error: \(steps.path)/7.json: not valid JSON: line 1, column 1: unexpected character 'g'",
            "error: \(steps.path)/9.json: id: is \"anden\", not tagvej-3",
            "error: store \(akkord.store.path): 5 problems; nothing was changed",
        ])
    }
}
