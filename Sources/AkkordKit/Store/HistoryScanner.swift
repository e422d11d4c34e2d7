/// Reads a project file's `history` array straight from its bytes into entries, with no
/// `JSONValue` tree, for the streaming reader. It takes only what the tree path (`JSONScanner`,
/// then `ProjectCodec.decodeMembers`) would take and decode to the same entries; on anything
/// else it gives nil, and the caller reads the member with the tree path, which then names the
/// problem. What it takes: objects with `time` and `command` (strings), optional `changes` (an
/// array of strings, or null for none) and optional `undoes` (up to 18 digits, or null for none),
/// each key once and unescaped, any JSON whitespace between tokens, valid UTF-8 throughout.
/// The rules on history (undo targets, text kinds) stay `ProjectRules`'s.
struct HistoryScanner {
    private let buffer: UnsafeBufferPointer<UInt8>
    private var index: Int

    /// The entries of the array whose `[` is at `start`, and the index just after its `]`.
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, arrayAt start: Int) -> (entries: [HistoryEntry], end: Int)? {
        guard start >= 0, start < buffer.count, buffer[start] == UInt8(ascii: "[") else { return nil }
        var s = HistoryScanner(buffer: buffer, index: start + 1)
        var entries: [HistoryEntry] = []
        s.skipWhitespace()
        if s.take(UInt8(ascii: "]")) { return (entries, s.index) }
        while true {
            guard let entry = s.entry() else { return nil }
            entries.append(entry)
            s.skipWhitespace()
            if s.take(UInt8(ascii: ",")) { s.skipWhitespace(); continue }
            if s.take(UInt8(ascii: "]")) { return (entries, s.index) }
            return nil
        }
    }

    private init(buffer: UnsafeBufferPointer<UInt8>, index: Int) {
        self.buffer = buffer
        self.index = index
    }

    private enum Key: UInt8 { case time = 1, command = 2, changes = 4, undoes = 8 }

    private mutating func entry() -> HistoryEntry? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var time: String?, command: String?, changes: [String] = [], undoes: Int?
        var seen: UInt8 = 0
        while true {
            skipWhitespace()
            guard let key = key(), seen & key.rawValue == 0 else { return nil }
            seen |= key.rawValue
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            switch key {
            case .time: guard let s = string() else { return nil }; time = s
            case .command: guard let s = string() else { return nil }; command = s
            // The tree path's `FieldReader.value` takes null as absent: no changes, no undo.
            case .changes: if !takeNull() { guard let list = strings() else { return nil }; changes = list }
            case .undoes: if !takeNull() { guard let n = integer() else { return nil }; undoes = n }
            }
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "}")), let time, let command else { return nil }
            return HistoryEntry(time: time, command: command, changes: changes, undoes: undoes)
        }
    }

    /// A known key without escapes, and past it.
    private mutating func key() -> Key? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        if start + 8 <= buffer.count {
            // The key and its closing quote, as one little-endian word: `time"`, `undoes"`, `command"`, `changes"`.
            let w = UnsafeRawPointer(buffer.baseAddress! + start).loadUnaligned(as: UInt64.self)
            if w & 0xFF_FFFF_FFFF == 0x22_656D_6974 { index = start + 5; return .time }
            if w & 0xFF_FFFF_FFFF_FFFF == 0x22_7365_6F64_6E75 { index = start + 7; return .undoes }
            if w == 0x2264_6E61_6D6D_6F63 { index = start + 8; return .command }
            if w == 0x2273_6567_6E61_6863 { index = start + 8; return .changes }
            return nil
        }
        while index < buffer.count, buffer[index] != UInt8(ascii: "\""), buffer[index] != UInt8(ascii: "\\") { index += 1 }
        guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { return nil }
        defer { index += 1 }
        switch index - start {
        case 4: return matches(start, "time") ? .time : nil
        case 6: return matches(start, "undoes") ? .undoes : nil
        case 7: return matches(start, "command") ? .command : matches(start, "changes") ? .changes : nil
        default: return nil
        }
    }

    private func matches(_ start: Int, _ word: StaticString) -> Bool {
        let w = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount where buffer[start + k] != w[k] { return false }
        return true
    }

    private mutating func string() -> String? {
        guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { return nil }
        let base = buffer.baseAddress!, n = buffer.count
        var i = index + 1
        var bits: UInt64 = 0
        // Eight bytes at a time while none is a quote, a backslash or a control byte.
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= n {
            let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let q = w ^ (0x22 &* ones), s = w ^ (0x5C &* ones)
            guard ((q &- ones) & ~q | (s &- ones) & ~s | (w &- 0x20 &* ones) & ~w) & highs == 0 else { break }
            bits |= w
            i += 8
        }
        while i < n {
            let b = base[i]
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") { return escapedString() }
            if b < 0x20 { return nil }
            bits |= UInt64(b)
            i += 1
        }
        guard i < n else { return nil }
        let raw = UnsafeBufferPointer(start: base + index + 1, count: i - index - 1)
        // Only strings hold bytes beyond ASCII (anything else is refused), so checking them checks the array.
        if bits & highs != 0, UTF8Check.firstInvalidIndex(raw) != nil { return nil }
        index = i + 1
        return String(decoding: raw, as: UTF8.self)
    }

    /// A string with escapes, read by the tree path's own string reader.
    private mutating func escapedString() -> String? {
        var scanner = JSONScanner(buffer: buffer)
        scanner.index = index
        guard let s = try? scanner.parseString(),
              UTF8Check.firstInvalidIndex(UnsafeBufferPointer(rebasing: buffer[index..<scanner.index])) == nil else { return nil }
        index = scanner.index
        return s
    }

    private mutating func strings() -> [String]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var list: [String] = []
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return list }
        while true {
            skipWhitespace()
            guard let s = string() else { return nil }
            list.append(s)
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]")) ? list : nil
        }
    }

    /// 0, or 1–18 digits without a leading zero; what follows (a fraction, an exponent) is
    /// refused by the caller's check for `,` or `}`.
    private mutating func integer() -> Int? {
        var i = index, value = 0
        while i < buffer.count, buffer[i] &- UInt8(ascii: "0") < 10 {
            value = value * 10 + Int(buffer[i] &- UInt8(ascii: "0"))
            i += 1
            if i - index > 18 { return nil }
        }
        guard i > index, i - index == 1 || buffer[index] != UInt8(ascii: "0") else { return nil }
        index = i
        return value
    }

    private mutating func takeNull() -> Bool {
        guard index + 4 <= buffer.count, buffer[index] == UInt8(ascii: "n"), buffer[index + 1] == UInt8(ascii: "u"),
              buffer[index + 2] == UInt8(ascii: "l"), buffer[index + 3] == UInt8(ascii: "l") else { return false }
        index += 4
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < buffer.count, buffer[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < buffer.count {
            switch buffer[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}

extension ProjectCodec {
    /// The `history` member's value, as `JSONWriter.write(.array(history.map(\.json)), indent: 2, to:)`
    /// writes it (every entry's members are flat, so each entry is one row), without the tree.
    static func writeHistory(_ history: [HistoryEntry], to out: ByteOutput) {
        JSONWriter.writeRows(history, to: out) { entry in
            out.write("{\"time\": ")
            JSONWriter.writeString(entry.time, to: out)
            out.write(", \"command\": ")
            JSONWriter.writeString(entry.command, to: out)
            if entry.changes.isEmpty {
                out.write(", \"changes\": []")
            } else {
                var before: StaticString = ", \"changes\": ["
                for change in entry.changes {
                    out.write(before)
                    before = ", "
                    JSONWriter.writeString(change, to: out)
                }
                out.write(byte: UInt8(ascii: "]"))
            }
            if let undoes = entry.undoes {
                out.write(", \"undoes\": ")
                out.write(String(undoes))
            }
            out.write(byte: UInt8(ascii: "}"))
        }
    }
}
