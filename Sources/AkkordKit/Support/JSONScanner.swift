public struct JSONSyntaxError: Equatable, Sendable, PhrasedError {
    public let line: Int
    public let column: Int
    public let message: Phrase
    public var phrase: Phrase { "line \(line), column \(column): \(message)" }
}

public enum JSONReader {
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer: buffer)
            try scanner.begin()
            scanner.skipWhitespace()
            let value = try scanner.parseValue(depth: 0)
            try scanner.end()
            return value
        }
    }
}

extension JSONReader {
    /// Reads a top-level object whose array under `arrayKey` may be very long (activities, project
    /// lines): each element is handed to `element` as it is scanned, as one reused object, so no
    /// tree of the whole array is built; an element that is not an object goes to `nonObject`.
    /// Returns the other members as a tree, with `arrayKey` mapped to an empty array when it was
    /// an array. Bad syntax or a root that is not an object throws `InvalidDataError` for `source`.
    package static func readObject(_ bytes: [UInt8], source: String, streaming arrayKey: String,
                           element: (Int, JSONObject) -> Void, nonObject: (Int, JSONValue) -> Void) throws -> JSONObject {
        var object = JSONObject()
        do {
            try bytes.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(buffer: buffer)
                try scanner.begin()
                guard scanner.peekByte() == UInt8(ascii: "{") else {
                    throw InvalidDataError(source: source, problems: [Problem("", "expected a JSON object, got \(try scanner.readValue().kindDescription)")])
                }
                var entry = JSONObject()
                try scanner.readObject { scanner, key in
                    if object[key] != nil { throw scanner.error("key \(Excerpt.phrase(key)) appears twice") }
                    guard key == arrayKey, scanner.peekByte() == UInt8(ascii: "[") else {
                        object.append(key, try scanner.readValue())
                        return
                    }
                    object.append(key, .array([]))
                    try scanner.readArray { scanner, i in
                        guard scanner.peekByte() == UInt8(ascii: "{") else { nonObject(i, try scanner.readValue()); return }
                        entry.entries.removeAll(keepingCapacity: true)
                        try scanner.readObject { scanner, key in
                            if entry[key] != nil { throw scanner.error("key \(Excerpt.phrase(key)) appears twice") }
                            entry.append(key, try scanner.readValue())
                        }
                        element(i, entry)
                    }
                }
                try scanner.end()
            }
        } catch let e as JSONSyntaxError {
            throw InvalidDataError(source: source, problems: [Problem("", "not valid JSON: \(e)")])
        }
        return object
    }
}

