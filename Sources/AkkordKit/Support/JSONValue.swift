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
    public var kindDescription: Phrase {
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
