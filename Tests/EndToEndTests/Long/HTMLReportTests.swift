import Foundation
import XCTest

/// The HTML report's photos (data URLs) and its sign-off block; checks/acceptance/html.sh prints
/// it with Chromium and checks the printed pages.
final class HTMLReportTests: EndToEndCase {
    let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/photos")

    func testPhotosAreEmbeddedAsDataURLsAndAMissingOneIsNamed() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Vestergade 12").status, 0)
        XCTAssertEqual(try akkord.run("add", "2.01", "10").status, 0)
        let jpeg = try Data(contentsOf: photos.appendingPathComponent("roof.jpg"))
        let png = try Data(contentsOf: photos.appendingPathComponent("transparent-rgba.png"))
        XCTAssertEqual(try akkord.run("photo", "add", photos.appendingPathComponent("roof.jpg").path, "--caption", "North <side> & gutter").status, 0)
        XCTAssertEqual(try akkord.run("photo", "add", photos.appendingPathComponent("transparent-rgba.png").path).status, 0)
        let html = try akkord.run("report", "--format", "html").stdout
        XCTAssertTrue(html.contains("<img src=\"data:image/jpeg;base64,\(jpeg.base64EncodedString())\""), "the JPEG, whole")
        // A PNG with alpha, which the PDF only names, shows in a browser.
        XCTAssertTrue(html.contains("<img src=\"data:image/png;base64,\(png.base64EncodedString())\""), "the PNG, whole")
        XCTAssertTrue(html.contains("<figcaption>Photo 1: North &lt;side&gt; &amp; gutter (roof.jpg), added "), "caption escaped")
        XCTAssertFalse(html.contains("src=\"http"), "self-contained")

        // A photo file missing from the store is named, not an empty image.
        let list = try akkord.run("photo", "list", "--json").json as! [String: Any]
        let file = (list["photos"] as! [[String: Any]])[0]["file"] as! String
        try FileManager.default.removeItem(at: akkord.store.appendingPathComponent("photos/\(file)"))
        let without = try akkord.run("--lang", "da", "report", "--format", "html").stdout
        XCTAssertFalse(without.contains(jpeg.base64EncodedString()))
        XCTAssertTrue(without.contains("<p>Foto 1: North &lt;side&gt; &amp; gutter (roof.jpg), tilføjet "), without)
    }

    func testTheTeamTableNotesAndSignaturesAreOneBlockThatPrintsOnOnePage() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Vestergade 12").status, 0)
        XCTAssertEqual(try akkord.run("worker", "add", "Jens Hansen").status, 0)
        let html = try akkord.run("--lang", "da", "report", "--format", "html").stdout
        let start = try XCTUnwrap(html.range(of: "<div class=\"signoff\">"))
        let block = html[start.lowerBound...]
        let team = try XCTUnwrap(block.range(of: "<h2>Sjak</h2>"))
        let signatures = try XCTUnwrap(block.range(of: "<div class=\"signatures\"><div>Tagdækker <small>(underskrift og dato)</small></div><div>Arbejdsgiver"))
        XCTAssertLessThan(team.lowerBound, signatures.lowerBound)
        XCTAssertTrue(html.contains(".signoff { break-inside: avoid; page-break-inside: avoid; }"))
    }
}