/// A pull parser over UTF-8 bytes: the tree reader above uses it whole, and hot readers
/// (catalogue, project) walk objects and arrays with it directly, building no tree.
@usableFromInline package struct JSONScanner {
        @usableFromInline package let buffer: UnsafeBufferPointer<UInt8>
        @usableFromInline package var index = 0

        package init(buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

        package func error(_ message: Phrase) -> JSONSyntaxError {
            var line = 1, column = 1
            for i in 0..<min(index, buffer.count) {
                if buffer[i] == 0x0A { line += 1; column = 1 } else if buffer[i] & 0xC0 != 0x80 { column += 1 }
            }
            return JSONSyntaxError(line: line, column: column, message: message)
        }

        package mutating func skipBOM() {
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { index = 3 }
        }

        @inlinable package mutating func skipWhitespace() {
            while index < buffer.count {
                switch buffer[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func parseValue(depth: Int) throws -> JSONValue {
            guard depth < 200 else { throw error("nesting is too deep") }
            guard index < buffer.count else { throw error("unexpected end of file") }
            switch buffer[index] {
            case UInt8(ascii: "{"): return try parseObject(depth: depth)
            case UInt8(ascii: "["): return try parseArray(depth: depth)
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectWord("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            default:
                let b = buffer[index]
                throw error(b >= 0x21 && b < 0x7F ? "unexpected character '\(Character(Unicode.Scalar(b)))'" : "unexpected byte 0x\(String(b, radix: 16, uppercase: true))")
            }
        }

        mutating func expectWord(_ word: StaticString) throws {
            let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard index + w.count <= buffer.count, (0..<w.count).allSatisfy({ buffer[index + $0] == w[$0] }) else {
                throw error("unexpected text; expected a JSON value")
            }
            index += w.count
        }

        mutating func parseObject(depth: Int) throws -> JSONValue {
            var object = JSONObject()
            try readObject { scanner, key in
                let value = try scanner.parseValue(depth: depth + 1)
                if object[key] != nil { throw scanner.error("key \(Excerpt.phrase(key)) appears twice") }
                object.append(key, value)
            }
            return .object(object)
        }

        mutating func parseArray(depth: Int) throws -> JSONValue {
            var array: [JSONValue] = []
            try readArray { scanner, _ in array.append(try scanner.parseValue(depth: depth + 1)) }
            return .array(array)
        }

        mutating func parseNumber() throws -> String {
            let start = index
            if buffer[index] == UInt8(ascii: "-") { index += 1 }
            func digits(_ p: inout JSONScanner) -> Int {
                let s = p.index
                while p.index < p.buffer.count, p.buffer[p.index] >= 48, p.buffer[p.index] <= 57 { p.index += 1 }
                return p.index - s
            }
            let integerStart = index
            let integerDigits = digits(&self)
            guard integerDigits > 0 else { throw error("malformed number") }
            // JSON has no leading zeros: `01` is not a number (a reader must not take it as 1).
            guard integerDigits == 1 || buffer[integerStart] != UInt8(ascii: "0") else { index = integerStart; throw error("a number with a leading zero") }
            if index < buffer.count, buffer[index] == UInt8(ascii: ".") {
                index += 1
                guard digits(&self) > 0 else { throw error("malformed number") }
            }
            if index < buffer.count, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
                index += 1
                if index < buffer.count, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") { index += 1 }
                guard digits(&self) > 0 else { throw error("malformed number") }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
        }

        @usableFromInline mutating func parseString() throws -> String {
            index += 1
            let start = index
            while index < buffer.count {
                let b = buffer[index]
                if b == UInt8(ascii: "\"") {
                    let raw = UnsafeBufferPointer(rebasing: buffer[start..<index])
                    index += 1
                    return String(decoding: raw, as: UTF8.self)  // the whole buffer was validated up front
                }
                if b == UInt8(ascii: "\\") { break }
                if b < 0x20 { throw error("control character inside a string") }
                index += 1
            }
            // Slow path: escapes.
            var bytes = Array(UnsafeBufferPointer(rebasing: buffer[start..<index]))
            while index < buffer.count {
                let b = buffer[index]
                if b == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: bytes, as: UTF8.self)
                }
                if b < 0x20 { throw error("control character inside a string") }
                if b != UInt8(ascii: "\\") { bytes.append(b); index += 1; continue }
                index += 1
                guard index < buffer.count else { break }
                let e = buffer[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(e)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < buffer.count, buffer[index] == UInt8(ascii: "\\"), buffer[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
                }
            }
            throw error("unterminated string")
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= buffer.count else { throw error("invalid \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = buffer[index]
                let d: UInt32
                switch c {
                case 48...57: d = UInt32(c - 48)
                case 65...70: d = UInt32(c - 55)
                case 97...102: d = UInt32(c - 87)
                default: throw error("invalid \\u escape")
                }
                v = v * 16 + d
                index += 1
            }
            return v
        }

    // MARK: pull interface

    var atEnd: Bool { index >= buffer.count }

    package mutating func peekByte() -> UInt8? {
        skipWhitespace()
        return index < buffer.count ? buffer[index] : nil
    }

    /// Calls `body` for each key of an object; `body` must consume the key's value.
    package mutating func readObject(_ body: (inout JSONScanner, String) throws -> Void) throws {
        skipWhitespace()
        guard index < buffer.count, buffer[index] == UInt8(ascii: "{") else { throw error("expected an object") }
        index += 1
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "}") { index += 1; return }
        while true {
            skipWhitespace()
            guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw error("expected ':' after key \(Excerpt.phrase(key))") }
            index += 1
            skipWhitespace()
            try body(&self, key)
            skipWhitespace()
            guard index < buffer.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if buffer[index] == UInt8(ascii: ",") { index += 1; continue }
            if buffer[index] == UInt8(ascii: "}") { index += 1; return }
            throw error("expected ',' or '}'")
        }
    }

    /// Calls `body` for each element of an array with its index; `body` must consume it.
    mutating func readArray(_ body: (inout JSONScanner, Int) throws -> Void) throws {
        skipWhitespace()
        guard index < buffer.count, buffer[index] == UInt8(ascii: "[") else { throw error("expected an array") }
        index += 1
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "]") { index += 1; return }
        var n = 0
        while true {
            skipWhitespace()
            try body(&self, n)
            n += 1
            skipWhitespace()
            guard index < buffer.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if buffer[index] == UInt8(ascii: ",") { index += 1; continue }
            if buffer[index] == UInt8(ascii: "]") { index += 1; return }
            throw error("expected ',' or ']'")
        }
    }

    package mutating func readValue() throws -> JSONValue {
        skipWhitespace()
        return try parseValue(depth: 1)
    }

    /// Checks UTF-8 and skips a BOM; call once before scanning.
    package mutating func begin() throws {
        if let bad = UTF8Check.firstInvalidIndex(buffer) {
            index = bad
            throw error("text is not valid UTF-8")
        }
        skipBOM()
    }

    package mutating func end() throws {
        skipWhitespace()
        if index < buffer.count { throw error("unexpected text after the JSON value") }
    }
}

extension JSONScanner {
    /// Checks one value's syntax, and that no object in it has a key twice, without building it.
    package mutating func skipValue(depth: Int) throws {
        guard depth < 200 else { throw error("nesting is too deep") }
        switch peekByte() {
        case UInt8(ascii: "{")?:
            var keys = Set<String>()
            try readObject { scanner, key in
                if !keys.insert(key).inserted { throw scanner.error("key \(Excerpt.phrase(key)) appears twice") }
                try scanner.skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "[")?:
            try readArray { scanner, _ in try scanner.skipValue(depth: depth + 1) }
        default:
            _ = try parseValue(depth: depth)
        }
    }
}

/// The bytes a hot reader expects next (`"key": ` and the punctuation around it, up to 32
/// bytes), matched as four masked words at once by `JSONScanner.take(_:)`.
@usableFromInline package struct JSONLiteral: Sendable {
    @usableFromInline private(set) var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    @usableFromInline private(set) var masks: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    @usableFromInline let length: Int
    package init(_ text: StaticString) {
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

/// How a figure read by `takeFigure` was written, for telling akkord's plain form.
@usableFromInline package struct FigureShape {
    @usableFromInline package var quoted = false, negative = false
    /// Digits after the point, and whether the last of them is 0.
    @usableFromInline package var shown = 0, endsInZero = false
    package init() {}
}

/// The lexing the hot readers (a project file's lines and history) use between the tree reader's
/// structure: each `take…` reads one token at `index` when it is there and in the form asked
/// for, and otherwise gives nil (or false) with `index` left where it may be anywhere inside the
/// token: the caller then goes back to where the value began and reads it with the tree reader,
/// which names any problem. Nothing here builds a `String` for a plain text.
extension JSONScanner {
    @inlinable @inline(__always) package mutating func take(_ byte: UInt8) -> Bool {
        guard index < buffer.count, buffer[index] == byte else { return false }
        index += 1
        return true
    }

    /// Whether `literal` is at `index` (then read); needs 32 bytes left in the buffer.
    @inlinable @inline(__always) package mutating func take(_ literal: JSONLiteral) -> Bool {
        guard index + 32 <= buffer.count else { return false }
        let w = literal.words, m = literal.masks
        guard ByteScan.word(buffer, index) & m.0 == w.0, ByteScan.word(buffer, index + 8) & m.1 == w.1 else { return false }
        if literal.length > 16 {
            guard ByteScan.word(buffer, index + 16) & m.2 == w.2, ByteScan.word(buffer, index + 24) & m.3 == w.3 else { return false }
        }
        index += literal.length
        return true
    }

    @inlinable @inline(__always) package mutating func takeNull() -> Bool {
        guard index + 4 <= buffer.count, buffer[index] == UInt8(ascii: "n"), buffer[index + 1] == UInt8(ascii: "u"),
              buffer[index + 2] == UInt8(ascii: "l"), buffer[index + 3] == UInt8(ascii: "l") else { return false }
        index += 4
        return true
    }

    mutating func takeBool() -> Bool? {
        if index + 4 <= buffer.count, buffer[index] == UInt8(ascii: "t"), buffer[index + 1] == UInt8(ascii: "r"),
           buffer[index + 2] == UInt8(ascii: "u"), buffer[index + 3] == UInt8(ascii: "e") { index += 4; return true }
        if index + 5 <= buffer.count, buffer[index] == UInt8(ascii: "f"), buffer[index + 1] == UInt8(ascii: "a"),
           buffer[index + 2] == UInt8(ascii: "l"), buffer[index + 3] == UInt8(ascii: "s"), buffer[index + 4] == UInt8(ascii: "e") {
            index += 5; return false
        }
        return nil
    }

    /// A key without escapes, and past its closing quote (not the colon): its bytes.
    @inlinable package mutating func takeKey() -> UnsafeBufferPointer<UInt8>? {
        guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        while end < buffer.count, buffer[end] != UInt8(ascii: "\""), buffer[end] != UInt8(ascii: "\\") { end += 1 }
        guard end < buffer.count, buffer[end] == UInt8(ascii: "\"") else { return nil }
        index = end + 1
        return UnsafeBufferPointer(rebasing: buffer[start..<end])
    }

    /// A JSON number that is a whole number of 1 to 18 digits (0 included), no sign, fraction,
    /// exponent or leading zero.
    @inlinable @inline(__always) package mutating func takeWholeNumber() -> Int? {
        var n = 0, digits = 0
        let first = index
        while index < buffer.count, buffer[index] &- 48 < 10 {
            if digits == 18 { return nil }  // before the multiplication, which would overflow
            n = n * 10 + Int(buffer[index] &- 48)
            digits += 1
            index += 1
        }
        guard digits > 0, digits == 1 || buffer[first] != 48, index < buffer.count else { return nil }
        let b = buffer[index]
        return b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") ? nil : n
    }

    /// A figure in akkord's plain form (`-?(0|[1-9][0-9]*)(\.[0-9]+)?`), in a JSON string or as
    /// a JSON number, with at most `fractionDigits` after the point and within `max`, in raw units.
    @inlinable @inline(__always) package mutating func takeFigure(fractionDigits: Int, max: Int64, shape: inout FigureShape) -> Int64? {
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

    /// A JSON string, left in the buffer's bytes: checked to be UTF-8 when not ASCII, and its
    /// escapes checked (by `parseString`) when it has any.
    @inlinable @inline(__always) package mutating func takeString() -> TextSlice? {
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
        guard (try? parseString()) != nil,
              UTF8Check.firstInvalidIndex(UnsafeBufferPointer(rebasing: buffer[start..<index])) == nil else { return nil }
        return TextSlice(quoted: UnsafeBufferPointer(rebasing: buffer[start..<index]), escaped: true, plain: false)
    }
}
