import Foundation
import XCTest

/// Project bundles (SPEC §10) through the built binary: the roofer's store exports, the clerk's
/// store (`akkord`, the one `snapshot()` looks at) imports. Every figure worked out by hand.
final class BundleTests: EndToEndCase {
    var roofer: Akkord!
    let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/photos")
    func fixture(_ name: String) -> String { photos.appendingPathComponent(name).path }

    override func setUpWithError() throws {
        try super.setUpWithError()
        roofer = try Akkord()
    }

    override func tearDown() {
        roofer.cleanUp()
        super.tearDown()
    }

    func ok(_ a: Akkord, _ args: String..., file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try a.run(args)
        XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)", file: file, line: line)
    }

    /// A project with every kind of entry, three photos (roof.jpg twice), exported to `name`.
    func exportFullProject(_ name: String = "roof.akkord") throws -> URL {
        try ok(roofer, "project", "new", "Vestergade 12", "--address", "Vestergade 12, Aarhus", "--employer", "Tag & Co")
        try ok(roofer, "add", "2.01", "12,4*8,2 - 1,2*0,9")
        try ok(roofer, "add", "2.02", "3")
        try ok(roofer, "add", "--custom", "Moss removal", "--unit", "m2", "--price", "19,99", "4")
        try ok(roofer, "worker", "add", "Jens Hansen")
        try ok(roofer, "worker", "add", "Ole", "--apprentice", "--rate", "95")
        try ok(roofer, "hours", "add", "jens", "37:30")
        try ok(roofer, "hours", "add", "ole", "20")
        try ok(roofer, "advance", "add", "jens", "5000")
        try ok(roofer, "supplement", "add", "Height", "10")
        try ok(roofer, "extra", "add", "Extra flashing", "--amount", "450", "--number", "7")
        try ok(roofer, "photo", "add", fixture("roof.jpg"), fixture("tiles-rgb.png"), "--caption", "North side")
        try ok(roofer, "photo", "add", fixture("gutter-gray.png"), fixture("roof.jpg"))
        let file = akkord.outsideFile(name)
        try ok(roofer, "project", "export", "-o", file.path)
        return file
    }

    func storedPhotos(_ a: Akkord) -> [String: Data] {
        let dir = a.store.appendingPathComponent("photos")
        var out: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] {
            out[name] = try? Data(contentsOf: dir.appendingPathComponent(name))
        }
        return out
    }

    // MARK: the round trip

    func testABundleCarriesEveryFigureAndPhotoAndExportsAgainToTheSameBytes() throws {
        let bundle = try exportFullProject()
        let r = try akkord.run("project", "import", bundle.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("created project vestergade-12 (Vestergade 12) from \(bundle.path): 3 lines, 3 photos (3 new in the store)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("it is now the current project"))

        // The same accounting, byte for byte, as JSON and as text, in both languages.
        for args in [["report", "--format", "json"], ["report"], ["--lang", "da", "report"], ["report", "--format", "csv"]] {
            let mine = try roofer.run(args), theirs = try akkord.run(args)
            XCTAssertEqual(mine.status, 0, mine.stderr)
            XCTAssertEqual(theirs.stdout, mine.stdout, "\(args)")
        }
        // Every photo file, the same bytes; roof.jpg once.
        XCTAssertEqual(storedPhotos(akkord).count, 3)
        XCTAssertEqual(storedPhotos(akkord), storedPhotos(roofer))
        XCTAssertEqual(try akkord.run("check").status, 0)
        // The project file itself is the one the roofer has.
        XCTAssertEqual(try Data(contentsOf: akkord.store.appendingPathComponent("projects/vestergade-12.json")),
                       try Data(contentsOf: roofer.store.appendingPathComponent("projects/vestergade-12.json")))

        // Exported again from the clerk's store: the same file.
        let again = akkord.outsideFile("again.akkord")
        let e = try akkord.run("--json", "project", "export", "-o", again.path)
        XCTAssertEqual(e.status, 0, e.stderr)
        XCTAssertEqual(try Data(contentsOf: again), try Data(contentsOf: bundle))
        let json = e.json as? [String: Any]
        XCTAssertEqual(json?["project"] as? String, "vestergade-12")
        XCTAssertEqual(json?["photos"] as? Int, 3)
        XCTAssertEqual(json?["bytes"] as? Int, try Data(contentsOf: bundle).count)
        XCTAssertEqual(json?["file"] as? String, again.path)

        // -o - writes the same bytes to standard output.
        XCTAssertEqual(Data(try akkord.run("project", "export", "vestergade-12", "-o", "-").stdout.utf8), try Data(contentsOf: bundle))
    }

    func testABundleReadFromStandardInputIsImportedAsFromAFile() throws {
        let bundle = try exportFullProject()
        let r = try akkord.run(["--json", "project", "import", "-"], stdin: try Data(contentsOf: bundle))
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = r.json as? [String: Any]
        XCTAssertEqual(json?["result"] as? String, "created")
        XCTAssertEqual(json?["project"] as? String, "vestergade-12")
        XCTAssertEqual(json?["photos"] as? Int, 3)
        XCTAssertEqual(json?["photosWritten"] as? Int, 3)
        XCTAssertEqual(try akkord.run("report", "--format", "json").stdout, try roofer.run("report", "--format", "json").stdout)
    }

    // MARK: refused bundles

    func testATamperedOrBrokenBundleIsRefusedNamingTheProblemAndTheStoreIsUnchanged() throws {
        let bundle = try exportFullProject()
        try ok(akkord, "project", "new", "Other job")      // a store with something in it
        let text = try String(contentsOf: bundle, encoding: .utf8)
        let before = try snapshot()

        func refuse(_ name: String, _ content: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) throws {
            let path = akkord.outsideFile(name)
            try content.write(to: path, atomically: true, encoding: .utf8)
            let r = try akkord.run("project", "import", path.path)
            XCTAssertEqual(r.status, 65, "\(name): \(r.stderr)", file: file, line: line)
            for e in expected { XCTAssertTrue(r.stderr.contains(e), "\(name) should say \(e.debugDescription): \(r.stderr)", file: file, line: line) }
            XCTAssertTrue(r.stderr.contains("nothing was imported"), r.stderr, file: file, line: line)
            XCTAssertFalse(r.stderr.contains("Fatal error"), file: file, line: line)
            XCTAssertEqual(try snapshot(), before, "\(name): the store is byte for byte unchanged", file: file, line: line)
        }

        // The photos, as their entries are written one per line (sorted by file name).
        let photoLines = text.components(separatedBy: "\n").filter { $0.hasPrefix("    {\"file\": ") }
        XCTAssertEqual(photoLines.count, 3)
        func field(_ line: String, _ key: String) -> String {
            let start = line.range(of: "\"\(key)\": \"")!.upperBound
            return String(line[start...].prefix { $0 != "\"" })
        }

        // One byte of the first photo changed, its base64 still valid.
        var bytes = Data(base64Encoded: field(photoLines[0], "data"))!
        bytes[bytes.count / 2] ^= 0x01
        try refuse("byte.akkord", text.replacingOccurrences(of: field(photoLines[0], "data"), with: bytes.base64EncodedString()),
                   ["photos[0].data: the photo's bytes do not match its sha256 and file name"])

        // The second photo's sha256 changed (its name and bytes kept).
        let sha = field(photoLines[1], "sha256")
        let forged = String(sha.dropLast()) + (sha.last == "0" ? "1" : "0")
        try refuse("sha.akkord", text.replacingOccurrences(of: "\"sha256\": \"\(sha)\"", with: "\"sha256\": \"\(forged)\""),
                   ["photos[1].sha256: \(forged) does not match the photo's bytes (they hash to \(sha))"])

        // A line's quantity changed: line 2 is 3 × 31.25 = 93.75; 4 × 31.25 = 125.00.
        try refuse("field.akkord", text.replacingOccurrences(of: "\"quantity\": \"3\", \"amount\": \"93.75\"", with: "\"quantity\": \"4\", \"amount\": \"93.75\""),
                   ["project.lines[1].amount: is 93.75 but quantity × price is 125.00"])

        // An unknown key in a worker and at the top, with did-you-mean.
        try refuse("unknown.akkord", text.replacingOccurrences(of: "\"apprentice\": false}", with: "\"apprentice\": false, \"Rate\": \"1\"}")
                    .replacingOccurrences(of: "\"version\": 1,\n  \"project\"", with: "\"version\": 1,\n  \"Photos\": [],\n  \"project\""),
                   ["unknown field \"Photos\"; did you mean \"photos\"?", "project.workers[0]: unknown field \"Rate\"; did you mean \"rate\"?"])

        // A photo the project uses left out of the bundle: the last one (its entry and the comma before it).
        let lastPhoto = photoLines[2]
        let missingFile = field(lastPhoto, "file")
        try refuse("missing.akkord", text.replacingOccurrences(of: ",\n" + lastPhoto, with: ""),
                   ["is not in the bundle's photos", missingFile])

        // A photo the project does not use added (the transparent PNG, named by its own SHA-256).
        let extra = try Data(contentsOf: URL(fileURLWithPath: fixture("transparent-rgba.png")))
        let extraHash = try sha256(extra)
        try refuse("unused.akkord", text.replacingOccurrences(of: lastPhoto, with: lastPhoto + ",\n    {\"file\": \"\(extraHash).png\", \"sha256\": \"\(extraHash)\", \"data\": \"\(extra.base64EncodedString())\"}"),
                   ["photos[3]: \"\(extraHash).png\" is not used by the project"])

        // A key twice, deep in the project; another version; not JSON at all; base64 with a line break.
        try refuse("twice.akkord", text.replacingOccurrences(of: "\"custom\": true,", with: "\"custom\": true, \"custom\": false,"),
                   ["not valid JSON: line ", "key \"custom\" appears twice"])
        try refuse("version.akkord", text.replacingOccurrences(of: "\"version\": 1,\n  \"project\"", with: "\"version\": 2,\n  \"project\""),
                   ["version: 2 is not supported"])
        try refuse("garbage.akkord", "PK\u{3}\u{4} not json", ["not valid JSON: line 1, column 1"])
        let data = field(photoLines[2], "data")
        try refuse("wrapped.akkord", text.replacingOccurrences(of: data, with: String(data.prefix(76)) + "\\n" + String(data.dropFirst(76))),
                   ["photos[2].data: is not strict base64"])

        // Not a file; no such file (exit 1: nothing to read).
        let dir = akkord.outsideFile("a-directory.akkord")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        assertError(try akkord.run("project", "import", dir.path), status: 65, contains: "is a directory, not a bundle file")
        assertError(try akkord.run("project", "import", akkord.outsideFile("nowhere.akkord").path), status: 1, contains: "no such file")
        XCTAssertEqual(try snapshot(), before)
    }

    // MARK: conflicts

    /// v1: 2.01 12.5 × 38.50 = 481.25, 2.02 3 × 31.25 = 93.75, S = 575.00, Winter 2 % = 11.50,
    /// T = 586.50. v2: line 1 to 14 × 38.50 = 539.00, line 2 removed, 3.01 2 × 18.90 = 37.80
    /// added: S = 576.80, 2 % = 11.536 → 11.54, T = 588.34.
    func exportTwoVersions() throws -> (URL, URL) {
        try ok(roofer, "project", "new", "Tag")
        try ok(roofer, "add", "2.01", "12,5")
        try ok(roofer, "add", "2.02", "3")
        try ok(roofer, "supplement", "add", "Winter", "2")
        let v1 = akkord.outsideFile("v1.akkord"), v2 = akkord.outsideFile("v2.akkord")
        try ok(roofer, "project", "export", "-o", v1.path)
        try ok(roofer, "edit", "1", "--quantity", "14")
        try ok(roofer, "remove", "2")
        try ok(roofer, "add", "3.01", "2")
        try ok(roofer, "project", "export", "-o", v2.path)
        return (v1, v2)
    }

    func testADifferentVersionIsRefusedWithWhatDiffersUnlessReplacedAndTheOldOneGoesToTheTrash() throws {
        let (v1, v2) = try exportTwoVersions()
        try ok(akkord, "project", "import", v1.path)
        let stored = akkord.store.appendingPathComponent("projects/tag.json")
        let v1File = try Data(contentsOf: stored)
        let before = try snapshot()

        let r = try akkord.run("project", "import", v2.path)
        assertError(r, status: 1, contains: "project \"tag\" in the store differs from the one in \(v2.path); nothing was imported")
        XCTAssertTrue(r.stderr.contains("hint: add --replace"), r.stderr)
        XCTAssertEqual(r.lines, [
            "project tag in the store differs from the one in \(v2.path):",
            "  line 3 added: 3.01 Dampspærre, løst udlagt med tapede samlinger, 2 m2 × 18.90 = 37.80",
            "  line 2 removed: 2.02 Underpap, selvklæbende, 3 m2 × 31.25 = 93.75",
            "  line 1 changed: quantity 12.5 → 14, amount 481.25 → 539.00",
            "  subtotal 575.00 → 576.80",
            "  total 586.50 → 588.34",
            "  also different: id counters, history",
            "",
        ])
        let da = try akkord.run("--lang", "da", "project", "import", v2.path)
        XCTAssertEqual(da.status, 1)
        XCTAssertTrue(da.stdout.contains("  linje 1 ændret: mængde 12,5 → 14, beløb 481,25 → 539,00\n"), da.stdout)
        XCTAssertTrue(da.stdout.contains("  i alt 586,50 → 588,34\n"), da.stdout)
        XCTAssertTrue(da.stdout.contains("  linje 3 tilføjet: 3.01 Dampspærre, løst udlagt med tapede samlinger, 2 m² × 18,90 = 37,80\n"), da.stdout)
        let json = try akkord.run("--json", "project", "import", v2.path)
        XCTAssertEqual(json.status, 1)
        let d = json.json as? [String: Any]
        XCTAssertEqual(d?["result"] as? String, "conflict")
        XCTAssertEqual(d?["linesAdded"] as? [Int], [3])
        XCTAssertEqual(d?["linesRemoved"] as? [Int], [2])
        XCTAssertEqual((d?["linesChanged"] as? [[String: Any]])?.first?["fields"] as? [String], ["quantity", "amount"])
        XCTAssertEqual([d?["totalBefore"], d?["totalAfter"]] as? [String], ["586.50", "588.34"])
        XCTAssertEqual(try snapshot(), before, "a refused import writes nothing")

        // --replace: the stored version is kept in the trash, as it was; the bundle's is stored.
        let replaced = try akkord.run("--json", "project", "import", v2.path, "--replace")
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        let result = replaced.json as? [String: Any]
        XCTAssertEqual(result?["result"] as? String, "replaced")
        XCTAssertEqual(result?["trash"] as? String, akkord.store.appendingPathComponent("trash/tag.json").path)
        XCTAssertEqual(try Data(contentsOf: akkord.store.appendingPathComponent("trash/tag.json")), v1File)
        let report = try akkord.run("report", "--format", "json").json as? [String: Any]
        XCTAssertEqual(report?["subtotal"] as? String, "576.80")
        XCTAssertEqual(report?["total"] as? String, "588.34")
        let history = try akkord.run("history")
        XCTAssertTrue(history.stdout.contains("project \"tag\" replaced from the bundle v2.akkord; the previous version is in the trash"), history.stdout)
        XCTAssertEqual(try akkord.run("check").status, 0)
    }

    func testAsStoresTheProjectUnderAnotherIdWithAHistoryEntry() throws {
        let (v1, v2) = try exportTwoVersions()
        try ok(akkord, "project", "import", v1.path)
        let v1File = try Data(contentsOf: akkord.store.appendingPathComponent("projects/tag.json"))
        let r = try akkord.run("project", "import", v2.path, "--as", "tag-v2")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("created project tag-v2 (Tag) from \(v2.path) (exported as tag): 2 lines, 0 photos"), r.stdout)
        XCTAssertEqual(try Data(contentsOf: akkord.store.appendingPathComponent("projects/tag.json")), v1File, "the other id is untouched")
        let file = try String(contentsOf: akkord.store.appendingPathComponent("projects/tag-v2.json"), encoding: .utf8)
        XCTAssertTrue(file.contains("\"id\": \"tag-v2\""))
        XCTAssertTrue(file.contains("project \\\"tag-v2\\\" imported from the bundle v2.akkord (exported as \\\"tag\\\")"), file)
        XCTAssertEqual(try akkord.run("project", "use", "tag-v2").status, 0)
        XCTAssertEqual((try akkord.run("report", "--format", "json").json as? [String: Any])?["total"] as? String, "588.34")
        XCTAssertEqual(try akkord.currentProject(), "tag-v2")

        let before = try snapshot()
        assertError(try akkord.run("project", "import", v2.path, "--as", "Tag V2"), status: 64, contains: "--as: \"Tag V2\" is not a project id")
        // v1 under --as tag: the same project as stored there, so nothing to do.
        let same = try akkord.run("project", "import", v1.path, "--as", "tag")
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stdout.hasPrefix("unchanged: project tag in the store is the same as in"), same.stdout)
        XCTAssertEqual(try snapshot(), before)
    }

    func testTheSameProjectAgainIsUnchangedAndWritesNothing() throws {
        let bundle = try exportFullProject()
        try ok(akkord, "project", "import", bundle.path)
        try ok(akkord, "project", "new", "Another")     // the current project is now another one
        let file = akkord.store.appendingPathComponent("projects/vestergade-12.json")
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        let before = try snapshot()
        Thread.sleep(forTimeInterval: 0.02)

        let r = try akkord.run("--json", "project", "import", bundle.path, "--replace")
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = r.json as? [String: Any]
        XCTAssertEqual(json?["result"] as? String, "unchanged")
        XCTAssertEqual(json?["photosWritten"] as? Int, 0)
        XCTAssertEqual(json?["trash"] as? NSNull, NSNull())
        let text = try akkord.run("--lang", "da", "project", "import", bundle.path)
        XCTAssertEqual(text.stdout, "uændret: projekt vestergade-12 i arkivet er det samme som i \(bundle.path); intet er skrevet\n")
        XCTAssertEqual(try snapshot(), before)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date, modified)
        XCTAssertEqual(try akkord.currentProject(), "another", "an unchanged import does not change the current project")
        XCTAssertFalse(FileManager.default.fileExists(atPath: akkord.store.appendingPathComponent("trash").path))
    }

    func testAnUnchangedImportRestoresAPhotoFileMissingFromTheStore() throws {
        let bundle = try exportFullProject()
        try ok(akkord, "project", "import", bundle.path)
        let dir = akkord.store.appendingPathComponent("photos")
        let png = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasSuffix(".png") })
        let bytes = try Data(contentsOf: dir.appendingPathComponent(png))
        try FileManager.default.removeItem(at: dir.appendingPathComponent(png))
        XCTAssertNotEqual(try akkord.run("check").status, 0)
        let r = try akkord.run("--json", "project", "import", bundle.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual((r.json as? [String: Any])?["result"] as? String, "unchanged")
        XCTAssertEqual((r.json as? [String: Any])?["photosWritten"] as? Int, 1)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent(png)), bytes)
        XCTAssertEqual(try akkord.run("check").status, 0)
    }

    func testAClosedProjectTravelsClosedAndIsNotReplacedWhileClosed() throws {
        let (v1, v2) = try exportTwoVersions()
        try ok(roofer, "project", "close")
        let closed = akkord.outsideFile("closed.akkord")
        try ok(roofer, "project", "export", "tag", "-o", closed.path)
        try ok(akkord, "project", "import", closed.path)
        let list = try akkord.run("--json", "project", "list").json as? [String: Any]
        XCTAssertEqual((list?["projects"] as? [[String: Any]])?.first?["status"] as? String, "closed")
        assertError(try akkord.run("add", "2.01", "1"), status: 1, contains: "is closed")
        let before = try snapshot()
        assertError(try akkord.run("project", "import", v1.path, "--replace"), status: 1, contains: "project \"tag\" is closed")
        XCTAssertEqual(try snapshot(), before)
        try ok(akkord, "project", "reopen", "tag")
        try ok(akkord, "project", "import", v2.path, "--replace")
    }

    // MARK: export's own refusals

    func testExportNeedsAnOutputOutsideTheStoreAndRefusesADamagedPhotoFile() throws {
        _ = try exportFullProject()
        assertError(try roofer.run("project", "export"), status: 64, contains: "a bundle needs -o FILE")
        assertError(try roofer.run("project", "export", "-o", roofer.store.appendingPathComponent("b.akkord").path), status: 64, contains: "is inside the store")
        assertError(try roofer.run("project", "export", "nope", "-o", akkord.outsideFile("x.akkord").path), status: 1, contains: "no project \"nope\"")

        // A photo file changed in the store is not exported under its old name.
        let dir = roofer.store.appendingPathComponent("photos")
        let jpg = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasSuffix(".jpg") })
        var bytes = try Data(contentsOf: dir.appendingPathComponent(jpg))
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: dir.appendingPathComponent(jpg))
        let out = akkord.outsideFile("damaged.akkord")
        assertError(try roofer.run("project", "export", "-o", out.path), status: 65, contains: "photos/\(jpg): its bytes are not what its name says")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        try FileManager.default.removeItem(at: dir.appendingPathComponent(jpg))
        assertError(try roofer.run("project", "export", "-o", out.path), status: 65, contains: "photos/\(jpg): is missing")
    }

    func sha256(_ data: Data) throws -> String {
        // The binary's own photo store names files by their SHA-256: add the photo to a
        // throwaway project and read the name back.
        let scratch = try Akkord()
        defer { scratch.cleanUp() }
        let path = scratch.outsideFile("p.png")
        try data.write(to: path)
        XCTAssertEqual(try scratch.run("project", "new", "Scratch").status, 0)
        XCTAssertEqual(try scratch.run("photo", "add", path.path).status, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.store.appendingPathComponent("photos").path)
        return String(try XCTUnwrap(names.first).prefix(64))
    }
}

extension Akkord {
    /// The store's current project, from store.json.
    func currentProject() throws -> String? {
        let data = try Data(contentsOf: store.appendingPathComponent("store.json"))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["currentProject"] as? String
    }
}
