/// Writes JSON with two-space indentation. Objects inside arrays whose members are all scalars
/// (or arrays of scalars, like an activity's keywords) go on one line each, so a project file
/// reads one line per activity.
public enum JSONWriter {
    public static func write(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        emit(value, into: &out, indent: 0, inline: false)
        out.append(0x0A)
        return out
    }

    public static func string(_ value: JSONValue) -> String { String(decoding: write(value), as: UTF8.self) }

    /// Writes `value` as it would appear at `indent` inside a larger document (no newline after
    /// it): how a streaming writer puts the small members of a big document.
    public static func write(_ value: JSONValue, indent: Int, to out: ByteOutput) {
        var bytes: [UInt8] = []
        emit(value, into: &bytes, indent: indent, inline: false)
        out.write(bytes)
    }

    /// An array member's value as `JSONWriter` lays out one whose items are flat objects: `[]`
    /// when empty, else one item per row, indented under a top-level member.
    public static func writeRows<Items: Sequence>(_ items: Items, to out: ByteOutput, _ writeItem: (Items.Element) -> Void) {
        var separator: StaticString = "[\n    "
        var empty = true
        for item in items {
            out.write(separator)
            separator = ",\n    "
            empty = false
            writeItem(item)
        }
        out.write(empty ? "[]" : "\n  ]")
    }

    /// A string in quotes, escaped as `write` escapes it.
    public static func writeString(_ s: String, to out: ByteOutput) {
        var s = s
        let plain = s.withUTF8 { bytes -> Bool in
            for b in bytes where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return false }
            out.write(byte: UInt8(ascii: "\""))
            out.write(UnsafeRawBufferPointer(bytes))
            out.write(byte: UInt8(ascii: "\""))
            return true
        }
        if plain { return }
        var bytes: [UInt8] = []
        emitString(s, into: &bytes)
        out.write(bytes)
    }

    private static func isScalar(_ v: JSONValue) -> Bool {
        switch v {
        case .array(let a): return a.isEmpty
        case .object(let o): return o.entries.isEmpty
        default: return true
        }
    }

    /// A scalar, or an array of scalars: fits on an object's one line.
    private static func isFlat(_ v: JSONValue) -> Bool {
        if case .array(let a) = v { return a.allSatisfy(isScalar) }
        return isScalar(v)
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
                if case .object(let o) = item { oneLine = o.entries.allSatisfy { isFlat($0.value) } } else { oneLine = false }
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

    static func emitString(_ s: String, into out: inout [UInt8]) {
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
