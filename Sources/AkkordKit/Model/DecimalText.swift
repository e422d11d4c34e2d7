import AkkordSupport

/// Reading decimal numbers as people type them (SPEC §2): `.` or `,` as decimal separator,
/// thousands grouping only when both separators appear, no exponents, no NaN, a fixed maximum
/// of fraction digits. The result is an exact integer count of the smallest unit.
public enum NumberError: PhrasedError, Equatable, Sendable {
    case empty
    case notANumber(String)
    case exponent(String)
    case tooManyFractionDigits(String, max: Int)
    case tooLarge(String, max: String)
    case negative(String)
    case notPositive(String)
    case outOfRange(String, range: String)
    case badTime(String)

    public var phrase: Phrase {
        switch self {
        case .empty: return "a number is required, got an empty value"
        case .notANumber(let s): return "\(Excerpt.phrase(s)) is not a number"
        case .exponent(let s): return "\(Excerpt.phrase(s)) is not a number (exponents are not accepted; write the digits out)"
        case .tooManyFractionDigits(let s, max: 1): return "\(Excerpt.phrase(s)) has more than 1 fraction digit"
        case .tooManyFractionDigits(let s, let max): return "\(Excerpt.phrase(s)) has more than \(max) fraction digits"
        case .tooLarge(let s, let max): return "\(Excerpt.phrase(s)) is too large (at most \(max))"
        case .negative(let s): return "\(Excerpt.phrase(s)) must not be negative"
        case .notPositive(let s): return "\(Excerpt.phrase(s)) must be greater than zero"
        case .outOfRange(let s, let range): return "\(Excerpt.phrase(s)) is outside \(range)"
        case .badTime(let s): return "\(Excerpt.phrase(s)) is not a time: write hours as 7.5, 7,5 or 7:30"
        }
    }
}

