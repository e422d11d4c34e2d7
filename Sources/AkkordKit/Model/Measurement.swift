import AkkordSupport

/// A quantity typed as arithmetic, an opmåling (SPEC §9): `12,4*8,2 - 1,2*0,9`.
///
/// The expression is numbers as §2 reads them (either decimal separator, grouping, the
/// ambiguous `1.200` read by the language), `+`, `-`, `*` or `×`, `/`, parentheses, a leading
/// `-` or `+` on any operand, and spaces. It is computed exactly, with fractions; the result must
/// be greater than zero and is rounded half away from zero to the 3 decimals of a `Quantity`
/// (`MeasuredQuantity` says when that happened and from what).
///
/// Decisions:
/// - A plain number (`12,5`, `-5`, `+5`: no operator or parenthesis after its first character)
///   is not a measurement; `MeasurementExpression(_:)` refuses it so that only expressions are kept, and
///   callers read it with `Quantity(parsing:language:)` as before (`isExpression` tells which).
/// - A number inside an expression may have up to 6 decimals (`maximumNumberDecimals`), more
///   than a quantity's 3, since the result is rounded anyway; 7 or more is refused as §2 refuses
///   too many decimals. It may have up to 12 integer digits.
/// - The text is kept with its whitespace normalized (runs of whitespace become one space, none
///   at the ends); positions in errors count characters of that kept text, from 1.
/// - Limits: at most 200 characters, parentheses nested at most 20 deep (the parser never
///   recurses deeper), every intermediate value a fraction whose numerator and denominator fit
///   `Int128` (checked: beyond that is an error, never a trap).
/// - Mistakes in the text (an unexpected character, a bad number, parentheses) are reported
///   before mistakes in the arithmetic (division by zero, overflow), which are reported in the
///   order of computing, left to right.
/// - The value of `1.200*2` depends on the language it was typed in (da 2400, en 2.4), and the
///   kept text does not say which: keep the quantity with the measurement rather than
///   recomputing it in another language (`yields(_:)` checks a kept pair in either language).
public struct MeasurementExpression: Hashable, Sendable, CustomStringConvertible {
    public static let maximumCharacters = 200
    public static let maximumNesting = 20
    public static let maximumNumberDecimals = 6
    /// Largest number inside an expression, in units of 10^-6: 999,999,999,999.
    package static let maximumNumberRaw: Int64 = 999_999_999_999_000_000

    /// The expression as typed, whitespace normalized.
    public let expression: String
    public var description: String { expression }

    /// Keeps `text` as a measurement: whitespace normalized, not empty, at most 200 characters,
    /// and an expression rather than a plain number. The arithmetic is checked by `evaluate`.
    public init(_ text: String) throws(MeasurementError) {
        guard let normalized = Self.normalized(text) else { throw .tooLong(text.trimmingSpaces) }
        if normalized.isEmpty { throw .empty }
        guard Self.isExpression(normalized) else { throw .plainNumber(normalized) }
        expression = normalized
    }

