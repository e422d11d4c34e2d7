import Foundation
import XCTest

/// `akkord add` with no arguments on a terminal, driven through a pseudo-terminal with script(1).
final class GuidedAddTests: EndToEndCase {
    func testTheGuidedEntryAddsThePickedLineWithTheTypedQuantity() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Vestergade 12").status, 0)
        // underpap → pick 1 (2.01 Underpap, sømmet) → a measurement; then a search that finds
        // nothing; then 2.02 by its pos with a plain quantity; then an empty line ends.
        let (status, out) = try akkord.runOnTerminal(["--lang", "da", "add"], input: "underpap\n1\n12,4*8,2\nxyzzy\n2.02\n1\n4\n\n")
        XCTAssertEqual(status, 0, out)
        XCTAssertTrue(out.contains("Søgeord (tom linje: færdig): "), out)
        XCTAssertTrue(out.contains("  1  2.01  Underpap, sømmet  38,50 / m²"), out)
        XCTAssertTrue(out.contains("linje 1: 2.01 Underpap, sømmet, 101,68 m² × 38,50 = 3.914,68"), out)  // 12.4 × 8.2 = 101.68
        XCTAssertTrue(out.contains("Ingen ydelse passer; prøv andre ord."), out)
        XCTAssertTrue(out.contains("linje 2: 2.02 Underpap, selvklæbende, 4 m² × 31,25 = 125,00"), out)

        let lines = try akkord.run("lines", "--json").json as! [String: Any]
        let rows = lines["lines"] as! [[String: Any]]
        XCTAssertEqual(rows.map { $0["pos"] as! String }, ["2.01", "2.02"])
        XCTAssertEqual(rows.map { $0["quantity"] as! String }, ["101.68", "4"])
        XCTAssertEqual(rows[0]["measurement"] as? String, "12,4*8,2")
        XCTAssertEqual(lines["subtotal"] as? String, "4039.68")
    }

    func testWithoutATerminalAddWithoutArgumentsIsAUsageError() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Vestergade 12").status, 0)
        let before = try snapshot()
        assertError(try akkord.run("add"), status: 64, contains: "missing <pos> and <quantity>")
        XCTAssertEqual(try snapshot(), before)
    }
}
