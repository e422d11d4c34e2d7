import Foundation
import XCTest
@testable import AkkordKit

/// Weights in the team split and the total per piecework hour (SPEC §16). Every expected figure
/// was worked out apart from akkord, with Python's `fractions` (the largest-remainder split of
/// §5, ties to the one listed first):
///
///     def split(P, ws):               # P in øre, ws = hours × weight
///         T = sum(ws); fl = [floor(P*w/T) for w in ws]; rem = [P*w/T - f for w, f in zip(ws, fl)]
///         for i in sorted(range(len(ws)), key=lambda i: (-rem[i], i))[:P - sum(fl)]: fl[i] += 1
///         return fl
final class WeightsTests: XCTestCase {
    /// One custom line of `amount` (1 m2 at that price), then the workers: (name, hours,
    /// apprentice, rate, weight).
    static func project(total amount: String, _ workers: [(String, String, Bool, String?, String)], advances: [String: String] = [:]) throws -> Project {
        var p = Project(id: "vaegt", name: "Vægt")
        _ = p.addLine(Activity(pos: "X1", name: "Tag", unit: "m2", price: try UnitPrice(parsing: amount)), quantity: try Quantity(parsing: "1"),
                      date: nil, custom: true)
        for (name, hours, apprentice, rate, weight) in workers {
            let (w, _) = p.addWorker(name: name, apprentice: apprentice, rate: try rate.map(UnitPrice.init(parsing:)), weight: try Weight(parsing: weight))
            _ = try p.addHours(worker: w.id, hours: try Hours(parsing: hours), date: nil, note: "")
            if let a = advances[name] { _ = try p.addAdvance(worker: w.id, amount: try Money(parsing: a), date: nil, note: "") }
        }
        XCTAssertEqual(ProjectRules.problems(p).map(\.description), [])
        return p
    }

    /// Weights 1 and 0.8, 10 h each: weighted hours 10 + 8 = 18.
    /// split(100000, [10, 8]) = [55556, 44444]; hourly 1000/18 = 55.5̅ → 55.56; all hours 20,
    /// total per hour 1000/20 = 50.00; Jens's balance 555.56 − 500.00 = 55.56.
    static func journeymenAt1And08() throws -> Project {
        try project(total: "1000", [("Jens", "10", false, nil, "1"), ("Ole", "10", false, nil, "0.8")], advances: ["Jens": "500"])
    }

    /// An apprentice at weight 0.5 beside one paid 1 h × 100.00: pool 1000 − 100 = 900 over
    /// weighted hours 10 + 10 × 0.5 = 15: split(90000, [10, 5]) = [60000, 30000]; hourly 900/15 =
    /// 60.00; all hours 10 + 10 + 1 = 21, total per hour 1000/21 = 47.619… → 47.62; journeyman hours 10.
    static func apprentices() throws -> Project {
        try project(total: "1000", [("Jens", "10", false, nil, "1"), ("Lars", "10", true, nil, "0.5"), ("Ali", "1", true, "100", "1")])
    }

    /// Remainders: weighted 1 × 1.5, 1 × 0.7, 3 × 0.3 = 3.1 h of a pool of 10.00:
    /// split(1000, [1.5, 0.7, 0.9]) = [484, 226, 290] (remainders .870, .806, .322: two øre left
    /// over, to the first two); hourly 10/3.1 = 3.2258… → 3.23; all hours 5, per hour 2.00.
    static func remainders() throws -> Project {
        try project(total: "10", [("A", "1", false, nil, "1.5"), ("B", "1", false, nil, "0.7"), ("C", "3", false, nil, "0.3")])
    }

    /// A tie: 2 h × 0.5, 1 h × 1, 0.5 h × 2 are each 1 weighted hour: split(10000, [1, 1, 1]) =
    /// [3334, 3333, 3333], the øre to the one listed first. Hourly 100/3 → 33.33; all hours 3.5,
    /// per hour 100/3.5 = 28.571… → 28.57.
    static func tie() throws -> Project {
        try project(total: "100", [("A", "2", false, nil, "0.5"), ("B", "1", false, nil, "1"), ("C", "0.5", false, nil, "2")])
    }

    func figures(_ a: FinalAccounting) -> [String?] {
        [a.pool.plain, a.journeymanHours.twoDecimalsPlain, a.weightedHours.twoDecimalsPlain, a.hourlyEarnings?.plain, a.allHours.twoDecimalsPlain, a.totalPerHour?.plain]
    }

