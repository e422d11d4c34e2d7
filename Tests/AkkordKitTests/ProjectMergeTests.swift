import Foundation
import XCTest
@testable import AkkordKit

/// The three-way record merge of one project (SPEC §14): each rule on its own, then random
/// versions of a project merged, every merged project read back by the one project reader.
final class ProjectMergeTests: XCTestCase {
    static func line(_ id: Int, _ quantity: String, price: String = "38.50", note: String = "") -> Line {
        Line(id: id, pos: "2.01", name: "Underpap", unit: "m2", price: try! UnitPrice(parsing: price), quantity: try! Quantity(parsing: quantity),
             note: note)
    }

    static func entry(_ n: Int, _ text: String) -> HistoryEntry {
        HistoryEntry(time: "2026-11-27T10:\(n < 10 ? "0" : "")\(n):00Z", command: "akkord test", changes: [text])
    }

    /// Lines 1–3, jens with one entry of hours, one supplement on line 2.
    static func base() -> Project {
        var p = Project(id: "tagvej-3", name: "Tagvej 3")
        p.created = "2026-11-01T08:00:00Z"
        p.lines = [line(1, "10"), line(2, "20"), line(3, "30")]
        p.workers = [Worker(id: "jens", name: "Jens")]
        p.hours = [HoursEntry(id: 1, worker: "jens", hours: try! Hours(parsing: "7.5"))]
        p.supplements = [Supplement(id: 1, name: "Højde", percent: try! Percent(parsing: "5"), scope: .init(lines: [2]))]
        p.nextIds = ["line": 4, "hours": 2, "supplement": 2]
        p.history = [entry(0, "created")]
        return p
    }

    static let date = "2026-11-27T12:00:00Z"

    func merge(_ base: Project?, _ mine: Project, _ theirs: Project, keep: MergeSide? = nil) throws -> ProjectMergeResult {
        try ProjectMerge.merge(base: base, mine: mine, theirs: theirs, keep: keep, by: "Jens", date: Self.date)
    }

    /// The merged project as the one reader reads it back: the same.
    func assertReadsBack(_ p: Project, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(ProjectRules.problems(p).map(\.description), [], file: file, line: line)
        let read = try ProjectCodec.decode(try ProjectCodec.encode(p), source: "merged.json")
        XCTAssertEqual(read, p, "the merged project reads back as it was written", file: file, line: line)
    }

    static func mergeEntry(_ renumberings: [Renumbering] = []) -> HistoryEntry {
        HistoryEntry(time: date, command: "merge", described: [.merged(renumberings: renumberings)], by: "Jens")
    }

    // MARK: one side, both sides alike

    func testAChangeOnOneSideIsTaken() throws {
        let base = Self.base()
        var mine = base
        mine.lines[0].quantity = try Quantity(parsing: "12")
        mine.history.append(Self.entry(1, "line 1 quantity: 10 → 12"))
        // Only this side changed: its version as it is, no merge entry.
        XCTAssertEqual(try merge(base, mine, base).merged, mine)
        XCTAssertEqual(try merge(base, base, mine).merged, mine)

        var theirs = base
        theirs.lines[1].note = "north side"
        theirs.history.append(Self.entry(2, "line 2 note"))
        let r = try merge(base, mine, theirs)
        XCTAssertEqual(r.conflicts, [])
        XCTAssertEqual(r.merged.lines, [Self.line(1, "12"), Self.line(2, "20", note: "north side"), Self.line(3, "30")])
        XCTAssertEqual(r.merged.history, base.history + [Self.entry(2, "line 2 note"), Self.entry(1, "line 1 quantity: 10 → 12"), Self.mergeEntry()])
        try assertReadsBack(r.merged)
    }

    func testTheSameChangeOnBothSidesIsTakenOnce() throws {
        let base = Self.base()
        var mine = base, theirs = base
        mine.lines[0].note = "x"; mine.address = "Tagvej 3, 8000 Aarhus"; mine.history.append(Self.entry(1, "mine"))
        theirs.lines[0].note = "x"; theirs.address = "Tagvej 3, 8000 Aarhus"; theirs.history.append(Self.entry(2, "theirs"))
        let r = try merge(base, mine, theirs)
        XCTAssertEqual(r.conflicts, [])
        XCTAssertEqual(r.merged.lines.map(\.note), ["x", "", ""])
        XCTAssertEqual(r.merged.address, "Tagvej 3, 8000 Aarhus")
        XCTAssertEqual(r.merged.history.count, 4, "created, theirs, mine, the merge")
        try assertReadsBack(r.merged)
    }