    /// Whether `text` is an expression rather than a plain number: it has `*`, `×`, `/`, `(` or
    /// `)`, or `+` or `-` anywhere but its first non-space character. `12,5`, `-5` and `1.200`
    /// are plain; `-2+5`, `(5)`, `5 × 4` and `12*` (an incomplete expression) are expressions.
    public static func isExpression(_ text: String) -> Bool {
        // Bytes while they are ASCII (whitespace as `Unicode.Scalar.Properties.isWhitespace`
        // has it there) or `×`; the scalars' properties for anything else.
        let answer: Bool?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var first = true, afterC3 = false
            for b in bytes {
                switch b {
                case UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "("), UInt8(ascii: ")"): return true
                case UInt8(ascii: "+"), UInt8(ascii: "-"): if !first { return true }
                case 0x09...0x0D, UInt8(ascii: " "): continue
                case 0xC3: afterC3 = true; continue
                case 0x97 where afterC3: return true  // ×
                case 0x80...: return nil
                default: break
                }
                first = false
            }
            return false
        }
        if let answer = answer ?? nil { return answer }
        return isExpressionByScalars(text)
    }

    private static func isExpressionByScalars(_ text: String) -> Bool {
        var first = true
        for c in text.unicodeScalars {
            switch c {
            case "*", "×", "/", "(", ")": return true
            case "+", "-": if !first { return true }
            default: if c.properties.isWhitespace { continue }
            }
            first = false
        }
        return false
    }

    /// Computes `text` (see `init` and `evaluate(language:)`).
    public static func evaluate(_ text: String, language: Language) throws(MeasurementError) -> MeasuredQuantity {
        try MeasurementExpression(text).evaluate(language: language)
    }

    /// Computes the expression exactly, its numbers read in `language`, and rounds the result to
    /// a quantity. Throws when the text is not a well-formed expression, when the arithmetic
    /// fails (division by zero, a value too large to compute exactly) or when the result is not
    /// a quantity (not greater than zero, zero once rounded, larger than `Quantity.maximumRaw`).
    public func evaluate(language: Language) throws(MeasurementError) -> MeasuredQuantity {
        let value = try Self.value(of: expression, language: language)
        let q = try Self.quantity(of: value, expression: expression, language: language)
        return MeasuredQuantity(measurement: self, quantity: q.quantity, isRounded: q.rounded, value: value)
    }

    /// Whether the expression, read in either language, gives `quantity`: a kept measurement
    /// does not say which language it was typed in.
    public func yields(_ quantity: Quantity) -> Bool {
        if Self.readsAlikeInBothLanguages(expression) { return (try? evaluate(language: .en))?.quantity == quantity }
        return Language.allCases.contains { (try? evaluate(language: $0))?.quantity == quantity }
    }

    /// Whether every number of `text` is read the same in da and en, so the value is too. §2 reads
    /// a number by the language only when one kind of separator groups thousands, which needs a
    /// separator followed by exactly three digits; without one, both languages take the
    /// separator as the decimal point (or refuse the number alike).
    package static func readsAlikeInBothLanguages(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var digitsAfterSeparator = -1  // -1: not counting
            for b in bytes {
                if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                    if digitsAfterSeparator >= 0 { digitsAfterSeparator += 1 }
                    continue
                }
                if digitsAfterSeparator == 3 { return false }
                digitsAfterSeparator = b == UInt8(ascii: ".") || b == UInt8(ascii: ",") ? 0 : -1
            }
            return digitsAfterSeparator != 3
        } ?? false
    }

    /// The exact value of a kept expression, read from its UTF-8 (`value(utf8:language:)`).
    private static func value(of expression: String, language: Language) throws(MeasurementError) -> ExactFraction {
        var text = expression  // `withUTF8` needs a variable; a native string is not copied
        return try text.withUTF8 { utf8 in
            Result { () throws(MeasurementError) in try value(utf8: utf8, language: language) }
        }.get()
    }

    /// Whitespace runs made one space, ends trimmed; nil when longer than `maximumCharacters`
    /// (found without reading all of a very long text).
    static func normalized(_ text: String) -> String? {
        switch normalizedASCII(text) {
        case .kept(let s): return s
        case .tooLong: return nil
        case .other: break
        }
        var out = "", count = 0, pendingSpace = false
        for c in text {
            if c.isWhitespace { pendingSpace = count > 0; continue }
            if pendingSpace { out.append(" "); count += 1; pendingSpace = false }
            out.append(c); count += 1
            if count > maximumCharacters { return nil }
        }
        return out
    }

    private enum ASCIINormalized { case kept(String), tooLong, other }

    /// `normalized` over bytes for ASCII text with `×` (there each byte, or the two of `×`, is a
    /// character, `\r\n` aside, which is whitespace either way); `.other` for any other text. A
    /// text already normalized is kept as it is.
    private static func normalizedASCII(_ text: String) -> ASCIINormalized {
        text.utf8.withContiguousStorageIfAvailable { normalizedASCII(text, $0) } ?? .other
    }

    private static func normalizedASCII(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> ASCIINormalized {
        var count = 0, pendingSpace = false, unchanged = true
        var afterC3 = false
        for b in bytes {
            switch b {
            case 0x09...0x0D, UInt8(ascii: " "):
                if b != UInt8(ascii: " ") || count == 0 || pendingSpace { unchanged = false }
                pendingSpace = count > 0
                continue
            case 0xC3: afterC3 = true; continue
            case 0x97 where afterC3: afterC3 = false
            case 0x80...: return .other
            default: break
            }
            if pendingSpace { count += 1; pendingSpace = false }
            count += 1
            if count > maximumCharacters { return .tooLong }
        }
        if pendingSpace { unchanged = false }
        if unchanged { return .kept(text) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        pendingSpace = false
        for b in bytes {
            if b == UInt8(ascii: " ") || (b >= 0x09 && b <= 0x0D) { pendingSpace = !out.isEmpty; continue }
            if pendingSpace { out.append(UInt8(ascii: " ")); pendingSpace = false }
            out.append(b)
        }
        return .kept(String(decoding: out, as: UTF8.self))
    }

    /// The exact positive value rounded half away from zero to 3 decimals, within a quantity.
    private static func quantity(of value: ExactFraction, expression: String,
                                 language: Language) throws(MeasurementError) -> (quantity: Quantity, rounded: Bool) {
        guard value.numerator > 0 else { throw .notPositive(expression, value: value.formatted(language)) }
        if let n = UInt64(fitting: value.numerator), let d = UInt64(fitting: value.denominator) {
            // The same, in 64 bits: the integer part, then the 3 decimals at once (r < d, so
            // r·1000/d < 1000 and the full-width division cannot overflow).
            let (integer, r) = n.quotientAndRemainder(dividingBy: d)
            let limit = UInt64(Quantity.maximumRaw / pow10(Quantity.fractionDigits))
            if integer <= limit {
                let (decimals, remainder) = d.dividingFullWidth(r.multipliedFullWidth(by: UInt64(pow10(Quantity.fractionDigits))))
                var raw = Int64(integer) * pow10(Quantity.fractionDigits) + Int64(decimals)
                if remainder > 0, remainder >= d - remainder { raw += 1 }  // remainder·2 ≥ d
                if raw <= Quantity.maximumRaw {
                    guard raw > 0 else { throw .roundsToZero(expression, value: value.formatted(language)) }
                    return (Quantity(raw: raw), remainder != 0)
                }
            }
        }
        let digits = value.decimalDigits(Quantity.fractionDigits)
        let limit = UInt128(Quantity.maximumRaw / pow10(Quantity.fractionDigits))  // whole units of the largest quantity
        guard digits.integer <= limit else {
            throw .tooLarge(expression, value: value.formatted(language), max: Quantity(raw: Quantity.maximumRaw).formatted(language))
        }
        var raw = Int64(digits.integer)
        for d in digits.fraction { raw = raw * 10 + Int64(d) }  // at most 9,999,999,999
        if digits.remainder > 0, digits.remainder * 2 >= UInt128(value.denominator) { raw += 1 }
        guard raw <= Quantity.maximumRaw else {
            throw .tooLarge(expression, value: value.formatted(language), max: Quantity(raw: Quantity.maximumRaw).formatted(language))
        }
        guard raw > 0 else { throw .roundsToZero(expression, value: value.formatted(language)) }
        return (Quantity(raw: raw), digits.remainder != 0)
    }
}

/// A measurement computed: the quantity it gives, and whether that was rounded.
public struct MeasuredQuantity: Hashable, Sendable {
    public let measurement: MeasurementExpression
    /// The result rounded half away from zero to 3 decimals.
    public let quantity: Quantity
    /// Whether the exact result has more than 3 decimals, so `quantity` is it rounded.
    public let isRounded: Bool
    package let value: ExactFraction

    /// Digits shown of an exact value whose decimals go on (`10/3` = `3.333333333333…`).
    public static let exactDecimalsShown = 12

    /// The exact result in plain form (`.` as decimal separator, no grouping) when rounded, cut
    /// after 12 decimals with `…` when it goes on: `26.060295`, `3.333333333333…`; nil when not rounded.
    public var exact: String? { isRounded ? value.plain : nil }

    /// The exact result as `exact`, in the language's separators: `26,060295` (da).
    public func exact(_ language: Language) -> String? { isRounded ? value.formatted(language) : nil }

    /// The note to give when the result was rounded (SPEC §9: the rounding is stated), nil when
    /// it was not: `12,345*2,111 = 26.060295, rounded to 3 decimals: 26.060` (en).
    public func roundingNote(_ language: Language) -> String? {
        guard isRounded else { return nil }
        let rounded = DecimalText.format(raw: quantity.raw, fractionDigits: Quantity.fractionDigits,
                                         minimumShown: Quantity.fractionDigits,
                                         decimal: language.decimalSeparator, group: language.groupingSeparator)
        switch language {
        case .en: return "\(measurement.expression) = \(value.formatted(language)), rounded to 3 decimals: \(rounded)"
        case .da: return "\(measurement.expression) = \(value.formatted(language)), afrundet til 3 decimaler: \(rounded)"
        }
    }
}

/// Why a measurement was refused. Positions count characters of the kept (whitespace
/// normalized) expression from 1; the expression is the first value of each case.
public enum MeasurementError: Equatable, Sendable, PhrasedError {
    case empty
    /// More than `MeasurementExpression.maximumCharacters` characters (the text as given, trimmed).
    case tooLong(String)
    /// No operator: read it as a number (`Quantity(parsing:language:)`), not as a measurement.
    case plainNumber(String)
    /// A character that has no place there (`"12,4*/8"`: `/` at 6).
    case unexpected(String, character: String, at: Int)
    /// The text ends where a number or `(` is needed (`"12*"`, `"(1+"`).
    case incomplete(String)
    /// A number that §2 does not read, or reads as more than an expression takes: not a number,
    /// an exponent, more than 6 decimals, more than 999,999,999,999. Starts at `at`.
    case number(String, at: Int, NumberError)
    /// The `(` at `at` is never closed.
    case unclosedParenthesis(String, at: Int)
    /// The `)` at `at` closes no `(`.
    case unopenedParenthesis(String, at: Int)
    /// The `(` at `at` is nested more than `MeasurementExpression.maximumNesting` deep.
    case tooDeep(String, at: Int)
    /// The `/` at `at` divides by zero.
    case divisionByZero(String, at: Int)
    /// A value along the way has more digits than exact arithmetic keeps (an `Int128` fraction).
    case overflow(String)
    /// The result, exactly, is zero or less (`value` in the language's separators).
    case notPositive(String, value: String)
    /// The result is greater than zero but less than 0.0005, so zero once rounded.
    case roundsToZero(String, value: String)
    /// The result is larger than the largest quantity `max`.
    case tooLarge(String, value: String, max: String)

    public var phrase: Phrase {
        switch self {
        case .empty: return "a measurement is required, got an empty value"
        case .tooLong(let s):
            return "\(Excerpt.phrase(s)) is too long: a measurement is at most \(MeasurementExpression.maximumCharacters) characters"
        case .plainNumber(let s): return "\(Excerpt.phrase(s)) is a number, not a measurement (no operator)"
        case .unexpected(let s, let c, let at): return "\(Excerpt.phrase(s)): unexpected \(Excerpt.phrase(c)) at character \(at)"
        case .incomplete(let s): return "\(Excerpt.phrase(s)): ends where a number or \"(\" is needed"
        case .number(let s, let at, let e): return "\(Excerpt.phrase(s)): at character \(at), \(e)"
        case .unclosedParenthesis(let s, let at): return "\(Excerpt.phrase(s)): the \"(\" at character \(at) is not closed"
        case .unopenedParenthesis(let s, let at): return "\(Excerpt.phrase(s)): the \")\" at character \(at) closes no \"(\""
        case .tooDeep(let s, let at):
            return "\(Excerpt.phrase(s)): parentheses nested more than \(MeasurementExpression.maximumNesting) deep at character \(at)"
        case .divisionByZero(let s, let at): return "\(Excerpt.phrase(s)): division by zero at character \(at)"
        case .overflow(let s): return "\(Excerpt.phrase(s)): a value along the way has too many digits to compute exactly"
        case .notPositive(let s, let v): return "\(Excerpt.phrase(s)) is \(v); a quantity must be greater than zero"
        case .roundsToZero(let s, let v):
            return "\(Excerpt.phrase(s)) is \(v), which is 0 at 3 decimals; a quantity must be greater than zero"
        case .tooLarge(let s, let v, let max): return "\(Excerpt.phrase(s)) is \(v), too large (at most \(max))"
        }
    }
}

// MARK: - Exact arithmetic

/// A fraction in lowest terms, denominator > 0, numerator never `Int128.min` (so negating it is
/// safe). Every operation reports overflow instead of trapping.
package struct ExactFraction: Hashable, Sendable {
    package let numerator: Int128
    package let denominator: Int128

    static let zero = ExactFraction(uncheckedNumerator: 0, denominator: 1)

    private init(uncheckedNumerator n: Int128, denominator d: Int128) { numerator = n; denominator = d }

    /// `raw` × 10^-`decimals` (`decimals` ≤ 18).
    init(raw: Int64, decimals: Int) {
        let (n, d) = Self.reduced(raw.magnitude, decimals: decimals)
        self.init(uncheckedNumerator: raw < 0 ? -Int128(n) : Int128(n), denominator: Int128(d))
    }

    /// `magnitude` × 10^-`decimals` in lowest terms: only 2 and 5 can be common factors.
    static func reduced(_ magnitude: UInt64, decimals: Int) -> (numerator: UInt64, denominator: UInt64) {
        precondition(decimals <= 18)
        if magnitude == 0 { return (0, 1) }
        var n = magnitude, d = UInt64(pow10(decimals))
        let twos = min(n.trailingZeroBitCount, decimals)
        n >>= twos
        d >>= twos
        var fives = 0
        while fives < decimals, n % 5 == 0 { n /= 5; d /= 5; fives += 1 }
        return (n, d)
    }

    /// An integer.
    init(integer: UInt64) { self.init(uncheckedNumerator: Int128(integer), denominator: 1) }

    /// A magnitude and its denominator already in lowest terms.
    init(reducedNumerator n: UInt64, denominator d: UInt64) { self.init(uncheckedNumerator: Int128(n), denominator: Int128(d)) }

    /// n/d reduced; nil when it does not fit (d ≠ 0).
    static func make(_ n: Int128, _ d: Int128) -> ExactFraction? {
        guard n != .min, d != .min, d != 0 else { return nil }
        if d == 1 { return ExactFraction(uncheckedNumerator: n, denominator: 1) }
        let g = gcd(n.magnitude, d.magnitude)  // ≤ |d| ≤ Int128.max
        let sign: Int128 = d < 0 ? -1 : 1
        return ExactFraction(uncheckedNumerator: sign * divide(n, g), denominator: sign * divide(d, g))
    }

    var negated: ExactFraction { ExactFraction(uncheckedNumerator: -numerator, denominator: denominator) }

    static func + (a: ExactFraction, b: ExactFraction) -> ExactFraction? {
        if a.denominator == 1 && b.denominator == 1 {
            guard let n = add(a.numerator, b.numerator) else { return nil }
            return ExactFraction(uncheckedNumerator: n, denominator: 1)
        }
        // a/b + c/d = (a·(d/g) + c·(b/g)) / (b/g·d), g = gcd(b, d)
        let g = gcd(a.denominator.magnitude, b.denominator.magnitude)
        let bg = divide(b.denominator, g), ag = divide(a.denominator, g)
        guard let left = multiply(a.numerator, bg), let right = multiply(b.numerator, ag),
              let n = add(left, right), let d = multiply(ag, b.denominator) else { return nil }
        return make(n, d)
    }

    static func - (a: ExactFraction, b: ExactFraction) -> ExactFraction? { a + b.negated }

    static func * (a: ExactFraction, b: ExactFraction) -> ExactFraction? {
        if let an = Int64(fitting: a.numerator), let ad = Int64(fitting: a.denominator)?.magnitude,
           let bn = Int64(fitting: b.numerator), let bd = Int64(fitting: b.denominator)?.magnitude {
            // The same in 64 bits; each product then has at most 126 bits.
            let g1 = gcd64(an.magnitude, bd), g2 = gcd64(bn.magnitude, ad)
            let n = UInt128(an.magnitude / g1) * UInt128(bn.magnitude / g2)
            let d = UInt128(ad / g2) * UInt128(bd / g1)
            return ExactFraction(uncheckedNumerator: (an < 0) != (bn < 0) ? -Int128(n) : Int128(n), denominator: Int128(d))
        }
        // Cross-cancel first so that products stay as small as they can; of fractions in lowest
        // terms, the product is then in lowest terms too.
        let g1 = gcd(a.numerator.magnitude, b.denominator.magnitude)
        let g2 = gcd(b.numerator.magnitude, a.denominator.magnitude)
        guard let n = multiply(divide(a.numerator, g1), divide(b.numerator, g2)),
              let d = multiply(divide(a.denominator, g2), divide(b.denominator, g1)) else { return nil }
        return ExactFraction(uncheckedNumerator: n, denominator: d)
    }

    /// nil on overflow; the caller refuses a zero divisor first.
    static func / (a: ExactFraction, b: ExactFraction) -> ExactFraction? {
        precondition(b.numerator != 0)
        let flipped = b.numerator < 0 ? ExactFraction(uncheckedNumerator: -b.denominator, denominator: -b.numerator)
            : ExactFraction(uncheckedNumerator: b.denominator, denominator: b.numerator)
        return a * flipped
    }

    private static func multiply(_ a: Int128, _ b: Int128) -> Int128? {
        if let x = Int64(fitting: a), let y = Int64(fitting: b) { return Int128(x) &* Int128(y) }  // |x·y| ≤ 2^126
        let (r, o) = a.multipliedReportingOverflow(by: b)
        return o || r == .min ? nil : r
    }

    /// n/g, for g a divisor of n (g ≤ Int128.max), in 64 bits when both fit.
    @inline(__always) private static func divide(_ n: Int128, _ g: UInt128) -> Int128 {
        if g == 1 { return n }
        if let m = UInt64(fitting: n.magnitude), let g = UInt64(fitting: g) {
            let q = Int128(m / g)
            return n < 0 ? -q : q
        }
        return n / Int128(g)
    }

    private static func add(_ a: Int128, _ b: Int128) -> Int128? {
        let (r, o) = a.addingReportingOverflow(b)
        return o || r == .min ? nil : r
    }

    /// The magnitude's integer part, its first `count` decimals, and what remains (over the
    /// denominator) after them. Long division with full-width steps: nothing overflows.
    func decimalDigits(_ count: Int) -> (integer: UInt128, fraction: [UInt8], remainder: UInt128) {
        let d = denominator.magnitude
        let (integer, r0) = numerator.magnitude.quotientAndRemainder(dividingBy: d)
        var r = r0, fraction: [UInt8] = []
        fraction.reserveCapacity(count)
        for _ in 0..<count {
            let wide = r.multipliedFullWidth(by: 10)
            let (digit, next) = d.dividingFullWidth(wide)  // < 10, since r < d
            fraction.append(UInt8(digit))
            r = next
        }
        return (integer, fraction, r)
    }

    /// Plain form: `-26.060295`, `3.333333333333…` (cut after `MeasuredQuantity.exactDecimalsShown`).
    var plain: String { text(decimal: ".", group: nil) }

    func formatted(_ language: Language) -> String {
        text(decimal: language.decimalSeparator, group: language.groupingSeparator)
    }

    private func text(decimal: String, group: String?) -> String {
        let (integer, fraction, remainder) = decimalDigits(MeasuredQuantity.exactDecimalsShown)
        let digits = String(integer)
        var out = numerator < 0 ? "-" : ""
        for (i, c) in digits.enumerated() {
            if let group, i > 0, (digits.count - i) % 3 == 0 { out += group }
            out.append(c)
        }
        var shown = fraction[...]
        if remainder == 0 { while shown.last == 0 { shown = shown.dropLast() } }
        if !shown.isEmpty {
            out += decimal + String(decoding: shown.map { $0 + 48 }, as: UTF8.self) + (remainder == 0 ? "" : "…")
        }
        return out
    }
}

/// The greatest common divisor, 1 for (0, 0). Binary (no division), in 64 bits when both fit.
@inline(__always) private func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
    if a == 0 { return b == 0 ? 1 : b }
    if b == 0 { return a }
    if a == 1 || b == 1 { return 1 }
    if let x = UInt64(fitting: a), let y = UInt64(fitting: b) { return UInt128(binaryGCD(x, y)) }
    return binaryGCD(a, b)
}

