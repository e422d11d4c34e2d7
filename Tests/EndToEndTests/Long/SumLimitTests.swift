import Foundation
import XCTest

/// SPEC §2 and §18: a sum beyond what akkord keeps is refused on every read path (exit 65, the
/// file and the place named, nothing changed), never a trap. Each store below is made by the
/// binary itself and then given one over-the-limit figure in akkord's own layout (so the streaming
/// reader, not only the whole-file one, meets it); every reader and writer is run on it.
final class SumLimitTests: EndToEndCase {
    /// The largest price and quantity (SPEC §2): one line is 99,999,999,989,000.00 kr.
    static let largestPrice = "9999999.9999", largestQuantity = "9999999.999"
    /// 999,999,999,999.99, the largest amount.
    static let largestAmount = "999999999999.99"

    /// Every command that reads the project, and what it must refuse.
    static let readers: [[String]] = [
        ["check"], ["lines"], ["lines", "--json"],
        ["report"], ["report", "--format", "json"], ["report", "--format", "csv"], ["report", "--format", "html"],
        ["report", "--format", "pdf", "-o", "OUT/r.pdf"], ["report", "--format", "xlsx", "-o", "OUT/r.xlsx"],
        ["summary"], ["project", "list"], ["add", "1.01", "1"], ["edit", "1", "--quantity", "2"], ["undo"],
        ["project", "export", "-o", "OUT/p.akkord"],
    ]

    /// Runs a set-up command, which must succeed.
    func ok(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try akkord.run(arguments)
        XCTAssertEqual(r.status, 0, "\(arguments.joined(separator: " ")): \(r.stderr)", file: file, line: line)
    }

    /// A project made by akkord with one line, a worker with hours and the file's text.
    func makeProject() throws -> URL {
        try ok("project", "new", "Grænse")
        try ok("add", "1.01", "10")
        try ok("worker", "add", "Ole")
        try ok("hours", "add", "ole", "10")
        return akkord.store.appendingPathComponent("projects/graense.json")
    }

