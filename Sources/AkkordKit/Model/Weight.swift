import AkkordSupport

/// A worker's weight in the team split (SPEC §16): the pool is shared in proportion to hours ×
/// weight. 0 < W ≤ 2, up to 2 decimals, 1 for everyone unless agreed otherwise (an apprentice at
/// 0.5 counts half his hours as journeyman hours).
public struct Weight: FixedPointNumber {
    public static let fractionDigits = 2
    public static let minimumFractionDigitsShown = 0
    public static let maximumRaw: Int64 = 200
    public let raw: Int64
    public init(raw: Int64) { self.raw = raw }

    public static let one = Weight(raw: 100)
    public var isOne: Bool { raw == 100 }
    /// Greater than 0 (the parser already keeps it at most 2, with 2 decimals).
    public var isPositive: Bool { raw > 0 }
}

/// Hours × weight, exactly: counted in 1/300,000 h (an hour's 1/3000 times a weight's 1/100).
public struct WeightedHours: CountedNumber, Hashable, Comparable {
    public static let unitsPerHour: Int64 = Hours.unitsPerHour * 100
    /// A worker's most hours at the largest weight.
    public static let maximumRaw: Int64 = Hours.maximumRaw * Weight.maximumRaw
    public let raw: Int64
    public init(raw: Int64) { self.raw = raw }
    public static var zero: WeightedHours { WeightedHours(raw: 0) }
    public static func < (a: WeightedHours, b: WeightedHours) -> Bool { a.raw < b.raw }

    /// `hours` × `weight`; exact for hours and weights within their limits (clamped beyond
    /// 64 bits, and so beyond the limit a sum of them is taken within).
    public init(_ hours: Hours, _ weight: Weight) { raw = Int64(clamping: Int128(hours.raw) * Int128(weight.raw)) }

    /// Shown with 2 decimals, rounded half away from zero, as hours are.
    public func formatted(_ language: Language) -> String {
        DecimalText.format(raw: hundredths, fractionDigits: 2, minimumShown: 2,
                           decimal: language.decimalSeparator, group: language.groupingSeparator)
    }
    public var twoDecimalsPlain: String { DecimalText.plain(raw: hundredths, fractionDigits: 2, minimumShown: 2) }
    private var hundredths: Int64 { Int64(divideRoundingHalfAwayFromZero(Int128(raw), Int128(Self.unitsPerHour / 100))) }
}

extension Worker {
    /// Whether the worker shares the pool (hours × weight): every journeyman, and an apprentice
    /// who has no hourly rate (he shares with his weight instead of being paid by the hour).
    public var sharesPool: Bool { !apprentice || rate == nil }
}
