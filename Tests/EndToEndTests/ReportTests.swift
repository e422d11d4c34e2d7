import Foundation
import XCTest

final class ReportTests: EndToEndCase {
    /// A project built through the CLI, with text that needs escaping and quoting.
    func makeProject() throws {
        let steps: [[String]] = [
            ["project", "new", "Tårnvej <3> & \"Søndergade\""],
            ["add", "2.01", "212,5"], ["add", "2.04", "212,5", "--note", "north; south, \"both\""],
            ["add", "--custom", "=HYPERLINK(\"http://x\")", "--unit", "stk", "--price", "10", "1"],
            ["add", "--custom", "<script>alert(1)</script>", "--unit", "m", "--price", "1.234,5", "2", "--note", "first line\nsecond line"],
            ["worker", "add", "Jens Hansen"], ["worker", "add", "Mette <M> Sørensen"], ["worker", "add", "Ali", "--apprentice", "--rate", "128.40"],
            ["hours", "add", "jens", "37:30"], ["hours", "add", "mette", "30"], ["hours", "add", "ali", "20"],
            ["advance", "add", "jens", "5000"], ["supplement", "add", "Winter", "4,5"], ["extra", "add", "Chimney", "--amount", "1850"],
        ]
        for s in steps { let r = try akkord.run(s); XCTAssertEqual(r.status, 0, "\(s): \(r.stderr)") }
    }

    func testJSONFiguresEqualTheTextReport() throws {
        try makeProject()
        let json = try akkord.run("report", "--format", "json").json as! [String: Any]
        XCTAssertEqual(try akkord.run("report", "--json").stdout, try akkord.run("report", "--format", "json").stdout)
        let text = try akkord.run("report").stdout
        XCTAssertEqual(json["format"] as? String, "akkord-report")
        for key in ["subtotal", "total", "pool", "apprenticePay", "hourlyEarnings"] {
            let value = json[key] as! String
            XCTAssertTrue(text.contains(Self.en(value)), "text report lacks \(key) \(value)")
        }
        for line in json["lines"] as! [[String: Any]] {
            XCTAssertTrue(text.contains(Self.en(line["amount"] as! String)), "amount \(line["amount"]!)")
        }
        for member in json["team"] as! [[String: Any]] {
            for key in ["share", "balance", "advances"] { XCTAssertTrue(text.contains(Self.en(member[key] as! String)), "\(key) \(member[key]!)") }
        }
        // By hand: 212.5 × 38.50 = 8181.25; 212.5 × 52.30 = 11113.75; 1 × 10 = 10.00; 2 × 1234.50 = 2469.00
        XCTAssertEqual(json["subtotal"] as? String, "21774.00")
        XCTAssertEqual((json["supplements"] as! [[String: Any]])[0]["amount"] as? String, "979.83")  // 21774.00 × 4.5 % = 979.83
        XCTAssertEqual(json["total"] as? String, "24603.83")       // 21774.00 + 979.83 + 1850.00
        XCTAssertEqual(json["apprenticePay"] as? String, "2568.00") // 20 × 128.40
        XCTAssertEqual(json["pool"] as? String, "22035.83")
        // 2203583 øre × 37.5 / 67.5 = 1224212.77…, × 30 / 67.5 = 979370.22…: floors 1224212 + 979370 = 2203582, 1 øre to Jens (.77 > .22)
        XCTAssertEqual((json["team"] as! [[String: Any]]).map { $0["share"] as! String }, ["12242.13", "9793.70", "2568.00"])
        XCTAssertLessThanOrEqual(text.components(separatedBy: "\n").map(\.count).max() ?? 0, 100, "text fits 100 columns")
    }

    static func en(_ plain: String) -> String {
        // 24603.83 → 24,603.83
        let negative = plain.hasPrefix("-")
        let digits = negative ? String(plain.dropFirst()) : plain
        let parts = digits.components(separatedBy: ".")
        var whole = String(parts[0]), grouped = ""
        while whole.count > 3 { grouped = "," + whole.suffix(3) + grouped; whole = String(whole.dropLast(3)) }
        return (negative ? "-" : "") + whole + grouped + (parts.count > 1 ? "." + parts[1] : "")
    }