    /// The file's text with its `lines` array made of `count` lines from `line(id)` (akkord's layout).
    func replaceLines(in file: URL, count: Int, storedSubtotal: String?, _ line: (Int) -> String) throws {
        var text = try String(contentsOf: file, encoding: .utf8)
        let start = text.range(of: "  \"lines\": [\n")!, end = text.range(of: "\n  ],\n  \"workers\"")!
        let lines = (1...count).map { "    " + line($0) }.joined(separator: ",\n")
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: lines)
        text = text.replacingOccurrences(of: #""lineCount": 1,"#, with: "\"lineCount\": \(count),")
        text = text.replacingOccurrences(of: #""line": 2"#, with: "\"line\": \(count + 1)")
        let subtotal = try NSRegularExpression(pattern: #""subtotal": "[0-9.]+",\n"#)
        text = subtotal.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                                 withTemplate: storedSubtotal.map { "\"subtotal\": \"\($0)\",\n" } ?? "")
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    static func line(_ id: Int, price: String, quantity: String, amount: String?) -> String {
        #"{"id": \#(id), "pos": "1.01", "name": "Nedrivning", "unit": "m2", "price": "\#(price)", "quantity": "\#(quantity)", "#
            + (amount.map { #""amount": \#($0), "# } ?? "")
            + #""custom": false, "note": "", "section": "Tagpap", "date": "2026-11-27"}"#
    }

    /// Runs every reader on the store and checks each refuses with exit 65 and a one-line error
    /// naming the project file and `place`, with the store's files unchanged.
    func assertEveryReaderRefuses(place: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try snapshot()
        let projectFile = akkord.store.appendingPathComponent("projects/graense.json").path
        for command in Self.readers {
            let args = command.map { $0.replacingOccurrences(of: "OUT", with: akkord.outside.path) }
            _ = akkord.outsideFile("x")
            let r = try akkord.run(args)
            let what = args.joined(separator: " ")
            XCTAssertEqual(r.status, 65, "\(what): exit status; stderr: \(r.stderr.prefix(400))", file: file, line: line)
            XCTAssertTrue(r.stderr.hasPrefix("error: "), "\(what): \(r.stderr.prefix(400))", file: file, line: line)
            XCTAssertTrue(r.stderr.contains(projectFile), "\(what) names the file: \(r.stderr.prefix(400))", file: file, line: line)
            XCTAssertFalse(r.stderr.contains("Backtrac") || r.stderr.contains("crashed") || r.stderr.contains("Fatal"), what, file: file, line: line)
            // `check` lists every problem; the place must be among them (others name it in their first line or lists).
            if command == ["check"] {
                XCTAssertTrue(r.stderr.contains(place), "check names \(place): \(r.stderr.prefix(600))", file: file, line: line)
            }
            XCTAssertEqual(try snapshot(), before, "\(what) changed the store", file: file, line: line)
        }
    }

    // MARK: - the lines

    /// 923 lines at the largest price and quantity: each amount alone is beyond the largest, and
    /// 923 of them pass 2⁶³ øre — the file that trapped in the line sum.
    func test923LargestLinesWithoutStoredAmounts() throws {
        let file = try makeProject()
        try replaceLines(in: file, count: 923, storedSubtotal: nil) { Self.line($0, price: Self.largestPrice, quantity: Self.largestQuantity, amount: nil) }
        try assertEveryReaderRefuses(place: "lines[0].amount: 99,999,999,989,000.00 is larger than the largest amount akkord keeps (999,999,999,999.99)")
    }

    func test923LargestLinesWithNullAmounts() throws {
        let file = try makeProject()
        try replaceLines(in: file, count: 923, storedSubtotal: nil) { Self.line($0, price: Self.largestPrice, quantity: Self.largestQuantity, amount: "null") }
        try assertEveryReaderRefuses(place: "lines[922].amount: 99,999,999,989,000.00 is larger than the largest amount akkord keeps")
    }

    func test923LargestLinesWithStoredAmounts() throws {
        let file = try makeProject()
        try replaceLines(in: file, count: 923, storedSubtotal: "1.00") {
            Self.line($0, price: Self.largestPrice, quantity: Self.largestQuantity, amount: "\"99999999989000.00\"")
        }
        try assertEveryReaderRefuses(place: "lines[0].amount")
    }

    /// Lines each within the limit whose sum passes it: 2 lines of 600,000,000,000.00.
    func testLinesAddingUpPastTheLimit() throws {
        let file = try makeProject()
        // 6,000,000 × 100,000 = 600,000,000,000.00 (by hand).
        try replaceLines(in: file, count: 2, storedSubtotal: "1200000000000.00") {
            Self.line($0, price: "100000", quantity: "6000000", amount: "\"600000000000.00\"")
        }
        try assertEveryReaderRefuses(place: "lines[1].amount: the lines add up to more than the largest amount akkord keeps (999,999,999,999.99)")
    }

    /// Lines within the limit (2 × 400,000,000,000.00 = 800,000,000,000.00) whose total passes it
    /// only with a supplement of 1000 % (8,000,000,000,000.00 more).
    func testSupplementPushesTheTotalPastTheLimit() throws {
        let file = try makeProject()
        try ok("supplement", "add", "Vinter", "1000")
        try replaceLines(in: file, count: 2, storedSubtotal: "800000000000.00") {
            Self.line($0, price: "100000", quantity: "4000000", amount: "\"400000000000.00\"")
        }
        try assertEveryReaderRefuses(place: "supplements[0].percent: the total would be more than 999,999,999,999.99")
    }

    // MARK: - extra work and advances

    /// 1,000 extra-work entries at the largest amount each.
    func testThousandExtraWorkEntriesAtTheLargestAmount() throws {
        let file = try makeProject()
        var text = try String(contentsOf: file, encoding: .utf8)
        let entries = (1...1000).map { #"    {"id": \#($0), "text": "Aftalt", "amount": "\#(Self.largestAmount)"}"# }
        text = text.replacingOccurrences(of: "  \"extraWork\": [],", with: "  \"extraWork\": [\n" + entries.joined(separator: ",\n") + "\n  ],")
        text = text.replacingOccurrences(of: "\"nextIds\": {\n", with: "\"nextIds\": {\n    \"extra\": 1001,\n")
        try text.write(to: file, atomically: true, encoding: .utf8)
        try assertEveryReaderRefuses(place: "extraWork[0]: the total would be more than 999,999,999,999.99")
    }

    /// Two advances of the largest amount to one worker.
    func testAdvancesAddingUpPastTheLimit() throws {
        let file = try makeProject()
        try ok("advance", "add", "ole", "1000")
        try ok("advance", "add", "ole", "1000")
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: #""amount": "1000.00""#, with: "\"amount\": \"\(Self.largestAmount)\"")
        try text.write(to: file, atomically: true, encoding: .utf8)
        try assertEveryReaderRefuses(place: "advances[1].amount: worker ole's advances add up to more than 999,999,999,999.99")
    }

    // MARK: - changes that would pass the limit

    /// `project reprice` onto a catalogue whose price makes a line's amount too large: refused
    /// whole, nothing written.
    func testRepricePastTheLimitIsRefused() throws {
        try ok("project", "new", "Grænse")
        try ok("add", "1.01", "9999999")
        let export = try akkord.run("catalogue", "export")
        var catalogue = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        var activities = try XCTUnwrap(catalogue["activities"] as? [[String: Any]])
        activities[0]["price"] = "500000"   // 9,999,999 × 500,000 = 4,999,999,500,000.00 > the largest amount
        catalogue["activities"] = activities
        let file = akkord.outsideFile("c.json")
        try JSONSerialization.data(withJSONObject: catalogue).write(to: file)
        XCTAssertEqual(try akkord.run("catalogue", "import", file.path).status, 0)
        let before = try snapshot()
        for args in [["project", "reprice"], ["project", "reprice", "--dry-run"]] {
            let r = try akkord.run(args)
            assertError(r, status: 65, contains: "lines[0].amount: 4,999,999,500,000.00 is larger than the largest amount akkord keeps (999,999,999,999.99)")
            XCTAssertEqual(try snapshot(), before, args.joined(separator: " "))
        }
    }

    /// `catalogue regulate 1000` on a catalogue with a price at the largest: every such pos named,
    /// exit 65, the catalogue unchanged.
    func testRegulationPastTheLargestPriceIsRefused() throws {
        let export = try akkord.run("catalogue", "export")
        var catalogue = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        var activities = try XCTUnwrap(catalogue["activities"] as? [[String: Any]])
        activities[0]["price"] = Self.largestPrice
        activities[1]["price"] = "909090.91"   // × 11 = 10,000,000.01: one øre past the largest (by hand)
        activities[2]["price"] = "909090.9090" // × 11 = 9,999,999.999 → 10,000,000.00: past it once rounded
        activities[3]["price"] = "909090.90"   // × 11 = 9,999,999.90: within
        catalogue["activities"] = activities
        let file = akkord.outsideFile("c.json")
        try JSONSerialization.data(withJSONObject: catalogue).write(to: file)
        XCTAssertEqual(try akkord.run("catalogue", "import", file.path).status, 0)
        let pos = activities.prefix(3).map { $0["pos"] as! String }
        let before = try snapshot()
        let r = try akkord.run("catalogue", "regulate", "1000")
        assertError(r, status: 65, contains: "3 problems")
        for p in pos { XCTAssertTrue(r.stderr.contains("pos \(p): "), "names pos \(p): \(r.stderr)") }
        XCTAssertFalse(r.stderr.contains("pos \(activities[3]["pos"] as! String):"), r.stderr)
        XCTAssertEqual(try snapshot(), before)
        XCTAssertEqual(try akkord.run("catalogue", "regulate", "1000.001").status, 64)
    }

    // MARK: - across projects

    /// A summary over 1,000 projects each at the largest total: 1,000 × 999,999,999,999.99 =
    /// 999,999,999,999,990.00, beyond what one project keeps but within a summary's limit, added
    /// up exactly (no trap).
    func testSummaryOverThousandProjectsAtTheLargestTotal() throws {
        let file = try makeProject()
        // One line of the largest amount: 99,999,999.9999 is over the price limit, so
        // 999,999.999 × 1,000,000.0000 = 999,999,999,000.00, plus an agreed 999.99 of extra work.
        try replaceLines(in: file, count: 1, storedSubtotal: "999999999000.00") {
            Self.line($0, price: "1000000", quantity: "999999.999", amount: "\"999999999000.00\"")
        }
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "  \"extraWork\": [],", with: "  \"extraWork\": [\n    {\"id\": 1, \"text\": \"Aftalt\", \"amount\": \"999.99\"}\n  ],")
        text = text.replacingOccurrences(of: "\"nextIds\": {\n", with: "\"nextIds\": {\n    \"extra\": 2,\n")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let check = try akkord.run("check")
        XCTAssertEqual(check.status, 0, "the generator makes a valid project: \(check.stderr)")
        let projects = akkord.store.appendingPathComponent("projects")
        for n in 1...1000 {
            let id = String(format: "p-%04d", n)
            let copy = text.replacingOccurrences(of: "\"id\": \"graense\"", with: "\"id\": \"\(id)\"")
            try copy.write(to: projects.appendingPathComponent("\(id).json"), atomically: false, encoding: .utf8)
        }
        try FileManager.default.removeItem(at: file)
        let r = try akkord.run("summary", "--json")
        XCTAssertEqual(r.status, 0, r.stderr)
        let totals = try XCTUnwrap((r.json as? [String: Any])?["totals"] as? [String: Any], r.stdout)
        XCTAssertEqual(totals["total"] as? String, "999999999999990.00")
        XCTAssertEqual(totals["projects"] as? Int, 1000)
    }
}
