import Foundation
import XCTest
@testable import AkkordKit

// The long part of WorkdaysTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension WorkdaysTests {
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
                let year = calendar.component(.year, from: day)
                let holidays = Set(Holidays.publicHolidays(year).map { Workdays.date($0.day) })
                if weekday != 1 && weekday != 7 && !holidays.contains(text(day)) { left -= 1 }
            }
            let from = text(start)
            XCTAssertEqual(Workdays.dayNumber(from), Int(start.timeIntervalSince1970 / 86_400), "day number of \(from), seed \(seed)")
            XCTAssertEqual(Workdays.adding(n, to: from), text(day), "\(from) + \(n), seed \(seed)")
            if testRun?.failureCount ?? 0 > 0 { break }
        }
        if testRun?.failureCount ?? 0 > 0 { print("WorkdaysTests failed with AKKORD_SEED=\(seed)") }
    }
}
