import Foundation
import XCTest
@testable import AkkordKit

/// Working-day arithmetic (SPEC §9): hand-worked cases, then a seeded comparison with
/// Foundation's Gregorian calendar in UTC (used here only, as the reference). Set AKKORD_SEED to
/// replay a failure (the seed is printed when one fails).
final class WorkdaysTests: XCTestCase {
    func testHandWorkedCases() {
        // 2026-05-04 is a Monday: three weeks of five working days.
        XCTAssertEqual(Workdays.adding(15, to: "2026-05-04"), "2026-05-25")
        XCTAssertEqual(Workdays.adding(1, to: "2026-05-04"), "2026-05-05")
        XCTAssertEqual(Workdays.adding(4, to: "2026-05-04"), "2026-05-08", "Friday of the same week")
        XCTAssertEqual(Workdays.adding(5, to: "2026-05-04"), "2026-05-11")
        // From a Friday the next working day is the Monday, across a month end.
        XCTAssertEqual(Workdays.adding(1, to: "2026-05-29"), "2026-06-01")
        XCTAssertEqual(Workdays.adding(5, to: "2026-05-29"), "2026-06-05")
        // From a Saturday or a Sunday: the day itself does not count, the Monday is the first.
        XCTAssertEqual(Workdays.adding(1, to: "2026-05-30"), "2026-06-01")
        XCTAssertEqual(Workdays.adding(1, to: "2026-05-31"), "2026-06-01")
        XCTAssertEqual(Workdays.adding(5, to: "2026-05-30"), "2026-06-05")
        XCTAssertEqual(Workdays.adding(6, to: "2026-05-31"), "2026-06-08")
        // Thursday 2026-12-24 + 15 over the year end: Fri 25 (1), Mon 28 – Thu 31 (2–5), Fri 1 (6),
        // 4–8 Jan (7–11), 11–14 Jan (12–15). Danish holidays (25 and 26 Dec, 1 Jan) are not skipped.
        XCTAssertEqual(Workdays.adding(15, to: "2026-12-24"), "2027-01-14")
        XCTAssertEqual(Workdays.adding(1, to: "2027-12-31"), "2028-01-03", "Friday 31 Dec to Monday 3 Jan")
        // Leap years: Monday 2028-02-28 is followed by Tuesday 29 February; not in 2027.
        XCTAssertEqual(Workdays.adding(1, to: "2028-02-28"), "2028-02-29")
        XCTAssertEqual(Workdays.adding(1, to: "2028-02-29"), "2028-03-01")
        XCTAssertEqual(Workdays.adding(1, to: "2027-02-26"), "2027-03-01", "Friday 26 February 2027 to Monday 1 March")
        // 2100 is not a leap year, 2000 was: Monday 2100-02-22 + 5 is Monday 1 March.
        XCTAssertEqual(Workdays.adding(5, to: "2100-02-22"), "2100-03-01")
        XCTAssertEqual(Workdays.adding(1, to: "2000-02-28"), "2000-02-29")
        // The largest deadline the config allows: 250 working days are 50 weeks.
        XCTAssertEqual(Workdays.adding(250, to: "2026-05-04"), "2027-04-19")
        XCTAssertEqual(Workdays.adding(0, to: "2026-05-30"), "2026-05-30", "no working days: the date itself")
    }

    func testDayNumbersAndWeekdays() {
        XCTAssertEqual(Workdays.dayNumber("1970-01-01"), 0)
        XCTAssertEqual(Workdays.weekday(0), 4, "1 January 1970 was a Thursday")
        XCTAssertEqual(Workdays.dayNumber("2000-03-01"), 11_017)
        XCTAssertEqual(Workdays.dayNumber("1969-12-31"), -1)
        XCTAssertEqual(Workdays.weekday(-1), 3)
        XCTAssertEqual(Workdays.dayNumber("2026-05-04").map(Workdays.weekday), 1, "a Monday")
        XCTAssertEqual(Workdays.dayNumber("2026-05-31").map(Workdays.weekday), 7, "a Sunday")
        XCTAssertEqual(Workdays.date(Workdays.dayNumber(year: 0, month: 3, day: 1)), "0000-03-01")
        XCTAssertEqual(Workdays.date(Workdays.dayNumber(year: 9999, month: 12, day: 31) + 1), "10000-01-01")
        for bad in ["2026-02-29", "2026-13-01", "2026-5-4", "26-05-04", "2026-05-04T", "", "2026/05/04"] {
            XCTAssertNil(Workdays.dayNumber(bad), bad)
        }
        // Every day from 0000-01-01 to 9999-12-31 goes to its date and back.
        let first = Workdays.dayNumber(year: 0, month: 1, day: 1), last = Workdays.dayNumber(year: 9999, month: 12, day: 31)
        XCTAssertEqual(last - first + 1, 10_000 * 365 + 2425, "2425 leap years in 10,000 Gregorian years")
        var previous = Workdays.civil(first - 1)
        for day in first...last {
            let c = Workdays.civil(day)
            if Workdays.dayNumber(year: c.year, month: c.month, day: c.day) != day { XCTFail("\(c) is not day \(day)"); break }
            let next = c.day == previous.day + 1 && c.month == previous.month
                || c.day == 1 && (c.month == previous.month + 1 || (c.month == 1 && previous.month == 12 && c.year == previous.year + 1))
            if !next { XCTFail("\(previous) → \(c)"); break }
            previous = c
        }
    }

