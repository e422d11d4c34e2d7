/// Working days on `YYYY-MM-DD` dates, in plain integer arithmetic on the proleptic Gregorian
/// calendar: no `Calendar`, no time zone, no daylight saving time, so a date is a day and
/// nothing else. A working day is a Monday–Friday that is not a Danish public holiday
/// (`Holidays`, SPEC §16).
public enum Workdays {
    /// The `n`th working day after `date`: `date` itself never counts, whatever day it is
    /// (Friday 2026-05-29 + 1 is Monday 2026-06-01, and so is Saturday 2026-05-30 + 1). `n` = 0
    /// gives `date`. `date` must be a date (`ISODate`), `n` ≥ 0.
    public static func adding(_ n: Int, to date: String, holidays: Holidays = .danish) -> String {
        guard let day = dayNumber(date) else { preconditionFailure("Workdays.adding: \"\(date)\" is not a date") }
        return self.date(adding(n, toDay: day, holidays: holidays))
    }

    /// The `n`th working day after the day numbered `day` (see `dayNumber`).
    public static func adding(_ n: Int, toDay day: Int, holidays: Holidays = .danish) -> Int {
        precondition(n >= 0, "Workdays.adding: a negative number of working days")
        var day = day, left = n
        var year = Holidays.Year(civil(day).year, holidays)
        while left > 0 {
            day += 1
            if !year.contains(day) { year = Holidays.Year(civil(day).year, holidays) }
            if weekday(day) <= 5 && !year.isHoliday(day) { left -= 1 }
        }
        return day
    }

    /// `day` itself when it is a working day, else the first working day after it.
    public static func workingDay(onOrAfter day: Int, holidays: Holidays = .danish) -> Int {
        let year = Holidays.Year(civil(day).year, holidays)
        return weekday(day) <= 5 && !year.isHoliday(day) ? day : adding(1, toDay: day, holidays: holidays)
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

/// The Danish public holidays (SPEC §16) and an office's extra days off. Every holiday moves
/// with Easter except New Year's Day and Christmas: Maundy Thursday, Good Friday, Easter
/// Monday, General Prayer Day (the fourth Friday after Easter, a holiday until 2023; abolished
/// from 2024), Ascension Day (39 days after Easter) and Whit Monday (50 days after). Easter
/// Sunday and Whitsunday are Sundays, never working days anyway. Constitution Day (5 June),
/// Christmas Eve and New Year's Eve are not public holidays: an office that keeps them adds them
/// as `extraDays`.
public struct Holidays: Equatable, Sendable {
    /// Days off every year on top of the public holidays.
    public var extraDays: [MonthDay]

    public init(extraDays: [MonthDay] = []) { self.extraDays = extraDays }

    public static let danish = Holidays()

    /// Easter Sunday of a Gregorian year, as a day number: the anonymous Gregorian algorithm
    /// (Meeus, *Astronomical Algorithms*, ch. 8), in integers.
    public static func easterSunday(_ year: Int) -> Int {
        let a = year % 19, b = year / 100, c = year % 100
        let d = b / 4, e = b % 4, f = (b + 8) / 25, g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1
        return Workdays.dayNumber(year: year, month: month, day: day)
    }

    /// The public holidays of a year that can fall on a Monday–Friday, with their Danish names.
    public static func publicHolidays(_ year: Int) -> [(day: Int, name: String)] {
        let easter = easterSunday(year)
        var days: [(Int, String)] = [
            (Workdays.dayNumber(year: year, month: 1, day: 1), "Nytårsdag"),
            (easter - 3, "Skærtorsdag"), (easter - 2, "Langfredag"), (easter + 1, "2. påskedag"),
            (easter + 39, "Kristi himmelfartsdag"), (easter + 50, "2. pinsedag"),
            (Workdays.dayNumber(year: year, month: 12, day: 25), "Juledag"),
            (Workdays.dayNumber(year: year, month: 12, day: 26), "2. juledag"),
        ]
        if year <= 2023 { days.append((easter + 26, "Store bededag")) }
        return days.sorted { $0.0 < $1.0 }.map { (day: $0.0, name: $0.1) }
    }

    /// One year's days off, looked up while counting.
    struct Year {
        let first: Int, last: Int
        let days: Set<Int>

        init(_ year: Int, _ holidays: Holidays) {
            first = Workdays.dayNumber(year: year, month: 1, day: 1)
            last = Workdays.dayNumber(year: year, month: 12, day: 31)
            var days = Set(Holidays.publicHolidays(year).map(\.day))
            for extra in holidays.extraDays where extra.exists(in: year) {
                days.insert(Workdays.dayNumber(year: year, month: extra.month, day: extra.day))
            }
            self.days = days
        }

        func contains(_ day: Int) -> Bool { first <= day && day <= last }
        func isHoliday(_ day: Int) -> Bool { days.contains(day) }
    }
}

/// A day of the year, `MM-DD` (`12-24`), for days off that come back every year.
public struct MonthDay: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let month: Int, day: Int

    /// nil unless `text` is `MM-DD` of a day some year has (`02-29` is one; `02-30` is not).
    public init?(_ text: String) {
        let b = Array(text.utf8)
        guard b.count == 5, b[2] == UInt8(ascii: "-"), [0, 1, 3, 4].allSatisfy({ (48...57).contains(b[$0]) }) else { return nil }
        let month = Int(b[0] - 48) * 10 + Int(b[1] - 48), day = Int(b[3] - 48) * 10 + Int(b[4] - 48)
        let longest = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...longest[month - 1]).contains(day) else { return nil }
        self.month = month; self.day = day
    }

    /// 29 February only in a leap year.
    func exists(in year: Int) -> Bool {
        month != 2 || day != 29 || (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0))
    }

    public var description: String { (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)" }
}
