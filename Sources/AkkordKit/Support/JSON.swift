/// A JSON document tree that keeps numbers as their literal text, so money read from a file is
/// never routed through `Double`. Objects keep their key order, so files we write are stable.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var objectValue: JSONObject? { if case .object(let o) = self { return o }; return nil }

    /// What the value is, for error messages ("a string", "an array").
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

public struct JSONObject: Equatable, Sendable {
    public var entries: [(key: String, value: JSONValue)]
    public init(_ entries: [(key: String, value: JSONValue)] = []) { self.entries = entries }
    /// Linear lookup (objects here are small); comparing lengths first skips most string compares.
    public subscript(key: String) -> JSONValue? {
        let length = key.utf8.count
        for e in entries where e.key.utf8.count == length && e.key == key { return e.value }
        return nil
    }
    public mutating func append(_ key: String, _ value: JSONValue) { entries.append((key, value)) }
    public var keys: [String] { entries.map(\.key) }
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(_ object: KeyValuePairs<String, JSONValue>) { self = .object(JSONObject(object.map { ($0.key, $0.value) })) }
    public static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
    public static func int(_ i: Int) -> JSONValue { .number(String(i)) }
}

public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String
    public var description: String { "line \(line), column \(column): \(message)" }
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
    static func readObject(_ bytes: [UInt8], source: String, streaming arrayKey: String,
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
                    guard key == arrayKey, scanner.peekByte() == UInt8(ascii: "[") else {
                        object.append(key, try scanner.readValue())
                        return
                    }
                    object.append(key, .array([]))
                    try scanner.readArray { scanner, i in
                        guard scanner.peekByte() == UInt8(ascii: "{") else { nonObject(i, try scanner.readValue()); return }
                        entry.entries.removeAll(keepingCapacity: true)
                        try scanner.readObject { scanner, key in
                            if entry[key] != nil { throw scanner.error("key \"\(key)\" appears twice") }
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
struct JSONScanner {
        let buffer: UnsafeBufferPointer<UInt8>
        var index = 0

        init(buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

        func error(_ message: String) -> JSONSyntaxError {
            var line = 1, column = 1
            for i in 0..<min(index, buffer.count) {
                if buffer[i] == 0x0A { line += 1; column = 1 } else if buffer[i] & 0xC0 != 0x80 { column += 1 }
            }
            return JSONSyntaxError(line: line, column: column, message: message)
        }

        mutating func skipBOM() {
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { index = 3 }
        }

        mutating func skipWhitespace() {
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
            default: throw error("unexpected character '\(Character(Unicode.Scalar(buffer[index])))'")
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
                if object[key] != nil { throw scanner.error("key \"\(key)\" appears twice") }
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
            guard digits(&self) > 0 else { throw error("malformed number") }
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

        mutating func parseString() throws -> String {
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

    mutating func peekByte() -> UInt8? {
        skipWhitespace()
        return index < buffer.count ? buffer[index] : nil
    }

    /// Calls `body` for each key of an object; `body` must consume the key's value.
    mutating func readObject(_ body: (inout JSONScanner, String) throws -> Void) throws {
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
            guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(key)\"") }
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

    mutating func readValue() throws -> JSONValue {
        skipWhitespace()
        return try parseValue(depth: 1)
    }

    /// Checks UTF-8 and skips a BOM; call once before scanning.
    mutating func begin() throws {
        if let bad = UTF8Check.firstInvalidIndex(buffer) {
            index = bad
            throw error("text is not valid UTF-8")
        }
        skipBOM()
    }

    mutating func end() throws {
        skipWhitespace()
        if index < buffer.count { throw error("unexpected text after the JSON value") }
    }
}

/// Writes JSON with two-space indentation. Objects inside arrays whose members are all scalars
/// go on one line each, so a project file reads one line per activity.
public enum JSONWriter {
    public static func write(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        emit(value, into: &out, indent: 0, inline: false)
        out.append(0x0A)
        return out
    }

    public static func string(_ value: JSONValue) -> String { String(decoding: write(value), as: UTF8.self) }

    private static func isScalar(_ v: JSONValue) -> Bool {
        switch v {
        case .array(let a): return a.isEmpty
        case .object(let o): return o.entries.isEmpty
        default: return true
        }
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent))
    }

    private static func emit(_ value: JSONValue, into out: inout [UInt8], indent: Int, inline: Bool) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: n.utf8)
        case .string(let s): emitString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            if inline {
                out.append(UInt8(ascii: "["))
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(contentsOf: ", ".utf8) }
                    emit(item, into: &out, indent: indent, inline: true)
                }
                out.append(UInt8(ascii: "]"))
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent + 2)
                let oneLine: Bool
                if case .object(let o) = item { oneLine = o.entries.allSatisfy { isScalar($0.value) } } else { oneLine = false }
                emit(item, into: &out, indent: indent + 2, inline: oneLine)
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.entries.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, entry) in object.entries.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if inline { if i > 0 { out.append(0x20) } } else { newline(&out, indent + 2) }
                emitString(entry.key, into: &out)
                out.append(contentsOf: ": ".utf8)
                emit(entry.value, into: &out, indent: indent + 2, inline: inline)
            }
            if !inline { newline(&out, indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func emitString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        let plain = s.withUTF8 { bytes -> Bool in
            for b in bytes where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if plain { out.append(UInt8(ascii: "\"")); return }
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigits[Int(b >> 4)])
                out.append(hexDigits[Int(b & 0xF)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// UTF-8 validation over a whole buffer, with a fast path for ASCII.
enum UTF8Check {
    static func firstInvalidIndex(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = b.count
        guard let base = b.baseAddress else { return nil }
        while i < n {
            while i + 8 <= n, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            if i >= n { break }
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            let length: Int, minimum: UInt32
            var value: UInt32
            switch c {
            case 0xC2...0xDF: length = 2; value = UInt32(c & 0x1F); minimum = 0x80
            case 0xE0...0xEF: length = 3; value = UInt32(c & 0x0F); minimum = 0x800
            case 0xF0...0xF4: length = 4; value = UInt32(c & 0x07); minimum = 0x10000
            default: return i
            }
            guard i + length <= n else { return i }
            for k in 1..<length {
                let cc = b[i + k]
                guard cc & 0xC0 == 0x80 else { return i }
                value = value << 6 | UInt32(cc & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return i }
            i += length
        }
        return nil
    }

    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { firstInvalidIndex($0) == nil }
    }
}
