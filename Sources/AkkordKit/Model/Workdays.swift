/// Working days (Monday–Friday) on `YYYY-MM-DD` dates, in plain integer arithmetic on the
/// proleptic Gregorian calendar: no `Calendar`, no time zone, no daylight saving time, so a
/// date is a day and nothing else.
///
/// Public holidays are not modelled: Danish holidays (Easter, Christmas, Constitution Day …)
/// count as working days when they fall on a Monday–Friday.
public enum Workdays {
    /// The `n`th Monday–Friday after `date`: `date` itself never counts, whatever weekday it is
    /// (Friday 2026-05-29 + 1 is Monday 2026-06-01, and so is Saturday 2026-05-30 + 1). `n` = 0
    /// gives `date`. `date` must be a date (`ISODate`), `n` ≥ 0.
    public static func adding(_ n: Int, to date: String) -> String {
        guard let day = dayNumber(date) else { preconditionFailure("Workdays.adding: \"\(date)\" is not a date") }
        return self.date(adding(n, toDay: day))
    }

    /// The `n`th Monday–Friday after the day numbered `day` (see `dayNumber`).
    public static func adding(_ n: Int, toDay day: Int) -> Int {
        precondition(n >= 0, "Workdays.adding: a negative number of working days")
        if n == 0 { return day }
        // A Saturday or a Sunday counts as the Friday before it: from either, the next working
        // day is the same Monday.
        let weekday = self.weekday(day)
        let friday = weekday > 5 ? day - (weekday - 5) : day
        let position = (weekday > 5 ? 5 : weekday) - 1             // Monday 0 … Friday 4
        let weeks = n / 5, rest = n % 5
        return friday + weeks * 7 + rest + (position + rest > 4 ? 2 : 0)
    }

    /// The ISO weekday of a day number: Monday 1 … Sunday 7.
    public static func weekday(_ day: Int) -> Int {
        // Day 0, 1970-01-01, was a Thursday.
        ((day % 7 + 7) % 7 + 3) % 7 + 1
    }

    /// Days since 1970-01-01 (negative before), or nil when `text` is not a `YYYY-MM-DD` date.
    public static func dayNumber(_ text: String) -> Int? {
        guard ISODate.problem(text) == nil else { return nil }
        let b = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(b[$1] - 48) } }
        return dayNumber(year: number(0..<4), month: number(5..<7), day: number(8..<10))
    }

    /// Howard Hinnant's `days_from_civil` (http://howardhinnant.github.io/date_algorithms.html):
    /// days since 1970-01-01 of a proleptic Gregorian date, in integers.
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400                                          // 0 … 399
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1   // 0 … 365, from 1 March
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear    // 0 … 146096
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Hinnant's `civil_from_days`: the date of a day number.
    public static func civil(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `2026-05-25` for a day number (a year past 9999 has more digits).
    public static func date(_ dayNumber: Int) -> String {
        let (y, m, d) = civil(dayNumber)
        func padded(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return padded(y, 4) + "-" + padded(m, 2) + "-" + padded(d, 2)
    }
}

/// When a project's settlement is due (SPEC §9): `workdays` working days (`deadlineWorkdays`,
/// config §12) after its end, the day the piecework was finished. Only an open project with an
/// end has one; it is overdue from the day after the due date.
public struct SettlementDeadline: Equatable, Sendable {
    /// `YYYY-MM-DD`.
    public let due: String
    /// Today is after the due date.
    public let overdue: Bool

    public init(due: String, overdue: Bool) { self.due = due; self.overdue = overdue }

    /// nil for a closed project and one without an end (or with an end that is not a date), and
    /// when the due date would fall after 9999-12-31, the last date akkord writes.
    /// `today` is `YYYY-MM-DD` (the clock's local date).
    public init?(_ project: Project, workdays: Int, today: String) {
        self.init(status: project.status, end: project.end, workdays: workdays, today: today)
    }

    public init?(status: Project.Status, end: String?, workdays: Int, today: String) {
        guard status == .open, let end, let endDay = Workdays.dayNumber(end) else { return nil }
        let dueDay = Workdays.adding(workdays, toDay: endDay)
        guard let lastDay = Workdays.dayNumber("9999-12-31"), dueDay <= lastDay else { return nil }
        due = Workdays.date(dueDay)
        overdue = Workdays.dayNumber(today).map { $0 > dueDay } ?? false
    }
}
