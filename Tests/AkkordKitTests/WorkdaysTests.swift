import Foundation
import XCTest
@testable import AkkordKit

/// Working-day arithmetic (SPEC §9): hand-worked cases, then a seeded comparison with
/// Foundation's Gregorian calendar in UTC (used here only, as the reference). Set AKKORD_SEED to
/// replay a failure (the seed is printed when one fails).
final class WorkdaysTests: XCTestCase {
    func testHandWorkedCases() {
        // 2026-05-04 is a Monday; Ascension Day is Thursday 14 May 2026 (Easter 5 April + 39) and
        // Whit Monday 25 May: 5–8 May (1–4), 11–13, 15 May (5–8), 18–22 May (9–13), 26–27 May (14–15).
        XCTAssertEqual(Workdays.adding(15, to: "2026-05-04"), "2026-05-27")
        XCTAssertEqual(Workdays.adding(1, to: "2026-05-04"), "2026-05-05")
        XCTAssertEqual(Workdays.adding(4, to: "2026-05-04"), "2026-05-08", "Friday of the same week")
        XCTAssertEqual(Workdays.adding(5, to: "2026-05-04"), "2026-05-11")
        // From a Friday the next working day is the Monday, across a month end.
        XCTAssertEqual(Workdays.adding(1, to: "2026-05-29"), "2026-06-01")
        XCTAssertEqual(Workdays.adding(5, to: "2026-05-29"), "2026-06-05", "Constitution Day is no public holiday")
        // From a Saturday or a Sunday: the day itself does not count, the Monday is the first.
        XCTAssertEqual(Workdays.adding(1, to: "2026-05-30"), "2026-06-01")
        XCTAssertEqual(Workdays.adding(1, to: "2026-05-31"), "2026-06-01")
        XCTAssertEqual(Workdays.adding(5, to: "2026-05-30"), "2026-06-05")
        XCTAssertEqual(Workdays.adding(6, to: "2026-05-31"), "2026-06-08")
        // Thursday 2026-12-24 + 15 over the year end: 25 Dec (Friday) and 26 Dec (Saturday) are
        // Christmas; Mon 28 – Thu 31 (1–4), Fri 1 Jan is New Year's Day,
        // 4–8 Jan (5–9), 11–15 Jan (10–14), Mon 18 Jan (15).
        XCTAssertEqual(Workdays.adding(15, to: "2026-12-24"), "2027-01-18")
        XCTAssertEqual(Workdays.adding(1, to: "2027-12-31"), "2028-01-03", "Friday 31 Dec to Monday 3 Jan (1 Jan is a Saturday)")
        // Leap years: Monday 2028-02-28 is followed by Tuesday 29 February; not in 2027.
        XCTAssertEqual(Workdays.adding(1, to: "2028-02-28"), "2028-02-29")
        XCTAssertEqual(Workdays.adding(1, to: "2028-02-29"), "2028-03-01")
        XCTAssertEqual(Workdays.adding(1, to: "2027-02-26"), "2027-03-01", "Friday 26 February 2027 to Monday 1 March")
        // 2100 is not a leap year, 2000 was: Monday 2100-02-22 + 5 is Monday 1 March.
        XCTAssertEqual(Workdays.adding(5, to: "2100-02-22"), "2100-03-01")
        XCTAssertEqual(Workdays.adding(1, to: "2000-02-28"), "2000-02-29")
        XCTAssertEqual(Workdays.adding(0, to: "2026-05-30"), "2026-05-30", "no working days: the date itself")
    }

    /// Easter Sunday by the tables (the Danish almanac): 2023-04-09, 2024-03-31, 2025-04-20,
    /// 2026-04-05, 2027-03-28, 2028-04-16, 2029-04-01, 2030-04-21; and two far ones, 1818-03-22
    /// (the earliest possible) and 2038-04-25 (the latest possible).
    func testEasterSundays() {
        let table = ["2023-04-09", "2024-03-31", "2025-04-20", "2026-04-05", "2027-03-28", "2028-04-16",
                     "2029-04-01", "2030-04-21", "1818-03-22", "2038-04-25", "2000-04-23", "2019-04-21"]
        for date in table {
            XCTAssertEqual(Workdays.date(Holidays.easterSunday(Int(date.prefix(4))!)), date)
        }
    }