    /// Against Foundation: random dates (1600–9998) × random numbers of working days, the answer
    /// is found by stepping one day at a time and asking Foundation for each day's weekday.
    func testAgreesWithFoundationsCalendar() throws {
        let seed = ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let base = try XCTUnwrap(calendar.date(from: DateComponents(year: 1600, month: 1, day: 1)))
        let span = Int(try XCTUnwrap(calendar.date(from: DateComponents(year: 9998, month: 1, day: 1))).timeIntervalSince(base) / 86_400)
        func text(_ date: Date) -> String {
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        }
        let samples = 3000
        for i in 0..<samples {
            let start = calendar.date(byAdding: .day, value: Int.random(in: 0...span, using: &rng), to: base)!
            // Mostly short deadlines, some as long as the config allows.
            let n = i % 10 == 0 ? Int.random(in: 1...250, using: &rng) : Int.random(in: 0...25, using: &rng)
            var day = start, left = n
            while left > 0 {
                day = calendar.date(byAdding: .day, value: 1, to: day)!
                let weekday = calendar.component(.weekday, from: day)   // 1 Sunday … 7 Saturday
                if weekday != 1 && weekday != 7 { left -= 1 }
            }
            let from = text(start)
            XCTAssertEqual(Workdays.dayNumber(from), Int(start.timeIntervalSince1970 / 86_400), "day number of \(from), seed \(seed)")
            XCTAssertEqual(Workdays.adding(n, to: from), text(day), "\(from) + \(n), seed \(seed)")
            if testRun?.failureCount ?? 0 > 0 { break }
        }
        if testRun?.failureCount ?? 0 > 0 { print("WorkdaysTests failed with AKKORD_SEED=\(seed)") }
    }

    // MARK: - the settlement deadline and its views

    func project(_ id: String, end: String?, status: Project.Status = .open) -> Project {
        var p = Project(id: id, name: id.capitalized)
        p.end = end
        p.status = status
        return p
    }

    func testSettlementDeadline() {
        let ended = project("a", end: "2026-05-04")
        XCTAssertEqual(SettlementDeadline(ended, workdays: 15, today: "2026-05-25"), SettlementDeadline(due: "2026-05-25", overdue: false),
                       "due today is not yet overdue")
        XCTAssertEqual(SettlementDeadline(ended, workdays: 15, today: "2026-05-26"), SettlementDeadline(due: "2026-05-25", overdue: true))
        XCTAssertEqual(SettlementDeadline(ended, workdays: 15, today: "2025-12-31")?.overdue, false)
        XCTAssertEqual(SettlementDeadline(ended, workdays: 5, today: "2026-05-12"), SettlementDeadline(due: "2026-05-11", overdue: true))
        XCTAssertNil(SettlementDeadline(project("b", end: "2026-05-04", status: .closed), workdays: 15, today: "2026-06-01"), "closed")
        XCTAssertNil(SettlementDeadline(project("c", end: nil), workdays: 15, today: "2026-06-01"), "no end")
    }

    func testProjectListShowsTheDeadline() throws {
        let projects = try [project("a", end: "2026-05-04"), project("b", end: nil), project("c", end: "2026-05-20")].map(ProjectListEntry.init)
        let deadlines = ["a": SettlementDeadline(due: "2026-05-25", overdue: true), "c": SettlementDeadline(due: "2026-06-10", overdue: false)]
        XCTAssertEqual(ProjectText.list(projects, current: "b", deadlines: deadlines, language: .en), """
               Id  Name  Status  Lines  Subtotal  Due
            --------------------------------------------------
               a   A     open        0      0.00  2026-05-25 !
            *  b   B     open        0      0.00
               c   C     open        0      0.00  2026-06-10
            * current project
            ! past due

            """)
        XCTAssertEqual(ProjectText.list(projects, current: nil, deadlines: deadlines, language: .da), """
              Id  Navn  Status  Ydelser  Subtotal  Frist
            ---------------------------------------------------
              a   A     åben          0      0,00  2026-05-25 !
              b   B     åben          0      0,00
              c   C     åben          0      0,00  2026-06-10
            ! fristen er overskredet

            """)
        // No deadline to show: no column and no footnote.
        XCTAssertEqual(ProjectText.list([projects[1]], current: nil, deadlines: [:], language: .en), """
              Id  Name  Status  Lines  Subtotal
            -----------------------------------
              b   B     open        0      0.00

            """)
        XCTAssertFalse(ProjectText.list(projects, current: nil, deadlines: ["c": deadlines["c"]!], language: .en).contains("!"))
    }

    func testProjectListJSON() throws {
        let json = ProjectText.listJSON(try ProjectListEntry(project("a", end: "2026-05-04")), deadline: SettlementDeadline(due: "2026-05-25", overdue: true))
        XCTAssertEqual(String(decoding: JSONWriter.write(json), as: UTF8.self).filter { !$0.isWhitespace },
                       #"{"id":"a","name":"A","status":"open","lines":0,"subtotal":"0.00","due":"2026-05-25","overdue":true}"#)
        let none = ProjectText.listJSON(try ProjectListEntry(project("b", end: nil)), deadline: nil)
        XCTAssertEqual(none["due"], .null)
        XCTAssertEqual(none["overdue"], .bool(false))
    }
}
