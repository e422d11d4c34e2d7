import Foundation
import XCTest
@testable import AkkordKit

/// The report sheet and the words: every label once, in both languages, laid out alike by the
/// text, HTML and PDF writers.
final class ReportSheetTests: XCTestCase {
    static let fixedDanishTerms = [
        "AKKORDOPGØRELSE", "Pos.", "Ydelse", "Mængde", "Enhed", "Pris", "Beløb", "Subtotal", "Tillæg", "Ekstraarbejde", "I alt",
        "Lærlinge", "Til fordeling", "Navn", "Timer", "Andel", "Aconto", "Til udbetaling", "Timefortjeneste",
        "Tagdækker", "Arbejdsgiver", "Fagforening",
    ]
    static let englishLabels = ["FINAL ACCOUNTING", "Worker", "Share", "Balance", "hourly earnings", "Roofer"]

    /// Workers with hours, an apprentice whose pay is more than the total (a negative pool), an
    /// advance, a supplement, extra work (agreed and by the hour) and a custom line.
    static func fullProject() throws -> Project {
        var p = Project(id: "tagvej-3", name: "Tagvej 3")
        p.address = "Tagvej 3, 8000 Aarhus C"
        p.employer = "Tæt Tag ApS"
        p.customer = "A/B Tagvej"
        p.start = "2026-05-04"
        p.catalogueName = "Prøveliste"
        p.catalogueEdition = "2026-1"
        _ = p.addLine(Activity(pos: "2.01", name: "Underpap, sømmet", unit: "m2", price: try UnitPrice(parsing: "38.50")),
                      quantity: try Quantity(parsing: "10"), note: "nordside", date: nil)
        _ = p.addLine(Activity(pos: "2.09", name: "Sternkant", unit: "lbm", price: try UnitPrice(parsing: "29.35")),
                      quantity: try Quantity(parsing: "4"), date: nil)
        _ = p.addLine(Activity(pos: "X3", name: "Afdækning af trappe", unit: "pcs", price: try UnitPrice(parsing: "450")),
                      quantity: try Quantity(parsing: "1"), date: nil, custom: true)
        _ = p.addWorker(name: "Jens Hansen", apprentice: false, rate: nil)
        _ = p.addWorker(name: "Mette Sørensen", apprentice: false, rate: nil)
        _ = p.addWorker(name: "Ali Nielsen", apprentice: true, rate: try UnitPrice(parsing: "128.40"))
        _ = try p.addHours(worker: "jens-hansen", hours: try Hours(parsing: "7:30"), date: nil, note: "")
        _ = try p.addHours(worker: "mette-soerensen", hours: try Hours(parsing: "6"), date: nil, note: "")
        _ = try p.addHours(worker: "ali-nielsen", hours: try Hours(parsing: "20"), date: nil, note: "")
        _ = try p.addAdvance(worker: "jens-hansen", amount: try Money(parsing: "100"), date: nil, note: "")
        _ = try p.addSupplement(name: "Højdetillæg", percent: try Percent(parsing: "4,5"))
        _ = p.addExtraWork(text: "Inddækning ved skorsten", pricing: .amount(try Money(parsing: "250")))
        _ = p.addExtraWork(text: "Snerydning", pricing: .hourly(hours: try Hours(parsing: "1:30"), rate: try UnitPrice(parsing: "300")))
        return p
    }

    static func noWorkersProject() throws -> Project {
        var p = Project(id: "tom-tagflade", name: "Tom tagflade")
        _ = p.addLine(Activity(pos: "2.01", name: "Underpap, sømmet", unit: "m2", price: try UnitPrice(parsing: "38.50")),
                      quantity: try Quantity(parsing: "2"), date: nil)
        return p
    }

    /// The three reports of a project in a language, as text to search: HTML entities undone, the
    /// PDF's shown strings decoded from WinAnsi; runs of white space made one space.
    static func reports(_ p: Project, _ l: Language) throws -> (text: String, html: String, pdf: String) {
        let a = try FinalAccounting(p)
        let pdf = ReportPDF.render(ProjectHead(p), a, language: l, photos: [], compressing: false).bytes
        return (flat(ReportText.render(ProjectHead(p), a, language: l)), flat(unescapeHTML(ReportHTML.render(ProjectHead(p), a, language: l))), flat(pdfText(pdf)))
    }