    /// RFC 4180 reader for the test: quoted fields, doubled quotes, newlines inside quotes.
    static func parseCSV(_ text: String, delimiter: Character) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" { if chars.first == "\"" { field.append("\""); chars.removeFirst() } else { quoted = false } } else { field.append(c) }
            } else if c == "\"" { quoted = true } else if c == delimiter { row.append(field); field = "" } else if c == "\r\n" || c == "\n" {
                row.append(field); rows.append(row); row = []; field = ""
            } else { field.append(c) }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }

    func testCSVParsesBackToTheSameLines() throws {
        try makeProject()
        let lines = (try akkord.run("lines", "--json").json as! [String: Any])["lines"] as! [[String: Any]]
        for (lang, delimiter) in [("en", Character(",")), ("da", Character(";"))] {
            var csv = try akkord.run("report", "--format", "csv", "--lang", lang).stdout
            XCTAssertEqual(csv.hasPrefix("\u{FEFF}"), lang == "da", "a BOM in da only (SPEC §8)")
            if lang == "da" { csv.removeFirst() }
            let rows = Self.parseCSV(csv, delimiter: delimiter)
            XCTAssertEqual(rows[0], lang == "da" ? ["Id", "Pos.", "Ydelse", "Mængde", "Enhed", "Pris", "Beløb", "Bemærkning", "Opmåling"]
                                                 : ["Id", "Pos", "Activity", "Quantity", "Unit", "Price", "Amount", "Note", "Measurement"])
            XCTAssertEqual(rows.count - 1, lines.count)
            for (row, line) in zip(rows.dropFirst(), lines) {
                let name = line["name"] as! String
                XCTAssertEqual(row[2], name.hasPrefix("=") ? "'" + name : name, lang)
                let number = { (s: String) in lang == "da" ? s.replacingOccurrences(of: ",", with: ".") : s }
                XCTAssertEqual(number(row[3]), line["quantity"] as? String)
                XCTAssertEqual(number(row[5]), line["price"] as? String)
                XCTAssertEqual(number(row[6]), line["amount"] as? String)
                XCTAssertEqual(row[7], line["note"] as? String)
            }
            XCTAssertTrue(csv.contains(lang == "da" ? "2;m;1234,50;2469,00" : "2,m,1234.50,2469.00"), csv)
        }
    }

    func testHTMLIsSelfContainedAndEscaped() throws {
        try makeProject()
        let out = akkord.outsideFile("r.html")
        XCTAssertEqual(try akkord.run("report", "--format", "html", "-o", out.path).status, 0)
        let html = try String(contentsOf: out, encoding: .utf8)
        XCTAssertFalse(html.contains("<script>"))
        XCTAssertFalse(html.contains("<3>"))
        XCTAssertFalse(html.contains("<M>"))
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertTrue(html.contains("Tårnvej &lt;3&gt; &amp; &quot;Søndergade&quot;"))
        XCTAssertFalse(html.contains("src=") || html.contains("href=") || html.contains("@import"), "no external resources")
        XCTAssertTrue(html.contains("@page {\n  size: A4; margin: 15mm;"), html)
        // Every '<' in the page starts one of our own tags.
        let tags = Set(["html", "head", "meta", "title", "style", "body", "h1", "h2", "dl", "dt", "dd", "table", "thead", "tbody", "tr", "th", "td", "small", "p", "div", "!DOCTYPE"])
        for part in html.split(separator: "<").dropFirst() {
            let name = part.prefix { $0 != " " && $0 != ">" }.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            XCTAssertTrue(tags.contains(name), "unexpected tag <\(name)")
        }
    }

    func testNoWorkersAndClosedProject() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Empty").status, 0)
        XCTAssertEqual(try akkord.run("add", "2.01", "2").status, 0)
        XCTAssertEqual(try akkord.run("project", "close").status, 0)
        let r = try akkord.run("report")
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("TOTAL") && r.stdout.contains("77.00"), r.stdout)  // 2 × 38.50
        XCTAssertTrue(r.stdout.contains("WARNING: the team split is missing"), r.stdout)
        XCTAssertTrue(r.stderr.contains("warning: the team split is missing"))
        let j = try akkord.run("report", "--format", "json").json as! [String: Any]
        XCTAssertTrue(j["hourlyEarnings"] is NSNull)
        XCTAssertEqual((j["project"] as! [String: Any])["status"] as? String, "closed")
    }

    func testTeamCommandErrors() throws {
        XCTAssertEqual(try akkord.run("project", "new", "T").status, 0)
        XCTAssertEqual(try akkord.run("worker", "add", "Jens").status, 0)
        XCTAssertEqual(try akkord.run("hours", "add", "jens", "7:30").status, 0)
        assertError(try akkord.run("worker", "remove", "jens"), status: 1, contains: "worker jens has 1 hours entry")
        assertError(try akkord.run("hours", "add", "nobody", "1"), status: 1, contains: "no worker \"nobody\"")
        assertError(try akkord.run("hours", "add", "jens", "7:75"), status: 64, contains: "<hours>: \"7:75\" is not a time")
        assertError(try akkord.run("worker", "add", "Ali", "--apprentice"), status: 64, contains: "an apprentice needs --rate")
        assertError(try akkord.run("supplement", "add", "X", "1001"), status: 64, contains: "<percent>: \"1001\" is outside -100 … 1000")
        assertError(try akkord.run("extra", "add", "X", "--amount", "1", "--hours", "2"), status: 64, contains: "give either --amount A")
        assertError(try akkord.run("advance", "add", "jens", "-5"), status: 64, contains: "must be greater than zero")
        assertError(try akkord.run("hours", "remove", "9"), status: 1, contains: "no hours 9")
        assertError(try akkord.run("report", "--format", "pdf"), status: 64, contains: "a PDF report needs -o FILE")
        assertError(try akkord.run("report", "--format", "docx"), status: 64, contains: "--format: \"docx\"")
    }

    func testDemoRunsInAThrowawayStore() throws {
        let r = try akkord.run("demo")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("FINAL ACCOUNTING") && r.stdout.contains("Ali Nielsen (apprentice"), r.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: akkord.store.path), "demo leaves the user's store alone")
        // It ends with what to try next; with JSON on stdout, that goes to stderr on one line.
        XCTAssertTrue(r.stdout.hasSuffix("""
            That was the sample job. Start your own:
              akkord project new "Vestergade 12"     a project for the job (it becomes the current one)
              akkord catalogue search under felt     find the activity and its pos number
              akkord add 2.01 12,5                   add 12.5 of pos 2.01 at the handbook's price
            then 'akkord lines', 'akkord worker add NAME', 'akkord hours add WORKER 37:30' and 'akkord report'.

            """), r.stdout)
        let json = try akkord.run("demo", "--format", "json")
        XCTAssertEqual(json.stderr, "note: that was the sample job; start your own with: akkord project new NAME, akkord catalogue search WORDS, akkord add POS QUANTITY\n")
        let j = json.json as! [String: Any]
        XCTAssertEqual((j["lines"] as! [Any]).count, 11)
        XCTAssertEqual((j["team"] as! [Any]).count, 3)
        XCTAssertEqual(j["warnings"] as! [String], [])
    }
}
