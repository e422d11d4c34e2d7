import Foundation
import XCTest
@testable import AkkordKit

/// The HTML report's print and screen styles (SPEC §17): every printed page carries the
/// project's name and `side N af M` (`page N of M`) in its margin, through CSS page-margin
/// boxes; on a wide screen the page keeps a readable width. Chromium printing them is
/// checks/acceptance/html.sh; here the style sheet itself, written out by hand.
final class ReportHTMLPrintTests: XCTestCase {
    static func html(_ name: String, _ l: Language) throws -> String {
        let p = Project(id: "tag", name: name)
        return ReportHTML.render(ProjectHead(p), try FinalAccounting(p), language: l)
    }

    static func rule(_ at: String, in html: String) throws -> String {
        let start = try XCTUnwrap(html.range(of: at + " { "), "no \(at) rule")
        return String(html[start.upperBound...].prefix { $0 != "}" })
    }

    func testEveryPrintedPageNamesTheProjectAndItsPageInTheMargin() throws {
        let da = try Self.html("Vestergade 12", .da)
        XCTAssertEqual(try Self.rule("@top-left", in: da), "content: \"Akkordopgørelse – Vestergade 12\"; font: 8pt Helvetica, Arial, sans-serif; ")
        XCTAssertEqual(try Self.rule("@bottom-right", in: da), "content: \"side \" counter(page) \" af \" counter(pages); font: 8pt Helvetica, Arial, sans-serif; ")
        let en = try Self.html("Vestergade 12", .en)
        XCTAssertEqual(try Self.rule("@top-left", in: en), "content: \"Final accounting – Vestergade 12\"; font: 8pt Helvetica, Arial, sans-serif; ")
        XCTAssertEqual(try Self.rule("@bottom-right", in: en), "content: \"page \" counter(page) \" of \" counter(pages); font: 8pt Helvetica, Arial, sans-serif; ")
        // The boxes are inside the A4 page rule.
        XCTAssertTrue(da.contains("@page {\n  size: A4; margin: 15mm;\n  @top-left {"), da)
    }

    /// A name with quotes, a backslash, a line break and `</style>` stays one CSS string and
    /// cannot end the style element: each such character as a hex escape (`\22 ` is `"`).
    func testTheNameIsEscapedAsACSSString() throws {
        let html = try Self.html("Tag \"A\" \\ x</style><b>\n", .en)
        XCTAssertEqual(try Self.rule("@top-left", in: html),
                       "content: \"Final accounting – Tag \\22 A\\22  \\5C  x\\3C /style\\3E \\3C b\\3E \\A \"; font: 8pt Helvetica, Arial, sans-serif; ")
        let style = String(html[html.range(of: "<style>")!.upperBound..<html.range(of: "</style>")!.lowerBound])
        XCTAssertFalse(style.contains("<"), style)
        XCTAssertEqual(ReportHTML.cssString("a\u{202E}b"), "\"a[U+202E]b\"")
    }

    func testTheScreenPageKeepsAReadableWidthAndPrintUsesTheWholePage() throws {
        let html = try Self.html("Tag", .da)
        XCTAssertTrue(html.contains("body { font-family: Helvetica, Arial, sans-serif; font-size: 10pt; color: #000; margin: 2em auto; padding: 0 2em; max-width: 60em; }"), html)
        XCTAssertTrue(html.contains("@media print { body { margin: 0; padding: 0; max-width: none; }"), html)
    }
}
