import Foundation
import XCTest
@testable import AkkordKit

/// The summary workbook read back with the reader of `WorkbookTests` (`XLSXReader`: the ZIP's
/// headers and CRCs, the sheets' cells) and compared, value by value, with the summary JSON of the
/// same summary; every formula recalculated in Decimal from the constant cells and compared with
/// the value akkord cached; on random stores, the recalculated totals against sums made here from
/// each project's final accounting.
final class SummaryXLSXTests: XCTestCase {
    /// Summaries with every kind of row: an apprentice, an øre left from rounding, a closed
    /// project, no employer, a project without journeyman hours (no hourly earnings, an advance
    /// without a share), projects left out for want of a date, an employer filter (also the empty
    /// one), hours by the minute (7:20) and by the thousandth (6.001), a negative pool, and none.
    static func summaries() throws -> [(String, ProjectsSummary)] {
        [
            ("all", try ProjectsSummaryTests.summary()),
            ("from 2026", try ProjectsSummaryTests.summary(from: "2026-01-01")),
            ("tag & co to April", try ProjectsSummaryTests.summary(to: "2026-04-30", employer: " tag &  CO")),
            ("no employer", try ProjectsSummaryTests.summary(employer: "")),
            ("closed", try ProjectsSummaryTests.summary(status: .closed)),
            ("workbook projects", try ProjectsSummary(try WorkbookTests.projects + [try ProjectsSummaryTests.store()[3]], filter: .init())),
            ("empty", try ProjectsSummary([], filter: .init())),
        ]
    }