@usableFromInline package enum DecimalText {
    /// Parses `text` into an integer count of 10^-fractionDigits units.
    /// `maxRaw` is the largest magnitude allowed, in those units.
    ///
    /// One kind of separator followed by exactly three digits (`1.200`, `5,000`) is read by
    /// `language`: its grouping separator groups thousands (da `1.200` = 1200, en `5,000` = 5000),
    /// its decimal separator is a decimal point (da `1,200` = 1.2, en `1.200` = 1.2). Groups
    /// are 1–3 digits (not starting with 0) then groups of three, so `1.234.567` is grouping in da.
    package static func parse(_ text: String, fractionDigits: Int, maxRaw: Int64, maxText: @autoclosure () -> String,
                      language: Language = .en) throws -> Int64 {
        // The fast path reads `.` as the decimal point: right for en, and in da when no `.` is there.
        if language == .en || !text.utf8.contains(UInt8(ascii: ".")),
           let raw = parsePlain(text, fractionDigits: fractionDigits), raw <= maxRaw { return raw }
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty { throw NumberError.empty }
        var bytes = Array(trimmed.utf8)
        var negative = false
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
            negative = bytes.first == UInt8(ascii: "-")
            bytes.removeFirst()
        }
        var dots = 0, commas = 0
        for b in bytes {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): continue
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: ","): commas += 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                if bytes.contains(where: { $0 >= 48 && $0 <= 57 }) { throw NumberError.exponent(trimmed) }
                throw NumberError.notANumber(trimmed)
            default: throw NumberError.notANumber(trimmed)
            }
        }
        var integerDigits: ArraySlice<UInt8>
        var fraction: ArraySlice<UInt8> = []
        if dots == 0 && commas == 0 {
            integerDigits = bytes[...]
        } else if dots == 0 || commas == 0 {
            // One kind of separator: the language's grouping separator groups thousands when the
            // groups are right; otherwise the separator is a decimal point and appears once.
            let separator = dots > 0 ? UInt8(ascii: ".") : UInt8(ascii: ",")
            let groups = bytes.split(separator: separator, omittingEmptySubsequences: false)
            let grouping = language == .da ? UInt8(ascii: ".") : UInt8(ascii: ",")
            if separator == grouping, let first = groups.first, (1...3).contains(first.count), first.first != UInt8(ascii: "0"),
               groups.dropFirst().allSatisfy({ $0.count == 3 }) {
                integerDigits = ArraySlice(groups.joined())
            } else {
                guard groups.count == 2 else { throw NumberError.notANumber(trimmed) }
                integerDigits = groups[0]
                fraction = groups[1]
                guard !fraction.isEmpty else { throw NumberError.notANumber(trimmed) }
            }
        } else {
            // Both: the last one is the decimal separator, the other groups thousands by three.
            let last = bytes.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") })!
            let decimalSeparator = bytes[last]
            let groupSeparator: UInt8 = decimalSeparator == UInt8(ascii: ".") ? UInt8(ascii: ",") : UInt8(ascii: ".")
            guard bytes[..<last].allSatisfy({ $0 != decimalSeparator }) else { throw NumberError.notANumber(trimmed) }
            fraction = bytes[(last + 1)...]
            guard !fraction.isEmpty else { throw NumberError.notANumber(trimmed) }
            let groups = bytes[..<last].split(separator: groupSeparator, omittingEmptySubsequences: false)
            guard let first = groups.first, (1...3).contains(first.count),
                  groups.dropFirst().allSatisfy({ $0.count == 3 }) else { throw NumberError.notANumber(trimmed) }
            integerDigits = ArraySlice(groups.joined())
        }
        if integerDigits.isEmpty && fraction.isEmpty { throw NumberError.notANumber(trimmed) }
        if fraction.count > fractionDigits {
            throw NumberError.tooManyFractionDigits(trimmed, max: fractionDigits)
        }
        while integerDigits.first == UInt8(ascii: "0") { integerDigits = integerDigits.dropFirst() }
        guard integerDigits.count <= 15 else { throw NumberError.tooLarge(trimmed, max: maxText()) }
        // Digits are accumulated with overflow checks: 15 integer digits and 4 fraction digits
        // do not fit in Int64, and such a value is an input error, never a trap.
        var raw: Int64 = 0
        func push(_ digit: Int64) -> Bool {
            let (times10, o1) = raw.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(digit)
            raw = sum
            return !o1 && !o2 && sum <= maxRaw
        }
        for d in integerDigits where !push(Int64(d - 48)) { throw NumberError.tooLarge(trimmed, max: maxText()) }
        for i in 0..<fractionDigits where !push(i < fraction.count ? Int64(fraction[fraction.startIndex + i] - 48) : 0) {
            throw NumberError.tooLarge(trimmed, max: maxText())
        }
        return negative ? -raw : raw
    }

    /// The common case without allocation: digits with at most one `.`, no sign, no grouping.
    @inline(__always)
    private static func parsePlain(_ text: String, fractionDigits: Int) -> Int64? {
        var raw: Int64 = 0, integerDigits = 0, fraction = -1
        for b in text.utf8 {
            if b >= 48 && b <= 57 {
                if fraction >= 0 { fraction += 1; if fraction > fractionDigits { return nil } } else {
                    integerDigits += 1; if integerDigits > 14 { return nil }
                }
                // 14 + 6 digits (a measurement's numbers) go beyond Int64: checked, nil is "not plain".
                let (shifted, o1) = raw.multipliedReportingOverflow(by: 10)
                let (sum, o2) = shifted.addingReportingOverflow(Int64(b - 48))
                if o1 || o2 { return nil }
                raw = sum
            } else if b == 46 && fraction < 0 && integerDigits > 0 {
                fraction = 0
            } else {
                return nil
            }
        }
        if integerDigits == 0 || fraction == 0 { return nil }
        for _ in max(fraction, 0)..<fractionDigits {
            let (r, overflow) = raw.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            raw = r
        }
        return raw
    }

    /// Plain form: digits, `.` as decimal separator, no grouping (used in JSON and files).
    package static func plain(raw: Int64, fractionDigits: Int, minimumShown: Int) -> String {
        format(raw: raw, fractionDigits: fractionDigits, minimumShown: minimumShown, decimal: ".", group: nil)
    }

    package static func format(raw: Int64, fractionDigits: Int, minimumShown: Int, decimal: String, group: String?) -> String {
        digits(raw: raw, fractionDigits: fractionDigits, minimumShown: minimumShown, decimal: decimal, group: group) {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Writes the plain form of `raw` (as `plain` makes it) without making a `String`.
    package static func writePlain(raw: Int64, fractionDigits: Int, minimumShown: Int, to out: ByteOutput) {
        digits(raw: raw, fractionDigits: fractionDigits, minimumShown: minimumShown, decimal: ".", group: nil) {
            out.write(UnsafeRawBufferPointer($0))
        }
    }

    /// The text of a number, made right to left in a buffer on the stack (this runs for every
    /// figure of a report) and handed to `body`.
    private static func digits<T>(raw: Int64, fractionDigits: Int, minimumShown: Int, decimal: String, group: String?,
                                  _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { out in
            var magnitude = raw.magnitude
            var at = out.count
            func put(_ b: UInt8) { at -= 1; out[at] = b }
            // The fraction digits go at the end of the buffer; its trailing zeros are then cut
            // (down to `minimumShown`) by moving its end.
            for _ in 0..<fractionDigits {
                put(UInt8(48 + magnitude % 10))
                magnitude /= 10
            }
            var fractionEnd = out.count, shown = fractionDigits
            while shown > minimumShown, out[fractionEnd - 1] == 48 { shown -= 1; fractionEnd -= 1 }
            return finish(out, magnitude: magnitude, fractionEnd: fractionEnd, shown: shown, raw: raw, decimal: decimal, group: group, body)
        }
    }

    private static func finish<T>(_ out: UnsafeMutableBufferPointer<UInt8>, magnitude m: UInt64, fractionEnd: Int, shown: Int, raw: Int64,
                                  decimal: String, group: String?, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        // The kept fraction is out[fractionEnd - shown ..< fractionEnd]; the rest goes before it.
        var magnitude = m
        var at = fractionEnd - shown
        func put(_ b: UInt8) { at -= 1; out[at] = b }
        if shown > 0 { for b in decimal.utf8.reversed() { put(b) } }
        var digits = 0
        repeat {
            if digits > 0, digits % 3 == 0, let group { for b in group.utf8.reversed() { put(b) } }
            put(UInt8(48 + magnitude % 10))
            magnitude /= 10
            digits += 1
        } while magnitude > 0
        if raw < 0 { put(UInt8(ascii: "-")) }
        return body(UnsafeBufferPointer(rebasing: out[at..<fractionEnd]))
    }
}

@inlinable @inline(__always) package func pow10(_ n: Int) -> Int64 {
    var r: Int64 = 1
    for _ in 0..<n { r *= 10 }
    return r
}

/// Integer division rounding half away from zero (SPEC §2).
@inlinable @inline(__always) package func divideRoundingHalfAwayFromZero(_ n: Int128, _ d: Int128) -> Int128 {
    precondition(d > 0)
    // Most products fit in 64 bits: divided there (by a constant, a multiplication), not by the
    // 128-bit division routine, which every line's amount went through.
    if let n64 = Int64(exactly: n), let d64 = Int64(exactly: d) {
        let q = n64 / d64, r = n64 % d64
        if r.magnitude * 2 >= d64.magnitude { return Int128(n64 < 0 ? q - 1 : q + 1) }
        return Int128(q)
    }
    let q = n / d, r = n % d  // truncates toward zero
    if (r.magnitude * 2) >= d.magnitude { return n < 0 ? q - 1 : q + 1 }
    return q
}

/// Integer division rounding toward negative infinity.
@inlinable @inline(__always) package func floorDivide(_ n: Int128, _ d: Int128) -> (quotient: Int128, remainder: Int128) {
    precondition(d > 0)
    var q = n / d, r = n % d
    if r < 0 { q -= 1; r += d }
    return (q, r)
}

extension String {
    package var trimmingSpaces: String {
        if let f = utf8.first, let l = utf8.last, f > 0x20, f < 0x80, l > 0x20, l < 0x80 { return self }
        if isEmpty { return self }
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

/// A figure's text in a small buffer of its own, made without a `String`: what `formatted` or
/// `plain` gives, for the writers of long tables (each figure is made once per cell).
public struct FigureText {
    // 32 bytes hold any Int64 with 1-byte separators: 19 digits, 6 groups, a point, a sign.
    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// Its length in bytes, which is also its width: a figure is ASCII.
    public private(set) var count = 0

    /// The digits of `raw` in 10^-fractionDigits units, trailing fraction zeros cut down to
    /// `minimumShown`, `group` between thousands: as `DecimalText.format` makes them.
    init(raw: Int64, fractionDigits: Int, minimumShown: Int, decimal: UInt8, group: UInt8?) {
        let parts = DecimalText.figureParts(raw: raw, fractionDigits: fractionDigits, minimumShown: minimumShown, grouped: group != nil)
        count = parts.length
        withUnsafeMutableBytes(of: &storage) { buffer in
            DecimalText.putDigits(parts, negative: raw < 0, decimal: decimal, group: group,
                                  endingAt: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + buffer.count)
        }
    }

    /// An integer as `"\(n)"` writes it (a line's id).
    public init(_ n: Int) {
        self.init(raw: Int64(n), fractionDigits: 0, minimumShown: 0, decimal: 0, group: nil)
    }

    public func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try withUnsafeBytes(of: storage) { raw in
            try raw.withMemoryRebound(to: UInt8.self) { try body(UnsafeBufferPointer(rebasing: $0[($0.count - count)...])) }
        }
    }

    public func write(to out: ByteOutput) { withBytes { out.write(UnsafeRawBufferPointer($0)) } }

    public var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }
}

extension DecimalText {
    /// A figure's parts, as `FigureText` makes them: the whole part, the kept fraction digits
    /// and how many there are, and the length in bytes with a one-byte separator between
    /// thousands when `grouped`.
    @inline(__always)
    @inlinable static func figureParts(raw: Int64, fractionDigits: Int, minimumShown: Int, grouped: Bool)
        -> (whole: UInt64, fraction: UInt64, shown: Int, length: Int) {
        var whole = raw.magnitude
        var fraction: UInt64 = 0, scale: UInt64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        if fractionDigits > 0 { fraction = whole % scale; whole /= scale }
        var shown = fractionDigits
        while shown > minimumShown, fraction % 10 == 0 { fraction /= 10; shown -= 1 }
        var digits = 1, rest = whole
        while rest >= 10 { rest /= 10; digits += 1 }
        let length = (raw < 0 ? 1 : 0) + digits + (grouped ? (digits - 1) / 3 : 0) + (shown > 0 ? shown + 1 : 0)
        return (whole, fraction, shown, length)
    }

    /// Puts the bytes `FigureText(raw:…)` holds at the cursor, made in place: at most 32.
    @inline(__always)
    @inlinable static func put(raw: Int64, fractionDigits: Int, minimumShown: Int, decimal: UInt8, group: UInt8?, into cursor: inout ByteCursor) {
        let parts = figureParts(raw: raw, fractionDigits: fractionDigits, minimumShown: minimumShown, grouped: group != nil)
        putDigits(parts, negative: raw < 0, decimal: decimal, group: group, endingAt: cursor.at + parts.length)
        cursor.advance(parts.length)
    }

    /// The bytes of a figure made of `parts` (`figureParts`), right to left, ending just before `end`.
    @inline(__always)
    @inlinable static func putDigits(_ parts: (whole: UInt64, fraction: UInt64, shown: Int, length: Int), negative: Bool, decimal: UInt8, group: UInt8?,
                          endingAt end: UnsafeMutablePointer<UInt8>) {
        var (whole, fraction) = (parts.whole, parts.fraction)
        var at = end
        @inline(__always) func put(_ b: UInt8) { at -= 1; at.pointee = b }
        if parts.shown > 0 {
            for _ in 0..<parts.shown { put(UInt8(truncatingIfNeeded: 48 + fraction % 10)); fraction /= 10 }
            put(decimal)
        }
        var digits = 0
        repeat {
            if digits > 0, digits % 3 == 0, let group { put(group) }
            put(UInt8(truncatingIfNeeded: 48 + whole % 10))
            whole /= 10
            digits += 1
        } while whole > 0
        if negative { put(UInt8(ascii: "-")) }
    }
}

extension FixedPointNumber {
    /// The width of `formatted(_:)`, the same in every language (each separator is one byte).
    @inlinable @inline(__always) public var formattedWidth: Int {
        DecimalText.figureParts(raw: raw, fractionDigits: Self.fractionDigits, minimumShown: Self.minimumFractionDigitsShown, grouped: true).length
    }

    /// `formatted(language)`'s bytes at the cursor (at most 32).
    @inlinable @inline(__always) public func putFormatted(_ language: Language, into cursor: inout ByteCursor) {
        DecimalText.put(raw: raw, fractionDigits: Self.fractionDigits, minimumShown: Self.minimumFractionDigitsShown,
                        decimal: language == .da ? UInt8(ascii: ",") : UInt8(ascii: "."),
                        group: language == .da ? UInt8(ascii: ".") : UInt8(ascii: ","), into: &cursor)
    }

    /// `plain`'s bytes at the cursor, with `decimal` for its point (at most 32).
    @inlinable @inline(__always) public func putPlain(decimal: UInt8 = UInt8(ascii: "."), into cursor: inout ByteCursor) {
        DecimalText.put(raw: raw, fractionDigits: Self.fractionDigits, minimumShown: Self.minimumFractionDigitsShown,
                        decimal: decimal, group: nil, into: &cursor)
    }
}

extension DecimalText {
    /// `"\(n)"`'s bytes at the cursor (a line's id).
    @inlinable @inline(__always) package static func put(_ n: Int, into cursor: inout ByteCursor) {
        put(raw: Int64(n), fractionDigits: 0, minimumShown: 0, decimal: 0, group: nil, into: &cursor)
    }

    /// The width of `"\(n)"`.
    @inlinable @inline(__always) package static func width(_ n: Int) -> Int {
        figureParts(raw: Int64(n), fractionDigits: 0, minimumShown: 0, grouped: false).length
    }
}
