import Foundation
import XCTest
@testable import AkkordKit

// The long part of PDFLayoutTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension PDFLayoutTests {
    func testBlocksAreNeverSplit() throws {
        var moved = 0, runOver = 0
        for lines in 1...90 {
            let p = try Self.project(lines: lines)
            let a = try FinalAccounting(p)
            for l in Language.allCases {
                let sheet = ReportSheet(ProjectHead(p), a, language: l)
                let out = ReportPDF.render(sheet, photos: [], compressing: false)
                let pages = Self.pages(out.bytes)
                XCTAssertEqual(pages.count, out.pageCount)
                let what = "\(lines) lines, \(l)"
                let summation = Self.pagesShowing([sheet.totals.title] + sheet.totals.rows.map(\.label), in: pages)
                XCTAssertEqual(summation.count, 1, "the summation on one page: \(what), pages \(summation.sorted())")
                // The notes by their first line as wrapped, the signatures by who signs.
                let notes = sheet.notes.map(\.text).compactMap {
                    (ReportPDF.Layout.wrapPlain($0, width: ReportPDF.right - ReportPDF.left, font: .regular, size: 8)
                        ?? ReportPDF.Layout.wrapCharacters($0, width: ReportPDF.right - ReportPDF.left, font: .regular, size: 8)).first
                }
                XCTAssertEqual(notes.count, sheet.notes.count)
                let team = Self.pagesShowing([sheet.team.title] + sheet.team.rows.map(\.worker) + notes, in: pages)
                    .union(Self.pagesStarting(sheet.signatures, in: pages))
                XCTAssertEqual(team.count, 1, "the team table, its notes and the signatures on one page: \(what), pages \(team.sorted())")
                if let page = team.first, page > 0, pages[page].first == sheet.team.title { moved += 1 }
                if out.pageCount > 1 { runOver += 1 }
            }
        }
        XCTAssertGreaterThan(moved, 10, "some team blocks moved to a new page")
        XCTAssertGreaterThan(runOver, 60)
    }
}
