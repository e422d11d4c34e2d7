import Foundation
import XCTest
@testable import AkkordKit

/// The described changes in the project file (`history[i].details`, SPEC §15): they round-trip
/// through the one project reader (the history's direct reader and the tree path alike); an
/// entry written before them (text only) still reads and shows its text; a malformed one is
/// refused with its JSON path; and a change made through the workspace is recorded described.
final class HistoryStoredFormTests: XCTestCase {
    /// A valid project whose history holds every kind of described change, an entry of text only
    /// (as akkord wrote before) and an undo of each kind.
    static func project() -> Project {
        var p = Project(id: "tagvej-3", name: "Tagvej 3")
        let all = HistoryTextTests.cases.map(\.change)
        p.history = [
            HistoryEntry(time: "2026-05-04T06:00:00Z", command: "akkord add 2.01 12,5",
                         changes: ["line 1 added: 2.01 Under felt, nailed (underpap), 12.5 m2 × 38.50 = 481.25"], by: "Jens Hansen"),
            HistoryEntry(time: "2026-11-27T13:05:00Z", command: "akkord (every kind)",
                         described: all.filter { $0.kind != .undo && $0.kind != .undone }, by: "Søren \"Tag\" Ø"),
            HistoryEntry(time: "2026-11-27T13:06:00Z", command: "akkord undo",
                         described: [.undo(time: "2026-05-04T06:00:00Z", command: "akkord add 2.01 12,5"),
                                     .undoneText("line 1 added: 2.01 Under felt, nailed (underpap), 12.5 m2 × 38.50 = 481.25")],
                         undoes: 0),
            HistoryEntry(time: "2026-11-27T13:07:00Z", command: "akkord add --custom Tagpap --unit m2 --price 38,50 \"12,4*8,2 - 1,2*0,9\"",
                         described: [.lineAdded(HistoryTextTests.measuredLine)]),
            HistoryEntry(time: "2026-11-27T13:08:00Z", command: "akkord undo",
                         described: [.undo(time: "2026-11-27T13:07:00Z", command: "akkord add …"), .undone(.lineAdded(HistoryTextTests.measuredLine))],
                         undoes: 3),
        ]
        return p
    }

    /// Where the file's `history` array begins.
    static func historyStart(_ bytes: [UInt8]) throws -> Int {
        let key = Array("\n  \"history\": ".utf8)
        return try XCTUnwrap((0...(bytes.count - key.count)).last { bytes[$0..<($0 + key.count)].elementsEqual(key) }) + key.count
    }