/// `gcd` of values that fit in 64 bits.
@inline(__always) private func gcd64(_ a: UInt64, _ b: UInt64) -> UInt64 {
    if a == 0 { return b == 0 ? 1 : b }
    if b == 0 { return a }
    if a == 1 || b == 1 { return 1 }
    return binaryGCD(a, b)
}

extension Int64 {
    /// `x` when it fits (cheaper than the generic `init(exactly:)`).
    @inline(__always) fileprivate init?(fitting x: Int128) {
        let low = Int64(truncatingIfNeeded: x)
        guard Int128(low) == x else { return nil }
        self = low
    }
}

extension UInt64 {
    @inline(__always) fileprivate init?(fitting x: UInt128) {
        guard x >> 64 == 0 else { return nil }
        self = UInt64(truncatingIfNeeded: x)
    }

    @inline(__always) fileprivate init?(fitting x: Int128) {
        guard x >> 64 == 0 else { return nil }  // and not negative
        self = UInt64(truncatingIfNeeded: x)
    }
}

/// Stein's algorithm; a, b > 0.
private func binaryGCD<T: FixedWidthInteger & UnsignedInteger>(_ a: T, _ b: T) -> T {
    var a = a, b = b
    let shift = (a | b).trailingZeroBitCount
    a >>= a.trailingZeroBitCount
    repeat {
        b >>= b.trailingZeroBitCount
        if a > b { swap(&a, &b) }
        b -= a
    } while b != 0
    return a << shift
}