    func testSharesByHoursTimesWeight() throws {
        var a = try FinalAccounting(Self.journeymenAt1And08())
        XCTAssertEqual(figures(a), ["1000.00", "20.00", "18.00", "55.56", "20.00", "50.00"])
        XCTAssertEqual(a.team.map { [$0.share?.plain, $0.weightedHours?.twoDecimalsPlain, $0.balance?.plain] },
                       [["555.56", "10.00", "55.56"], ["444.44", "8.00", "444.44"]])
        XCTAssertTrue(a.hasWeights)

        a = try FinalAccounting(Self.apprentices())
        XCTAssertEqual(figures(a), ["900.00", "10.00", "15.00", "60.00", "21.00", "47.62"])
        XCTAssertEqual(a.team.map { [$0.share?.plain, $0.weightedHours?.twoDecimalsPlain] }, [["600.00", "10.00"], ["300.00", "5.00"], ["100.00", nil]])
        XCTAssertEqual(a.apprenticePay.plain, "100.00")

        a = try FinalAccounting(Self.remainders())
        XCTAssertEqual(figures(a), ["10.00", "5.00", "3.10", "3.23", "5.00", "2.00"])
        XCTAssertEqual(a.team.map { $0.share?.plain }, ["4.84", "2.26", "2.90"])

        a = try FinalAccounting(Self.tie())
        XCTAssertEqual(figures(a), ["100.00", "3.50", "3.00", "33.33", "3.50", "28.57"])
        XCTAssertEqual(a.team.map { $0.share?.plain }, ["33.34", "33.33", "33.33"])
    }

    /// Without weights the split is §5's, and the new figures are the journeymen's hours.
    func testWithoutWeightsNothingChanges() throws {
        let p = try Self.project(total: "100", [("A", "1", false, nil, "1"), ("B", "2", false, nil, "1"), ("Ali", "3", true, "10", "1")])
        let a = try FinalAccounting(p)
        // pool 100 − 30 = 70 by 1 : 2 → 23.333… / 46.666…: [2333, 4666] + 1 øre to B (remainder .666) = 23.33, 46.67.
        XCTAssertEqual(a.team.map { $0.share?.plain }, ["23.33", "46.67", "30.00"])
        XCTAssertFalse(a.hasWeights)
        // hourly 70/3 = 23.33; all hours 6, per hour 100/6 = 16.67.
        XCTAssertEqual(figures(a), ["70.00", "3.00", "3.00", "23.33", "6.00", "16.67"])
        let text = ReportText.render(ProjectHead(p), a, language: .en)
        XCTAssertFalse(text.contains("Weight"))
        XCTAssertFalse(text.contains("Agreed split"))
        XCTAssertTrue(text.contains("All piecework hours: 6.00; total per piecework hour: 16.67 (total 100.00 / 6.00 h)"), text)
    }

