/// Reads the `lines` array of a project file one line at a time straight from its bytes, for the
/// readers that stream (reports, `lines`, `check`): no tree, no `FieldReader`, one `Line` at a
/// time. It takes only what it reads exactly as `ProjectCodec.decode` would — the keys of a line
/// once each, strings, the plain number form, `null` for an optional member — and stops at
/// anything else (`failed`): the caller then reads the file whole with `decode`, so a file that
/// is wrong is refused with that reader's message, and an unusual but valid one is still read.
struct ProjectLineScanner: IteratorProtocol {
    private let buffer: UnsafeBufferPointer<UInt8>
    private var index: Int
    private let file: MappedFile?
    private var releasedTo: Int
    /// The scanner stopped at something it does not read; the lines it gave are not all.
    private(set) var failed = false
    private var finished = false
    /// Where the array ended (after its `]`), once `next()` returned nil without failing.
    var endIndex: Int { index }

    /// `start` is at the array's `[` in `file`'s bytes (or `buffer`'s, for a file not mapped).
    init(_ buffer: UnsafeBufferPointer<UInt8>, arrayAt start: Int, file: MappedFile? = nil) {
        self.buffer = buffer
        self.file = file
        index = start
        releasedTo = start
        guard start < buffer.count, buffer[start] == UInt8(ascii: "[") else { failed = true; finished = true; return }
        index += 1
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "]") { index += 1; finished = true }
    }

    /// A scanner for the one line whose `{` is at `start` (a `lineStart` of an earlier pass): its
    /// `next()` gives that line, then the lines after it.
    init(_ buffer: UnsafeBufferPointer<UInt8>, lineAt start: Int, file: MappedFile? = nil) {
        self.buffer = buffer
        self.file = file
        index = start
        releasedTo = start
        if start >= buffer.count || buffer[start] != UInt8(ascii: "{") { failed = true; finished = true }
    }

    /// Where the line `next()` last gave begins (its `{`).
    private(set) var lineStart = -1
    /// Where that line ends (after its `}`).
    private(set) var lineEnd = -1
    /// Whether that line's bytes, `lineStart..<lineEnd`, are exactly what akkord writes for it
    /// (`LineView.writeJSON(.stored)`): members in akkord's order and spacing, texts without
    /// escapes, figures in their plain form. A change copies such lines as they are.
    private(set) var lineIsStoredForm = false
    /// In such a line: where its `, "section": ` and its `, "measurement": ` (-1: none) begin,
    /// for writers that copy its JSON less some members.
    private(set) var sectionAt = -1
    private(set) var measurementAt = -1

    mutating func next() -> LineView? {
        guard !finished else { return nil }
        skipWhitespace()
        lineStart = index
        guard let line = readLine() else { failed = true; finished = true; return nil }
        lineEnd = index
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: ",") {
            index += 1
        } else if index < buffer.count, buffer[index] == UInt8(ascii: "]") {
            index += 1
            finished = true
        } else {
            failed = true; finished = true; return nil
        }
        // Pages passed are handed back every 4 MiB, so a pass over a large file stays small.
        if let file, index - releasedTo >= 1 << 22 {
            file.release(releasedTo..<index)
            releasedTo = index
        }
        return line
    }

    // MARK: one line

    /// In the order akkord writes them, which `readPredictedKey` expects.
    private enum Key: Int, CaseIterable {
        case id, pos, name, unit, price, quantity, amount, custom, note, section, date, measurement
        var bit: UInt16 { 1 << UInt16(rawValue) }
        var name: StaticString {
            switch self {
            case .id: "id"
            case .pos: "pos"
            case .name: "name"
            case .unit: "unit"
            case .price: "price"
            case .quantity: "quantity"
            case .amount: "amount"
            case .custom: "custom"
            case .note: "note"
            case .section: "section"
            case .date: "date"
            case .measurement: "measurement"
            }
        }
        static let required: UInt16 = Key.id.bit | Key.pos.bit | Key.name.bit | Key.unit.bit | Key.price.bit | Key.quantity.bit
    }

    /// The key `expected` (a `Key` raw value), with its colon and the space after it, when the
    /// bytes at `index` are exactly that; else nil and nothing read.
    @inline(__always) private mutating func readPredictedKey(_ expected: Int) -> Key? {
        guard expected < separators.keys.count, read(separators.keys[expected]) else { return nil }
        return Key(rawValue: expected)
    }

    private mutating func readLine() -> LineView? {
        let start = index
        if let line = readStoredLine() { return line }
        index = start
        return readAnyLine()
    }

    /// The bytes between a line's values as akkord writes them, each matched as masked words.
    private final class Separators: Sendable {
        struct Literal {
            var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var masks: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            let length: Int
            init(_ text: StaticString) {
                self.init(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
            }
            init(_ bytes: some Collection<UInt8>) {
                length = bytes.count
                precondition(length <= 32)
                withUnsafeMutableBytes(of: &words) { w in withUnsafeMutableBytes(of: &masks) { m in
                    for (i, b) in bytes.enumerated() { w[i] = b; m[i] = 0xFF }
                } }
            }
        }
        let id = Literal("{\"id\": ")
        let pos = Literal(", \"pos\": ")
        let name = Literal(", \"name\": ")
        let unit = Literal(", \"unit\": ")
        let price = Literal(", \"price\": ")
        let quantity = Literal(", \"quantity\": ")
        let amount = Literal(", \"amount\": ")
        let notCustom = Literal(", \"custom\": false, \"note\": ")
        let custom = Literal(", \"custom\": true, \"note\": ")
        let section = Literal(", \"section\": ")
        let date = Literal(", \"date\": ")
        let measurement = Literal(", \"measurement\": ")
        /// `"key": ` for each key, in `Key` order (what `readAnyLine` expects next).
        let keys = Key.allCases.map { key in
            Literal([UInt8(ascii: "\"")] + UnsafeBufferPointer(start: key.name.utf8Start, count: key.name.utf8CodeUnitCount) + Array("\": ".utf8))
        }
        /// Made once per process: a scanner is made per walk, and per line of the measured lines' walk.
        static let shared = Separators()
    }
    private let separators = Separators.shared

    /// Whether `literal` is at `index` (then read); needs 32 bytes left in the buffer.
    @inline(__always) private mutating func read(_ literal: Separators.Literal) -> Bool {
        guard index + 32 <= buffer.count else { return false }
        let w = literal.words, m = literal.masks
        guard ByteScan.word(buffer, index) & m.0 == w.0, ByteScan.word(buffer, index + 8) & m.1 == w.1 else { return false }
        if literal.length > 16 {
            guard ByteScan.word(buffer, index + 16) & m.2 == w.2, ByteScan.word(buffer, index + 24) & m.3 == w.3 else { return false }
        }
        index += literal.length
        return true
    }

    /// A line laid out exactly as akkord writes it (every member, in order, with akkord's
    /// spacing), read straight through; nil at the first byte that differs (the line is then read
    /// by `readAnyLine`, which takes any order and spacing). Its values are read by the same
    /// functions, so what it takes it takes as `readAnyLine` would.
    private mutating func readStoredLine() -> LineView? {
        let s = separators
        var storedForm = true
        guard read(s.id), let id = readId(),
              read(s.pos), let pos = readString(&storedForm),
              read(s.name), let name = readString(&storedForm),
              read(s.unit), let unit = readString(&storedForm),
              read(s.price), let price = readNumber(UnitPrice.self, &storedForm),
              read(s.quantity), let quantity = readNumber(Quantity.self, &storedForm),
              read(s.amount), let amount = readNumber(Money.self, &storedForm) else { return nil }
        let custom: Bool
        if read(s.notCustom) { custom = false } else if read(s.custom) { custom = true } else { return nil }
        guard let note = readString(&storedForm) else { return nil }
        let sectionAt = index
        guard read(s.section), let section = readString(&storedForm), read(s.date) else { return nil }
        var date: TextSlice? = nil
        if !readNull() {
            guard let d = readString(&storedForm), !d.escaped, isValidDate(d.quoted) else { return nil }
            date = d
        }
        var measurement: TextSlice? = nil
        let measurementAt = index
        if read(s.measurement) {
            guard let m = readString(&storedForm) else { return nil }
            measurement = m
        }
        guard index < buffer.count, buffer[index] == UInt8(ascii: "}") else { return nil }
        index += 1
        let computed = Quantity(raw: quantity).amount(at: UnitPrice(raw: price))
        guard amount == computed.raw else { return nil }
        lineIsStoredForm = storedForm
        self.sectionAt = sectionAt
        self.measurementAt = measurement == nil ? -1 : measurementAt
        // Made where it is returned: a view made first and returned after was copied.
        return LineView(id: id, pos: pos, name: name, unit: unit, note: note, section: section, date: date, measurement: measurement,
                        price: UnitPrice(raw: price), quantity: Quantity(raw: quantity), amount: computed, custom: custom)
    }

    private mutating func readAnyLine() -> LineView? {
        lineIsStoredForm = false
        skipWhitespace()
        guard index < buffer.count, buffer[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var seen: UInt16 = 0
        var id = 0
        var pos = Self.empty, name = Self.empty, unit = Self.empty, note = Self.empty, section = Self.empty
        var date: TextSlice? = nil, measurement: TextSlice? = nil
        var price: Int64 = 0, quantity: Int64 = 0, amount: Int64? = nil
        var custom = false
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "}") { return nil }
        var expected = 0
        while true {
            skipWhitespace()
            let key: Key
            if let predicted = readPredictedKey(expected) {
                key = predicted
            } else {
                guard let k = readKey() else { return nil }
                key = k
                skipWhitespace()
                guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { return nil }
                index += 1
            }
            guard seen & key.bit == 0 else { return nil }
            seen |= key.bit
            expected = key.rawValue + 1
            skipWhitespace()
            if readNull() {
                // null is an absent member: only optional ones may be absent.
                guard Key.required & key.bit == 0 else { return nil }
            } else {
                switch key {
                case .id:
                    guard let n = readId() else { return nil }
                    id = n
                case .pos: guard let s = readString() else { return nil }; pos = s
                case .name: guard let s = readString() else { return nil }; name = s
                case .unit: guard let s = readString() else { return nil }; unit = s
                case .note: guard let s = readString() else { return nil }; note = s
                case .section: guard let s = readString() else { return nil }; section = s
                case .measurement: guard let s = readString() else { return nil }; measurement = s
                case .date:
                    guard let s = readString(), !s.escaped, isValidDate(s.quoted) else { return nil }
                    date = s
                case .price: guard let n = readNumber(fractionDigits: UnitPrice.fractionDigits, max: UnitPrice.maximumRaw) else { return nil }; price = n
                case .quantity: guard let n = readNumber(fractionDigits: Quantity.fractionDigits, max: Quantity.maximumRaw) else { return nil }; quantity = n
                case .amount: guard let n = readNumber(fractionDigits: Money.fractionDigits, max: Money.maximumRaw) else { return nil }; amount = n
                case .custom:
                    guard let b = readBool() else { return nil }
                    custom = b
                }
            }
            skipWhitespace()
            guard index < buffer.count else { return nil }
            if buffer[index] == UInt8(ascii: ",") { index += 1; continue }
            if buffer[index] == UInt8(ascii: "}") { index += 1; break }
            return nil
        }
        guard seen & Key.required == Key.required else { return nil }
        let computed = Quantity(raw: quantity).amount(at: UnitPrice(raw: price))
        if let amount, amount != computed.raw { return nil }
        return LineView(id: id, pos: pos, name: name, unit: unit, note: note, section: section, date: date, measurement: measurement,
                        price: UnitPrice(raw: price), quantity: Quantity(raw: quantity), amount: computed, custom: custom)
    }

    // MARK: values

    /// The 10 bytes of the date last found valid: the lines of one day come together, and most
    /// dates are then compared, not worked out again.
    private var lastValidDate: (UInt64, UInt16) = (0, 0)

    /// Whether the quoted text is a date that exists (`ISODate.isValid`).
    @inline(__always) private mutating func isValidDate(_ quoted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard quoted.count == 12 else { return false }
        let raw = UnsafeRawPointer(quoted.baseAddress! + 1)
        let bytes = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
        if bytes == lastValidDate { return true }
        guard ISODate.isValid(UnsafeBufferPointer(start: quoted.baseAddress! + 1, count: 10)) else { return false }
        lastValidDate = bytes
        return true
    }

    @inline(__always) private mutating func skipWhitespace() {
        while index < buffer.count {
            let b = buffer[index]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            index += 1
        }
    }

    private mutating func readKey() -> Key? {
        guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        while end < buffer.count, buffer[end] != UInt8(ascii: "\""), buffer[end] != UInt8(ascii: "\\") { end += 1 }
        guard end < buffer.count, buffer[end] == UInt8(ascii: "\"") else { return nil }
        index = end + 1
        let key = UnsafeBufferPointer(rebasing: buffer[start..<end])
        func isKey(_ name: StaticString) -> Bool {
            name.utf8CodeUnitCount == key.count && memcmp(name.utf8Start, key.baseAddress!, key.count) == 0
        }
        switch key.count {
        case 2: return isKey("id") ? .id : nil
        case 3: return isKey("pos") ? .pos : nil
        case 4: return isKey("name") ? .name : isKey("unit") ? .unit : isKey("note") ? .note : isKey("date") ? .date : nil
        case 5: return isKey("price") ? .price : nil
        case 6: return isKey("amount") ? .amount : isKey("custom") ? .custom : nil
        case 7: return isKey("section") ? .section : nil
        case 8: return isKey("quantity") ? .quantity : nil
        case 11: return isKey("measurement") ? .measurement : nil
        default: return nil
        }
    }

    private mutating func readNull() -> Bool {
        guard index + 4 <= buffer.count, buffer[index] == UInt8(ascii: "n"), buffer[index + 1] == UInt8(ascii: "u"),
              buffer[index + 2] == UInt8(ascii: "l"), buffer[index + 3] == UInt8(ascii: "l") else { return false }
        index += 4
        return true
    }

    private mutating func readBool() -> Bool? {
        if index + 4 <= buffer.count, buffer[index] == UInt8(ascii: "t"), buffer[index + 1] == UInt8(ascii: "r"),
           buffer[index + 2] == UInt8(ascii: "u"), buffer[index + 3] == UInt8(ascii: "e") { index += 4; return true }
        if index + 5 <= buffer.count, buffer[index] == UInt8(ascii: "f"), buffer[index + 1] == UInt8(ascii: "a"),
           buffer[index + 2] == UInt8(ascii: "l"), buffer[index + 3] == UInt8(ascii: "s"), buffer[index + 4] == UInt8(ascii: "e") {
            index += 5; return false
        }
        return nil
    }

    /// A whole JSON number ≥ 1 without sign, fraction or exponent, and at most 18 digits.
    private mutating func readId() -> Int? {
        var n = 0, digits = 0
        while index < buffer.count, buffer[index] >= 48, buffer[index] <= 57 {
            if digits == 0, buffer[index] == 48 { return nil }
            if digits == 18 { return nil }  // before the multiplication, which would overflow
            n = n * 10 + Int(buffer[index] - 48)
            digits += 1
            index += 1
        }
        guard digits > 0, index < buffer.count else { return nil }
        let b = buffer[index]
        return b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") ? nil : n
    }

    /// A figure of kind `N`; `storedForm` turns false unless it is quoted and written as
    /// `writePlain` writes it (no sign, trailing fraction zeros cut down to the kind's minimum).
    @inline(__always) private mutating func readNumber<N: FixedPointNumber>(_ kind: N.Type, _ storedForm: inout Bool) -> Int64? {
        var shape = NumberShape()
        guard let n = readNumber(fractionDigits: N.fractionDigits, max: N.maximumRaw, shape: &shape) else { return nil }
        if storedForm {
            let least = N.minimumFractionDigitsShown
            let plain = shape.quoted && !shape.negative && (shape.shown == least || (shape.shown > least && !shape.endsInZero))
            if !plain { storedForm = false }
        }
        return n
    }

    /// How a number read was written, for telling akkord's plain form.
    private struct NumberShape {
        var quoted = false, negative = false
        /// Digits after the point, and whether the last of them is 0.
        var shown = 0, endsInZero = false
    }

    private mutating func readNumber(fractionDigits: Int, max: Int64) -> Int64? {
        var shape = NumberShape()
        return readNumber(fractionDigits: fractionDigits, max: max, shape: &shape)
    }

    /// A number in akkord's plain form (`-?(0|[1-9][0-9]*)(\.[0-9]+)?`), in a JSON string or as
    /// a JSON number, with at most `fractionDigits` after the point and within `max`, in raw units.
    private mutating func readNumber(fractionDigits: Int, max: Int64, shape: inout NumberShape) -> Int64? {
        let quoted = index < buffer.count && buffer[index] == UInt8(ascii: "\"")
        if quoted { index += 1 }
        var negative = false
        if index < buffer.count, buffer[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        var value: Int64 = 0, digits = 0
        let first = index
        while index < buffer.count, buffer[index] >= 48, buffer[index] <= 57 {
            value = value * 10 + Int64(buffer[index] - 48)
            digits += 1
            index += 1
            if digits > 14 { return nil }  // more than any kind of number may be; keeps the scaling below in range
        }
        guard digits > 0, digits == 1 || buffer[first] != 48 else { return nil }
        var fraction = 0
        if index < buffer.count, buffer[index] == UInt8(ascii: ".") {
            index += 1
            while index < buffer.count, buffer[index] >= 48, buffer[index] <= 57 {
                fraction += 1
                guard fraction <= fractionDigits else { return nil }
                value = value * 10 + Int64(buffer[index] - 48)
                index += 1
            }
            guard fraction > 0 else { return nil }
            shape.endsInZero = buffer[index - 1] == 48
        }
        for _ in fraction..<fractionDigits { value *= 10 }
        guard value <= max else { return nil }
        if quoted {
            guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
        } else if index < buffer.count, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
            return nil
        }
        shape.quoted = quoted
        shape.negative = negative
        shape.shown = fraction
        return negative ? -value : value
    }

    /// `""`, in the program's own bytes (made on each use: a `TextSlice` holds a pointer, so it
    /// is not `Sendable` and cannot be a stored global).
    private static var empty: TextSlice { TextSlice(quoted: UnsafeBufferPointer(start: ("\"\"" as StaticString).utf8Start, count: 2), escaped: false, plain: true) }

    /// A JSON string, left in the file's bytes: checked to be UTF-8 when not ASCII, and its
    /// escapes checked (by the scanner the tree reader uses) when it has any.
    private mutating func readString(_ storedForm: inout Bool) -> TextSlice? {
        guard let s = readString() else { return nil }
        if s.escaped { storedForm = false }
        return s
    }

    private mutating func readString() -> TextSlice? {
        guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { return nil }
        let start = index
        var i = start + 1, special = false
        // Whole words of plain text first: no quote, backslash, control byte; DEL or non-ASCII noted.
        while i + 8 <= buffer.count {
            let w = ByteScan.word(buffer, i)
            let stops = ByteScan.matches(w, UInt8(ascii: "\"")) | ByteScan.matches(w, UInt8(ascii: "\\")) | ByteScan.below(w, 0x20)
            guard stops == 0 else {
                // Straight to the first stop; the bytes before it noted as the whole words were.
                let plain = stops.trailingZeroBitCount / 8
                if plain > 0, ByteScan.hasDeleteOrHigh(w & (UInt64.max >> (64 - 8 * plain))) { special = true }
                i += plain
                break
            }
            if ByteScan.hasDeleteOrHigh(w) { special = true }
            i += 8
        }
        while i < buffer.count {
            let b = buffer[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
            if b >= 0x7F { special = true }
            i += 1
        }
        guard i < buffer.count, buffer[i] >= 0x20 else { return nil }
        if buffer[i] == UInt8(ascii: "\"") {
            if special, UTF8Check.firstInvalidIndex(UnsafeBufferPointer(rebasing: buffer[(start + 1)..<i])) != nil { return nil }
            index = i + 1
            return TextSlice(quoted: UnsafeBufferPointer(rebasing: buffer[start..<index]), escaped: false, plain: !special)
        }
        var scanner = JSONScanner(buffer: buffer)
        scanner.index = index
        guard (try? scanner.parseString()) != nil,
              UTF8Check.firstInvalidIndex(UnsafeBufferPointer(rebasing: buffer[start..<scanner.index])) == nil else { return nil }
        index = scanner.index
        return TextSlice(quoted: UnsafeBufferPointer(rebasing: buffer[start..<index]), escaped: true, plain: false)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
