#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock time as the store records it: history times in UTC, dates in local time.
public struct Clock: Sendable {
    public let seconds: Int

    public init(seconds: Int) { self.seconds = seconds }
    public static var system: Clock { Clock(seconds: time(nil)) }

    /// `2026-11-21T12:50:17Z`
    public var timestamp: String {
        var t = time_t(seconds), tm = tm()
        gmtime_r(&t, &tm)
        return String(format4(Int(tm.tm_year) + 1900)) + "-" + two(tm.tm_mon + 1) + "-" + two(tm.tm_mday)
            + "T" + two(tm.tm_hour) + ":" + two(tm.tm_min) + ":" + two(tm.tm_sec) + "Z"
    }

    /// `2026-11-21` in local time.
    public var today: String {
        var t = time_t(seconds), tm = tm()
        localtime_r(&t, &tm)
        return format4(Int(tm.tm_year) + 1900) + "-" + two(tm.tm_mon + 1) + "-" + two(tm.tm_mday)
    }

    private func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
    private func format4(_ v: Int) -> String { String(repeating: "0", count: max(0, 4 - String(v).count)) + String(v) }
}
