import Foundation
import XCTest

final class PhotoTests: EndToEndCase {
    let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/photos")
    func fixture(_ name: String) -> String { photos.appendingPathComponent(name).path }
    func storedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: akkord.store.appendingPathComponent("photos").path)) ?? []).sorted()
    }

    func testPhotosAreStoredOnceAndKeptWhileUsed() throws {
        XCTAssertEqual(try akkord.run("project", "new", "A").status, 0)
        XCTAssertEqual(try akkord.run("photo", "add", fixture("roof.jpg"), fixture("tiles-rgb.png"), "--caption", "North side").status, 0)
        XCTAssertEqual(try akkord.run("photo", "add", fixture("roof.jpg")).status, 0)   // same photo again
        XCTAssertEqual(storedFiles().count, 2, "the same photo is stored once")
        let jpg = try Data(contentsOf: URL(fileURLWithPath: fixture("roof.jpg")))
        XCTAssertTrue(storedFiles().contains { $0.hasSuffix(".jpg") && $0.count == 68 })
        XCTAssertEqual(try Data(contentsOf: akkord.store.appendingPathComponent("photos/" + storedFiles().first { $0.hasSuffix(".jpg") }!)), jpg)

        XCTAssertEqual(try akkord.run("project", "new", "B").status, 0)
        XCTAssertEqual(try akkord.run("photo", "add", fixture("roof.jpg")).status, 0)
        XCTAssertEqual(try akkord.run("-p", "a", "photo", "remove", "1").status, 0)
        XCTAssertEqual(try akkord.run("-p", "a", "photo", "remove", "3").status, 0)
        XCTAssertEqual(storedFiles().count, 2, "roof.jpg is still used by project b")
        XCTAssertEqual(try akkord.run("-p", "b", "photo", "remove", "1").status, 0)
        XCTAssertEqual(storedFiles().filter { $0.hasSuffix(".jpg") }.count, 1, "no project uses it any more, but an undo step does")
        XCTAssertFalse(try akkord.run("check").stdout.contains("leftover"))
        let list = try akkord.run("-p", "a", "photo", "list", "--json").json as! [String: Any]
        XCTAssertEqual((list["photos"] as! [[String: Any]]).map { $0["originalName"] as! String }, ["tiles-rgb.png"])
        XCTAssertEqual(try akkord.run("check").status, 0)
    }

    func testCharactersOutsideThePDFFontsAreReplacedVisiblyWithAWarning() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tag → Ærø ✓").status, 0)
        XCTAssertEqual(try akkord.run("add", "2.01", "1").status, 0)
        let pdf = akkord.outsideFile("r.pdf")
        let r = try akkord.run("report", "--format", "pdf", "-o", pdf.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: the PDF fonts cannot print \"→\" (U+2192), \"✓\" (U+2713); printed as ? instead"), r.stderr)
        // The page's text is deflated: what WinAnsi keeps and replaces is PDFTests' (WinAnsi.encode),
        // and checks/acceptance/pdf.sh reads this report back with pdftotext.
        let bytes = try Data(contentsOf: pdf)
        XCTAssertNotNil(bytes.range(of: Data("/Filter /FlateDecode".utf8)))
    }

    func testNonImagesAndHugeFilesAreRefused() throws {
        XCTAssertEqual(try akkord.run("project", "new", "A").status, 0)
        let before = try Data(contentsOf: akkord.store.appendingPathComponent("projects/a.json"))
        assertError(try akkord.run("photo", "add", fixture("tiles-rgb.png"), fixture("not-a-photo.txt")), status: 65,
                    contains: "not-a-photo.txt: is not a JPEG or PNG image")
        let huge = akkord.store.appendingPathComponent("huge.jpg")
        var bytes = Data([0xFF, 0xD8, 0xFF, 0xE0]); bytes.append(Data(count: 26 * 1024 * 1024))
        try bytes.write(to: huge)
        assertError(try akkord.run("photo", "add", huge.path), status: 65, contains: "is larger than 25 MiB, the most a photo may be")
        XCTAssertEqual(try Data(contentsOf: akkord.store.appendingPathComponent("projects/a.json")), before)
        XCTAssertEqual(storedFiles(), [], "nothing stored when any file is refused")
    }
}
