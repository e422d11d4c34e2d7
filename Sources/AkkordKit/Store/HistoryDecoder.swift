import AkkordSupport
import AkkordModel

/// Reads a project file's `history` array straight from its bytes into entries with
/// `JSONScanner`'s lexing, no `JSONValue` tree. It takes only what the tree path (`JSONScanner`,
/// then `ProjectCodec.decodeMembers`) would take and decode to the same entries; on anything
/// else it gives nil, and the reader reads the member with the tree path, which then names the
/// problem. What it takes: objects with `time` and `command` (strings), optional `changes` (an
/// array of strings, or null for none), optional `details` (the described changes, or null for
/// none: each lexed by `LexedChange` and decoded by the tree path's decoder of them) and
/// optional `undoes` (up to 18 digits, or null for none), each key once and
/// unescaped, any JSON whitespace between tokens, valid UTF-8 throughout.
/// The rules on history (undo targets, text kinds) stay `ProjectRules`'s.
package struct HistoryDecoder {
    private var lexer: JSONScanner

    /// The entries of the array whose `[` is at `start`, and the index just after its `]`.
    package static func read(_ buffer: UnsafeBufferPointer<UInt8>, arrayAt start: Int) -> (entries: [HistoryEntry], end: Int)? {
        guard start >= 0, start < buffer.count, buffer[start] == UInt8(ascii: "[") else { return nil }
        var d = HistoryDecoder(lexer: JSONScanner(buffer: buffer))
        d.lexer.index = start + 1
        var entries: [HistoryEntry] = []
        d.lexer.skipWhitespace()
        if d.lexer.take(UInt8(ascii: "]")) { return (entries, d.lexer.index) }
        while true {
            guard let entry = d.entry() else { return nil }
            entries.append(entry)
            d.lexer.skipWhitespace()
            if d.lexer.take(UInt8(ascii: ",")) { d.lexer.skipWhitespace(); continue }
            if d.lexer.take(UInt8(ascii: "]")) { return (entries, d.lexer.index) }
            return nil
        }
    }

    private enum Key: UInt8 { case time = 1, command = 2, changes = 4, undoes = 8, details = 16, by = 32 }

    private mutating func entry() -> HistoryEntry? {
        guard lexer.take(UInt8(ascii: "{")) else { return nil }
        var time: String?, command: String?, changes: [String] = [], details: [HistoryChange]?, undoes: Int?, by: String?
        var seen: UInt8 = 0
        while true {
            lexer.skipWhitespace()
            guard let key = key(), seen & key.rawValue == 0 else { return nil }
            seen |= key.rawValue
            lexer.skipWhitespace()
            guard lexer.take(UInt8(ascii: ":")) else { return nil }
            lexer.skipWhitespace()
            switch key {
            case .time: guard let s = lexer.takeString() else { return nil }; time = s.string
            case .command: guard let s = lexer.takeString() else { return nil }; command = s.string
            // The tree path's `FieldReader.string` takes null as absent.
            case .by: if !lexer.takeNull() { guard let s = lexer.takeString() else { return nil }; by = s.string }
            // The tree path's `FieldReader.value` takes null as absent: no changes, no undo.
            case .changes: if !lexer.takeNull() { guard let list = strings() else { return nil }; changes = list }
            case .undoes: if !lexer.takeNull() { guard let n = lexer.takeWholeNumber() else { return nil }; undoes = n }
            case .details: if !lexer.takeNull() { guard let list = self.details() else { return nil }; details = list }
            }
            lexer.skipWhitespace()
            if lexer.take(UInt8(ascii: ",")) { continue }
            guard lexer.take(UInt8(ascii: "}")), let time, let command else { return nil }
            return HistoryEntry(time: time, command: command, changes: changes, details: details, undoes: undoes, by: by)
        }
    }

    /// A known key, and past it.
    private mutating func key() -> Key? {
        guard let key = lexer.takeKey() else { return nil }
        func matches(_ word: StaticString) -> Bool {
            word.utf8CodeUnitCount == key.count && memcmp(word.utf8Start, key.baseAddress!, key.count) == 0
        }
        switch key.count {
        case 2: return matches("by") ? .by : nil
        case 4: return matches("time") ? .time : nil
        case 6: return matches("undoes") ? .undoes : nil
        case 7: return matches("command") ? .command : matches("changes") ? .changes : matches("details") ? .details : nil
        default: return nil
        }
    }

    /// The described changes, each lexed by `LexedChange` and decoded by the one decoder of them;
    /// nil on anything it does not take or any problem (the tree path names it).
    private mutating func details() -> [HistoryChange]? {
        guard lexer.take(UInt8(ascii: "[")) else { return nil }
        var list: [HistoryChange] = []
        lexer.skipWhitespace()
        if lexer.take(UInt8(ascii: "]")) { return list }
        while true {
            lexer.skipWhitespace()
            guard let change = LexedChange.read(&lexer) else { return nil }
            list.append(change)
            lexer.skipWhitespace()
            if lexer.take(UInt8(ascii: ",")) { continue }
            return lexer.take(UInt8(ascii: "]")) ? list : nil
        }
    }

    private mutating func strings() -> [String]? {
        guard lexer.take(UInt8(ascii: "[")) else { return nil }
        var list: [String] = []
        lexer.skipWhitespace()
        if lexer.take(UInt8(ascii: "]")) { return list }
        while true {
            lexer.skipWhitespace()
            guard let s = lexer.takeString() else { return nil }
            list.append(s.string)
            lexer.skipWhitespace()
            if lexer.take(UInt8(ascii: ",")) { continue }
            return lexer.take(UInt8(ascii: "]")) ? list : nil
        }
    }
}

extension ProjectCodec {
    /// The `history` member's value, as `JSONWriter.write(.array(history.map(\.json)), indent: 2, to:)`
    /// writes it: an entry of flat members (one written before changes were described) as one
    /// row without the tree, an entry with `details` as the tree writer lays it out.
    package static func writeHistory(_ history: [HistoryEntry], to out: ByteOutput) {
        JSONWriter.writeRows(history, to: out) { entry in
            if entry.details?.isEmpty == false { return writeDescribed(entry, to: out) }
            out.write("{\"time\": ")
            JSONWriter.writeString(entry.time, to: out)
            out.write(", \"command\": ")
            JSONWriter.writeString(entry.command, to: out)
            if let by = entry.by {
                out.write(", \"by\": ")
                JSONWriter.writeString(by, to: out)
            }
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
            if entry.details != nil { out.write(", \"details\": []") }
            if let undoes = entry.undoes {
                out.write(", \"undoes\": ")
                out.write(String(undoes))
            }
            out.write(byte: UInt8(ascii: "}"))
        }
    }

    /// An entry with described changes, laid out by the tree writer (it is not flat: a member a
    /// row, each text of `changes` and each change of `details` a row).
    private static func writeDescribed(_ entry: HistoryEntry, to out: ByteOutput) {
        JSONWriter.write(entry.json, indent: 4, to: out)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
