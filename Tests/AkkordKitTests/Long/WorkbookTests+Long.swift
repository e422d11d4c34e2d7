import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import AkkordKit

// The long part of WorkbookTests (README: Testing): run with AKKORD_LONG_TESTS=1.
extension WorkbookTests {
    /// A sheet longer than what is held back is written as its rows come: the rows wait only
    /// until `Workbook.streamAfter` bytes, then go straight into the archive.
    func testABigSheetStreams() throws {
        let out = ByteOutput()
        var book = Workbook(title: "t", footer: "page &P of &N", to: out, entries: .stored)
        let sheet = try book.addSheet("Rows")
        let other = try book.addSheet("Other")
        book.setWidth(12, column: 1, in: sheet)
        var heldMost = 0
        for i in 0..<20_000 {
            try book.append([.number(Workbook.Number(i), .integer), .text("row \(i) of a long sheet")], to: sheet)
            heldMost = max(heldMost, book.progress(of: sheet).heldBack)
        }
        XCTAssertLessThan(heldMost, Workbook.streamAfter + 200)
        XCTAssertTrue(book.progress(of: sheet).streaming)
        try book.append([.text("after")], to: other)
        XCTAssertTrue(book.progress(of: sheet).done, "the next sheet's first row completes the one before")
        try book.finish()
        try out.flush()
        let read = try XLSXReader(out.bytes)
        XCTAssertEqual(read.decimal("Rows", "A20000"), 19_999)
        XCTAssertEqual(read.text("Rows", "B1"), "row 0 of a long sheet")
        XCTAssertEqual(read.text("Other", "A1"), "after")
    }
}
