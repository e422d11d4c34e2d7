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
    static let maximumNumberRaw: Int64 = 999_999_999_999_000_000

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
        var parser = ExpressionParser(text: expression, language: language)
        let value = try parser.parse()
        let q = try Self.quantity(of: value, expression: expression, language: language)
        return MeasuredQuantity(measurement: self, quantity: q.quantity, isRounded: q.rounded, value: value)
    }

    /// Whether the expression, read in either language, gives `quantity`: a kept measurement
    /// does not say which language it was typed in.
    public func yields(_ quantity: Quantity) -> Bool {
        Language.allCases.contains { (try? evaluate(language: $0))?.quantity == quantity }
    }

    /// Whitespace runs made one space, ends trimmed; nil when longer than `maximumCharacters`
    /// (found without reading all of a very long text).
    static func normalized(_ text: String) -> String? {
        var out = "", count = 0, pendingSpace = false
        for c in text {
            if c.isWhitespace { pendingSpace = count > 0; continue }
            if pendingSpace { out.append(" "); count += 1; pendingSpace = false }
            out.append(c); count += 1
            if count > maximumCharacters { return nil }
        }
        return out
    }

    /// The exact positive value rounded half away from zero to 3 decimals, within a quantity.
    private static func quantity(of value: ExactFraction, expression: String,
                                 language: Language) throws(MeasurementError) -> (quantity: Quantity, rounded: Bool) {
        guard value.numerator > 0 else { throw .notPositive(expression, value: value.formatted(language)) }
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
    let value: ExactFraction

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
public enum MeasurementError: Error, Equatable, Sendable, CustomStringConvertible {
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

    public var description: String {
        switch self {
        case .empty: return "a measurement is required, got an empty value"
        case .tooLong(let s):
            return "\(Excerpt.quoted(s)) is too long: a measurement is at most \(MeasurementExpression.maximumCharacters) characters"
        case .plainNumber(let s): return "\(Excerpt.quoted(s)) is a number, not a measurement (no operator)"
        case .unexpected(let s, let c, let at): return "\(Excerpt.quoted(s)): unexpected \(Excerpt.quoted(c)) at character \(at)"
        case .incomplete(let s): return "\(Excerpt.quoted(s)): ends where a number or \"(\" is needed"
        case .number(let s, let at, let e): return "\(Excerpt.quoted(s)): at character \(at), \(e)"
        case .unclosedParenthesis(let s, let at): return "\(Excerpt.quoted(s)): the \"(\" at character \(at) is not closed"
        case .unopenedParenthesis(let s, let at): return "\(Excerpt.quoted(s)): the \")\" at character \(at) closes no \"(\""
        case .tooDeep(let s, let at):
            return "\(Excerpt.quoted(s)): parentheses nested more than \(MeasurementExpression.maximumNesting) deep at character \(at)"
        case .divisionByZero(let s, let at): return "\(Excerpt.quoted(s)): division by zero at character \(at)"
        case .overflow(let s): return "\(Excerpt.quoted(s)): a value along the way has too many digits to compute exactly"
        case .notPositive(let s, let v): return "\(Excerpt.quoted(s)) is \(v); a quantity must be greater than zero"
        case .roundsToZero(let s, let v):
            return "\(Excerpt.quoted(s)) is \(v), which is 0 at 3 decimals; a quantity must be greater than zero"
        case .tooLarge(let s, let v, let max): return "\(Excerpt.quoted(s)) is \(v), too large (at most \(max))"
        }
    }
}

// MARK: - Exact arithmetic

/// A fraction in lowest terms, denominator > 0, numerator never `Int128.min` (so negating it is
/// safe). Every operation reports overflow instead of trapping.
struct ExactFraction: Hashable, Sendable {
    let numerator: Int128
    let denominator: Int128

    static let zero = ExactFraction(uncheckedNumerator: 0, denominator: 1)

    private init(uncheckedNumerator n: Int128, denominator d: Int128) { numerator = n; denominator = d }

    /// `raw` × 10^-`decimals`.
    init(raw: Int64, decimals: Int) {
        var d: Int128 = 1
        for _ in 0..<decimals { d *= 10 }
        let g = Int128(gcd(Int128(raw).magnitude, d.magnitude))
        self.init(uncheckedNumerator: Int128(raw) / g, denominator: d / g)
    }

    /// n/d reduced; nil when it does not fit (d ≠ 0).
    static func make(_ n: Int128, _ d: Int128) -> ExactFraction? {
        guard n != .min, d != .min, d != 0 else { return nil }
        let g = Int128(gcd(n.magnitude, d.magnitude))  // ≤ |d| ≤ Int128.max
        let sign: Int128 = d < 0 ? -1 : 1
        return ExactFraction(uncheckedNumerator: sign * (n / g), denominator: sign * (d / g))
    }

    var negated: ExactFraction { ExactFraction(uncheckedNumerator: -numerator, denominator: denominator) }

    static func + (a: ExactFraction, b: ExactFraction) -> ExactFraction? {
        // a/b + c/d = (a·(d/g) + c·(b/g)) / (b/g·d), g = gcd(b, d)
        let g = Int128(gcd(a.denominator.magnitude, b.denominator.magnitude))
        guard let left = multiply(a.numerator, b.denominator / g), let right = multiply(b.numerator, a.denominator / g),
              let n = add(left, right), let d = multiply(a.denominator / g, b.denominator) else { return nil }
        return make(n, d)
    }

    static func - (a: ExactFraction, b: ExactFraction) -> ExactFraction? { a + b.negated }

    static func * (a: ExactFraction, b: ExactFraction) -> ExactFraction? {
        // Cross-cancel first so that products stay as small as they can.
        let g1 = Int128(gcd(a.numerator.magnitude, b.denominator.magnitude))
        let g2 = Int128(gcd(b.numerator.magnitude, a.denominator.magnitude))
        guard let n = multiply(a.numerator / g1, b.numerator / g2),
              let d = multiply(a.denominator / g2, b.denominator / g1) else { return nil }
        return make(n, d)
    }

    /// nil on overflow; the caller refuses a zero divisor first.
    static func / (a: ExactFraction, b: ExactFraction) -> ExactFraction? {
        precondition(b.numerator != 0)
        let flipped = b.numerator < 0 ? ExactFraction(uncheckedNumerator: -b.denominator, denominator: -b.numerator)
            : ExactFraction(uncheckedNumerator: b.denominator, denominator: b.numerator)
        return a * flipped
    }

    private static func multiply(_ a: Int128, _ b: Int128) -> Int128? {
        let (r, o) = a.multipliedReportingOverflow(by: b)
        return o || r == .min ? nil : r
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

@inline(__always) private func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a == 0 ? 1 : a
}

// MARK: - Parsing

/// Recursive descent over the kept text, computing as it goes:
///
///     sum     = product { ("+" | "-") product }
///     product = operand { ("*" | "×" | "/") operand }
///     operand = { "-" | "+" } ( number | "(" sum ")" )
///
/// Only `(` recurses, at most `MeasurementExpression.maximumNesting` deep. Mistakes in the text throw at
/// once; the first arithmetic failure is kept and thrown once the whole text has been read.
private struct ExpressionParser {
    let text: String
    let characters: [Character]
    let language: Language
    var i = 0
    var depth = 0
    var arithmeticError: MeasurementError?

    init(text: String, language: Language) {
        self.text = text
        self.characters = Array(text)
        self.language = language
    }

    mutating func parse() throws(MeasurementError) -> ExactFraction {
        let value = try sum()
        skipSpaces()
        if i < characters.count {
            if characters[i] == ")" { throw .unopenedParenthesis(text, at: i + 1) }
            throw unexpected()
        }
        if let arithmeticError { throw arithmeticError }
        return value ?? .zero
    }

    private mutating func skipSpaces() { while i < characters.count, characters[i] == " " { i += 1 } }

    private func unexpected() -> MeasurementError {
        .unexpected(text, character: String(characters[i]), at: i + 1)
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
            guard i < characters.count, characters[i] == "+" || characters[i] == "-" else { return value }
            let op = characters[i]
            i += 1
            let right = try product()
            guard let l = value, let r = right else { value = nil; continue }
            value = compute(op == "+" ? l + r : l - r)
        }
    }

    private mutating func product() throws(MeasurementError) -> ExactFraction? {
        var value = try operand()
        while true {
            skipSpaces()
            guard i < characters.count, characters[i] == "*" || characters[i] == "×" || characters[i] == "/" else { return value }
            let op = characters[i], at = i + 1
            i += 1
            let right = try operand()
            guard let l = value, let r = right else { value = nil; continue }
            if op == "/" {
                if r.numerator == 0 {
                    if arithmeticError == nil { arithmeticError = .divisionByZero(text, at: at) }
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
            guard i < characters.count else { throw .incomplete(text) }
            guard characters[i] == "-" || characters[i] == "+" else { break }
            if characters[i] == "-" { negative.toggle() }
            i += 1
        }
        let value: ExactFraction?
        let c = characters[i]
        if c == "(" {
            let open = i + 1
            depth += 1
            guard depth <= MeasurementExpression.maximumNesting else { throw .tooDeep(text, at: open) }
            i += 1
            value = try sum()
            skipSpaces()
            guard i < characters.count else { throw .unclosedParenthesis(text, at: open) }
            guard characters[i] == ")" else { throw unexpected() }
            i += 1
            depth -= 1
        } else if Self.isNumberCharacter(c) {
            value = try number()
        } else {
            throw unexpected()
        }
        return negative ? value?.negated : value
    }

    static func isNumberCharacter(_ c: Character) -> Bool {
        c == "." || c == "," || (c.isASCII && c.isNumber)
    }

    /// A run of digits and separators read by §2 in the language; an exponent written after it
    /// (`1e3`, `1E-3`) is taken along so that §2's reader names it.
    private mutating func number() throws(MeasurementError) -> ExactFraction {
        let start = i
        while i < characters.count, Self.isNumberCharacter(characters[i]) { i += 1 }
        if i < characters.count, characters[i] == "e" || characters[i] == "E" {
            var j = i + 1
            if j < characters.count, characters[j] == "-" || characters[j] == "+" { j += 1 }
            if j < characters.count, characters[j].isASCII, characters[j].isNumber {
                while j < characters.count, characters[j].isASCII, characters[j].isNumber { j += 1 }
                i = j
            }
        }
        let token = String(characters[start..<i])
        do {
            let raw = try DecimalText.parse(token, fractionDigits: MeasurementExpression.maximumNumberDecimals,
                                            maxRaw: MeasurementExpression.maximumNumberRaw,
                                            maxText: language == .da ? "999.999.999.999" : "999,999,999,999",
                                            language: language)
            return ExactFraction(raw: raw, decimals: MeasurementExpression.maximumNumberDecimals)
        } catch let e as NumberError {
            throw .number(text, at: start + 1, e)
        } catch {
            throw .number(text, at: start + 1, .notANumber(token))
        }
    }
}