// MARK: - Parsing

extension MeasurementExpression {
    /// The exact value of the expression whose UTF-8 is `utf8`: a kept expression's (a `String`'s,
    /// or the same bytes in a file). Any bytes are read as the text `String(decoding:as:)` makes of
    /// them, character by character as a person sees them; positions in errors count those characters.
    package static func value(utf8: UnsafeBufferPointer<UInt8>, language: Language) throws(MeasurementError) -> ExactFraction {
        if Parser.eachByteIsACharacter(utf8) {
            var parser = Parser(utf8: utf8, units: utf8, language: language)
            return try parser.parse()
        }
        let units = Parser.units(of: String(decoding: utf8, as: UTF8.self))
        return try units.withUnsafeBufferPointer { units in
            Result { () throws(MeasurementError) in
                var parser = Parser(utf8: utf8, units: units, language: language)
                return try parser.parse()
            }
        }.get()
    }
}

/// The one reader of a measurement: recursive descent, computing as it goes,
///
///     sum     = product { ("+" | "-") product }
///     product = operand { ("*" | "×" | "/") operand }
///     operand = { "-" | "+" } ( number | "(" sum ")" )
///
/// over `units`: the text's own UTF-8 when each byte is a character (printable ASCII, and the two
/// bytes of `×`), else `units(of:)`, a byte for each of its characters (two for `×`). So the grammar
/// sees characters as a person does, and a position is a count of characters.
/// Only `(` recurses, at most `MeasurementExpression.maximumNesting` deep. Mistakes in the text
/// throw at once; the first arithmetic failure is kept and thrown once the whole text has been read.
/// Plain numbers are read from the units; any other number goes to §2's reader as a token.
private struct Parser {
    /// The text's UTF-8, for the errors, which name the text and a character of it.
    let utf8: UnsafeBufferPointer<UInt8>
    let units: UnsafeBufferPointer<UInt8>
    let language: Language
    var i = 0
    var depth = 0
    var arithmeticError: MeasurementError?

