import AkkordSupport

/// Exact decimal quantities of the domain, each an integer count of its smallest unit.
public protocol FixedPointNumber: CountedNumber, Hashable, Comparable, PhraseNumber {
    /// Digits after the decimal point that are kept exactly.
    static var fractionDigits: Int { get }
    /// Digits always shown in plain and formatted output (trailing zeros beyond are trimmed).
    static var minimumFractionDigitsShown: Int { get }
    /// Largest magnitude accepted from input, in raw units.
    static var maximumRaw: Int64 { get }
    var raw: Int64 { get }
    init(raw: Int64)
}

extension FixedPointNumber {
    public static func < (a: Self, b: Self) -> Bool { a.raw < b.raw }
    public static var zero: Self { Self(raw: 0) }
    public static prefix func - (a: Self) -> Self { Self(raw: -a.raw) }
    public var isNegative: Bool { raw < 0 }

    /// Reads a number as typed by a person or found in a file (SPEC §2); an ambiguous `1.200`
    /// or `5,000` is read by `language` (files without a language, like JSON, read it as en).
    public init(parsing text: String) throws { try self.init(parsing: text, language: .en) }

    public init(parsing text: String, language: Language) throws {
        self.init(raw: try DecimalText.parse(text, fractionDigits: Self.fractionDigits, maxRaw: Self.maximumRaw,
                                             maxText: Self(raw: Self.maximumRaw).formatted(language), language: language))
    }

    /// Plain form for files and JSON: `1234.50`, `12.5`.
    public var plain: String {
        DecimalText.plain(raw: raw, fractionDigits: Self.fractionDigits, minimumShown: Self.minimumFractionDigitsShown)
    }

    /// Writes `plain` without making a `String`.
    public func writePlain(to out: ByteOutput) {
        DecimalText.writePlain(raw: raw, fractionDigits: Self.fractionDigits, minimumShown: Self.minimumFractionDigitsShown, to: out)
    }

    /// Form for people, in the report language: `1,234.50` (en) or `1.234,50` (da).
    public func formatted(_ language: Language) -> String {
        DecimalText.format(raw: raw, fractionDigits: Self.fractionDigits, minimumShown: Self.minimumFractionDigitsShown,
                           decimal: language.decimalSeparator, group: language.groupingSeparator)
    }

    /// `formatted(language)` as bytes.
    public func formattedText(_ language: Language) -> FigureText {
        FigureText(raw: raw, fractionDigits: Self.fractionDigits, minimumShown: Self.minimumFractionDigitsShown,
                   decimal: language == .da ? UInt8(ascii: ",") : UInt8(ascii: "."),
                   group: language == .da ? UInt8(ascii: ".") : UInt8(ascii: ","))
    }

    /// `plain` as bytes, with `decimal` for its point (a Danish CSV's comma).
    public func plainText(decimal: UInt8 = UInt8(ascii: ".")) -> FigureText {
        FigureText(raw: raw, fractionDigits: Self.fractionDigits, minimumShown: Self.minimumFractionDigitsShown, decimal: decimal, group: nil)
    }

    public var description: String { plain }
    public var phrasePlain: String { plain }
    public var phraseGrouped: Bool { true }
}

/// An amount of money in øre (2 fraction digits).
public struct Money: FixedPointNumber {
    public static let fractionDigits = 2
    public static let minimumFractionDigitsShown = 2
    public static let maximumRaw: Int64 = 99_999_999_999_999  // 999,999,999,999.99 DKK
    public let raw: Int64
    public init(raw: Int64) { self.raw = raw }
}

/// A unit price from the handbook (up to 4 fraction digits, shown with at least 2).
public struct UnitPrice: FixedPointNumber {
    public static let fractionDigits = 4
    public static let minimumFractionDigitsShown = 2
    public static let maximumRaw: Int64 = 99_999_999_999  // 9,999,999.9999
    public let raw: Int64
    public init(raw: Int64) { self.raw = raw }
}

/// A measured quantity: m2, lbm, pcs … (up to 3 fraction digits).
public struct Quantity: FixedPointNumber {
    public static let fractionDigits = 3
    public static let minimumFractionDigitsShown = 0
    public static let maximumRaw: Int64 = 9_999_999_999  // 9,999,999.999
    public let raw: Int64
    public init(raw: Int64) { self.raw = raw }
}

/// A percentage, e.g. a supplement (up to 3 fraction digits).
public struct Percent: FixedPointNumber {
    public static let fractionDigits = 3
    public static let minimumFractionDigitsShown = 0
    public static let maximumRaw: Int64 = 1_000_000_000
    public let raw: Int64
    public init(raw: Int64) { self.raw = raw }
}

extension Quantity {
    /// quantity × price, rounded to øre half away from zero (SPEC §2).
    @inlinable public func amount(at price: UnitPrice) -> Money {
        // scale 3 × scale 4 = scale 7; to øre (scale 2) divide by 10^5.
        // Within the limits of quantity and price this is at most about 10^16 øre; a product
        // beyond 64 bits (numbers made from raw units) is clamped, and so is still beyond the
        // largest amount, which every rule refuses.
        Money(raw: Int64(clamping: divideRoundingHalfAwayFromZero(Int128(raw) * Int128(price.raw), 100_000)))
    }
}

