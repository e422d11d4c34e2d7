import Foundation
import XCTest

/// Tables fit the terminal (SPEC §11): `$COLUMNS`, else the terminal's width, else 100.
final class TableWidthTests: EndToEndCase {
    func widest(_ text: String) -> Int { text.split(separator: "\n").map(\.count).max() ?? 0 }

    func testEveryTableFitsSixtyColumnsAndNumbersNeverWrap() throws {
        let long = "Ridge tiles, dry fixed with a ventilated ridge roll and mechanical clips on every third tile"
        for args in [["project", "new", "Vestergade 12, Århus, the whole north and south roof surfaces"],
                     ["add", "2.01", "1234,5"], ["add", "--custom", long, "--unit", "lbm", "--price", "1234,5", "12,5"],
                     ["worker", "add", "Jens Peter Hansen-Ølgaard"], ["hours", "add", "jens", "37:30", "--note", "north side, with the scaffold moved twice"],
                     ["advance", "add", "jens", "12345,67"], ["supplement", "add", "Height supplement for roofs over 12 metres", "12,5"],
                     ["extra", "add", "Moving the scaffold along the gable end", "--hours", "7,5", "--rate", "412,5"]] {
            XCTAssertEqual(try akkord.run(args).status, 0, "\(args)")
        }
        let views: [[String]] = [["lines"], ["project", "list"], ["catalogue", "list"], ["catalogue", "search", "felt"], ["worker", "list"],
                                 ["hours", "list"], ["advance", "list"], ["supplement", "list"], ["extra", "list"]]
        for lang in ["en", "da"] {
            for view in views {
                let r = try akkord.run(["--lang", lang] + view, environment: ["COLUMNS": "60"])
                XCTAssertEqual(r.status, 0, "\(view): \(r.stderr)")
                if view == ["project", "list"] {
                    // An id is never broken across lines (SPEC §15): the 58-character id stands
                    // whole, and only it makes the table wider; the name wraps down to 8 columns.
                    let id = "vestergade-12-aarhus-the-whole-north-and-south-roof-surfaces"
                    XCTAssertTrue(r.stdout.split(separator: "\n").contains { $0.contains(id) }, r.stdout)
                    XCTAssertLessThanOrEqual(widest(r.stdout), id.count + 40, "\(lang) \(view):\n\(r.stdout)")
                    continue
                }
                XCTAssertLessThanOrEqual(widest(r.stdout), 60, "\(lang) \(view):\n\(r.stdout)")
            }
        }
        // The long name wraps inside its column; the amount (12.5 × 1,234.50 = 15,431.25) stays whole on its row.
        let lines = try akkord.run(["lines"], environment: ["COLUMNS": "60"]).stdout
        XCTAssertTrue(lines.contains("15,431.25"), lines)
        XCTAssertTrue(lines.split(separator: "\n").contains { $0.contains("X2") && $0.contains("Ridge tiles,") && $0.hasSuffix("15,431.25") }, lines)
        XCTAssertTrue(lines.contains("mechanical"), lines)
        // Without COLUMNS and without a terminal: 100 columns, so the long name takes more of a row.
        let wide = try akkord.run(["lines"]).stdout
        XCTAssertGreaterThan(widest(wide), 60)
        XCTAssertLessThanOrEqual(widest(wide), 100)
        // With ids of a usual length the project list fits 60 columns too, ids whole.
        try akkord.run("project", "new", "Kirkevej 3, Ry", "--id", "kirkevej-3-ry")
        try akkord.run("project", "delete", "vestergade-12-aarhus-the-whole-north-and-south-roof-surfaces", "--yes")
        for lang in ["en", "da"] {
            let r = try akkord.run(["--lang", lang, "project", "list"], environment: ["COLUMNS": "60"])
            XCTAssertLessThanOrEqual(widest(r.stdout), 60, r.stdout)
            XCTAssertTrue(r.stdout.contains("kirkevej-3-ry"), r.stdout)
        }
    }
}