    func testTheProjectFileKeepsAWeightOnlyWhenItIsNot1() throws {
        let p = try Self.apprentices()
        let bytes = try ProjectCodec.encode(p)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "\"weight\"").count - 1, 1, text)
        XCTAssertTrue(text.contains("\"weight\": \"0.5\""), text)
        XCTAssertEqual(try ProjectCodec.decode(bytes, source: "vaegt.json"), p)
    }

    func testAWeightOutOfRangeIsRefusedAtItsPath() throws {
        var p = try Self.journeymenAt1And08()
        let bytes = String(decoding: try ProjectCodec.encode(p), as: UTF8.self)
        for (weight, problem) in [("2.5", "workers[1].weight: \"2.5\" is too large"), ("0.555", "workers[1].weight: \"0.555\" has more than 2 fraction digits"),
                                  ("0", "workers[1].weight: must be greater than 0 (at most 2)"), ("-1", "workers[1].weight: must be greater than 0")] {
            let bad = bytes.replacingOccurrences(of: "\"weight\": \"0.8\"", with: "\"weight\": \"\(weight)\"")
            XCTAssertThrowsError(try ProjectCodec.decode(Array(bad.utf8), source: "vaegt.json"), weight) { error in
                XCTAssertTrue("\(error)".contains(problem), "\(weight): \(error)")
            }
        }
        // An apprentice paid by the hour has no weight; one without a rate needs one other than 1.
        p.workers[1].apprentice = true
        p.workers[1].rate = try UnitPrice(parsing: "100")
        XCTAssertEqual(ProjectRules.problems(p).map(\.description),
                       ["workers[1].weight: an apprentice paid by the hour (rate) has no weight; give one or the other"])
        p.workers[1].rate = nil
        p.workers[1].weight = .one
        XCTAssertEqual(ProjectRules.problems(p).map(\.description), ["workers[1].rate: an apprentice needs an hourly rate, or a weight to share the pool with"])
    }

    func testSetWeightRecordsTheChange() throws {
        var p = try Self.journeymenAt1And08()
        let (w, changes) = try p.setWeight(worker: "jens", Weight(parsing: "1.25"))
        XCTAssertEqual(w.weight.plain, "1.25")
        XCTAssertEqual(changes, [.workerWeightChanged(id: "jens", name: "Jens", old: .one, new: Weight(raw: 125))])
        XCTAssertEqual(try p.setWeight(worker: "ole", Weight(raw: 80)).1, [], "unchanged: nothing to record")
        _ = p.addWorker(name: "Ali", apprentice: true, rate: UnitPrice(raw: 1_000_000))
        XCTAssertThrowsError(try p.setWeight(worker: "ali", Weight(raw: 50))) {
            XCTAssertEqual("\($0)", "Ali is an apprentice paid by the hour; only those who share the pool have a weight")
        }
    }

    // MARK: the reports

    func testJSONReport() throws {
        let p = try Self.apprentices()
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(ReportJSON.render(ProjectHead(p), try FinalAccounting(p)))) as? [String: Any])
        XCTAssertEqual(json["weightedHours"] as? String, "15.00")
        XCTAssertEqual(json["allHours"] as? String, "21.00")
        XCTAssertEqual(json["totalPerHour"] as? String, "47.62")
        XCTAssertEqual(json["journeymanHours"] as? String, "10.00")
        XCTAssertEqual(json["hourlyEarnings"] as? String, "60.00")
        let team = try XCTUnwrap(json["team"] as? [[String: Any]])
        XCTAssertEqual(team.map { $0["weight"] as? String }, ["1", "0.5", "1"])
        XCTAssertEqual(team.map { $0["weightedHours"] as? String }, ["10.00", "5.00", nil])
        XCTAssertTrue(team[2]["weightedHours"] is NSNull)
        XCTAssertEqual(team.map { $0["share"] as? String }, ["600.00", "300.00", "100.00"])
    }

    /// The CSV report's block for an agreed split (the figures of `apprentices()`, worked above),
    /// read back by Python's csv module's rules: RFC 4180 rows under the lines.
    func testCSVReportHasTheAgreedSplitUnderTheLines() throws {
        let p = try Self.apprentices()
        let a = try FinalAccounting(p)
        let en = ReportCSV.render(a, language: .en)
        let block = en.components(separatedBy: "\r\n\r\n")
        XCTAssertEqual(block.count, 2, en)
        XCTAssertEqual(block[1], [
            "Team",
            "Worker,Hours,Weight,Weighted hours,Share,Advances,Balance",
            "Jens,10.00,1,10.00,600.00,0.00,600.00",
            "Lars,10.00,0.5,5.00,300.00,0.00,300.00",
            "Ali,1.00,,,100.00,0.00,100.00",
            "Pool,900.00",
            "Weighted hours,15.00",
            "Hourly earnings,60.00",
            "All piecework hours,21.00",
            "Total per piecework hour,47.62",
            "",
        ].joined(separator: "\r\n"))
        let da = ReportCSV.render(a, language: .da)
        XCTAssertTrue(da.contains("\r\n\r\nSjak\r\n"), da)
        XCTAssertTrue(da.contains("\r\nLars;10,00;0,5;5,00;300,00;0,00;300,00\r\n"), da)
        XCTAssertTrue(da.hasSuffix("\r\nKr. pr. akkordtime i alt;47,62\r\n"), da)
        // Without weights the CSV is the line table alone, as before.
        let plain = try FinalAccounting(Self.project(total: "100", [("A", "1", false, nil, "1")]))
        XCTAssertFalse(ReportCSV.render(plain, language: .en).contains("\r\n\r\n"))
    }

    func testTextReportInEnglishAndDanish() throws {
        let p = try Self.journeymenAt1And08()
        let a = try FinalAccounting(p)
        let en = ReportText.render(ProjectHead(p), a, language: .en)
        for expected in ["Worker  Hours  Weight  Weighted hours   Share  Advances  Balance",
                         "Jens    10.00       1           10.00  555.56    500.00    55.56",
                         "Ole     10.00     0.8            8.00  444.44      0.00   444.44",
                         "Agreed split: the pool is shared by hours × weight.",
                         "Weighted hours: 18.00; hourly earnings: 55.56 (pool 1,000.00 / 18.00 h)",
                         "All piecework hours: 20.00; total per piecework hour: 50.00 (total 1,000.00 / 20.00 h)",
                         "Share = pool × own weighted hours / weighted hours in all, rounded down to the øre;"] {
            XCTAssertTrue(en.contains(expected), "\(expected)\n\(en)")
        }
        let da = ReportText.render(ProjectHead(p), a, language: .da)
        for expected in ["Navn  Timer  Vægt  Vægtede timer   Andel  Aconto  Til udbetaling",
                         "Ole   10,00   0,8           8,00  444,44    0,00          444,44",
                         "Aftalt fordeling: beløbet til fordeling deles efter timer × vægt.",
                         "Vægtede timer: 18,00. Timefortjeneste: 55,56 (til fordeling 1.000,00 / 18,00 t)",
                         "Akkordtimer i alt: 20,00. Kr. pr. akkordtime i alt: 50,00 (i alt 1.000,00 / 20,00 t)",
                         "Andel = til fordeling × egne vægtede timer / vægtede timer i alt, rundet ned til hele øre;"] {
            XCTAssertTrue(da.contains(expected), "\(expected)\n\(da)")
        }
    }

    func testPDFAndHTMLShowTheWeightsAndTheFigures() throws {
        let p = try Self.apprentices()
        let pdf = ReportPDF.render(ReportSheet(ProjectHead(p), try FinalAccounting(p), language: .da), photos: [], compressing: false).bytes
        let runs = PDFLayoutTests.pages(pdf).flatMap { $0 }
        for expected in ["Vægt", "Vægtede timer", "0,5", "5,00", "300,00", "Lars (lærling)", "Ali (lærling, 100,00/t)",
                         "Akkordtimer i alt: 21,00. Kr. pr. akkordtime i alt: 47,62 (i alt 1.000,00 / 21,00 t)"] {
            XCTAssertTrue(runs.contains(expected), "\(expected): \(runs)")
        }
        let html = String(decoding: try RenderedReport(p, format: .html, language: .en, photo: { _ in nil }).render().bytes, as: UTF8.self)
        XCTAssertTrue(html.contains("<th class=\"num\">Weighted hours</th>") || html.contains(">Weighted hours<"), html)
        XCTAssertTrue(html.contains("All piecework hours: 21.00; total per piecework hour: 47.62 (total 1,000.00 / 21.00 h)"))
    }

    /// The weighted shares are formulas of the hours and weights that recalculate to akkord's figures.
    func testWorkbookWeightedShares() throws {
        for p in [try Self.journeymenAt1And08(), try Self.apprentices(), try Self.remainders(), try Self.tie()] {
            let a = try FinalAccounting(p)
            let book = try XLSXReader(try ReportXLSX.render(ProjectHead(p), a, language: .en, entries: .stored))
            _ = try book.recalculateAll(label: p.workers.map(\.name).joined(separator: ","))
            let sharers = a.team.enumerated().filter { $0.element.worker.sharesPool }
            for (i, t) in sharers {
                XCTAssertEqual(book.formula("Team", "K\(i + 2)"), "E\(i + 2)*J\(i + 2)")
                XCTAssertEqual(book.decimal("Team", "F\(i + 2)"), Decimal(string: t.share!.plain))
            }
            XCTAssertEqual(sharers.map { book.decimal("Team", "F\($0.offset + 2)")! }.reduce(0, +), Decimal(string: a.pool.plain))
            // One line, no supplements or extra work: total in row 16, then apprentices, pool,
            // journeyman hours, hourly earnings, weighted hours, all hours, total per hour.
            XCTAssertEqual(book.formula("Summary", "J20"), "ROUND(J18/J21,2)")
            XCTAssertEqual(book.decimal("Summary", "J20"), Decimal(string: a.hourlyEarnings!.plain))
            XCTAssertEqual(book.decimal("Summary", "J22"), Decimal(string: a.allHours.twoDecimalsPlain))
            XCTAssertEqual(book.formula("Summary", "J23"), "ROUND(J16/J22,2)")
            XCTAssertEqual(book.decimal("Summary", "J23"), Decimal(string: a.totalPerHour!.plain))
        }
        let book = try XLSXReader(try ReportXLSX.render(ProjectHead(try Self.journeymenAt1And08()), FinalAccounting(try Self.journeymenAt1And08()), language: .en, entries: .stored))
        XCTAssertEqual(book.formula("Team", "F2"), "ROUNDDOWN(Summary!$J$18*K2/Summary!$J$21,2)+G2")
    }
}