    init(utf8: UnsafeBufferPointer<UInt8>, units: UnsafeBufferPointer<UInt8>, language: Language) {
        self.utf8 = utf8
        self.units = units
        self.language = language
    }

    /// Whether every byte is printable ASCII or part of a `×` (then each byte, or the two of a
    /// `×`, is one character: none of them combines with its neighbours into one).
    @inline(__always) static func eachByteIsACharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        while k < bytes.count {
            let b = bytes[k]
            if b >= 0x20 && b <= 0x7E { k += 1; continue }
            guard b == 0xC3, k + 1 < bytes.count, bytes[k + 1] == 0x97 else { return false }
            k += 2
        }
        return true
    }

    /// A character that is one ASCII scalar as its byte, `×` as its two bytes, any other as 0xFF,
    /// which the grammar has no place for (the error then names the character from the text).
    /// No other character equals one the grammar uses (`MeasurementOneReaderTests` checks every
    /// scalar), so comparing bytes is comparing characters.
    static func units(of text: String) -> [UInt8] {
        var units: [UInt8] = []
        for c in text {
            if c.utf8.count == 1, let b = c.utf8.first {
                units.append(b)
            } else if c == "×" {
                units += [0xC3, 0x97]
            } else {
                units.append(0xFF)
            }
        }
        return units
    }

    private var text: String { String(decoding: utf8, as: UTF8.self) }

    /// The 1-based character position of the unit at `offset` (the second byte of a `×`, 0x97,
    /// is no character of its own).
    private func position(_ offset: Int) -> Int {
        var continuations = 0
        for k in 0..<offset where units[k] == 0x97 { continuations += 1 }
        return offset - continuations + 1
    }

    private var isTimes: Bool { units[i] == 0xC3 }  // the first byte of `×`; the only other unit ≥ 0x80 is 0xFF

    mutating func parse() throws(MeasurementError) -> ExactFraction {
        let value = try sum()
        skipSpaces()
        if i < units.count {
            if units[i] == UInt8(ascii: ")") { throw .unopenedParenthesis(text, at: position(i)) }
            throw unexpected()
        }
        if let arithmeticError { throw arithmeticError }
        return value ?? .zero
    }

    private mutating func skipSpaces() { while i < units.count, units[i] == UInt8(ascii: " ") { i += 1 } }

    private func unexpected() -> MeasurementError {
        let text = text, at = position(i)
        return .unexpected(text, character: String(text.dropFirst(at - 1).prefix(1)), at: at)
    }

    /// Records the first arithmetic failure; the value is then nil, and stays nil upward.
    private mutating func compute(_ result: ExactFraction?) -> ExactFraction? {
        if result == nil, arithmeticError == nil { arithmeticError = .overflow(text) }
        return result
    }

    private mutating func sum() throws(MeasurementError) -> ExactFraction? {
        var value = try product()
        while true {
            skipSpaces()
            guard i < units.count, units[i] == UInt8(ascii: "+") || units[i] == UInt8(ascii: "-") else { return value }
            let plus = units[i] == UInt8(ascii: "+")
            i += 1
            let right = try product()
            guard let l = value, let r = right else { value = nil; continue }
            value = compute(plus ? l + r : l - r)
        }
    }

    private mutating func product() throws(MeasurementError) -> ExactFraction? {
        var value = try operand()
        while true {
            skipSpaces()
            guard i < units.count, units[i] == UInt8(ascii: "*") || units[i] == UInt8(ascii: "/") || isTimes else { return value }
            let divides = units[i] == UInt8(ascii: "/"), at = i
            i += isTimes ? 2 : 1
            let right = try operand()
            guard let l = value, let r = right else { value = nil; continue }
            if divides {
                if r.numerator == 0 {
                    if arithmeticError == nil { arithmeticError = .divisionByZero(text, at: position(at)) }
                    value = nil
                } else {
                    value = compute(l / r)
                }
            } else {
                value = compute(l * r)
            }
        }
    }

    private mutating func operand() throws(MeasurementError) -> ExactFraction? {
        var negative = false
        while true {
            skipSpaces()
            guard i < units.count else { throw .incomplete(text) }
            guard units[i] == UInt8(ascii: "-") || units[i] == UInt8(ascii: "+") else { break }
            if units[i] == UInt8(ascii: "-") { negative.toggle() }
            i += 1
        }
        let value: ExactFraction?
        let c = units[i]
        if c == UInt8(ascii: "(") {
            let open = i
            depth += 1
            guard depth <= MeasurementExpression.maximumNesting else { throw .tooDeep(text, at: position(open)) }
            i += 1
            value = try sum()
            skipSpaces()
            guard i < units.count else { throw .unclosedParenthesis(text, at: position(open)) }
            guard units[i] == UInt8(ascii: ")") else { throw unexpected() }
            i += 1
            depth -= 1
        } else if Self.isNumberByte(c) {
            value = try number()
        } else {
            throw unexpected()
        }
        return negative ? value?.negated : value
    }

    @inline(__always) static func isNumberByte(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: ",")
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// A run of digits and separators read by §2 in the language; an exponent written after it
    /// (`1e3`, `1E-3`) is taken along so that §2's reader names it.
    private mutating func number() throws(MeasurementError) -> ExactFraction {
        let start = i
        var run = NumberRun()
        while i < units.count {
            let b = units[i]
            if Self.isDigit(b) { run.push(b) } else if b == UInt8(ascii: ".") || b == UInt8(ascii: ",") { run.separate(b) } else { break }
            i += 1
        }
        let end = i
        if i < units.count, units[i] == UInt8(ascii: "e") || units[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < units.count, units[j] == UInt8(ascii: "-") || units[j] == UInt8(ascii: "+") { j += 1 }
            if j < units.count, Self.isDigit(units[j]) {
                while j < units.count, Self.isDigit(units[j]) { j += 1 }
                i = j
            }
        }
        if i == end, let value = run.value(language: language, startsWithZero: units[start] == UInt8(ascii: "0")) { return value }
        let token = String(decoding: UnsafeBufferPointer(rebasing: units[start..<i]), as: UTF8.self)
        do {
            let raw = try DecimalText.parse(token, fractionDigits: MeasurementExpression.maximumNumberDecimals,
                                            maxRaw: MeasurementExpression.maximumNumberRaw,
                                            maxText: language == .da ? "999.999.999.999" : "999,999,999,999",
                                            language: language)
            return ExactFraction(raw: raw, decimals: MeasurementExpression.maximumNumberDecimals)
        } catch let e as NumberError {
            throw .number(text, at: position(start), e)
        } catch {
            throw .number(text, at: position(start), .notANumber(token))
        }
    }
}

