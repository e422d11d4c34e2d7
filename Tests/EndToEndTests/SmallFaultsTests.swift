import Foundation
import XCTest

/// Issue 26, point 12: completion stays silent whatever the words so far; a relative HOME is no
/// home; a re-imported bundle mends a damaged photo; a due date never leaves the four-digit years.
final class SmallFaultsTests: EndToEndCase {
    func testCompletionIsSilentOnBadGlobalOptions() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3").status, 0)
        for words in [["__complete", "-p"], ["-p", "\u{1B}", "__complete", "project", ""], ["--lang", "xx", "__complete", "project", ""],
                      ["__complete", "--lang", "xx", "project", ""]] {
            let r = try akkord.run(words)
            XCTAssertEqual(r.status, 0, "\(words)")
            XCTAssertEqual(r.stderr, "", "\(words)")
            XCTAssertEqual(r.stdout, "", "\(words)")
        }
        let good = try akkord.run("__complete", "project", "")
        XCTAssertEqual(good.stdout, "tagvej-3\n", "the same words without the bad option are completed")
    }

    func testARelativeHomeIsNoHome() throws {
        let work = akkord.outsideFile("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = Akkord.binary
        process.currentDirectoryURL = work
        process.arguments = ["--store", akkord.store.path, "config", "set", "lang", "da"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": "relative", "NO_COLOR": "1"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1, text)
        XCTAssertTrue(text.hasPrefix("error: there is no place for the config file: neither XDG_CONFIG_HOME nor HOME is set to an absolute path"), text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), [], "nothing written under the working folder")
    }

    func testAReimportedBundleMendsADamagedPhoto() throws {
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/photos/roof.jpg")
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3").status, 0)
        XCTAssertEqual(try akkord.run("photo", "add", photo.path).status, 0)
        let bundle = akkord.outsideFile("p.akkord")
        XCTAssertEqual(try akkord.run("project", "export", "-o", bundle.path).status, 0)
        let photos = akkord.store.appendingPathComponent("photos")
        let stored = photos.appendingPathComponent(try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: photos.path).first))
        var bytes = try Data(contentsOf: stored)
        bytes[100] ^= 0xFF
        try bytes.write(to: stored)
        XCTAssertEqual(try akkord.run("check").status, 65, "the damage is seen")
        let r = try akkord.run("project", "import", bundle.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("1 photo files it uses were missing from the store or damaged and are restored"), r.stdout)
        XCTAssertEqual(try Data(contentsOf: stored), try Data(contentsOf: photo))
        XCTAssertEqual(try akkord.run("check").status, 0)
    }

    func testNoDueDateAfterTheYear9999() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3", "--start", "9999-12-01").status, 0)
        XCTAssertEqual(try akkord.run("project", "edit", "--end", "9999-12-31").status, 0)
        let r = try akkord.run("project", "list", "--json")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains("10000-"), r.stdout)
        let projects = try XCTUnwrap((r.json as? [String: Any])?["projects"] as? [[String: Any]])
        XCTAssertTrue(projects.first?["due"] is NSNull, "\(projects)")
        XCTAssertFalse(try akkord.run("project", "list").stdout.contains("10000-"))
    }

    /// A trash entry with a bad id names that problem once (the reader and the rules both named it).
    func testATrashProblemIsNamedOnce() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3").status, 0)
        XCTAssertEqual(try akkord.run("project", "new", "Anden").status, 0)
        XCTAssertEqual(try akkord.run("project", "delete", "tagvej-3", "--yes").status, 0)
        let entry = akkord.store.appendingPathComponent("trash/tagvej-3.json")
        let text = try String(contentsOf: entry, encoding: .utf8)
        try text.replacingOccurrences(of: "\"id\": \"tagvej-3\"", with: "\"id\": \"Tag\\u009bvej\"").write(to: entry, atomically: true, encoding: .utf8)
        let r = try akkord.run("project", "list", "--trash", "--json")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.components(separatedBy: "is not a valid project id").count - 1, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains(#"id: \"Tag\\u{9B}vej\" is not a valid project id"#), r.stdout)
    }
}