    /// Due dates across every moving holiday, each worked by hand from the calendar.
    func testDueDatesSkipTheDanishPublicHolidays() {
        let cases: [(from: String, n: Int, due: String, why: String)] = [
            // 2025: Easter 20 April. Thu 17, Fri 18 and Mon 21 April are holidays.
            ("2025-04-16", 1, "2025-04-22", "Wed 16 → Tue 22: Maundy Thursday, Good Friday, the weekend, Easter Monday"),
            ("2025-04-14", 5, "2025-04-24", "Mon 14: 15, 16 (2), 22, 23, 24 (5)"),
            // Ascension 29 May 2025 (Thursday), Whit Monday 9 June 2025.
            ("2025-05-27", 2, "2025-05-30", "Tue 27: Wed 28 (1), Thu 29 Ascension, Fri 30 (2)"),
            ("2025-06-06", 1, "2025-06-10", "Fri 6 June: Mon 9 is Whit Monday"),
            // 2026: Easter 5 April: 2, 3 and 6 April.
            ("2026-04-01", 1, "2026-04-07", "Wed 1 → Tue 7"),
            ("2026-03-27", 15, "2026-04-22", "Fri 27 Mar: 30, 31 Mar, 1 Apr (3), 7–10 Apr (7), 13–17 (12), 20, 21, 22 (15)"),
            // 2027: Easter 28 March: 25, 26 and 29 March; Ascension 6 May; Whit Monday 17 May.
            ("2027-03-24", 1, "2027-03-30", "Wed 24 → Tue 30"),
            ("2027-05-05", 1, "2027-05-07", "Wed 5 → Fri 7 over Ascension"),
            ("2027-05-14", 1, "2027-05-18", "Fri 14 → Tue 18 over Whit Monday"),
            // 2028: Easter 16 April: 13, 14, 17 April; Ascension 25 May; Whit Monday 5 June.
            ("2028-04-12", 2, "2028-04-19", "Wed 12: Tue 18 (1), Wed 19 (2)"),
            ("2028-06-02", 1, "2028-06-06", "Fri 2 → Tue 6 over Whit Monday"),
            // 2029: Easter 1 April: 29, 30 March, 2 April; Ascension 10 May; Whit Monday 21 May.
            ("2029-03-28", 1, "2029-04-03", "Wed 28 → Tue 3"),
            ("2029-05-09", 1, "2029-05-11", "Wed 9 → Fri 11"),
            // 2030: Easter 21 April: 18, 19, 22 April; Ascension 30 May; Whit Monday 10 June.
            ("2030-04-17", 1, "2030-04-23", "Wed 17 → Tue 23"),
            ("2030-05-29", 1, "2030-05-31", "Wed 29 → Fri 31"),
            ("2030-06-07", 1, "2030-06-11", "Fri 7 → Tue 11"),
            // General Prayer Day: Friday 5 May 2023 (Easter 9 April + 26) was a holiday; Friday
            // 26 April 2024 (Easter 31 March + 26) was not, the day having been abolished.
            ("2023-05-04", 1, "2023-05-08", "Thu 4 → Mon 8 over General Prayer Day"),
            ("2024-04-25", 1, "2024-04-26", "Thu 25 → Fri 26: no General Prayer Day from 2024"),
            // Christmas and New Year: 2025-12-25 Thu, 26 Fri, 2026-01-01 Thu.
            ("2025-12-23", 1, "2025-12-24", "Christmas Eve is a working day"),
            ("2025-12-24", 1, "2025-12-29", "Wed 24 → Mon 29"),
            ("2025-12-31", 1, "2026-01-02", "Wed 31 → Fri 2"),
            ("2025-12-19", 10, "2026-01-07", "Fri 19: 22, 23, 24 (3), 29, 30, 31 (6), 2 Jan (7), 5, 6, 7 (10)"),
        ]
        for c in cases { XCTAssertEqual(Workdays.adding(c.n, to: c.from), c.due, "\(c.from) + \(c.n): \(c.why)") }
    }

