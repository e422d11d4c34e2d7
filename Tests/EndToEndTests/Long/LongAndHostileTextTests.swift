import Foundation
import XCTest

/// Issue 26, point 11: long values wrap in the text report's head (the README promises 100
/// columns), and the HTML report neither passes a direction override through (it would turn the
/// figures after it around) nor lets a long word run off the page.
final class LongAndHostileTextTests: EndToEndCase {
    func testTheTextReportHeadFitsOneHundredColumns() throws {
        let address = Array(repeating: "Langgade", count: 30).joined(separator: " ")
        let employer = String(repeating: "Tagfirma", count: 20)   // one word of 160 characters
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3", "--address", address, "--employer", employer).status, 0)
        XCTAssertEqual(try akkord.run("add", "1.01", "10").status, 0)
        for arguments in [["report"], ["project", "show"], ["--lang", "da", "report"]] {
            let r = try akkord.run(arguments)
            XCTAssertEqual(r.status, 0, r.stderr)
            let wide = r.lines.filter { $0.count > 100 }
            XCTAssertEqual(wide, [], "\(arguments)")
            // Every word of the address is there, in order, on lines that start at the value's column.
            let head = r.lines.drop { !$0.hasPrefix("Address:") && !$0.hasPrefix("Adresse:") }.prefix { !$0.isEmpty && ($0.hasPrefix(" ") || $0.hasPrefix("Address:") || $0.hasPrefix("Adresse:")) }
            XCTAssertEqual(head.joined(separator: " ").split(separator: " ").dropFirst().joined(separator: " "), address, "\(arguments)")
            XCTAssertTrue(r.stdout.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "").contains(employer), "\(arguments)")
        }
    }

    func testHTMLShowsDirectionOverridesAndWrapsLongWords() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej \u{202E}321 kr\u{202C}", "--note", String(repeating: "x", count: 1500)).status, 0)
        XCTAssertEqual(try akkord.run("add", "--custom", "Afdækning \u{2066}a\u{2069}", "--unit", "pcs", "--price", "10", "1").status, 0)
        let r = try akkord.run("report", "--format", "html")
        XCTAssertEqual(r.status, 0, r.stderr)
        for control in ["\u{202E}", "\u{202C}", "\u{2066}", "\u{2069}"] { XCTAssertFalse(r.stdout.contains(control), "raw \(control.unicodeScalars.first!.value)") }
        XCTAssertTrue(r.stdout.contains("Tagvej [U+202E]321 kr[U+202C]"), "the project's name")
        XCTAssertTrue(r.stdout.contains("Afdækning [U+2066]a[U+2069]"), "the line's activity")
        XCTAssertTrue(r.stdout.contains("th, td { padding: 2px 6px; vertical-align: top; text-align: left; overflow-wrap: anywhere; }"))
        XCTAssertTrue(r.stdout.contains("dd, p, figcaption, h1 { overflow-wrap: anywhere; }"))
    }
}
