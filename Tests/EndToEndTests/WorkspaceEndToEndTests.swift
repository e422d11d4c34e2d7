import Foundation
import XCTest

/// What the Workspace issue found broken, through the built binary: a change the project's own
/// rules refuse is never written, a clean-up never turns a saved change into a failure, and a
/// damaged search index is never believed.
final class WorkspaceEndToEndTests: EndToEndCase {
    func projectFile(_ id: String) -> URL { akkord.store.appendingPathComponent("projects/\(id).json") }

    func testALineTooLargeToKeepIsRefusedAndTheProjectStillReads() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Job").status, 0)
        XCTAssertEqual(try akkord.run("add", "--custom", "Big", "--unit", "m2", "--price", "9999999.9999", "1").status, 0)
        let before = try Data(contentsOf: projectFile("job"))

        // 9,999,999.999 m2 at 9,999,999.9999: about 10^14 kroner, more than an amount can be.
        let r = try akkord.run("add", "--custom", "X", "--unit", "m2", "--price", "9999999.9999", "9999999.999")
        assertError(r, status: 65, contains: "lines[1].amount")
        XCTAssertTrue(r.stderr.contains("nothing was changed"), r.stderr)
        XCTAssertEqual(try Data(contentsOf: projectFile("job")), before, "the refused line was not written")

        assertError(try akkord.run("edit", "1", "--quantity", "9999999.999"), status: 65, contains: "lines[0].amount")
        XCTAssertEqual(try Data(contentsOf: projectFile("job")), before)

        // 10,000 × 9,999,999.9999 = 99,999,999,999.00 is a line akkord keeps; 1000 % of the
        // subtotal 100,009,999,999.00 is not.
        XCTAssertEqual(try akkord.run("add", "--custom", "Y", "--unit", "m2", "--price", "9999999.9999", "10000").status, 0)
        let withBothLines = try Data(contentsOf: projectFile("job"))
        assertError(try akkord.run("supplement", "add", "Huge", "1000"), status: 65, contains: "supplements[0].percent")
        XCTAssertEqual(try Data(contentsOf: projectFile("job")), withBothLines)

        // Every command still reads the project, and it can be deleted.
        let lines = try akkord.run("lines", "--json")
        XCTAssertEqual(lines.status, 0, lines.stderr)
        XCTAssertEqual((lines.json as? [String: Any])?["subtotal"] as? String, "100009999999.00")
        XCTAssertEqual(try akkord.run("report").status, 0)
        XCTAssertEqual(try akkord.run("check").status, 0)
        XCTAssertEqual(try akkord.run("project", "delete", "job", "--yes").status, 0)
    }

    func testPhotoRemovalWithAnotherProjectDamagedSucceedsAndKeepsTheFile() throws {
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/photos/roof.jpg").path
        XCTAssertEqual(try akkord.run("project", "new", "Other").status, 0)
        XCTAssertEqual(try akkord.run("project", "new", "Job").status, 0)
        XCTAssertEqual(try akkord.run("photo", "add", photo).status, 0)
        let damaged = Data("{ \"format\": ".utf8)
        try damaged.write(to: projectFile("other"))

        let r = try akkord.run("photo", "remove", "1")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "photo 1 removed: roof.jpg\n")
        XCTAssertEqual(r.stderr, "")
        let photos = try FileManager.default.contentsOfDirectory(atPath: akkord.store.appendingPathComponent("photos").path)
        XCTAssertEqual(photos.count, 1, "kept: undo may bring it back")
        let list = try akkord.run("photo", "list", "--json")
        XCTAssertEqual(((list.json as? [String: Any])?["photos"] as? [Any])?.count, 0, "the removal stands")
        XCTAssertEqual(try Data(contentsOf: projectFile("other")), damaged, "the damaged file is left as it was")
    }

    /// The example the issue found: one flipped bit in the index turned 24.80 into 24.8001.
    func testAFlippedBitInTheSearchIndexIsNotBelieved() throws {
        let catalogue = akkord.store.appendingPathComponent("import.json")
        try FileManager.default.createDirectory(at: akkord.store, withIntermediateDirectories: true)
        try Data("""
        {"format": "akkord-catalogue", "version": 1, "name": "Test prices", "edition": "1",
         "activities": [{"pos": "1.01", "name": "Remove old felt", "unit": "m2", "price": "24.80"},
                        {"pos": "1.02", "name": "Sweep deck", "unit": "m2", "price": "6.10"}]}
        """.utf8).write(to: catalogue)
        XCTAssertEqual(try akkord.run("catalogue", "import", catalogue.path, "--replace").status, 0)
        let indexURL = akkord.store.appendingPathComponent(".catalogue-index")
        var index = [UInt8](try Data(contentsOf: indexURL))
        // 24.80 is kept as 248000 ten-thousandths, little-endian; make it 248001 (24.8001).
        let price = withUnsafeBytes(of: Int64(248_000).littleEndian, Array.init)
        let at = try XCTUnwrap((0...(index.count - 8)).first { Array(index[$0..<($0 + 8)]) == price })
        index[at] ^= 0x01
        try Data(index).write(to: indexURL)

        let show = try akkord.run("catalogue", "show", "1.01", "--json")
        XCTAssertEqual((show.json as? [String: Any])?["price"] as? String, "24.80", show.stdout + show.stderr)
        XCTAssertEqual(try akkord.run("project", "new", "Job").status, 0)
        let add = try akkord.run("add", "1.01", "10", "--json")
        let line = (add.json as? [String: Any])?["line"] as? [String: Any]
        XCTAssertEqual(line?["price"] as? String, "24.80", add.stdout + add.stderr)
        XCTAssertEqual(line?["amount"] as? String, "248.00")
        XCTAssertNotEqual([UInt8](try Data(contentsOf: indexURL)), index, "the damaged index was made again")
    }
}