/// The digits and separators of a number as the parser reads them, for the forms §2 accepts
/// plainly: digits; digits, one separator and 1–6 digits (a decimal point, or the language's
/// grouping separator before three digits after 1–3 digits not starting with 0).
private struct NumberRun {
    var integer: UInt64 = 0, significant = 0, integerCount = 0
    var fraction: UInt64 = 0, fractionCount = 0
    var separators = 0, separator: UInt8 = 0

    @inline(__always) mutating func push(_ b: UInt8) {
        let d = UInt64(b &- UInt8(ascii: "0"))
        if separators == 0 {
            integerCount += 1
            if significant > 0 || d != 0 { significant += 1 }
            if significant <= 12 { integer = integer &* 10 &+ d }
        } else {
            fractionCount += 1
            if fractionCount <= MeasurementExpression.maximumNumberDecimals { fraction = fraction &* 10 &+ d }
        }
    }

    @inline(__always) mutating func separate(_ b: UInt8) { separators += 1; separator = b }

    /// The value §2 reads in `language`; nil for any other form and for values over the limit,
    /// which §2's reader then names.
    func value(language: Language, startsWithZero: Bool) -> ExactFraction? {
        switch separators {
        case 0:
            return significant <= 12 ? ExactFraction(integer: integer) : nil
        case 1:
            guard fractionCount >= 1 else { return nil }
            let grouping = UInt8(ascii: language == .da ? "." : ",")
            if separator == grouping, fractionCount == 3, integerCount >= 1, integerCount <= 3, !startsWithZero {
                return ExactFraction(integer: integer * 1000 + fraction)
            }
            let largest = UInt64(MeasurementExpression.maximumNumberRaw / 1_000_000)
            guard fractionCount <= MeasurementExpression.maximumNumberDecimals, significant <= 12,
                  integer < largest || (integer == largest && fraction == 0) else { return nil }
            let (n, d) = ExactFraction.reduced(integer * UInt64(pow10(fractionCount)) + fraction, decimals: fractionCount)
            return ExactFraction(reducedNumerator: n, denominator: d)
        default:
            return nil
        }
    }
}