    func testDescribedChangesRoundTripThroughTheReader() throws {
        let p = Self.project()
        XCTAssertEqual(ProjectRules.problems(p).map(\.description), [], "a valid project")
        let bytes = try ProjectCodec.encode(p)
        let read = try ProjectCodec.decode(bytes, source: "tagvej-3.json")
        XCTAssertEqual(read, p)
        XCTAssertEqual(Set(read.history[1].details?.map(\.kind) ?? []).count, HistoryChange.Kind.allCases.count - 2, "every kind but the undo's own")
        XCTAssertNil(read.history[0].details, "the entry of text only stays so")
        // Written as the tree writer lays it out, and again to the same bytes.
        XCTAssertTrue(JSONWriter.write(try JSONReader.parse(bytes)) == bytes)
        XCTAssertTrue(try ProjectCodec.encode(read) == bytes)
        // The history's direct reader takes it (no detour through the tree) and agrees.
        let at = try Self.historyStart(bytes)
        let scanned = try XCTUnwrap(HistoryDecoderTests.scan(bytes, at: at))
        XCTAssertEqual(scanned.entries, p.history)
        let tree = try XCTUnwrap(HistoryDecoderTests.tree(bytes, at: at))
        XCTAssertEqual(tree.entries, p.history)
        XCTAssertEqual(tree.end, scanned.end)
        // The file holds each change's object in `details`, beside its English text.
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("""
                  "changes": [
                    "line 15 added: 2.01 Underpap, sømmet, 100.6 m2 (measured 12,4*8,2 - 1,2*0,9) × 38.50 = 3873.10"
                  ],
                  "details": [
                    {"what": "lineAdded", "id": 15, "pos": "2.01", "name": "Underpap, sømmet", "quantity": "100.6", "unit": "m2", "price": "38.50", "amount": "3873.10", "measurement": "12,4*8,2 - 1,2*0,9"}
                  ]
            """), text)
        XCTAssertTrue(text.contains(#"    {"time": "2026-05-04T06:00:00Z", "command": "akkord add 2.01 12,5", "by": "Jens Hansen", "changes": ["line 1 added: 2.01 Under felt, nailed (underpap), 12.5 m2 × 38.50 = 481.25"]},"#),
                      "an entry of text only is written as before, with who made it: \(text)")
        XCTAssertTrue(text.contains(#"      "by": "Søren \"Tag\" Ø","#), "an entry with described changes says who made it: \(text)")
        XCTAssertFalse(text.contains(#""command": "akkord undo", "by""#), "no `by` where none is known")
    }

    /// `history --json` and `undo --json` carry the same objects as the file.
    func testTheJSONOfAnEntryHasItsDescriptions() throws {
        let entry = Self.project().history[3]
        XCTAssertEqual(entry.json, try JSONReader.parse(Array("""
            {"time": "2026-11-27T13:07:00Z", "command": "akkord add --custom Tagpap --unit m2 --price 38,50 \\"12,4*8,2 - 1,2*0,9\\"",
             "changes": ["line 15 added: 2.01 Underpap, sømmet, 100.6 m2 (measured 12,4*8,2 - 1,2*0,9) × 38.50 = 3873.10"],
             "details": [{"what": "lineAdded", "id": 15, "pos": "2.01", "name": "Underpap, sømmet", "quantity": "100.6", "unit": "m2",
                          "price": "38.50", "amount": "3873.10", "measurement": "12,4*8,2 - 1,2*0,9"}]}
            """.utf8)))
        XCTAssertEqual(ProjectText.historyJSON(Self.project())["history"]?.arrayValue?[3], entry.json)
    }

    /// A file written before changes were described: its entries read, and are shown with their
    /// stored text (in local time), in Danish too; `undo` says it took back that text.
    func testAnOldEntryReadsAndShowsItsText() throws {
        let file = """
            {"format": "akkord-project", "version": 1, "id": "gammel", "name": "Gammel", "status": "open", "lineCount": 0, "subtotal": "0.00",
             "history": [{"time": "2026-01-15T07:30:00Z", "command": "akkord project new Gammel", "changes": ["project \\"gammel\\" created: Gammel"]},
                         {"time": "2026-01-15T07:31:00Z", "command": "akkord worker add Jens", "changes": ["worker jens added: Jens, journeyman"]}]}
            """
        let p = try ProjectCodec.decode(Array(file.utf8), source: "gammel.json")
        XCTAssertEqual(p.history, [
            HistoryEntry(time: "2026-01-15T07:30:00Z", command: "akkord project new Gammel", changes: ["project \"gammel\" created: Gammel"]),
            HistoryEntry(time: "2026-01-15T07:31:00Z", command: "akkord worker add Jens", changes: ["worker jens added: Jens, journeyman"]),
        ])
        HistoryTextTests.inZone("Europe/Copenhagen") {
            XCTAssertEqual(ProjectText.history(p, language: .da), """
                2026-01-15 08:30  akkord project new Gammel
                    project "gammel" created: Gammel
                2026-01-15 08:31  akkord worker add Jens
                    worker jens added: Jens, journeyman

                """)
            XCTAssertEqual(Confirmation.undone(p.history[1], dryRun: false, .da), """
                fortrudt: worker jens added: Jens, journeyman
                  (lavet 2026-01-15 08:31 med: akkord worker add Jens)
                """)
            // What the undo of it records: the text, taken back.
            XCTAssertEqual(Workspace.undoHistory(p.history[1]), [.undo(time: "2026-01-15T07:31:00Z", command: "akkord worker add Jens"),
                                                                 .undoneText("worker jens added: Jens, journeyman")])
            XCTAssertEqual(HistoryText.changes(HistoryEntry(time: "t", command: "akkord undo", described: Workspace.undoHistory(p.history[1])), .da),
                           ["fortrød ændringen fra 2026-01-15 08:31 (akkord worker add Jens)", "fortrudt: worker jens added: Jens, journeyman"])
        }
    }

    /// A malformed `details` is refused, named at its JSON path; the history's direct reader
    /// leaves it to the tree path, which names it.
    func testMalformedDescriptionsAreRefusedAtTheirPath() throws {
        let good = #"{"what": "hoursAdded", "id": 4, "worker": "jens", "hours": "7:20", "date": "2026-05-05"}"#
        let cases: [(details: String, place: String, message: String)] = [
            (#"{"what": "hoursAdded"}"#, "history[0].details", "expected an array, got an object"),
            (#"["x"]"#, "history[0].details[0]", "expected an object, got a string"),
            (#"[{"id": 4}]"#, "history[0].details[0].what", "is missing"),
            (#"[{"what": "linesAdded"}]"#, "history[0].details[0].what", "\"linesAdded\" is not a kind of change akkord records"),
            (#"[{"what": "hoursAdded", "id": 4, "worker": "jens", "hours": "7:20", "minutes": 20}]"#, "history[0].details[0]", "unknown field \"minutes\""),
            (#"[{"what": "hoursAdded", "id": 4, "worker": "jens", "Hours": "7:20"}]"#, "history[0].details[0]", "unknown field \"Hours\"; did you mean \"hours\"?"),
            (#"[{"what": "hoursAdded", "id": "4", "worker": "jens", "hours": "7:20"}]"#, "history[0].details[0].id", "expected a whole number, got a string"),
            (#"[{"what": "hoursAdded", "id": 4, "worker": "jens", "hours": "7,20"}]"#, "history[0].details[0].hours", "is not written as akkord writes numbers"),
            (#"[{"what": "hoursAdded", "id": 4, "worker": "jens", "hours": "7:20", "date": "2026-02-30"}]"#, "history[0].details[0].date", "\"2026-02-30\" is not a date"),
            (#"[{"what": "lineChanged", "id": 1, "field": "colour", "old": "a", "new": "b"}]"#, "history[0].details[0].field", "is not a field of a line"),
            (#"[{"what": "lineChanged", "id": 1, "field": "note", "old": "a", "new": "b", "measurement": "2*3"}]"#, "history[0].details[0].measurement",
             "only a change of quantity has a measurement"),
            (#"[{"what": "lineAdded", "id": 1, "pos": "2.01", "name": "A", "quantity": "1.2345", "unit": "m2", "price": "1", "amount": "1"}]"#,
             "history[0].details[0].quantity", "\"1.2345\" has more than 3 fraction digits"),
            (#"[{"what": "statusChanged", "old": "open", "new": "done"}]"#, "history[0].details[0].new", "\"done\" is not open or closed"),
            (#"[{"what": "advanceAdded", "id": 1, "worker": "jens", "amount": "10.00", "hours": "1"}]"#, "history[0].details[0].hours", "hours and rate go together"),
            (#"[{"what": "undone", "change": {"what": "undo", "time": "t", "command": "c"}}]"#, "history[0].details[0].change.what", "an undone change is not itself an undo"),
            (#"[{"what": "undone", "change": {"what": "workerRemoved", "id": "bo"}}]"#, "history[0].details[0].change.name", "is missing"),
            (#"[{"what": "undone"}]"#, "history[0].details[0].change", "an undone change has either a change or a text"),
            (#"[{"what": "workerRemoved", "id": "bo", "name": "B\u0007o"}]"#, "history[0].details[0].name", "control character"),
            (#"[\#(good), \#(good)]"#, "history[0].details", "has 2 changes but changes has 1"),
        ]
        for c in cases {
            let file = """
                {"format": "akkord-project", "version": 1, "id": "h", "name": "H", "status": "open", "lineCount": 0, "subtotal": "0.00",
                 "history": [{"time": "2026-05-05T06:00:00Z", "command": "akkord hours add jens 7:20", "changes": ["hours 4 added: jens 7:20 h on 2026-05-05"], "details": \(c.details)}]}
                """
            let bytes = Array(file.utf8)
            XCTAssertThrowsError(try ProjectCodec.decode(bytes, source: "h.json"), c.details) { error in
                let problems = (error as? InvalidDataError)?.problems ?? []
                XCTAssertTrue(problems.contains { $0.place == c.place && $0.message.description.contains(c.message) }, "\(c.details): \(problems)")
            }
            let at = Array(#"{"format": "akkord-project", "version": 1, "id": "h", "name": "H", "status": "open", "lineCount": 0, "subtotal": "0.00",\#n "history": "#.utf8).count
            if c.place.hasPrefix("history[0].details"), !c.message.hasPrefix("has 2") && !c.message.contains("control") {
                XCTAssertNil(HistoryDecoderTests.scan(bytes, at: at), "the direct reader leaves it to the tree path: \(c.details)")
            }
        }
        // The good one reads, by the direct reader too.
        let file = """
            {"format": "akkord-project", "version": 1, "id": "h", "name": "H", "status": "open", "lineCount": 0, "subtotal": "0.00",
             "history": [{"time": "2026-05-05T06:00:00Z", "command": "akkord hours add jens 7:20", "changes": ["hours 4 added: jens 7:20 h on 2026-05-05"], "details": [\(good)], "undoes": null}]}
            """
        let p = try ProjectCodec.decode(Array(file.utf8), source: "h.json")
        XCTAssertEqual(p.history[0].details, [.hoursAdded(id: 4, worker: "jens", hours: try Hours(parsing: "7:20"), date: "2026-05-05")])
    }

    /// The history's direct reader (`LexedChange`) and the tree path agree on described changes
    /// mutated member by member (a value of another type, a member gone, added or null, another
    /// kind): the direct reader takes a change only as the tree path decodes it, else leaves it.
    func testMutatedDescriptionsAreReadAsTheTreePathReadsThemOrLeft() {
        let seed = HistoryDecoderTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = HistoryDecoderTests.RNG(state: seed)
        let entries = Self.project().history.filter { $0.details != nil }
        let values: [JSONValue] = [.null, true, false, .number("0"), .number("1"), .number("-1"), .number("1.5"), .number("1e2"), .number("01"),
                                   .number("123456789012345678901"), "", "1", "7:20", "7:60", "-1", "1.5", "1,5", "2026-05-04", "2026-02-30",
                                   "open", "note", "quantity", "a", .array([]), .array(["a"]), .array([.number("1")]), .array([.number("0")]),
                                   .array([.number("1"), "a"]), .array([.null]), .object(JSONObject()), JSONValue(["what": "demoBuilt"]),
                                   JSONValue(["what": "undone", "text": "x"])]
        let keys = Array(Set(ProjectCodec.historyChangeKeys.values.joined())).sorted() + ["extra", "What"]
        var taken = 0, left = 0, treeTook = 0
        for n in 0..<Fixtures.rounds(800, thorough: 3000) {
            var entry = entries.randomElement(using: &rng)!.json.objectValue!
            let at = entry.entries.firstIndex { $0.key == "details" }!
            var details = entry.entries[at].value.arrayValue!
            let i = Int.random(in: 0..<details.count, using: &rng)
            var change = details[i].objectValue!
            // Sometimes the change inside an undone one.
            let inner = change["change"]?.objectValue != nil && Bool.random(using: &rng)
            var o = inner ? change["change"]!.objectValue! : change
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                switch Int.random(in: 0..<5, using: &rng) {
                case 0, 1:
                    if !o.entries.isEmpty { o.entries[Int.random(in: 0..<o.entries.count, using: &rng)].value = values.randomElement(using: &rng)! }
                case 2: if !o.entries.isEmpty { o.entries.remove(at: Int.random(in: 0..<o.entries.count, using: &rng)) }
                case 3: o.append(keys.randomElement(using: &rng)!, values.randomElement(using: &rng)!)
                default:
                    let k = o.entries.firstIndex { $0.key == "what" } ?? 0
                    if !o.entries.isEmpty { o.entries[k].value = .string(HistoryChange.Kind.allCases.randomElement(using: &rng)!.rawValue) }
                }
            }
            if inner { change.entries[change.entries.firstIndex { $0.key == "change" }!].value = .object(o) } else { change = o }
            details[i] = .object(change)
            entry.entries[at].value = .array(details)
            // Only the structured mutations above (the bytes' are HistoryDecoderTests'), some characters escaped.
            let out = ByteOutput()
            JSONWriter.write(.array([.object(entry)]), indent: 2, to: out)
            let bytes = Bool.random(using: &rng) ? out.bytes : HistoryDecoderTests.escapeByHand(out.bytes, &rng)
            let tree = HistoryDecoderTests.tree(bytes, at: 0)
            guard let scanned = HistoryDecoderTests.scan(bytes, at: 0) else {
                left += 1
                if tree != nil { treeTook += 1 }
                continue
            }
            taken += 1
            let label = "seed \(seed), case \(n): \(String(decoding: bytes, as: UTF8.self))"
            guard let tree else { XCTFail("the direct reader took what the tree path refuses: \(label)"); break }
            XCTAssertTrue(HistoryDecoderTests.same(scanned.entries, tree.entries), "\(label)\nscanner: \(scanned.entries)\ntree: \(tree.entries)")
            if testRun?.failureCount ?? 0 > 0 { break }
        }
        print("HistoryStoredFormTests mutations (seed \(seed)): \(taken) taken, \(left) left to the tree path (\(treeTook) of them taken by it)")
        XCTAssertGreaterThan(taken, 0)
        XCTAssertGreaterThan(left, 0)
    }

    /// Changes made through the workspace are recorded described, beside the English text; the
    /// undo of an entry of text only records that text.
    func testTheWorkspaceRecordsDescribedChanges() throws {
        let directory = try TemporaryDirectory.make(prefix: "akkord-history")
        defer { TemporaryDirectory.remove(directory) }
        let clock = Clock(seconds: 1_795_775_100)   // 2026-11-27T10:25:00Z
        let ws = Workspace(store: Store(directory: directory, lockTimeout: 1), clock: clock, command: "akkord test")
        _ = try ws.createProject(name: "Tagvej 3", details: Project.Details())
        let added = try ws.addLine(.init(source: .custom(name: "Tagpap", unit: "m2", price: try UnitPrice(parsing: "38.50")),
                                         quantity: try Quantity(parsing: "100.6"), date: "2026-11-27", measurement: "12,4*8,2 - 1,2*0,9"))
        let line = HistoryChange.LineFigures(id: 1, pos: "X1", name: "Tagpap", quantity: try Quantity(parsing: "100.6"), unit: "m2",
                                             price: try UnitPrice(parsing: "38.50"), amount: try Money(parsing: "3873.10"),
                                             measurement: "12,4*8,2 - 1,2*0,9")
        XCTAssertEqual(added.history, ["line 1 added: X1 Tagpap, 100.6 m2 (measured 12,4*8,2 - 1,2*0,9) × 38.50 = 3873.10"])
        _ = try ws.addWorker(name: "Jens Hansen", apprentice: false, rate: nil)
        var p = try ws.project()
        XCTAssertEqual(p.history.map(\.details), [[.projectCreated(id: "tagvej-3", name: "Tagvej 3")], [.lineAdded(line)],
                                                 [.workerAdded(id: "jens-hansen", name: "Jens Hansen", apprentice: false, rate: nil)]])
        XCTAssertEqual(p.history.map(\.time), Array(repeating: "2026-11-27T10:25:00Z", count: 3), "stored in UTC")

        // The worker's entry as an older akkord wrote it: text only.
        p.history[2].details = nil
        try ws.store.writeProject(p)
        let undone = try ws.undo()
        XCTAssertEqual(undone.value.undone.details, nil)
        XCTAssertEqual(try ws.project().history.last?.details, [.undo(time: "2026-11-27T10:25:00Z", command: "akkord test"),
                                                                 .undoneText("worker jens-hansen added: Jens Hansen, journeyman")])
        HistoryTextTests.inZone("Europe/Copenhagen") {
            XCTAssertEqual(Confirmation.undone(undone.value.undone, dryRun: false, .da), """
                fortrudt: worker jens-hansen added: Jens Hansen, journeyman
                  (lavet 2026-11-27 11:25 med: akkord test)
                """)
        }
        // The line's entry, described: its undo shows it in the language, and records it described.
        let lineUndone = try ws.undo()
        HistoryTextTests.inZone("Europe/Copenhagen") {
            XCTAssertEqual(Confirmation.undone(lineUndone.value.undone, dryRun: false, .da), """
                fortrudt: linje 1 tilføjet: X1 Tagpap, 100,6 m² (opmålt 12,4*8,2 - 1,2*0,9) × 38,50 = 3.873,10
                  (lavet 2026-11-27 11:25 med: akkord test)
                """)
            XCTAssertEqual(Confirmation.undone(lineUndone.value.undone, dryRun: false, .en), """
                undid: line 1 added: X1 Tagpap, 100.6 m2 (measured 12,4*8,2 - 1,2*0,9) × 38.50 = 3,873.10
                  (made 2026-11-27 11:25 by: akkord test)
                """)
        }
        XCTAssertEqual(lineUndone.history, ["undid the change of 2026-11-27T10:25:00Z (akkord test)",
                                            "undid: line 1 added: X1 Tagpap, 100.6 m2 (measured 12,4*8,2 - 1,2*0,9) × 38.50 = 3873.10"])
        XCTAssertEqual(try ws.project().history.last?.details, [.undo(time: "2026-11-27T10:25:00Z", command: "akkord test"), .undone(.lineAdded(line))])
    }
}