    // MARK: conflicts

    /// Mine: line 1 to 12 and the project's note; theirs: line 1 to 14 and line 3's note.
    func differingEdits() throws -> (Project, Project, Project) {
        let base = Self.base()
        var mine = base, theirs = base
        mine.lines[0].quantity = try Quantity(parsing: "12"); mine.note = "mine"; mine.history.append(Self.entry(1, "mine"))
        theirs.lines[0].quantity = try Quantity(parsing: "14"); theirs.lines[2].note = "theirs"; theirs.history.append(Self.entry(2, "theirs"))
        return (base, mine, theirs)
    }

    func testAFieldBothChangedDifferentlyIsAConflict() throws {
        let (base, mine, theirs) = try differingEdits()
        let r = try merge(base, mine, theirs)
        XCTAssertEqual(r.conflicts, [MergeConflict(project: "tagvej-3", record: "line 1", field: "quantity", mine: "12", theirs: "14")])
    }

    func testKeepTakesThatSideForTheConflictingFieldOnly() throws {
        let (base, mine, theirs) = try differingEdits()
        for (side, quantity) in [(MergeSide.mine, "12"), (.theirs, "14")] {
            let r = try merge(base, mine, theirs, keep: side)
            XCTAssertEqual(r.conflicts.map(\.record), ["line 1"], "the conflict it settled")
            XCTAssertEqual(r.merged.lines, [Self.line(1, quantity), Self.line(2, "20"), Self.line(3, "30", note: "theirs")], "\(side)")
            XCTAssertEqual(r.merged.note, "mine", "every other change of both sides is taken (\(side))")
            try assertReadsBack(r.merged)
        }
    }

    func testAnEditAgainstARemovalIsAConflict() throws {
        let base = Self.base()
        var mine = base, theirs = base
        mine.lines.remove(at: 2); mine.history.append(Self.entry(1, "line 3 removed"))
        theirs.lines[2].note = "keep me"; theirs.history.append(Self.entry(2, "line 3 note"))
        let r = try merge(base, mine, theirs)
        XCTAssertEqual(r.conflicts, [MergeConflict(project: "tagvej-3", record: "line 3", field: "note", mine: "(removed)", theirs: "keep me")])
        XCTAssertEqual(try merge(base, mine, theirs, keep: .mine).merged.lines.map(\.id), [1, 2])
        XCTAssertEqual(try merge(base, mine, theirs, keep: .theirs).merged.lines, [Self.line(1, "10"), Self.line(2, "20"), Self.line(3, "30", note: "keep me")])
        // A removal against no change (and against the same removal) is a removal.
        var other = base
        other.lines.remove(at: 0); other.history.append(Self.entry(3, "line 1 removed"))
        XCTAssertEqual(try merge(base, mine, other).merged.lines.map(\.id), [2])
        var both = other
        both.lines.remove(at: 1); both.history.append(Self.entry(4, "line 3 removed"))
        XCTAssertEqual(try merge(base, mine, both).merged.lines.map(\.id), [2])
    }

    func testClosedOnOneSideWhileChangedOnTheOtherIsAConflict() throws {
        let base = Self.base()
        var mine = base, theirs = base
        mine.status = .closed; mine.history.append(Self.entry(1, "status: open → closed"))
        theirs.lines[0].note = "late"; theirs.history.append(Self.entry(2, "line 1 note"))
        let r = try merge(base, mine, theirs)
        XCTAssertEqual(r.conflicts, [MergeConflict(project: "tagvej-3", record: "project", field: "status", mine: "closed", theirs: "open, changed")])
        let kept = try merge(base, mine, theirs, keep: .mine).merged
        XCTAssertEqual(kept.status, .closed)
        XCTAssertEqual(kept.lines[0].note, "late", "the change is merged; only the status is the kept side's")
        XCTAssertEqual(try merge(base, mine, theirs, keep: .theirs).merged.status, .open)
        // The same with the sides the other way round.
        let turned = try merge(base, theirs, mine)
        XCTAssertEqual(turned.conflicts, [MergeConflict(project: "tagvej-3", record: "project", field: "status", mine: "open, changed", theirs: "closed")])
        XCTAssertEqual(try merge(base, theirs, mine, keep: .theirs).merged.status, .closed)
        // Closed while the other side changed only what the closed side also has: no conflict.
        var alike = base
        alike.lines[0].note = "late"
        mine.lines[0].note = "late"
        alike.history.append(Self.entry(3, "line 1 note"))
        XCTAssertEqual(try merge(base, mine, alike).conflicts, [])
    }