    func testExtraDaysOff() {
        let office = Holidays(extraDays: ["06-05", "12-24", "12-31"].compactMap(MonthDay.init))
        XCTAssertEqual(office.extraDays.count, 3)
        XCTAssertEqual(Workdays.adding(1, to: "2026-06-04", holidays: office), "2026-06-08", "Thu 4 → Mon 8: Constitution Day off")
        XCTAssertEqual(Workdays.adding(1, to: "2026-06-04"), "2026-06-05")
        // 2025-12-23 Tue: 24 off, 25 and 26 holidays, 29, 30 (2), 31 off, 1 Jan holiday, 2 Jan (3).
        XCTAssertEqual(Workdays.adding(3, to: "2025-12-23", holidays: office), "2026-01-02")
        XCTAssertEqual(Workdays.workingDay(onOrAfter: Workdays.dayNumber("2026-06-05")!, holidays: office), Workdays.dayNumber("2026-06-08"))
        XCTAssertEqual(Workdays.workingDay(onOrAfter: Workdays.dayNumber("2026-06-05")!), Workdays.dayNumber("2026-06-05"))
        // 29 February off only in a leap year.
        let leap = Holidays(extraDays: [MonthDay("02-29")!])
        XCTAssertEqual(Workdays.adding(1, to: "2028-02-28", holidays: leap), "2028-03-01")
        XCTAssertEqual(Workdays.adding(1, to: "2027-02-26", holidays: leap), "2027-03-01")
        for bad in ["6-05", "13-01", "02-30", "00-10", "04-31", "12-24 ", "1224", "ab-cd"] { XCTAssertNil(MonthDay(bad), bad) }
        XCTAssertEqual(MonthDay("06-05")?.description, "06-05")
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

    // MARK: - the settlement deadline and its views

    func project(_ id: String, end: String?, status: Project.Status = .open) -> Project {
        var p = Project(id: id, name: id.capitalized)
        p.end = end
        p.status = status
        return p
    }

    let rules = SettlementRules()

    func course(_ p: Project, _ today: String, _ rules: SettlementRules? = nil) -> SettlementCourse {
        SettlementCourse(p, rules: rules ?? self.rules, today: today)
    }

    func testSettlementDeadline() {
        let ended = project("a", end: "2026-05-04")
        // 15 working days after Monday 4 May 2026, past Ascension Day and Whit Monday.
        XCTAssertEqual(course(ended, "2026-05-27"), SettlementCourse(state: .finished, due: "2026-05-27", overdue: false), "due today is not yet overdue")
        XCTAssertEqual(course(ended, "2026-05-28"), SettlementCourse(state: .finished, due: "2026-05-27", overdue: true))
        XCTAssertEqual(course(ended, "2025-12-31").overdue, false)
        let five = SettlementRules(settlement: Deadline(count: 5, unit: .workdays))
        XCTAssertEqual(course(ended, "2026-05-12", five), SettlementCourse(state: .finished, due: "2026-05-11", overdue: true))
        XCTAssertEqual(course(project("b", end: "2026-05-04", status: .closed), "2026-06-01"), SettlementCourse(state: .closed, due: nil, overdue: false))
        XCTAssertEqual(course(project("c", end: nil), "2026-06-01"), SettlementCourse(state: .open, due: nil, overdue: false))
    }

    /// Deadlines in days and weeks end on a working day: 25 days after Monday 4 May 2026 is
    /// Friday 29 May; 4 weeks after it Monday 1 June; 14 days after Saturday 11 May 2024 is
    /// Saturday 25 May, so Monday 27 May.
    func testDeadlinesInDaysAndWeeks() {
        func due(_ text: String, after date: String, _ holidays: Holidays = .danish) -> String {
            Workdays.date(Deadline(parsing: text)!.due(after: Workdays.dayNumber(date)!, holidays: holidays))
        }
        XCTAssertEqual(due("25 days", after: "2026-05-04"), "2026-05-29")
        XCTAssertEqual(due("4 weeks", after: "2026-05-04"), "2026-06-01")
        XCTAssertEqual(due("21 days", after: "2026-05-01"), "2026-05-22")
        XCTAssertEqual(due("14 dage", after: "2024-05-11"), "2024-05-27")
        // 3 weeks after Monday 4 May 2026 is Monday 25 May, Whit Monday: Tuesday 26 May.
        XCTAssertEqual(due("3 weeks", after: "2026-05-04"), "2026-05-26")
        XCTAssertEqual(due("3 uger", after: "2026-05-04"), "2026-05-26")
        XCTAssertEqual(due("10 arbejdsdage", after: "2026-05-04"), "2026-05-19", "5–8, 11–13, 15, 18, 19 May")
        // With 5 June off: 4 weeks and 4 days after Monday 4 May 2026 is Friday 5 June → Monday 8.
        XCTAssertEqual(due("32 days", after: "2026-05-04", Holidays(extraDays: [MonthDay("06-05")!])), "2026-06-08")
        for bad in ["15", "workdays", "0 days", "251 days", "15 months", "-1 days", "15  workdays x", "1.5 weeks", "0015 days"] {
            XCTAssertNil(Deadline(parsing: bad), bad)
        }
        XCTAssertEqual(Deadline(parsing: "15  workdays")?.description, "15 workdays")
    }

    func testTheCourseOfASettlement() {
        var p = project("a", end: "2026-05-04")
        XCTAssertEqual(try p.settle(.handIn, on: "2026-05-20"), [.projectChanged(.handedIn, old: nil, new: "2026-05-20")])
        // Criticism: 10 working days after Wednesday 20 May 2026: 21, 22, 26 (Whit Monday off), 27, 28, 29, 1, 2, 3, 4 June.
        XCTAssertEqual(course(p, "2026-06-04"), SettlementCourse(state: .handedIn, due: "2026-06-04", overdue: false))
        XCTAssertEqual(course(p, "2026-06-05"), SettlementCourse(state: .approved, due: nil, overdue: false, approvedByDefault: true),
                       "not answered in time: approved by default")
        var disputed = p
        XCTAssertEqual(try disputed.settle(.dispute(note: "pris på 2.01"), on: "2026-06-01").count, 2)
        XCTAssertEqual(course(disputed, "2026-07-01"), SettlementCourse(state: .disputed, due: nil, overdue: false))
        XCTAssertEqual(disputed.disputeNote, "pris på 2.01")
        XCTAssertThrowsError(try disputed.settle(.approve, on: "2026-06-02")) {
            XCTAssertEqual($0 as? SettlementStepError, .alreadyAnswered(project: "a", approved: false, date: "2026-06-01"))
        }
        XCTAssertEqual(try p.settle(.approve, on: "2026-06-02"), [.projectChanged(.approved, old: nil, new: "2026-06-02")])
        XCTAssertEqual(course(p, "2026-06-02").state, .approved)
        XCTAssertFalse(course(p, "2026-06-02").approvedByDefault)
        // Out of order or backwards.
        var open = project("b", end: nil)
        XCTAssertThrowsError(try open.settle(.handIn, on: "2026-05-20")) { XCTAssertEqual($0 as? SettlementStepError, .notFinished(project: "b")) }
        XCTAssertThrowsError(try open.settle(.approve, on: "2026-05-20")) { XCTAssertEqual($0 as? SettlementStepError, .notHandedIn(project: "b")) }
        var ended = project("c", end: "2026-05-04")
        XCTAssertThrowsError(try ended.settle(.handIn, on: "2026-05-03")) {
            XCTAssertEqual($0 as? SettlementStepError, .beforeStep(date: "2026-05-03", step: "end", stepDate: "2026-05-04"))
        }
        XCTAssertThrowsError(try ended.settle(.finish, on: "2026-05-04")) {
            XCTAssertEqual($0 as? SettlementStepError, .alreadyFinished(project: "c", date: "2026-05-04"))
        }
        XCTAssertEqual(try ended.settle(.finish, on: "2026-05-06"), [.projectChanged(.end, old: "2026-05-04", new: "2026-05-06")])
        _ = try? ended.settle(.handIn, on: "2026-05-07")
        XCTAssertThrowsError(try ended.settle(.finish, on: "2026-05-08")) {
            XCTAssertEqual($0 as? SettlementStepError, .alreadyHandedIn(project: "c", date: "2026-05-07"))
        }
        XCTAssertThrowsError(try ended.settle(.dispute(note: ""), on: "2026-05-08")) { XCTAssertEqual($0 as? SettlementStepError, .emptyDisputeNote) }
        // The rules refuse a file whose course is out of order.
        var bad = project("d", end: nil)
        bad.approved = "2026-05-01"
        bad.disputeNote = "x"
        XCTAssertEqual(Set(ProjectRules.problems(bad).map(\.place)), ["approved", "disputeNote"])
    }

    func testProjectListShowsTheDeadline() throws {
        var handedIn = project("c", end: "2026-05-20")
        handedIn.handedIn = "2026-05-21"
        let projects = try [project("a", end: "2026-05-04"), project("b", end: nil), handedIn].map(ProjectListEntry.init)
        let courses = Dictionary(uniqueKeysWithValues: projects.map { ($0.id, $0.course(rules, today: "2026-06-01")) })
        XCTAssertEqual(ProjectText.list(projects, current: "b", courses: courses, language: .en), """
               Id  Name  State      Lines  Subtotal  Due
            -----------------------------------------------------
               a   A     finished       0      0.00  2026-05-27 !
            *  b   B     open           0      0.00
               c   C     handed in      0      0.00  2026-06-05
            * current project
            ! past due

            """)
        XCTAssertEqual(ProjectText.list(projects, current: nil, courses: courses, language: .da), """
              Id  Navn  Tilstand   Ydelser  Subtotal  Frist
            ------------------------------------------------------
              a   A     færdig           0      0,00  2026-05-27 !
              b   B     åben             0      0,00
              c   C     afleveret        0      0,00  2026-06-05
            ! fristen er overskredet

            """)
        // No deadline to show: no column and no footnote.
        XCTAssertEqual(ProjectText.list([projects[1]], current: nil, courses: courses, language: .en), """
              Id  Name  State  Lines  Subtotal
            ----------------------------------
              b   B     open       0      0.00

            """)
    }

    func testProjectListJSON() throws {
        let entry = try ProjectListEntry(project("a", end: "2026-05-04"))
        let json = ProjectText.listJSON(entry, course: entry.course(rules, today: "2026-06-01"))
        XCTAssertEqual(String(decoding: JSONWriter.write(json), as: UTF8.self).filter { !$0.isWhitespace },
                       #"{"id":"a","name":"A","status":"open","lines":0,"subtotal":"0.00","due":"2026-05-27","overdue":true,"state":"finished","approvedByDefault":false,"end":"2026-05-04","handedIn":null,"approved":null,"disputed":null}"#)
        let none = try ProjectListEntry(project("b", end: nil))
        let noneJSON = ProjectText.listJSON(none, course: none.course(rules, today: "2026-06-01"))
        XCTAssertEqual(noneJSON["due"], .null)
        XCTAssertEqual(noneJSON["overdue"], .bool(false))
        XCTAssertEqual(noneJSON["state"], .string("open"))
    }
}