    func testEveryFigureReadsBackAsTheSummaryJSONHasIt() throws {
        for (name, s) in try Self.summaries() {
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(SummaryJSON.render(s))) as? [String: Any])
            for l in Language.allCases {
                let rendered = try RenderedSummary(s, format: .xlsx, table: .worker, language: l)
                XCTAssertEqual(rendered.format, .xlsx)
                XCTAssertEqual(rendered.bytes, try SummaryXLSX.render(s, language: l), "deflated, as the command writes it")
                try compare(try XLSXReader(try SummaryXLSX.render(s, language: l, entries: .stored)), json, l, label: "\(name) \(l)")
            }
        }
    }

    func testFormulasRecalculateToTheirCachedValues() throws {
        for (name, s) in try Self.summaries() {
            for l in Language.allCases {
                let book = try XLSXReader(try SummaryXLSX.render(s, language: l, entries: .stored))
                let formulas = try book.recalculateAll(label: "\(name) \(l)")
                // At least: each worker's balance, each hourly earnings, the totals rows and the Totals sheet.
                let minimum = s.workers.count + s.projects.filter { $0.hourlyEarnings != nil }.count + 10
                XCTAssertGreaterThanOrEqual(formulas, s.projects.isEmpty ? 7 : minimum, "\(name) \(l)")
            }
        }
    }

    func testTotalsAreFormulasOfTheirCells() throws {
        // Projects by date: c, a, b, e, then d (no date, no journeyman hours); employers Other ApS, Tag & Co, none.
        let s = try ProjectsSummaryTests.summary()
        let en = try XLSXReader(try SummaryXLSX.render(s, language: .en, entries: .stored))
        XCTAssertEqual(en.sheetNames, ["Projects", "Workers", "Employers", "Totals"])
        XCTAssertEqual(s.projects.count, 5)
        // Projects: rows 2–6, a blank row, totals in row 8.
        XCTAssertEqual(en.formula("Projects", "K2"), "ROUND(I2/J2,2)")
        XCTAssertNil(en.cell("Projects", "K6"), "d has no journeyman hours: no hourly earnings")
        XCTAssertNil(en.cell("Projects", "A7"))
        XCTAssertEqual(en.text("Projects", "A8"), "TOTAL")
        for c in ["G", "H", "I", "J"] { XCTAssertEqual(en.formula("Projects", "\(c)8"), "SUM(\(c)2:\(c)6)") }
        XCTAssertEqual(en.formula("Projects", "K8"), "ROUND(SUMIF(J2:J6,\">0\",I2:I6)/J8,2)")
        XCTAssertEqual(en.format("Projects", "G2"), "#,##0.00 \"kr.\"")
        XCTAssertEqual(en.format("Projects", "J2"), "#,##0.00")
        XCTAssertTrue(en.isBold("Projects", "G8"))
        // Workers: balance = share − advances in every row; totals SUM.
        for r in 2...(s.workers.count + 1) { XCTAssertEqual(en.formula("Workers", "F\(r)"), "D\(r)-E\(r)") }
        let wt = s.workers.count + 3
        for c in ["C", "D", "E", "F"] { XCTAssertEqual(en.formula("Workers", "\(c)\(wt)"), "SUM(\(c)2:\(c)\(wt - 2))") }
        // Employers: hourly earnings of each row and of the totals row.
        let et = s.employers.count + 3
        XCTAssertEqual(en.formula("Employers", "H2"), "ROUND(G2/F2,2)")
        XCTAssertEqual(en.formula("Employers", "H\(et)"), "ROUND(G\(et)/F\(et),2)")
        for c in ["B", "C", "D", "E", "F", "G"] { XCTAssertEqual(en.formula("Employers", "\(c)\(et)"), "SUM(\(c)2:\(c)\(et - 2))") }
        // Totals: from the totals rows of the other sheets.
        let totals = Dictionary(uniqueKeysWithValues: en.rows("Totals").compactMap { r in en.text("Totals", "A\(r)").map { ($0, r) } })
        let row = try XCTUnwrap(totals["Hourly earnings"])
        XCTAssertEqual(en.formula("Totals", "B\(try XCTUnwrap(totals["Projects"]))"), "COUNTA(Projects!A2:A6)")
        XCTAssertEqual(en.formula("Totals", "B\(try XCTUnwrap(totals["Total"]))"), "Projects!G8")
        XCTAssertEqual(en.formula("Totals", "B\(try XCTUnwrap(totals["Pool with hours"]))"), "SUMIF(Projects!J2:J6,\">0\",Projects!I2:I6)")
        XCTAssertEqual(en.formula("Totals", "B\(row)"), "ROUND(B\(row - 1)/B\(row - 2),2)")
        XCTAssertEqual(en.formula("Totals", "B\(try XCTUnwrap(totals["Balance"]))"), "Workers!F\(wt)")

        // Danish: the sheet names, and references to them (`I alt` is quoted; nothing refers to it).
        let da = try XLSXReader(try SummaryXLSX.render(s, language: .da, entries: .stored))
        XCTAssertEqual(da.sheetNames, ["Projekter", "Medarbejdere", "Arbejdsgivere", "I alt"])
        let daTotals = Dictionary(uniqueKeysWithValues: da.rows("I alt").compactMap { r in da.text("I alt", "A\(r)").map { ($0, r) } })
        XCTAssertEqual(da.formula("I alt", "B\(try XCTUnwrap(daTotals["I alt"]))"), "Projekter!G8")
        XCTAssertEqual(da.formula("I alt", "B\(try XCTUnwrap(daTotals["Til udbetaling"]))"), "Medarbejdere!F\(wt)")
        XCTAssertEqual(da.text("Projekter", "A8"), "I alt")
        XCTAssertEqual(da.text("Arbejdsgivere", "A\(et - 2)"), "(ingen arbejdsgiver)")
    }

    func testAnEmptySummaryHasNoFormulaOverAnEmptyRange() throws {
        let s = try ProjectsSummaryTests.summary(from: "2099-01-01")
        XCTAssertEqual(s.projects.count, 0)
        let book = try XLSXReader(try SummaryXLSX.render(s, language: .en, entries: .stored))
        let xml = (1...4).map { String(decoding: book.entries["xl/worksheets/sheet\($0).xml"] ?? [], as: UTF8.self) }.joined()
        for function in ["<f>SUM(", "<f>SUMIF(", "<f>COUNTA(", "<f>ROUND("] { XCTAssertFalse(xml.contains(function), "no \(function) over an empty range") }
        XCTAssertTrue(xml.contains("<f>Projects!G3</f><v>0.00</v>"), "the Totals sheet still refers to the totals row")
        XCTAssertEqual(book.sheetNames, ["Projects", "Workers", "Employers", "Totals"])
    }

    func testTheSameSummaryGivesTheSameBytes() throws {
        let s = try ProjectsSummaryTests.summary()
        XCTAssertEqual(try SummaryXLSX.render(s, language: .da), try SummaryXLSX.render(s, language: .da))
        XCTAssertNotEqual(try SummaryXLSX.render(s, language: .da), try SummaryXLSX.render(s, language: .en))
    }

    func testAListOfIdsTooLongForACellEndsWithHowManyMore() {
        XCTAssertEqual(SummaryXLSX.idList(["a", "b", "c"]), "a, b, c")
        XCTAssertEqual(SummaryXLSX.idList([]), "")
        XCTAssertEqual(SummaryXLSX.idList(["aaaa", "bbbb", "cccc"], limit: 16), "aaaa, bbbb, cccc")
        XCTAssertEqual(SummaryXLSX.idList(["aaaa", "bbbb", "cccc"], limit: 15), "aaaa, … (+2)")
        XCTAssertEqual(SummaryXLSX.idList(["aaaa", "bbbb", "cccc"], limit: 11), "… (+3)")
        let ids = (1...5000).map { String(format: "project-%05d", $0) }
        let list = SummaryXLSX.idList(ids)
        XCTAssertLessThanOrEqual(list.utf16.count, Workbook.maximumTextLength)
        let shown = list.components(separatedBy: ", ").dropLast()
        XCTAssertEqual(Array(shown), Array(ids.prefix(shown.count)))
        XCTAssertEqual(list.components(separatedBy: ", ").last, "… (+\(ids.count - shown.count))")
        // So a big store's employer row still makes a workbook.
        var projects: [Project] = []
        for id in ids.prefix(2500) { projects.append(Project(id: id, name: id)) }
        let s = try? ProjectsSummary(projects, filter: .init())
        XCTAssertNoThrow(try SummaryXLSX.render(XCTUnwrap(s), language: .en))
    }

    // MARK: the comparison with the summary JSON

    static func dec(_ m: Money) -> Decimal { Decimal(m.raw) / 100 }

    func compare(_ book: XLSXReader, _ json: [String: Any], _ l: Language, label: String) throws {
        let w = Words(l)
        func dec(_ s: Any?) -> Decimal? { (s as? String).flatMap { Decimal(string: $0) } }
        func str(_ s: Any?) -> String? { (s is NSNull) ? nil : s as? String }
        func nonEmpty(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }
        func hours(_ sheet: String, _ ref: String) -> Decimal? { book.decimal(sheet, ref).map { WorkbookTests.round2($0) } }
        let names = l == .da ? ["Projekter", "Medarbejdere", "Arbejdsgivere", "I alt"] : ["Projects", "Workers", "Employers", "Totals"]
        XCTAssertEqual(book.sheetNames, names, label)
        let (projectsSheet, workersSheet, employersSheet, totalsSheet) = (names[0], names[1], names[2], names[3])
        let totals = try XCTUnwrap(json["totals"] as? [String: Any])

        // Projects
        let projects = try XCTUnwrap(json["projects"] as? [[String: Any]])
        XCTAssertEqual((1...11).map { book.text(projectsSheet, "\(Workbook.CellReference.columnName($0))1") },
                       [w[.project], w[.name], w[.employer], w[.status], w[.summaryStart], w[.summaryEnd], w[.summaryTotal], w[.apprentices],
                        w[.pool], w[.summaryJourneymanHours], w[.summaryHourlyEarnings]], label)
        for (i, p) in projects.enumerated() {
            let r = i + 2, id = p["id"] as? String ?? ""
            XCTAssertEqual(book.text(projectsSheet, "A\(r)"), id, label)
            XCTAssertEqual(book.text(projectsSheet, "B\(r)"), p["name"] as? String, label)
            XCTAssertEqual(book.text(projectsSheet, "C\(r)"), nonEmpty(p["employer"] as? String), "\(label) \(id)")
            XCTAssertEqual(book.text(projectsSheet, "D\(r)"), w[p["status"] as? String == "open" ? .statusOpen : .statusClosed], label)
            // Dates are date cells: the day's serial number, shown in the language's date format.
            XCTAssertEqual(book.decimal(projectsSheet, "E\(r)"), str(p["start"]).flatMap(Workbook.dateSerial).map { Decimal($0) }, "\(label) \(id)")
            XCTAssertEqual(book.decimal(projectsSheet, "F\(r)"), str(p["end"]).flatMap(Workbook.dateSerial).map { Decimal($0) }, "\(label) \(id)")
            if str(p["start"]) != nil { XCTAssertEqual(book.format(projectsSheet, "E\(r)"), l == .da ? "dd-mm-yyyy" : "yyyy-mm-dd", label) }
            XCTAssertEqual(book.decimal(projectsSheet, "G\(r)"), dec(p["total"]), "\(label) \(id)")
            XCTAssertEqual(book.decimal(projectsSheet, "H\(r)"), dec(p["apprenticePay"]), "\(label) \(id)")
            XCTAssertEqual(book.decimal(projectsSheet, "I\(r)"), dec(p["pool"]), "\(label) \(id)")
            XCTAssertEqual(hours(projectsSheet, "J\(r)"), dec(p["journeymanHours"]), "\(label) \(id)")
            XCTAssertEqual(book.decimal(projectsSheet, "K\(r)"), dec(p["hourlyEarnings"]), "\(label) \(id)")
        }
        let pt = projects.count + 3
        XCTAssertEqual(book.text(projectsSheet, "A\(pt)"), w[.total], label)
        XCTAssertEqual(book.decimal(projectsSheet, "G\(pt)"), dec(totals["total"]), label)
        XCTAssertEqual(book.decimal(projectsSheet, "H\(pt)"), dec(totals["apprenticePay"]), label)
        XCTAssertEqual(book.decimal(projectsSheet, "I\(pt)"), dec(totals["pool"]), label)
        XCTAssertEqual(hours(projectsSheet, "J\(pt)"), dec(totals["journeymanHours"]), label)
        XCTAssertEqual(book.decimal(projectsSheet, "K\(pt)"), dec(totals["hourlyEarnings"]), label)
        let missingSplit = projects.contains { $0["hourlyEarnings"] is NSNull }
        XCTAssertEqual(book.rows(projectsSheet), Array(1...(projects.count + 1)) + [pt] + (missingSplit ? [pt + 2] : []), label)
        if missingSplit { XCTAssertEqual(book.text(projectsSheet, "A\(pt + 2)"), w[.summaryXlsxMissingSplit], label) }

        // Workers
        let workers = try XCTUnwrap(json["workers"] as? [[String: Any]])
        XCTAssertEqual((1...7).map { book.text(workersSheet, "\(Workbook.CellReference.columnName($0))1") },
                       [w[.worker], w[.summaryProjects], w[.hours], w[.share], w[.advances], w[.balance], w[.summaryProjectIds]], label)
        for (i, r) in workers.enumerated() {
            let row = i + 2, name = r["name"] as? String ?? ""
            let ids = try XCTUnwrap(r["projects"] as? [String])
            XCTAssertEqual(book.text(workersSheet, "A\(row)"), name, label)
            XCTAssertEqual(book.decimal(workersSheet, "B\(row)"), Decimal(ids.count), "\(label) \(name)")
            XCTAssertEqual(hours(workersSheet, "C\(row)"), dec(r["hours"]), "\(label) \(name)")
            XCTAssertEqual(book.decimal(workersSheet, "D\(row)"), dec(r["share"]), "\(label) \(name)")
            XCTAssertEqual(book.decimal(workersSheet, "E\(row)"), dec(r["advances"]), "\(label) \(name)")
            XCTAssertEqual(book.decimal(workersSheet, "F\(row)"), dec(r["balance"]), "\(label) \(name)")
            XCTAssertEqual(book.text(workersSheet, "G\(row)"), ids.joined(separator: ", "), "\(label) \(name)")
        }
        let wt = workers.count + 3
        XCTAssertEqual(book.text(workersSheet, "A\(wt)"), w[.total], label)
        XCTAssertNil(book.cell(workersSheet, "B\(wt)"), label)
        XCTAssertEqual(hours(workersSheet, "C\(wt)"), dec(totals["hours"]), label)
        XCTAssertEqual(book.decimal(workersSheet, "D\(wt)"), dec(totals["share"]), label)
        XCTAssertEqual(book.decimal(workersSheet, "E\(wt)"), dec(totals["advances"]), label)
        XCTAssertEqual(book.decimal(workersSheet, "F\(wt)"), dec(totals["balance"]), label)
        XCTAssertEqual(book.text(workersSheet, "A\(wt + 2)"), w[.summaryWorkersRule], label)
        let withoutShare = try XCTUnwrap(json["advancesWithoutShare"] as? [[String: Any]])
        var expectedRows = Array(1...(workers.count + 1)) + [wt, wt + 2]
        if !withoutShare.isEmpty {
            XCTAssertEqual(book.text(workersSheet, "A\(wt + 4)"), w[.summaryAdvancesWithoutShare], label)
            XCTAssertEqual([book.text(workersSheet, "A\(wt + 5)"), book.text(workersSheet, "E\(wt + 5)"), book.text(workersSheet, "G\(wt + 5)")],
                           [w[.worker], w[.advances], w[.project]], label)
            for (i, a) in withoutShare.enumerated() {
                let row = wt + 6 + i
                XCTAssertEqual(book.text(workersSheet, "A\(row)"), a["name"] as? String, label)
                XCTAssertEqual(book.decimal(workersSheet, "E\(row)"), dec(a["advances"]), label)
                XCTAssertEqual(book.text(workersSheet, "G\(row)"), a["project"] as? String, label)
            }
            expectedRows += Array((wt + 4)...(wt + 5 + withoutShare.count))
        }
        XCTAssertEqual(book.rows(workersSheet), expectedRows, label)

        // Employers
        let employers = try XCTUnwrap(json["employers"] as? [[String: Any]])
        XCTAssertEqual((1...9).map { book.text(employersSheet, "\(Workbook.CellReference.columnName($0))1") },
                       [w[.employer], w[.summaryProjects], w[.summaryTotal], w[.apprentices], w[.pool], w[.summaryJourneymanHours],
                        w[.summaryPoolWithHours], w[.summaryHourlyEarnings], w[.summaryProjectIds]], label)
        for (i, e) in employers.enumerated() {
            let row = i + 2, name = e["name"] as? String ?? ""
            let ids = try XCTUnwrap(e["projects"] as? [String])
            XCTAssertEqual(book.text(employersSheet, "A\(row)"), name.isEmpty ? w[.summaryNoEmployer] : name, label)
            XCTAssertEqual(book.decimal(employersSheet, "B\(row)"), Decimal(ids.count), "\(label) \(name)")
            XCTAssertEqual(book.decimal(employersSheet, "C\(row)"), dec(e["total"]), "\(label) \(name)")
            XCTAssertEqual(book.decimal(employersSheet, "D\(row)"), dec(e["apprenticePay"]), "\(label) \(name)")
            XCTAssertEqual(book.decimal(employersSheet, "E\(row)"), dec(e["pool"]), "\(label) \(name)")
            XCTAssertEqual(hours(employersSheet, "F\(row)"), dec(e["journeymanHours"]), "\(label) \(name)")
            XCTAssertEqual(book.decimal(employersSheet, "G\(row)"), dec(e["poolWithHours"]), "\(label) \(name)")
            XCTAssertEqual(book.decimal(employersSheet, "H\(row)"), dec(e["hourlyEarnings"]), "\(label) \(name)")
            XCTAssertEqual(book.text(employersSheet, "I\(row)"), ids.joined(separator: ", "), "\(label) \(name)")
        }
        let et = employers.count + 3
        XCTAssertEqual(book.text(employersSheet, "A\(et)"), w[.total], label)
        XCTAssertEqual(book.decimal(employersSheet, "B\(et)"), Decimal(totals["projects"] as? Int ?? -1), label)
        XCTAssertEqual(book.decimal(employersSheet, "C\(et)"), dec(totals["total"]), label)
        XCTAssertEqual(book.decimal(employersSheet, "D\(et)"), dec(totals["apprenticePay"]), label)
        XCTAssertEqual(book.decimal(employersSheet, "E\(et)"), dec(totals["pool"]), label)
        XCTAssertEqual(hours(employersSheet, "F\(et)"), dec(totals["journeymanHours"]), label)
        XCTAssertEqual(book.decimal(employersSheet, "G\(et)"), dec(totals["poolWithHours"]), label)
        XCTAssertEqual(book.decimal(employersSheet, "H\(et)"), dec(totals["hourlyEarnings"]), label)
        XCTAssertEqual(book.text(employersSheet, "A\(et + 2)"), w[.summaryXlsxEmployersNote], label)

        // Totals: what was chosen, then each total found by its label.
        let period = try XCTUnwrap(json["period"] as? [String: Any]), filter = try XCTUnwrap(json["filter"] as? [String: Any])
        let from = str(period["from"]), to = str(period["to"])
        let periodText = from.map { f in to.map { "\(f) – \($0)" } ?? w(.summaryFrom, f) } ?? to.map { w(.summaryTo, $0) } ?? w[.summaryAllDates]
        let status = ["all": w[.summaryStatusAll], "open": w[.statusOpen], "closed": w[.statusClosed]][filter["status"] as? String ?? ""]
        var header: [String?] = [w[.summaryTitle], w[.period], periodText]
        if let e = str(filter["employer"]) { header += [w[.employer], e.isEmpty ? w[.summaryNoEmployer] : e] }
        header += [w[.status], status, w[.currency], json["currency"] as? String]
        let headerRows = header.count / 2 + 1
        XCTAssertEqual([book.text(totalsSheet, "A1")] + (2...headerRows).flatMap { [book.text(totalsSheet, "A\($0)"), book.text(totalsSheet, "B\($0)")] },
                       header, label)
        let undated = try XCTUnwrap(period["withoutDate"] as? [String])
        let undatedRow = book.rows(totalsSheet).first { $0 > headerRows && book.text(totalsSheet, "A\($0)")?.contains(undated.first ?? "\u{0}") == true }
        XCTAssertEqual(undatedRow, undated.isEmpty ? nil : headerRows + 1, label)
        var value: [String: Decimal?] = [:]
        for r in book.rows(totalsSheet) where r > headerRows + 1 {
            let name = try XCTUnwrap(book.text(totalsSheet, "A\(r)"), label)
            XCTAssertFalse(value.keys.contains(name), "\(label): \(name) once")
            value[name] = book.decimal(totalsSheet, "B\(r)")
        }
        let expected: [(Term, Decimal?)] = [
            (.summaryProjects, Decimal(totals["projects"] as? Int ?? -1)), (.summaryTotal, dec(totals["total"])),
            (.apprentices, dec(totals["apprenticePay"])), (.pool, dec(totals["pool"])),
            (.summaryJourneymanHours, dec(totals["journeymanHours"])), (.summaryPoolWithHours, dec(totals["poolWithHours"])),
            (.summaryHourlyEarnings, dec(totals["hourlyEarnings"])), (.hours, dec(totals["hours"])), (.share, dec(totals["share"])),
            (.advances, dec(totals["advances"])), (.balance, dec(totals["balance"])),
        ]
        XCTAssertEqual(value.count, expected.count, "\(label): \(value.keys.sorted())")
        for (term, figure) in expected {
            let got = try XCTUnwrap(value[w[term]], "\(label): \(w[term])")
            let hoursRow = term == .summaryJourneymanHours || term == .hours
            XCTAssertEqual(hoursRow ? got.map { WorkbookTests.round2($0) } : got, figure, "\(label): \(w[term])")
        }
    }
}