extension Money {
    /// round2(self × percent / 100), exact: the caller takes it with `Sum.value` (a base near
    /// the limit times 1000 % is beyond it).
    public func percentage(_ percent: Percent) -> Sum<Money> {
        // øre × (percent × 10^3) / (100 × 10^3)
        Sum(exact: divideRoundingHalfAwayFromZero(Int128(raw) * Int128(percent.raw), 100_000))
    }
}

/// Hours worked, kept exactly as entered: counted in 1/3000 h, which holds both 0.001 h and one
/// minute exactly, so `7:20` three times is exactly 22 h.
public struct Hours: CountedNumber, Hashable, Comparable, CustomStringConvertible {
    public static let unitsPerHour: Int64 = 3000
    public static let maximumRaw: Int64 = 99_999 * unitsPerHour
    public let raw: Int64
    public init(raw: Int64) { self.raw = raw }
    public static var zero: Hours { Hours(raw: 0) }
    public static func < (a: Hours, b: Hours) -> Bool { a.raw < b.raw }

    /// `7.5`, `7,5` or `7:30` (minutes 00–59); `7.30` is 7.3 h (see `clockTimeLookalike`).
    public init(parsing text: String) throws { try self.init(parsing: text, language: .en) }

    public init(parsing text: String, language: Language) throws {
        let trimmed = text.trimmingSpaces
        if let colon = trimmed.firstIndex(of: ":") {
            let h = trimmed[..<colon], m = trimmed[trimmed.index(after: colon)...]
            guard !h.isEmpty, h.count <= 5, h.allSatisfy(\.isASCIIDigit),
                  m.count == 2, m.allSatisfy(\.isASCIIDigit), let hours = Int64(h), let minutes = Int64(m), minutes < 60
            else { throw NumberError.badTime(trimmed) }
            raw = hours * Hours.unitsPerHour + minutes * 50
        } else {
            let thousandths = try DecimalText.parse(trimmed, fractionDigits: 3, maxRaw: 99_999_000,
                                                    maxText: language == .da ? "99.999" : "99,999", language: language)
            raw = thousandths * 3
        }
        guard raw <= Hours.maximumRaw else { throw NumberError.tooLarge(trimmed, max: language == .da ? "99.999" : "99,999") }
    }

    /// Hours typed like a clock time with a decimal separator (`7.30`, `7,45`: one separator,
    /// two digits after it, both parts ≤ 59) are read as decimal hours, as written; a person may
    /// have meant minutes. Returns the text to warn with, or nil.
    /// `7.30` → "7.30 h is 7 h 18 min; for 7 h 30 min write 7:30" (en).
    public static func clockTimeLookalike(_ text: String, language: Language) -> String? {
        let t = text.trimmingSpaces
        let parts = t.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," })
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 2, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), let h = Int(parts[0]), let m = Int(parts[1]), h <= 59, m <= 59
        else { return nil }
        // m hundredths of an hour = 0.6 × m minutes: shown with one decimal when not whole.
        let tenthsOfMinutes = m * 6
        let minutes = tenthsOfMinutes % 10 == 0 ? "\(tenthsOfMinutes / 10)"
            : "\(tenthsOfMinutes / 10)\(language.decimalSeparator)\(tenthsOfMinutes % 10)"
        let typed = "\(h)\(language.decimalSeparator)\(parts[1])"
        switch language {
        case .en: return "\(typed) h is \(h) h \(minutes) min; for \(h) h \(m) min write \(h):\(parts[1])"
        case .da: return "\(typed) t er \(h) t \(minutes) min; skriv \(h):\(parts[1]) for \(h) t \(m) min"
        }
    }

    /// Exactly as entered where possible: decimal when it is whole thousandths, else `H:MM`.
    public var plain: String {
        if raw % 3 == 0 {
            return DecimalText.plain(raw: raw / 3, fractionDigits: 3, minimumShown: 0)
        }
        if raw % 50 == 0, raw >= 0 {
            let minutes = raw / 50
            let m = minutes % 60
            return "\(minutes / 60):\(m < 10 ? "0" : "")\(m)"
        }
        return twoDecimalsPlain
    }

    /// Shown with 2 decimals (SPEC §2), rounded half away from zero.
    public func formatted(_ language: Language) -> String {
        DecimalText.format(raw: hundredths, fractionDigits: 2, minimumShown: 2,
                           decimal: language.decimalSeparator, group: language.groupingSeparator)
    }
    public var twoDecimalsPlain: String { DecimalText.plain(raw: hundredths, fractionDigits: 2, minimumShown: 2) }
    private var hundredths: Int64 { Int64(divideRoundingHalfAwayFromZero(Int128(raw), 30)) }
    public var description: String { plain }

    /// round2(hours × rate).
    public func pay(at rate: UnitPrice) -> Money {
        // (raw / 3000) h × (rate.raw / 10^4) kr = raw × rate.raw / 3×10^7 kr → øre: / 3×10^5
        // At most about 10^14 øre for hours and rates within their limits; clamped beyond 64 bits
        // (and so beyond the largest amount, which the rules refuse).
        Money(raw: Int64(clamping: divideRoundingHalfAwayFromZero(Int128(raw) * Int128(rate.raw), 300_000)))
    }
}

/// The language of output for people: decimal and grouping separators (SPEC §2).
public enum Language: String, Sendable, CaseIterable {
    case en, da
    public var decimalSeparator: String { self == .en ? "." : "," }
    public var groupingSeparator: String { self == .en ? "," : "." }
}

extension Character {
    package var isASCIIDigit: Bool { isASCII && isNumber }
}
