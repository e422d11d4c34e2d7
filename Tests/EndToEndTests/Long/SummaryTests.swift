import Foundation
import XCTest

/// `akkord summary` (SPEC §10) through the built binary, on five projects made with the commands a
/// roofer uses. Every summary figure is checked against the projects' own `report --format json`,
/// added up here with Decimal.
///
///     vestergade   Tag & Co     2026-03-02 … 2026-03-27  Jens Hansen, apprentice Ali, advances
///     kirke        TAG & CO     start 2026-04-06         jens hansen (the same man), Peter (aconto by the hour)
///     gammel       Nordtag ApS  end 2025-11-30           Jens Hansen
///     ingen-timer  Nordtag ApS  start 2026-05-04         Kim, no hours, an advance: no team split
///     uden-dato    Tag & Co     no dates                 Ole
final class SummaryTests: EndToEndCase {
    static let ids = ["vestergade", "kirke", "gammel", "ingen-timer", "uden-dato"]

    func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Akkord.Result {
        let r = try akkord.run(arguments)
        XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)", file: file, line: line)
        return r
    }

    func makeProjects() throws {
        let steps: [[String]] = [
            ["project", "new", "Vestergade", "--employer", "Tag & Co", "--start", "2026-03-02"],
            ["project", "edit", "--end", "2026-03-27"],
            ["add", "2.01", "120"], ["add", "6.01", "14,5"], ["supplement", "add", "Height", "4,5"],
            ["worker", "add", "Jens Hansen"], ["worker", "add", "Ali Nielsen", "--apprentice", "--rate", "128,40"],
            ["hours", "add", "jens", "37:30"], ["hours", "add", "jens", "7:20"], ["hours", "add", "ali", "30"],
            ["advance", "add", "jens", "5000"],

            ["project", "new", "Kirke", "--employer", "TAG & CO", "--start", "2026-04-06"],
            ["add", "2.04", "80"], ["extra", "add", "Snow clearing", "--hours", "3:30", "--rate", "342,50"],
            ["worker", "add", "jens hansen"], ["worker", "add", "Peter Ørsted"],
            ["hours", "add", "jens", "22"], ["hours", "add", "peter", "18:15"],
            ["advance", "add", "peter", "--hours", "18", "--rate", "150"], ["advance", "add", "jens", "1200"],

            ["project", "new", "Gammel", "--employer", "Nordtag ApS"], ["project", "edit", "--end", "2025-11-30"],
            ["add", "2.01", "40"], ["worker", "add", "Jens Hansen"], ["hours", "add", "jens", "12"],

            ["project", "new", "Ingen timer", "--employer", "Nordtag ApS", "--start", "2026-05-04"],
            ["add", "6.01", "10"], ["worker", "add", "Kim"], ["advance", "add", "kim", "1000"],

            ["project", "new", "Uden dato", "--employer", "Tag & Co"],
            ["add", "2.01", "10"], ["worker", "add", "Ole"], ["hours", "add", "ole", "3"],
        ]
        for s in steps { _ = try run(s) }
    }

    /// Each project's report JSON, by id.
    func reports() throws -> [String: [String: Any]] {
        var out: [String: [String: Any]] = [:]
        for id in Self.ids { out[id] = try XCTUnwrap(try run(["-p", id, "report", "--format", "json"]).json as? [String: Any]) }
        return out
    }

    func summary(_ arguments: [String] = []) throws -> [String: Any] {
        try XCTUnwrap(try run(["summary", "--json"] + arguments).json as? [String: Any], "summary JSON")
    }

    static func d(_ any: Any?) -> Decimal { Decimal(string: any as! String, locale: Locale(identifier: "en_US_POSIX"))! }

    /// A project's journeyman hours exactly as entered (the report shows them to 2 decimals):
    /// `7:20` is 7 + 20/60 h.
    func exactJourneymanHours(_ id: String) throws -> Decimal {
        let workers = (try run(["-p", id, "worker", "list", "--json"]).json as! [String: Any])["workers"] as! [[String: Any]]
        let journeymen = Set(workers.filter { $0["apprentice"] as? Bool == false }.map { $0["id"] as! String })
        let entries = (try run(["-p", id, "hours", "list", "--json"]).json as! [String: Any])["hours"] as! [[String: Any]]
        var sum = Decimal()
        for e in entries where journeymen.contains(e["worker"] as! String) {
            let text = e["hours"] as! String
            if let colon = text.firstIndex(of: ":") {
                sum += Decimal(Int(text[..<colon])!) + Decimal(Int(text[text.index(after: colon)...])!) / 60
            } else {
                sum += Self.d(text)
            }
        }
        return sum
    }

    static func round2(_ x: Decimal) -> Decimal {
        var x = x, r = Decimal()
        NSDecimalRound(&r, &x, 2, .plain)   // half away from zero for these positive figures
        return r
    }

    func testTotalsAreTheSumsOfTheReports() throws {
        try makeProjects()
        let reports = try reports()
        let s = try summary()
        let projects = try XCTUnwrap(s["projects"] as? [[String: Any]])
        XCTAssertEqual(projects.map { $0["id"] as! String }, ["gammel", "vestergade", "kirke", "ingen-timer", "uden-dato"],
                       "by date (end, else start), undated last")

        var total = Decimal(), pool = Decimal(), apprenticePay = Decimal(), hours = Decimal(), poolWithHours = Decimal()
        var share = Decimal(), advances = Decimal(), balance = Decimal(), workerHours = Decimal()
        for p in projects {
            let id = p["id"] as! String, r = reports[id]!
            for key in ["total", "pool", "apprenticePay", "journeymanHours"] { XCTAssertEqual(p[key] as? String, r[key] as? String, "\(id) \(key)") }
            XCTAssertEqual(p["hourlyEarnings"] as? String, r["hourlyEarnings"] as? String, id)
            XCTAssertEqual(p["employer"] as? String, (r["project"] as! [String: Any])["employer"] as? String)
            total += Self.d(r["total"]); pool += Self.d(r["pool"]); apprenticePay += Self.d(r["apprenticePay"])
            hours += Self.d(r["journeymanHours"])
            if r["hourlyEarnings"] is String { poolWithHours += Self.d(r["pool"]) }
            for t in r["team"] as! [[String: Any]] where t["share"] is String {
                share += Self.d(t["share"]); advances += Self.d(t["advances"]); balance += Self.d(t["balance"]); workerHours += Self.d(t["hours"])
            }
        }
        let totals = try XCTUnwrap(s["totals"] as? [String: Any])
        XCTAssertEqual(totals["projects"] as? Int, 5)
        XCTAssertEqual(Self.d(totals["total"]), total)
        XCTAssertEqual(Self.d(totals["pool"]), pool)
        XCTAssertEqual(Self.d(totals["apprenticePay"]), apprenticePay)
        XCTAssertEqual(Self.d(totals["journeymanHours"]), hours, "no row's rounding to 2 decimals shows in this sum (see README: hours add exactly)")
        XCTAssertEqual(Self.d(totals["poolWithHours"]), poolWithHours)
        // Hourly earnings from the exact hours, as each report computes its own (44:50 is 44.8333… h, shown 44.83).
        var exact: [String: Decimal] = [:]
        for id in Self.ids { exact[id] = try exactJourneymanHours(id) }
        XCTAssertEqual(exact["vestergade"], Decimal(44) + Decimal(50) / 60)
        XCTAssertEqual(Self.d(totals["journeymanHours"]), Self.round2(exact.values.reduce(Decimal(), +)))
        XCTAssertEqual(Self.d(totals["hourlyEarnings"]), Self.round2(poolWithHours / exact.values.reduce(Decimal(), +)))
        XCTAssertEqual(Self.d(totals["share"]), share)
        XCTAssertEqual(Self.d(totals["advances"]), advances)
        XCTAssertEqual(Self.d(totals["balance"]), balance)
        XCTAssertEqual(Self.d(totals["hours"]), workerHours)
        XCTAssertEqual(balance, share - advances)
        XCTAssertNotEqual(poolWithHours, pool, "ingen-timer has a pool but no hours")

        // The worker table adds up to the same totals, and the advance without a share is listed.
        let workers = try XCTUnwrap(s["workers"] as? [[String: Any]])
        XCTAssertEqual(workers.reduce(Decimal()) { $0 + Self.d($1["share"]) }, share)
        XCTAssertEqual(workers.reduce(Decimal()) { $0 + Self.d($1["balance"]) }, balance)
        let without = try XCTUnwrap(s["advancesWithoutShare"] as? [[String: Any]])
        XCTAssertEqual(without.map { $0["project"] as? String }, ["ingen-timer"])
        XCTAssertEqual(without.map { $0["name"] as? String }, ["Kim"])
        XCTAssertEqual(without.map { $0["advances"] as? String }, ["1000.00"])

        // The employers: Tag & Co and TAG & CO are one; their figures add up to the totals.
        let employers = try XCTUnwrap(s["employers"] as? [[String: Any]])
        XCTAssertEqual(employers.map { $0["name"] as? String }, ["Nordtag ApS", "Tag & Co"])
        XCTAssertEqual(employers.map { $0["projects"] as? [String] }, [["gammel", "ingen-timer"], ["vestergade", "kirke", "uden-dato"]])
        XCTAssertEqual(employers.reduce(Decimal()) { $0 + Self.d($1["total"]) }, total)
        XCTAssertEqual(employers.reduce(Decimal()) { $0 + Self.d($1["pool"]) }, pool)
        for e in employers {
            let ids = e["projects"] as! [String]
            let pwh = ids.filter { reports[$0]!["hourlyEarnings"] is String }.reduce(Decimal()) { $0 + Self.d(reports[$1]!["pool"]) }
            let h = ids.reduce(Decimal()) { $0 + exact[$1]! }
            XCTAssertEqual(Self.d(e["hourlyEarnings"]), Self.round2(pwh / h), e["name"] as! String)
        }

        // --json and --format json are the same bytes.
        XCTAssertEqual(try run(["summary", "--format", "json"]).stdout, try run(["summary", "--json"]).stdout)
    }

    func testPeriodAndEmployerChooseExactlyTheseProjects() throws {
        try makeProjects()
        func ids(_ s: [String: Any]) -> [String] { (s["projects"] as! [[String: Any]]).map { $0["id"] as! String } }
        var s = try summary(["--from", "2026-01-01", "--to", "2026-06-30"])
        XCTAssertEqual(ids(s), ["vestergade", "kirke", "ingen-timer"])
        let period = try XCTUnwrap(s["period"] as? [String: Any])
        XCTAssertEqual(period["from"] as? String, "2026-01-01")
        XCTAssertEqual(period["to"] as? String, "2026-06-30")
        XCTAssertEqual(period["withoutDate"] as? [String], ["uden-dato"], "left out for having no date, and named")
        let text = try run(["summary", "--from", "2026-01-01", "--to", "2026-06-30"]).stdout
        XCTAssertTrue(text.contains("1 project without an end or start date is left out: uden-dato"), text)

        // Both ends inclusive: vestergade ends on 2026-03-27 (its start 2026-03-02 does not count).
        XCTAssertEqual(ids(try summary(["--from", "2026-03-27", "--to", "2026-03-27"])), ["vestergade"])
        XCTAssertEqual(ids(try summary(["--from", "2026-03-01", "--to", "2026-03-26"])), [])
        XCTAssertEqual(ids(try summary(["--to", "2025-12-31"])), ["gammel"])
        XCTAssertEqual(ids(try summary(["--from", "2026-04-06"])), ["kirke", "ingen-timer"])

        s = try summary(["--employer", "tag & co"])
        XCTAssertEqual(ids(s), ["vestergade", "kirke", "uden-dato"])
        XCTAssertEqual(s["period"].flatMap { ($0 as? [String: Any])?["withoutDate"] as? [String] }, [], "no period, nothing left out")
        XCTAssertEqual(ids(try summary(["--employer", "NORDTAG  APS"])), ["gammel", "ingen-timer"])
        XCTAssertEqual(ids(try summary(["--employer", "Nordtag"])), [], "the whole value")
        XCTAssertEqual(ids(try summary(["--employer", "Tag & Co", "--from", "2026-04-01"])), ["kirke"])

        _ = try run(["project", "close", "gammel"])
        XCTAssertEqual(ids(try summary(["--status", "closed"])), ["gammel"])
        XCTAssertEqual(ids(try summary(["--status", "open"])), ["vestergade", "kirke", "ingen-timer", "uden-dato"])
        XCTAssertEqual(ids(try summary(["--status", "all"])).count, 5)
    }

    func testAWorkerAcrossTwoProjectsIsTheSumOfHisRows() throws {
        try makeProjects()
        let reports = try reports()
        // In the period, Jens Hansen worked on vestergade and kirke (as "jens hansen").
        let s = try summary(["--from", "2026-01-01", "--to", "2026-06-30"])
        let workers = try XCTUnwrap(s["workers"] as? [[String: Any]])
        XCTAssertEqual(workers.map { $0["name"] as? String }, ["Ali Nielsen", "Jens Hansen", "Peter Ørsted"])
        let jens = workers[1]
        XCTAssertEqual(jens["projects"] as? [String], ["vestergade", "kirke"])
        let rows = ["vestergade", "kirke"].map { id in
            (reports[id]!["team"] as! [[String: Any]]).first { ($0["name"] as! String).lowercased() == "jens hansen" }!
        }
        for key in ["hours", "share", "advances", "balance"] {
            XCTAssertEqual(Self.d(jens[key]), rows.reduce(Decimal()) { $0 + Self.d($1[key]) }, key)
        }
        // 37:30 + 7:20 + 22 = 66 h 50 min = 66.83 h.
        XCTAssertEqual(jens["hours"] as? String, "66.83")
        // The apprentice's share is his pay: 30 h × 128.40 = 3852.00.
        XCTAssertEqual(workers[0]["share"] as? String, "3852.00")
        XCTAssertEqual(workers[0]["share"] as? String, (reports["vestergade"]!["team"] as! [[String: Any]])[1]["share"] as? String)
        // Without the period, gammel's row is added too.
        let all = try XCTUnwrap((try summary()["workers"] as? [[String: Any]])?.first { $0["name"] as? String == "Jens Hansen" })
        XCTAssertEqual(Self.d(all["share"]), Self.d(jens["share"]) + Self.d((reports["gammel"]!["team"] as! [[String: Any]])[0]["share"]))
    }

    func testDanishTextHasDanishLabelsAndNoEnglishOnes() throws {
        try makeProjects()
        for by in ["project", "worker", "employer"] {
            let r = try run(["summary", "--by", by, "--lang", "da", "--from", "2026-01-01"])
            for word in ["OVERSIGT OVER PROJEKTER", "Periode", "fra 2026-01-01", "Projekter", "I alt", "Til fordeling", "Svendetimer",
                         "Timefortjeneste", "Andel", "Aconto", "Til udbetaling", "SAMLET", "sum af"] {
                XCTAssertTrue(r.stdout.contains(word), "\(by): \(word)\n\(r.stdout)")
            }
            for word in ["SUMMARY", "Project", "Total", "Pool", "Hours", "Share", "Advances", "Balance", "Hourly earnings", "hourly earnings",
                         "Employer", "Worker", "sum of", "left out", "TOTAL"] {
                XCTAssertFalse(r.stdout.contains(word), "\(by): \(word)\n\(r.stdout)")
            }
        }
        XCTAssertTrue(try run(["summary", "--by", "employer", "--lang", "da"]).stdout.contains("Arbejdsgiver"))
        // Numbers by the language: Σ totals in the Danish form.
        let total = try XCTUnwrap((try summary()["totals"] as? [String: Any])?["total"] as? String)
        let danish = ReportTests.en(total).replacingOccurrences(of: ",", with: "#").replacingOccurrences(of: ".", with: ",").replacingOccurrences(of: "#", with: ".")
        XCTAssertTrue(try run(["summary", "--lang", "da"]).stdout.contains(danish), danish)
        XCTAssertTrue(try run(["summary"]).stdout.contains(ReportTests.en(total)))
        // JSON never changes with the language.
        XCTAssertEqual(try run(["summary", "--json", "--lang", "da"]).stdout, try run(["summary", "--json"]).stdout)
    }

    /// Each CSV table parsed back equals the JSON's figures, in both languages, from stdout and -o.
    func testCSVReadsBackAsTheJSON() throws {
        try makeProjects()
        let s = try summary()
        let totals = s["totals"] as! [String: Any]
        for (lang, delimiter) in [("en", Character(",")), ("da", Character(";"))] {
            func number(_ cell: String) -> String { lang == "da" ? cell.replacingOccurrences(of: ",", with: ".") : cell }
            func parse(_ by: String) throws -> [[String]] {
                var csv = try run(["summary", "--format", "csv", "--by", by, "--lang", lang]).stdout
                XCTAssertEqual(csv.hasPrefix("\u{FEFF}"), lang == "da")
                if lang == "da" { csv.removeFirst() }
                XCTAssertTrue(csv.hasSuffix("\r\n"))
                return ReportTests.parseCSV(csv, delimiter: delimiter)
            }

            var rows = try parse("project")
            let projects = s["projects"] as! [[String: Any]]
            XCTAssertEqual(rows.count, projects.count + 2, "header, rows, totals")
            XCTAssertEqual(rows[0], lang == "da" ? ["Projekt", "Navn", "Arbejdsgiver", "Status", "Start", "Slut", "I alt", "Lærlinge", "Til fordeling", "Svendetimer", "Timefortjeneste"]
                                                 : ["Project", "Name", "Employer", "Status", "Start", "End", "Total", "Apprentices", "Pool", "Journeyman hours", "Hourly earnings"])
            for (row, p) in zip(rows.dropFirst(), projects) {
                XCTAssertEqual(row[0], p["id"] as? String)
                XCTAssertEqual(row[1], p["name"] as? String)
                XCTAssertEqual(row[2], p["employer"] as? String)
                XCTAssertEqual(row[4], p["start"] as? String ?? "")
                XCTAssertEqual(row[5], p["end"] as? String ?? "")
                XCTAssertEqual(number(row[6]), p["total"] as? String)
                XCTAssertEqual(number(row[7]), p["apprenticePay"] as? String)
                XCTAssertEqual(number(row[8]), p["pool"] as? String)
                XCTAssertEqual(number(row[9]), p["journeymanHours"] as? String)
                XCTAssertEqual(number(row[10]), p["hourlyEarnings"] as? String ?? "")
            }
            var last = rows.last!
            XCTAssertEqual(last[0], lang == "da" ? "I alt" : "TOTAL")
            XCTAssertEqual([6, 7, 8, 9, 10].map { number(last[$0]) },
                           ["total", "apprenticePay", "pool", "journeymanHours", "hourlyEarnings"].map { totals[$0] as? String })

            rows = try parse("worker")
            let workers = s["workers"] as! [[String: Any]]
            XCTAssertEqual(rows.count, workers.count + 2)
            for (row, w) in zip(rows.dropFirst(), workers) {
                XCTAssertEqual(row[0], w["name"] as? String)
                XCTAssertEqual(Int(row[1]), (w["projects"] as? [String])?.count)
                XCTAssertEqual([2, 3, 4, 5].map { number(row[$0]) }, ["hours", "share", "advances", "balance"].map { w[$0] as? String })
            }
            last = rows.last!
            XCTAssertEqual([2, 3, 4, 5].map { number(last[$0]) }, ["hours", "share", "advances", "balance"].map { totals[$0] as? String })

            rows = try parse("employer")
            let employers = s["employers"] as! [[String: Any]]
            XCTAssertEqual(rows.count, employers.count + 2)
            for (row, e) in zip(rows.dropFirst(), employers) {
                XCTAssertEqual(row[0], e["name"] as? String)
                XCTAssertEqual(Int(row[1]), (e["projects"] as? [String])?.count)
                XCTAssertEqual([2, 3, 4, 5, 6].map { number(row[$0]) },
                               ["total", "apprenticePay", "pool", "journeymanHours", "hourlyEarnings"].map { e[$0] as? String })
            }
            last = rows.last!
            XCTAssertEqual(Int(last[1]), totals["projects"] as? Int)

            // -o FILE.csv takes the format from the extension and writes the same bytes.
            let file = akkord.outsideFile("summary-\(lang).csv")
            let r = try run(["summary", "--by", "employer", "--lang", lang, "-o", file.path])
            XCTAssertTrue(r.stdout.hasPrefix(lang == "da" ? "skrev " : "wrote "), r.stdout)
            XCTAssertEqual(try Data(contentsOf: file), Data(try run(["summary", "--format", "csv", "--by", "employer", "--lang", lang]).stdout.utf8))
        }
    }

    /// A name that starts like a formula stays inert in the CSV and reads back with its `'`.
    func testCSVCellsAreInert() throws {
        for s in [["project", "new", "=SUM(A1)", "--employer", "@evil"], ["add", "2.01", "1"], ["worker", "add", "+Jens"], ["hours", "add", "jens", "1"]] {
            _ = try run(s)
        }
        let rows = ReportTests.parseCSV(try run(["summary", "--format", "csv"]).stdout, delimiter: ",")
        XCTAssertEqual(rows[1][1], "'=SUM(A1)")
        XCTAssertEqual(rows[1][2], "'@evil")
        XCTAssertEqual(ReportTests.parseCSV(try run(["summary", "--format", "csv", "--by", "worker"]).stdout, delimiter: ",")[1][0], "'+Jens")
    }

    func testBadInputExits64AndChangesNothing() throws {
        try makeProjects()
        let before = try snapshot()
        assertError(try akkord.run("summary", "--from", "2026-13-01"), status: 64, contains: "--from: \"2026-13-01\" is not a date; write YYYY-MM-DD")
        assertError(try akkord.run("summary", "--to", "2026-02-30"), status: 64, contains: "--to: \"2026-02-30\" is not a date")
        assertError(try akkord.run("summary", "--from", "2026-07-01", "--to", "2026-06-30"), status: 64, contains: "--from 2026-07-01 is after --to 2026-06-30")
        assertError(try akkord.run("summary", "--by", "x"), status: 64, contains: "--by: \"x\" is not one of project, worker, employer")
        assertError(try akkord.run("summary", "--format", "pdf"), status: 64, contains: "--format: \"pdf\" is not one of text, json, csv")
        assertError(try akkord.run("summary", "--status", "done"), status: 64, contains: "--status: \"done\" is not open, closed or all")
        let out = akkord.outsideFile("summary.pdf")
        assertError(try akkord.run("summary", "-o", out.path), status: 64, contains: "cannot tell the format from the file's extension")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        assertError(try akkord.run("summary", "-o", akkord.store.appendingPathComponent("s.csv").path), status: 64, contains: "is inside the store")
        for r in [try akkord.run("summary", "--by", "x"), try akkord.run("summary", "--from", "2026-07-01", "--to", "2026-06-30")] {
            XCTAssertEqual(r.stdout, "")
            XCTAssertEqual(r.stderr.split(separator: "\n").first.map { $0.hasPrefix("error: ") }, true)
        }
        XCTAssertEqual(try snapshot(), before)
    }

    func testAProjectFileThatDoesNotReadStopsTheSummary() throws {
        try makeProjects()
        let damaged = akkord.store.appendingPathComponent("projects/kirke.json")
        var bytes = try Data(contentsOf: damaged)
        bytes.removeLast(10)
        try bytes.write(to: damaged)
        let before = try snapshot()
        for arguments in [["summary"], ["summary", "--json"], ["summary", "--employer", "Nordtag ApS"]] {
            let r = try akkord.run(arguments)
            assertError(r, status: 65, contains: "projects/kirke.json")
            XCTAssertTrue(r.stderr.contains("a summary would be incomplete"), r.stderr)
            XCTAssertEqual(r.stdout, "", "nothing printed as if complete")
        }
        // Two damaged files: both are named.
        try Data("{".utf8).write(to: akkord.store.appendingPathComponent("projects/gammel.json"))
        let r = try akkord.run("summary")
        assertError(r, status: 65, contains: "2 project files do not read")
        XCTAssertTrue(r.stderr.contains("projects/kirke.json") && r.stderr.contains("projects/gammel.json"), r.stderr)
        XCTAssertEqual(try snapshot(excluding: ["projects/gammel.json"]), before.filter { $0.key != "projects/gammel.json" })
    }

    func testAnEmptyStoreSumsToZero() throws {
        let s = try summary()
        XCTAssertEqual((s["projects"] as? [Any])?.count, 0)
        let totals = try XCTUnwrap(s["totals"] as? [String: Any])
        XCTAssertEqual(totals["total"] as? String, "0.00")
        XCTAssertTrue(totals["hourlyEarnings"] is NSNull)
        XCTAssertTrue(try run(["summary"]).stdout.contains("(no projects)"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: akkord.store.path), "reading makes no store")
    }
}
