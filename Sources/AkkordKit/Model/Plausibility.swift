import AkkordSupport

/// Values that are allowed but rarely meant: the change is made, and the user is told on
/// stderr (never as an error, never in JSON output), so a slip of the finger shows at once.
public enum PlausibilityWarning: Equatable, Sendable {
    /// One hours entry over `Plausibility.maximumHoursEntry`.
    case longHoursEntry(Hours)
    /// A date more than `Plausibility.daysAhead` days after today.
    case dateAhead(String, today: String)
    /// A date more than `Plausibility.yearsBack` years before today.
    case dateLongAgo(String, today: String)
    /// A new worker whose name folds equal to an existing one's (`Jens Hansen`, `jens  hansen`).
    case similarWorkerName(String, existing: Worker)
    /// A quantity over `Plausibility.largeQuantity`.
    case largeQuantity(Quantity)
    /// A price import that moves a price by more than `Plausibility.priceChangePercent` %.
    case bigPriceChange(pos: String, old: UnitPrice, new: UnitPrice)
}

public enum Plausibility {
    /// A week, or a whole job, is often one entry (SPEC §15): only what no job takes warns.
    public static let maximumHoursEntry = Hours(raw: 2_000 * Hours.unitsPerHour)
    public static let daysAhead = 7
    public static let yearsBack = 2
    public static let largeQuantity = Quantity(raw: 10_000_000)   // 10,000
    public static let priceChangePercent = 50

    public static func hours(_ h: Hours) -> [PlausibilityWarning] {
        h > maximumHoursEntry ? [.longHoursEntry(h)] : []
    }

    public static func quantity(_ q: Quantity) -> [PlausibilityWarning] {
        q.raw > largeQuantity.raw ? [.largeQuantity(q)] : []
    }

    /// Dates are YYYY-MM-DD (checked by the caller); nil is no date.
    public static func date(_ date: String?, today: String) -> [PlausibilityWarning] {
        guard let date, let day = Workdays.dayNumber(date), let now = Workdays.dayNumber(today) else { return [] }
        if day > now + daysAhead { return [.dateAhead(date, today: today)] }
        let t = Workdays.civil(now)
        // Two years back from 29 February is 1 March.
        let limit = Workdays.dayNumber(year: t.year - yearsBack, month: t.month, day: 1) + t.day - 1
        if day < limit { return [.dateLongAgo(date, today: today)] }
        return []
    }

    public static func workerName(_ name: String, among workers: [Worker]) -> [PlausibilityWarning] {
        func key(_ s: String) -> [[UInt8]] { SearchText.fold(s).split(separator: UInt8(ascii: " ")).map(Array.init) }
        let folded = key(name)
        guard let same = workers.first(where: { key($0.name) == folded }) else { return [] }
        return [.similarWorkerName(name, existing: same)]
    }

    /// More than 50 % up or down; any price from 0.
    public static func priceChange(pos: String, old: UnitPrice, new: UnitPrice) -> [PlausibilityWarning] {
        let delta = Int128(new.raw) - Int128(old.raw)
        let big = old.raw == 0 ? new.raw != 0 : abs(delta) * 100 > Int128(old.raw) * Int128(priceChangePercent)
        return big ? [.bigPriceChange(pos: pos, old: old, new: new)] : []
    }
}