    // MARK: ids

    func testLinesMadeOnBothSidesAreRenumberedInOrderAndReferencesFollow() throws {
        let base = Self.base()
        var mine = base, theirs = base
        for q in ["41", "42"] { let id = mine.takeId("line"); mine.lines.append(Self.line(id, q)) }
        let own = mine.takeId("supplement")
        mine.supplements.append(Supplement(id: own, name: "Tillæg", percent: try Percent(parsing: "10"), scope: .init(lines: [4, 5])))
        mine.supplements[0].scope.lines = [2, 4]
        mine.history.append(Self.entry(1, "mine"))
        for q in ["51", "52", "53"] { let id = theirs.takeId("line"); theirs.lines.append(Self.line(id, q)) }
        let theirsSupplement = theirs.takeId("supplement")
        theirs.supplements.append(Supplement(id: theirsSupplement, name: "Kran", percent: try Percent(parsing: "2")))
        theirs.history.append(Self.entry(2, "theirs"))

        let r = try merge(base, mine, theirs)
        XCTAssertEqual(r.conflicts, [])
        let renumbered = [Renumbering(kind: "line", from: 4, to: 7), Renumbering(kind: "line", from: 5, to: 8),
                          Renumbering(kind: "supplement", from: 2, to: 3)]
        XCTAssertEqual(r.renumberings, renumbered)
        XCTAssertEqual(r.merged.lines.map(\.id), [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(r.merged.lines.map(\.quantity.plain), ["10", "20", "30", "51", "52", "53", "41", "42"])
        XCTAssertEqual(r.merged.supplements.map(\.id), [1, 2, 3])
        XCTAssertEqual(r.merged.supplements.map(\.scope.lines), [[2, 7], [], [7, 8]], "scopes follow the lines")
        XCTAssertEqual(r.merged.nextIds, ["line": 9, "hours": 2, "supplement": 4])
        XCTAssertEqual(r.merged.history.last, Self.mergeEntry(renumbered))
        XCTAssertEqual(r.merged.history.last?.changes, ["merged: line 4 (made here) is now line 7, line 5 (made here) is now line 8, supplement 2 (made here) is now supplement 3"])
        XCTAssertEqual(HistoryText.changes(try XCTUnwrap(r.merged.history.last), .da),
                       ["flettet: linje 4 (lavet her) er nu linje 7, linje 5 (lavet her) er nu linje 8, tillæg 2 (lavet her) er nu tillæg 3"])
        try assertReadsBack(r.merged)
    }

    func testIdsUsedOnEitherSideAreNeverReused() throws {
        let base = Self.base()
        // Theirs made line 4 and removed it; this machine made line 4: a clash all the same.
        var theirs = base
        _ = theirs.takeId("line")
        theirs.history.append(Self.entry(2, "line 4 added and removed"))
        var mine = base
        mine.lines.append(Self.line(mine.takeId("line"), "41"))
        mine.history.append(Self.entry(1, "line 4 added"))
        var r = try merge(base, mine, theirs)
        XCTAssertEqual(r.renumberings, [Renumbering(kind: "line", from: 4, to: 5)])
        XCTAssertEqual(r.merged.nextIds["line"], 6)
        // This machine made 4 and 5 and removed 5; theirs made 4: this machine's 4 becomes 6, not 5.
        var mine2 = base
        mine2.lines.append(Self.line(mine2.takeId("line"), "41"))
        _ = mine2.takeId("line")
        mine2.history.append(Self.entry(1, "lines 4, 5 added, 5 removed"))
        var theirs2 = base
        theirs2.lines.append(Self.line(theirs2.takeId("line"), "51"))
        theirs2.history.append(Self.entry(2, "line 4 added"))
        r = try merge(base, mine2, theirs2)
        XCTAssertEqual(r.renumberings, [Renumbering(kind: "line", from: 4, to: 6)])
        XCTAssertEqual(r.merged.lines.map(\.id), [1, 2, 3, 4, 6])
        XCTAssertEqual(r.merged.nextIds["line"], 7)
        try assertReadsBack(r.merged)
        // No clash: ids kept; nextIds the largest of both.
        var theirs3 = base
        theirs3.nextIds["hours"] = 9
        theirs3.history.append(Self.entry(2, "hours 2–8 added and removed"))
        var mine3 = base
        mine3.lines[0].note = "n"
        mine3.history.append(Self.entry(1, "note"))
        r = try merge(base, mine3, theirs3)
        XCTAssertEqual(r.renumberings, [])
        XCTAssertEqual(r.merged.nextIds, ["line": 4, "hours": 9, "supplement": 2])
    }

    func testWorkersMadeOnBothSidesAreOneWhenAlikeAndAConflictWhenNot() throws {
        let base = Self.base()
        var mine = base, theirs = base
        mine.workers.append(Worker(id: "mads", name: "Mads")); mine.history.append(Self.entry(1, "mads"))
        theirs.workers.append(Worker(id: "mads", name: "Mads")); theirs.history.append(Self.entry(2, "mads"))
        var r = try merge(base, mine, theirs)
        XCTAssertEqual(r.conflicts, [])
        XCTAssertEqual(r.merged.workers.map(\.id), ["jens", "mads"])
        try assertReadsBack(r.merged)

        theirs.workers[1] = Worker(id: "mads", name: "Mads", apprentice: true, rate: try UnitPrice(parsing: "120"))
        r = try merge(base, mine, theirs)
        XCTAssertEqual(r.conflicts, [MergeConflict(project: "tagvej-3", record: "worker mads", field: "apprentice", mine: "journeyman", theirs: "apprentice at 120.00")])
        XCTAssertEqual(try merge(base, mine, theirs, keep: .theirs).merged.workers[1].apprentice, true)
    }

    func testAWorkerRemovedWhileTheOtherSideGaveHimHoursIsAConflict() throws {
        var base = Self.base()
        base.workers.append(Worker(id: "ole", name: "Ole"))
        var mine = base, theirs = base
        mine.workers.removeLast(); mine.history.append(Self.entry(1, "ole removed"))
        theirs.hours.append(HoursEntry(id: theirs.takeId("hours"), worker: "ole", hours: try Hours(parsing: "8"))); theirs.history.append(Self.entry(2, "hours"))
        let r = try merge(base, mine, theirs)
        XCTAssertEqual(r.conflicts, [MergeConflict(project: "tagvej-3", record: "worker ole", field: "removed", mine: "(removed)", theirs: "has hours, advances or daywork")])
        let kept = try merge(base, mine, theirs, keep: .mine).merged
        XCTAssertEqual(kept.workers.map(\.id), ["jens", "ole"], "hours are not kept without their worker, nor dropped")
        try assertReadsBack(kept)
    }

    // MARK: history

    /// A side may hold an older version than the common one: a project deleted on one machine
    /// and brought back by `--keep mine` on another that had not seen its later lines. Its next
    /// ids are lower than the base's; the merge takes its removals and never traps (the sync
    /// property test found a reversed range here).
    func testAnOlderVersionThanTheBaseMergesWithoutATrap() throws {
        var base = Self.base()
        for q in ["40", "50"] { base.lines.append(Self.line(base.takeId("line"), q)) }   // lines 4, 5; next 6
        let theirs = Self.base()                                                          // lines 1–3; next 4
        var mine = base
        mine.lines.append(Self.line(mine.takeId("line"), "60"))                           // line 6; next 7
        mine.history.append(Self.entry(1, "line 6 added"))
        let r = try merge(base, mine, theirs)
        XCTAssertEqual(r.conflicts, [])
        XCTAssertEqual(r.renumberings, [])
        XCTAssertEqual(r.merged.lines.map(\.id), [1, 2, 3, 6], "lines 4 and 5 removed by the older side, line 6 kept")
        XCTAssertEqual(r.merged.nextIds["line"], 7, "ids are never handed out again")
        try assertReadsBack(r.merged)
        // And the other way round: the older version is this machine's.
        let back = try merge(base, theirs, mine)
        XCTAssertEqual(back.merged.lines.map(\.id), [1, 2, 3, 6])
        XCTAssertEqual(back.merged.nextIds["line"], 7)
    }

    /// The records and fields added beside the merge (daywork, a worker's weight, the quantity
    /// typed before a rounding rule) merge like the others.
    func testDayworkWeightsAndTypedQuantitiesMergeLikeTheOtherRecords() throws {
        let base = Self.base()
        var mine = base, theirs = base
        // Daywork made on both sides: theirs keeps id 1, this machine's becomes 2.
        mine.daywork = [DayworkEntry(id: 1, worker: "jens", kind: .sick, hours: try Hours(parsing: "7.5"), rate: try UnitPrice(parsing: "200"))]
        mine.nextIds["daywork"] = 2
        theirs.daywork = [DayworkEntry(id: 1, worker: "jens", kind: .weather, hours: try Hours(parsing: "3"), rate: try UnitPrice(parsing: "210"))]
        theirs.nextIds["daywork"] = 2
        // A weight set here, a typed quantity there: both taken.
        mine.workers[0].weight = try Weight(parsing: "0.8")
        theirs.lines[2].quantity = try Quantity(parsing: "31")
        theirs.lines[2].quantityTyped = try Quantity(parsing: "30.4")
        let r = try merge(base, mine, theirs)
        XCTAssertEqual(r.conflicts, [])
        XCTAssertEqual(r.merged.daywork.map(\.id), [1, 2])
        XCTAssertEqual(r.merged.daywork.map(\.kind), [.weather, .sick])
        XCTAssertEqual(r.merged.nextIds["daywork"], 3)
        XCTAssertEqual(r.renumberings, [Renumbering(kind: "daywork", from: 1, to: 2)])
        XCTAssertEqual(r.merged.workers[0].weight, try Weight(parsing: "0.8"))
        XCTAssertEqual(r.merged.lines[2].quantityTyped, try Quantity(parsing: "30.4"))
        try assertReadsBack(r.merged)

        // The same daywork entry changed differently on both sides: a conflict on its field.
        var base2 = base
        base2.daywork = [DayworkEntry(id: 1, worker: "jens", hours: try Hours(parsing: "4"), rate: try UnitPrice(parsing: "200"))]
        base2.nextIds["daywork"] = 2
        var mine2 = base2, theirs2 = base2
        mine2.daywork[0].rate = try UnitPrice(parsing: "205")
        theirs2.daywork[0].rate = try UnitPrice(parsing: "210")
        XCTAssertEqual(try merge(base2, mine2, theirs2).conflicts,
                       [MergeConflict(project: "tagvej-3", record: "daywork 1", field: "rate", mine: "205.00", theirs: "210.00")])
    }

    func testHistoryIsTheCommonEntriesThenTheIncomingThenThisMachinesThenTheMerge() throws {
        let base = Self.base()
        var theirs = base
        theirs.lines[1].note = "a"; theirs.history += [Self.entry(2, "t1"), Self.entry(3, "t2")]
        var mine = base
        let id = mine.takeId("line")
        mine.lines.append(Self.line(id, "5"))
        mine.history.append(Self.entry(1, "m1: line 4 added"))
        mine.lines.removeLast()
        mine.history.append(HistoryEntry(time: "2026-11-27T10:04:00Z", command: "akkord undo", changes: ["undid m1"], undoes: 1, by: "Ole"))
        let r = try merge(base, mine, theirs)
        XCTAssertEqual(r.merged.history.map(\.changes.first), ["created", "t1", "t2", "m1: line 4 added", "undid m1", "merged"])
        XCTAssertEqual(r.merged.history[4].undoes, 3, "the undo still points at the entry it took back")
        XCTAssertEqual(r.merged.history[4].by, "Ole")
        XCTAssertEqual(r.merged.history[5].by, "Jens")
        XCTAssertEqual(r.merged.history[5].time, Self.date)
        XCTAssertEqual(r.merged.nextIds["line"], 5, "the id this machine used stays used")
        try assertReadsBack(r.merged)
    }

    // MARK: what is refused

    func testTwoDifferentProjectsAreRefused() {
        var other = Self.base()
        other.id = "tagvej-4"
        XCTAssertThrowsError(try merge(Self.base(), Self.base(), other)) { error in
            XCTAssertEqual(error as? ProjectMergeError, .differentProjects(mine: "tagvej-3", theirs: "tagvej-4"))
        }
    }

    func testAMergeThatBreaksTheProjectsRulesIsRefused() throws {
        let base = Self.base()
        var mine = base, theirs = base
        mine.hours.append(HoursEntry(id: mine.takeId("hours"), worker: "jens", hours: try Hours(parsing: "60000"))); mine.history.append(Self.entry(1, "m"))
        theirs.hours.append(HoursEntry(id: theirs.takeId("hours"), worker: "jens", hours: try Hours(parsing: "60000"))); theirs.history.append(Self.entry(2, "t"))
        XCTAssertThrowsError(try merge(base, mine, theirs)) { error in
            let problems = (error as? InvalidDataError)?.problems.map(\.description) ?? []
            XCTAssertEqual(problems, ["hours[2].hours: worker jens's hours add up to more than 99999 h"], "\(error)")
        }
    }

    func testWithoutABaseWhatDiffersIsAConflict() throws {
        let mine = Self.base()
        XCTAssertEqual(try merge(nil, mine, mine).merged, mine)
        var theirs = mine
        theirs.created = "2026-11-02T08:00:00Z"
        let r = try merge(nil, mine, theirs)
        XCTAssertEqual(r.conflicts, [MergeConflict(project: "tagvej-3", record: "project", field: "created", mine: "2026-11-01T08:00:00Z", theirs: "2026-11-02T08:00:00Z")])
    }

    // MARK: random versions

    /// The seeded generator the other property tests use: the same seed, the same versions.
    typealias Generator = WorkspacePropertyTests.SplitMix64

    /// One random change as a command would make it (the project stays valid), with its entry.
    static func randomChange(_ p: inout Project, _ g: inout Generator, step: Int, side: String) {
        let names = ["jens", "ole", "mads", "per"]
        var text = ""
        switch Int.random(in: 0..<10, using: &g) {
        case 0, 1:
            let id = p.takeId("line")
            p.lines.append(line(id, "\(Int.random(in: 1...50, using: &g))", price: ["38.50", "12", "120.25"].randomElement(using: &g)!))
            text = "line \(id) added"
        case 2 where !p.lines.isEmpty:
            let i = Int.random(in: 0..<p.lines.count, using: &g)
            text = "line \(p.lines[i].id) removed"
            p.lines.remove(at: i)
        case 3 where !p.lines.isEmpty:
            let i = Int.random(in: 0..<p.lines.count, using: &g)
            p.lines[i].quantity = try! Quantity(parsing: "\(Int.random(in: 1...50, using: &g))")
            text = "line \(p.lines[i].id) quantity"
        case 4 where !p.lines.isEmpty:
            let i = Int.random(in: 0..<p.lines.count, using: &g)
            p.lines[i].note = ["", "north", "south", "\(side) \(step)"].randomElement(using: &g)!
            text = "line \(p.lines[i].id) note"
        case 5:
            let name = names.randomElement(using: &g)!
            if let i = p.workers.firstIndex(where: { $0.id == name }) {
                if !p.hours.contains(where: { $0.worker == name }) { p.workers.remove(at: i); text = "worker \(name) removed" }
            } else {
                let apprentice = Bool.random(using: &g)
                p.workers.append(Worker(id: name, name: name.capitalized, apprentice: apprentice, rate: apprentice ? try! UnitPrice(parsing: "120") : nil))
                text = "worker \(name) added"
            }
        case 6 where !p.workers.isEmpty:
            let id = p.takeId("hours")
            p.hours.append(HoursEntry(id: id, worker: p.workers.randomElement(using: &g)!.id, hours: try! Hours(parsing: "\(Int.random(in: 1...10, using: &g))")))
            text = "hours \(id) added"
        case 7 where !p.hours.isEmpty:
            let i = Int.random(in: 0..<p.hours.count, using: &g)
            text = "hours \(p.hours[i].id) removed"
            p.hours.remove(at: i)
        case 8:
            let id = p.takeId("supplement")
            let lines = p.lines.map(\.id).filter { _ in Bool.random(using: &g) }
            p.supplements.append(Supplement(id: id, name: "S\(id)", percent: try! Percent(parsing: "\(Int.random(in: -5...20, using: &g))"),
                                            scope: .init(lines: lines)))
            text = "supplement \(id) added"
        default:
            p.note = ["", "a", "b", "\(side) \(step)"].randomElement(using: &g)!
            text = "note"
        }
        p.history.append(HistoryEntry(time: "2026-11-27T10:00:00Z", command: "\(side) \(step)", changes: [text]))
    }

    func testRandomVersionsMergeWithoutLosingALine() throws {
        var operations = 0, merges = 0, conflicted = 0
        for seed in UInt64(1)...40 {
            var g = Generator(state: seed)
            var base = Self.base()
            for step in 0..<Int.random(in: 0...6, using: &g) { Self.randomChange(&base, &g, step: step, side: "base"); operations += 1 }
            var mine = base, theirs = base
            for step in 0..<Int.random(in: 0...6, using: &g) { Self.randomChange(&mine, &g, step: step, side: "mine"); operations += 1 }
            for step in 0..<Int.random(in: 0...6, using: &g) { Self.randomChange(&theirs, &g, step: step, side: "theirs"); operations += 1 }
            for p in [base, mine, theirs] { XCTAssertEqual(ProjectRules.problems(p).map(\.description), [], "seed \(seed): a valid version") }

            // The same version on both sides, or one side unchanged: that version.
            for x in [mine, theirs] {
                XCTAssertEqual(try merge(base, x, x).merged, x, "seed \(seed)")
                XCTAssertEqual(try merge(base, base, x).merged, x, "seed \(seed)")
                XCTAssertEqual(try merge(base, x, base).merged, x, "seed \(seed)")
            }

            let r: ProjectMergeResult
            do { r = try merge(base, mine, theirs) } catch { XCTFail("seed \(seed): \(error)"); continue }
            merges += 1
            if !r.conflicts.isEmpty { conflicted += 1 }
            let conflictedLines = Set(r.conflicts.map(\.record))
            let renumbered = Dictionary(uniqueKeysWithValues: r.renumberings.filter { $0.kind == "line" }.map { ($0.from, $0.to) })
            let merged = Dictionary(uniqueKeysWithValues: r.merged.lines.map { ($0.id, $0) })
            XCTAssertEqual(merged.count, r.merged.lines.count, "seed \(seed): each line once")
            let baseLines = Dictionary(uniqueKeysWithValues: base.lines.map { ($0.id, $0) })
            let mineIds = Set(mine.lines.map(\.id)), theirsIds = Set(theirs.lines.map(\.id))
            // Every line of either side is there, unless the other side removed it unchanged, or it is in conflict.
            for (side, lines, otherIds, map) in [("theirs", theirs.lines, mineIds, [Int: Int]()), ("mine", mine.lines, theirsIds, renumbered)] {
                for l in lines {
                    let id = map[l.id] ?? l.id
                    if conflictedLines.contains("line \(l.id)") { continue }
                    if let b = baseLines[l.id], !otherIds.contains(l.id) {
                        XCTAssertEqual(b, l, "seed \(seed): \(side)'s line \(l.id), removed on the other side, is unchanged (else a conflict)")
                        XCTAssertNil(merged[id], "seed \(seed): \(side)'s line \(l.id) was removed on the other side")
                        continue
                    }
                    XCTAssertNotNil(merged[id], "seed \(seed): \(side)'s line \(l.id) is in the merge (as \(id))")
                    if baseLines[l.id] == nil, let m = merged[id] {
                        var moved = l
                        moved.id = id
                        XCTAssertEqual(m, moved, "seed \(seed): \(side)'s new line \(l.id) as it made it")
                    }
                }
            }
            // Nothing comes from nowhere: each merged line is one of a side's.
            for l in r.merged.lines {
                let fromMine = renumbered.first { $0.value == l.id }?.key ?? l.id
                XCTAssertTrue(theirsIds.contains(l.id) || mineIds.contains(fromMine), "seed \(seed): line \(l.id) is one of a side's")
            }
            XCTAssertEqual(Array(r.merged.history.prefix(base.history.count)), base.history, "seed \(seed): the common history first")
            for keep in [nil, MergeSide.mine, .theirs] where keep != nil || r.conflicts.isEmpty {
                do {
                    let kept = try merge(base, mine, theirs, keep: keep).merged
                    XCTAssertEqual(ProjectRules.problems(kept).map(\.description), [], "seed \(seed), keep \(String(describing: keep))")
                    XCTAssertEqual(try ProjectCodec.decode(try ProjectCodec.encode(kept), source: "merged.json"), kept,
                                   "seed \(seed), keep \(String(describing: keep)): reads back")
                } catch { XCTFail("seed \(seed), keep \(String(describing: keep)): \(error)") }
            }
        }
        XCTAssertGreaterThanOrEqual(operations, 300)
        XCTAssertGreaterThan(conflicted, 0, "some merges meet conflicts")
        XCTAssertGreaterThan(merges - conflicted, 0, "some merge cleanly")
    }
}