    static func flat(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0.isNewline }).joined(separator: " ")
    }

    static func unescapeHTML(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Every string the PDF shows (`(…) Tj`), in page order, decoded from the fonts' encoding
    /// (WinAnsi, and 0x81 drawn as the minus sign). The page streams are not compressed.
    static func pdfText(_ bytes: [UInt8]) -> String {
        var runs: [String] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "(") else { i += 1; continue }
            var run: [UInt8] = []
            var j = i + 1
            while j < bytes.count, bytes[j] != UInt8(ascii: ")") {
                if bytes[j] == UInt8(ascii: "\\"), j + 1 < bytes.count {
                    j += 1
                    run.append(bytes[j] == UInt8(ascii: "n") ? 0x0A : bytes[j] == UInt8(ascii: "r") ? 0x0D : bytes[j])
                } else {
                    run.append(bytes[j])
                }
                j += 1
            }
            if Array(bytes[min(j + 1, bytes.count)..<min(j + 4, bytes.count)]) == Array(" Tj".utf8) {
                var scalars = String.UnicodeScalarView()
                for b in run { scalars.append(b == WinAnsi.minusCode ? "\u{2212}" : TextEncoding.windows1252(b)) }
                runs.append(String(scalars))
            }
            i = j + 1
        }
        return runs.joined(separator: "\n")
    }

    // MARK: - Words

    func testEveryTermHasAWordInEveryLanguage() {
        for language in Language.allCases {
            let table = Words.table(language)
            for term in Term.allCases {
                let word = table[term] ?? ""
                XCTAssertFalse(word.trimmingCharacters(in: .whitespaces).isEmpty, "\(language): no word for .\(term)")
            }
        }
    }

    func testEveryLanguageFillsTheSameBlanks() {
        func blanks(_ s: String) -> Set<String> {
            Set((1...9).map { "{\($0)}" }.filter { s.contains($0) })
        }
        for term in Term.allCases {
            let en = blanks(Words.en[term] ?? "")
            for language in Language.allCases {
                XCTAssertEqual(blanks(Words.table(language)[term] ?? ""), en, "\(language): .\(term)")
            }
        }
        XCTAssertEqual(Words.fill("{1} and {2}, {3} {x} {", ["{2}", "b"]), "{2} and b, {3} {x} {", "filled text is not read again")
    }

    func testUnitsInDanishReports() {
        XCTAssertEqual(["m2", "lbm", "pcs", "m", "kg", "h", "rulle"].map { UnitName.display($0, language: .da) }, ["m²", "lbm", "stk", "m", "kg", "t", "rulle"])
        XCTAssertEqual(["m2", "lbm", "pcs", "h"].map { UnitName.display($0, language: .en) }, ["m2", "lbm", "pcs", "h"])
    }

    // MARK: - Warnings

    func testWarningsAreTypedAndSpeakToTheClerk() throws {
        XCTAssertEqual(try FinalAccounting(try Self.noWorkersProject()).warnings, [.noWorkers])
        let full = try FinalAccounting(try Self.fullProject())
        XCTAssertTrue(full.pool.isNegative)
        XCTAssertEqual(full.warnings, [.negativePool(apprenticePay: full.apprenticePay, total: full.total)])
        var p = try Self.noWorkersProject()
        _ = p.addWorker(name: "Bo", apprentice: true, rate: try UnitPrice(parsing: "100"))
        XCTAssertEqual(try FinalAccounting(p).warnings, [.noJourneymen, .apprenticeWithoutHours(name: "Bo")])
        _ = p.addWorker(name: "Jens", apprentice: false, rate: nil)
        XCTAssertEqual(try FinalAccounting(p).warnings, [.noJourneymanHours, .apprenticeWithoutHours(name: "Bo")])

        XCTAssertEqual(AccountingWarning.noWorkers.text(.en), "the team split is missing: the project has no workers")
        XCTAssertEqual(AccountingWarning.negativePool(apprenticePay: Money(raw: 128_400), total: Money(raw: 74_023)).text(.en),
                       "The piecework shows a deficit: apprentice pay (1284.00) is more than the total (740.23), so the pool is negative")
        XCTAssertEqual(AccountingWarning.negativePool(apprenticePay: Money(raw: 128_400), total: Money(raw: 74_023)).text(.da),
                       "Akkorden giver underskud: lærlingelønnen (1.284,00) er større end beløbet i alt (740,23), så beløbet til fordeling er negativt")
        // 1000.00 for 8 h is 125.00 per hour, below the aconto rate 180.00 (SPEC §9's wording).
        XCTAssertEqual(AccountingWarning.shareBelowAcontoRate(name: "Jens", perHour: Money(raw: 12_500), rate: UnitPrice(raw: 1_800_000)).text(.da),
                       "Akkorden giver underskud for Jens: andelen er 125,00 i timen, under acontosatsen på 180,00 i timen, der er betalt")
        let all: [AccountingWarning] = [.noWorkers, .noJourneymen, .noJourneymanHours, .negativePool(apprenticePay: .zero, total: .zero),
                                        .apprenticeWithoutHours(name: "Bo"), .shareBelowAcontoRate(name: "Bo", perHour: .zero, rate: .zero)]
        for w in all {
            for l in Language.allCases {
                XCTAssertFalse(w.text(l).lowercased().contains("akkord "), "\(w) \(l): no command names: \(w.text(l))")
                XCTAssertFalse(w.text(l).contains("--"), "\(w) \(l): no flags")
            }
        }
    }

    func testJSONWarningsStayEnglish() throws {
        let p = try Self.noWorkersProject()
        let json = String(decoding: ReportJSON.render(ProjectHead(p), try FinalAccounting(p)), as: UTF8.self)
        XCTAssertTrue(json.contains("\"the team split is missing: the project has no workers\""), json)
    }

    // MARK: - Reports

    func testDanishReportsUseTheFixedTermsAndNoEnglishLabels() throws {
        let p = try Self.fullProject()
        let r = try Self.reports(p, .da)
        for (format, report) in [("text", r.text), ("html", r.html), ("pdf", r.pdf)] {
            for term in Self.fixedDanishTerms { XCTAssertTrue(report.contains(term), "da \(format) lacks \(term)") }
            for label in Self.englishLabels { XCTAssertFalse(report.contains(label), "da \(format) has \(label)") }
            XCTAssertTrue(report.contains("m²") && report.contains("stk"), "da \(format): Danish units")
            XCTAssertTrue(report.contains("1,50 t × 300,00"), "da \(format): hours as t")
        }
        let a = try FinalAccounting(p)
        XCTAssertTrue(ReportHTML.render(ProjectHead(p), a, language: .da).contains("<title>Akkordopgørelse – Tagvej 3</title>"))
        let pdf = ReportPDF.render(ProjectHead(p), a, language: .da, photos: []).bytes
        // The document title as UTF-16BE after a byte order mark (hex from Python: ord() of each character).
        let title = Array("/Title <FEFF0041006B006B006F00720064006F0070006700F800720065006C0073006500202013002000540061006700760065006A00200033>".utf8)
        XCTAssertNotNil(Data(pdf).range(of: Data(title)), "the PDF's document title")
    }

    func testEnglishReportsKeepTheirTitles() throws {
        let p = try Self.fullProject()
        let a = try FinalAccounting(p)
        XCTAssertTrue(ReportHTML.render(ProjectHead(p), a, language: .en).contains("<title>Final accounting – Tagvej 3</title>"))
        let r = try Self.reports(p, .en)
        for report in [r.text, r.html, r.pdf] {
            for label in Self.englishLabels { XCTAssertTrue(report.contains(label), "en lacks \(label)") }
        }
        XCTAssertTrue(r.pdf.contains("Final accounting – Tagvej 3"), "the PDF's footer and title")
    }

    func testHTMLHasTheRuleNotesAndNoWorkers() throws {
        let p = try Self.noWorkersProject()
        let html = ReportHTML.render(ProjectHead(p), try FinalAccounting(p), language: .en)
        XCTAssertTrue(html.contains("<p>(no workers)</p>"), html)
        XCTAssertTrue(html.contains("Share = pool × hours / journeyman hours, rounded down to the øre; the øre left over go one each to the largest remainders."), html)
        XCTAssertTrue(html.contains("Balance = share (or apprentice pay) − advances; negative means overpaid."), html)
        let da = ReportHTML.render(ProjectHead(p), try FinalAccounting(p), language: .da)
        XCTAssertTrue(da.contains("<p>(ingen medarbejdere)</p>") && da.contains("Andel = ") && da.contains("Til udbetaling = "), da)
    }

    func testPDFPrintsTheMinusSign() throws {
        XCTAssertEqual(WinAnsi.encode("a − b").bytes, [0x61, 0x20, WinAnsi.minusCode, 0x20, 0x62])
        XCTAssertEqual(WinAnsi.encode("−").replaced, [])
        XCTAssertEqual(PDFFont.regular.width("−", size: 1000), 584)
        XCTAssertEqual(PDFFont.bold.width("−", size: 1000), 584)
        let p = try Self.noWorkersProject()
        let pdf = ReportPDF.render(ProjectHead(p), try FinalAccounting(p), language: .en, photos: [], compressing: false)
        XCTAssertEqual(pdf.warnings, [])
        let raw = String(decoding: pdf.bytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        XCTAssertEqual(raw.components(separatedBy: "/BaseEncoding /WinAnsiEncoding /Differences [\(WinAnsi.minusCode) /minus]").count - 1, 2, "both fonts")
        XCTAssertTrue(Self.pdfText(pdf.bytes).contains("Balance = share (or apprentice pay) − advances"))
    }

    func testNoReportWithoutWorkersNamesACommand() throws {
        let p = try Self.noWorkersProject()
        let command = try NSRegularExpression(pattern: "akkord +[a-z]", options: [.caseInsensitive])
        for l in Language.allCases {
            let r = try Self.reports(p, l)
            for (format, report) in [("text", r.text), ("html", r.html), ("pdf", r.pdf)] {
                XCTAssertNil(command.firstMatch(in: report, range: NSRange(report.startIndex..., in: report)), "\(l) \(format): \(report)")
                XCTAssertTrue(report.contains(Words(l)[.warningNoWorkers]), "\(l) \(format) warns")
                XCTAssertTrue(report.contains(Words(l)[.noWorkers]), "\(l) \(format) says there are no workers")
            }
        }
    }

    /// Every label, note, warning and signature of the sheet appears in each of the three reports.
    func testTextHTMLAndPDFCarryTheSameLabels() throws {
        for p in [try Self.fullProject(), try Self.noWorkersProject()] {
            for l in Language.allCases {
                let sheet = ReportSheet(ProjectHead(p), try FinalAccounting(p), language: l)
                var labels = [sheet.title] + sheet.header.map(\.label) + sheet.lines.headings.map(\.title) + sheet.totals.rows.map(\.label)
                labels += sheet.totals.rows.map(\.description).filter { !$0.isEmpty }
                labels += sheet.team.rows.isEmpty ? [sheet.team.emptyNote] : sheet.team.columns.map(\.title)
                labels += sheet.notes.map(\.text) + sheet.warnings.map { "\(sheet.warningLabel): \($0)" } + sheet.signatures
                labels += sheet.customFootnote.map { [$0] } ?? []
                XCTAssertEqual(sheet.customFootnote != nil, p.lines.contains(where: \.custom))
                let r = try Self.reports(p, l)
                for label in labels.map(Self.flat) {
                    for (format, report) in [("text", r.text), ("html", r.html), ("pdf", r.pdf)] {
                        XCTAssertTrue(report.contains(label), "\(l) \(format) of \(p.id) lacks \"\(label)\"")
                    }
                }
                for (format, report) in [("text", r.text), ("html", r.html), ("pdf", r.pdf)] {
                    XCTAssertTrue(report.lowercased().contains(sheet.team.title.lowercased()), "\(l) \(format): team title")
                }
            }
        }
    }

    /// The line table is made row by row from the accounting's lines, in their order, by the
    /// sheet's columns.
    func testLineRowsFollowTheAccountingLines() throws {
        let p = try Self.fullProject()
        let a = try FinalAccounting(p)
        let sheet = ReportSheet(ProjectHead(p), a, language: .da)
        XCTAssertEqual(sheet.lines.columns, [.pos, .activity, .quantity, .unit, .price, .amount])
        XCTAssertEqual(sheet.lines.headings.map(\.title), ["Pos.", "Ydelse", "Mængde", "Enhed", "Pris", "Beløb"])
        let rows = sheet.lines.lines.views.map { line in sheet.lines.columns.map { $0.text(line, .da) } }
        XCTAssertEqual(rows, [["2.01", "Underpap, sømmet (nordside)", "10", "m²", "38,50", "385,00"],
                              ["2.09", "Sternkant", "4", "lbm", "29,35", "117,40"],
                              ["X3*", "Afdækning af trappe", "1", "stk", "450,00", "450,00"]])
        XCTAssertEqual(sheet.totals.rows.filter { $0.emphasis == .strong }.map(\.label), ["I alt", "Til fordeling"])
        XCTAssertEqual(sheet.totals.rows.filter(\.ruleAbove).map(\.label), ["I alt"])
    }

    func testDanishCSVHeaderAndBOM() throws {
        let p = try Self.fullProject()
        let a = try FinalAccounting(p)
        let da = ReportCSV.render(a, language: .da)
        XCTAssertTrue(da.hasPrefix("\u{FEFF}Id;Pos.;Ydelse;Mængde;Enhed;Pris;Beløb;Bemærkning;Opmåling\r\n"), da)
        XCTAssertTrue(da.contains(";m²;") && da.contains(";stk;"), da)
        XCTAssertTrue(ReportCSV.render(a, language: .en).hasPrefix("Id,Pos,Activity,Quantity,Unit,Price,Amount,Note,Measurement\r\n"))
    }
}
