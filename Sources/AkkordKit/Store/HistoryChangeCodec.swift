import AkkordSupport
import AkkordModel

/// The described changes of a history entry in the project file (`history[i].details`, SPEC
/// §15): one object per change, `what` naming its kind, the members of each kind from
/// `historyChangeKeys` and no others, figures in akkord's plain form. The one decoder of them,
/// for the tree path (`decodeMembers`) and the history's direct reader (`HistoryDecoder`) alike;
/// every problem at its JSON path (`history[3].details[0].quantity`).
extension ProjectCodec {
    /// The members each kind of change may have, `what` first: the member tables of `details`,
    /// as `historyKeys` is the entry's.
    package static let historyChangeKeys: [HistoryChange.Kind: [String]] = {
        let line = ["what", "id", "pos", "name", "quantity", "unit", "price", "amount", "measurement"]
        let bundle = ["what", "id", "file", "exportedAs"]
        let keys: [HistoryChange.Kind: [String]] = [
            .lineAdded: line,
            .lineRemoved: line,
            .lineChanged: ["what", "id", "field", "old", "new", "measurement"],
            .lineRepriced: ["what", "id", "pos", "oldPrice", "newPrice", "oldAmount", "newAmount"],
            .catalogueChanged: ["what", "oldName", "oldEdition", "newName", "newEdition"],
            .projectCreated: ["what", "id", "name"],
            .projectChanged: ["what", "field", "old", "new"],
            .statusChanged: ["what", "old", "new"],
            .projectRestored: ["what", "file", "id", "was"],
            .bundleImported: bundle,
            .bundleReplaced: bundle,
            .workerAdded: ["what", "id", "name", "apprentice", "rate"],
            .workerRemoved: ["what", "id", "name"],
            .hoursAdded: ["what", "id", "worker", "hours", "date"],
            .hoursRemoved: ["what", "id", "worker", "hours"],
            .advanceAdded: ["what", "id", "worker", "amount", "hours", "rate", "correction", "date"],
            .advanceRemoved: ["what", "id", "worker", "amount"],
            .supplementAdded: ["what", "id", "name", "percent", "sections", "lines"],
            .supplementRemoved: ["what", "id", "name", "percent"],
            .extraWorkAdded: ["what", "id", "text", "number", "amount", "hours", "rate"],
            .extraWorkRemoved: ["what", "id", "text", "amount"],
            .photoAdded: ["what", "id", "originalName", "caption", "file"],
            .photoRemoved: ["what", "id", "originalName"],
            .undo: ["what", "time", "command"],
            .undone: ["what", "change", "text"],
            .demoBuilt: ["what"],
            .merged: ["what", "kinds", "from", "to"],
        ]
        assert(HistoryChange.Kind.allCases.allSatisfy { keys[$0] != nil })
        return keys
    }()

    /// The entry's `details` as `r` (the entry's reader) has them: nil when the entry has none
    /// (or null), else every change, or nil with the problems recorded.
    package static func decodeDetails(_ r: inout FieldReader) -> [HistoryChange]? {
        guard r.value("details") != nil else { return nil }
        let before = r.problems.count
        let details = r.list("details") { d in decodeChange(&d) }
        return r.problems.count == before ? details : nil
    }

    /// One described change; `nested`: the change inside an `undone` (which is no undo itself).
    package static func decodeChange(_ r: inout FieldReader, nested: Bool = false) -> HistoryChange? {
        decodeChange(members: &r, nested: nested)
    }

    /// One described change from its members, however they were read (`ChangeMembers`).
    static func decodeChange<M: ChangeMembers>(members r: inout M, nested: Bool) -> HistoryChange? {
        guard let what = r.string("what", required: true) else { return nil }
        guard let kind = HistoryChange.Kind(rawValue: what), let keys = historyChangeKeys[kind] else {
            r.problem("what", "\(Excerpt.quoted(what)) is not a kind of change akkord records")
            return nil
        }
        if nested, kind == .undo || kind == .undone {
            r.problem("what", "an undone change is not itself an undo")
            return nil
        }
        let before = r.problemCount
        r.rejectUnknown(keys)
        let change = decodeChange(kind, &r)
        return r.problemCount == before ? change : nil
    }

    private static func decodeChange<M: ChangeMembers>(_ kind: HistoryChange.Kind, _ r: inout M) -> HistoryChange? {
        func text(_ key: String) -> String? { r.string(key, required: true) }
        func id() -> Int? { r.integer("id", required: true) }
        func money(_ key: String) -> Money? { r.storedNumber(key, required: true) }
        func price(_ key: String) -> UnitPrice? { r.storedNumber(key, required: true) }
        func bothOrNeither(_ a: String, _ b: String) -> Bool {
            guard r.present(a) == r.present(b) else { r.problem(a, "\(a) and \(b) go together"); return false }
            return true
        }
        switch kind {
        case .lineAdded, .lineRemoved:
            guard let id = id(), let pos = text("pos"), let name = text("name"), let quantity: Quantity = r.storedNumber("quantity", required: true),
                  let unit = text("unit"), let price = price("price"), let amount = money("amount") else { return nil }
            let line = HistoryChange.LineFigures(id: id, pos: pos, name: name, quantity: quantity, unit: unit, price: price, amount: amount,
                                                 measurement: r.string("measurement", required: false))
            return kind == .lineAdded ? .lineAdded(line) : .lineRemoved(line)
        case .lineChanged:
            guard let id = id(), let field = text("field") else { return nil }
            if field != "quantity", r.present("measurement") { r.problem("measurement", "only a change of quantity has a measurement") }
            let change: HistoryChange.LineField?
            switch field {
            case "quantity":
                let old: Quantity? = r.storedNumber("old", required: true), new: Quantity? = r.storedNumber("new", required: true)
                let measurement = r.string("measurement", required: false)
                if let old, let new { change = .quantity(old: old, new: new, measurement: measurement) } else { change = nil }
            case "note", "section":
                let old = text("old"), new = text("new")
                if let old, let new { change = field == "note" ? .note(old: old, new: new) : .section(old: old, new: new) } else { change = nil }
            case "price":
                let old = price("old"), new = price("new")
                if let old, let new { change = .price(old: old, new: new) } else { change = nil }
            case "amount":
                let old = money("old"), new = money("new")
                if let old, let new { change = .amount(old: old, new: new) } else { change = nil }
            case "date":
                let old = r.date("old")
                if !r.present("new") { r.problem("new", "is missing") }
                if let new = r.date("new") { change = .date(old: old, new: new) } else { change = nil }
            default:
                r.problem("field", "\(Excerpt.quoted(field)) is not a field of a line (quantity, note, price, amount, date, section)")
                change = nil
            }
            return change.map { .lineChanged(line: id, $0) }
        case .lineRepriced:
            guard let id = id(), let pos = text("pos"), let oldPrice = price("oldPrice"), let newPrice = price("newPrice"),
                  let oldAmount = money("oldAmount"), let newAmount = money("newAmount") else { return nil }
            return .lineRepriced(line: id, pos: pos, oldPrice: oldPrice, newPrice: newPrice, oldAmount: oldAmount, newAmount: newAmount)
        case .catalogueChanged:
            guard let oldName = text("oldName"), let oldEdition = text("oldEdition"), let newName = text("newName"),
                  let newEdition = text("newEdition") else { return nil }
            return .catalogueChanged(oldName: oldName, oldEdition: oldEdition, newName: newName, newEdition: newEdition)
        case .projectCreated:
            guard let id = text("id"), let name = text("name") else { return nil }
            return .projectCreated(id: id, name: name)
        case .projectChanged:
            guard let name = text("field") else { return nil }
            guard let field = HistoryChange.ProjectField(rawValue: name) else {
                r.problem("field", "\(Excerpt.quoted(name)) is not a field of a project (\(HistoryChange.ProjectField.allCases.map(\.rawValue).joined(separator: ", ")))")
                return nil
            }
            if field.isDate {
                let old = r.date("old")
                guard let new = r.date("new") else { if !r.present("new") { r.problem("new", "is missing") }; return nil }
                return .projectChanged(field, old: old, new: new)
            }
            guard let old = text("old"), let new = text("new") else { return nil }
            return .projectChanged(field, old: old, new: new)
        case .statusChanged:
            func status(_ key: String) -> Project.Status? {
                guard let s = text(key) else { return nil }
                guard let status = Project.Status(rawValue: s) else { r.problem(key, "\(Excerpt.quoted(s)) is not open or closed"); return nil }
                return status
            }
            guard let old = status("old"), let new = status("new") else { return nil }
            return .statusChanged(old: old, new: new)
        case .projectRestored:
            guard let file = text("file"), bothOrNeither("id", "was") else { return nil }
            let id = r.string("id", required: false), was = r.string("was", required: false)
            if let id, let was { return .projectRestored(file: file, renamed: .init(id: id, was: was)) }
            return .projectRestored(file: file, renamed: nil)
        case .bundleImported, .bundleReplaced:
            guard let id = text("id"), let file = text("file") else { return nil }
            return .bundleImported(id: id, file: file, exportedAs: r.string("exportedAs", required: false), replaced: kind == .bundleReplaced)
        case .workerAdded:
            guard let id = text("id"), let name = text("name") else { return nil }
            return .workerAdded(id: id, name: name, apprentice: r.bool("apprentice") ?? false, rate: r.storedNumber("rate", required: false))
        case .workerRemoved:
            guard let id = text("id"), let name = text("name") else { return nil }
            return .workerRemoved(id: id, name: name)
        case .hoursAdded, .hoursRemoved:
            guard let id = id(), let worker = text("worker"), let hours = r.storedHours("hours", required: true) else { return nil }
            return kind == .hoursAdded ? .hoursAdded(id: id, worker: worker, hours: hours, date: r.date("date"))
                                       : .hoursRemoved(id: id, worker: worker, hours: hours)
        case .advanceAdded:
            guard let id = id(), let worker = text("worker"), let amount = money("amount"), bothOrNeither("hours", "rate") else { return nil }
            return .advanceAdded(id: id, worker: worker, amount: amount, hours: r.storedHours("hours", required: false), rate: r.storedNumber("rate", required: false),
                                 correction: r.bool("correction") ?? false, date: r.date("date"))
        case .advanceRemoved:
            guard let id = id(), let worker = text("worker"), let amount = money("amount") else { return nil }
            return .advanceRemoved(id: id, worker: worker, amount: amount)
        case .supplementAdded:
            guard let id = id(), let name = text("name"), let percent: Percent = r.storedNumber("percent", required: true) else { return nil }
            let scope = Supplement.Scope(sections: r.texts("sections"), lines: r.lineIds("lines"))
            return .supplementAdded(id: id, name: name, percent: percent, scope: scope)
        case .supplementRemoved:
            guard let id = id(), let name = text("name"), let percent: Percent = r.storedNumber("percent", required: true) else { return nil }
            return .supplementRemoved(id: id, name: name, percent: percent)
        case .extraWorkAdded:
            guard let id = id(), let text = text("text"), let amount = money("amount"), bothOrNeither("hours", "rate") else { return nil }
            let number = r.string("number", required: false) ?? ""
            if r.present("hours") {
                guard let hours = r.storedHours("hours", required: false), let rate: UnitPrice = r.storedNumber("rate", required: false) else { return nil }
                return .extraWorkAdded(id: id, text: text, number: number, pricing: .hourly(hours: hours, rate: rate), amount: amount)
            }
            return .extraWorkAdded(id: id, text: text, number: number, pricing: .amount(amount), amount: amount)
        case .extraWorkRemoved:
            guard let id = id(), let text = text("text"), let amount = money("amount") else { return nil }
            return .extraWorkRemoved(id: id, text: text, amount: amount)
        case .photoAdded:
            guard let id = id(), let originalName = text("originalName"), let file = text("file") else { return nil }
            return .photoAdded(id: id, originalName: originalName, caption: r.string("caption", required: false) ?? "", file: file)
        case .photoRemoved:
            guard let id = id(), let originalName = text("originalName") else { return nil }
            return .photoRemoved(id: id, originalName: originalName)
        case .undo:
            guard let time = text("time"), let command = text("command") else { return nil }
            return .undo(time: time, command: command)
        case .undone:
            let hasText = r.present("text")
            switch r.nestedChange("change") {
            case .some(let change?) where !hasText: return .undone(change)
            case .some(nil): return nil
            case nil where hasText: return text("text").map { .undoneText($0) }
            default:
                r.problem("change", "an undone change has either a change or a text")
                return nil
            }
        case .demoBuilt:
            return .demoBuilt
        case .merged:
            let kinds = r.texts("kinds"), from = r.lineIds("from"), to = r.lineIds("to")
            guard kinds.count == from.count, kinds.count == to.count else {
                r.problem("kinds", "kinds, from and to have one item each per renumbering")
                return nil
            }
            for kind in kinds where !Project.counters.contains(kind) {
                r.problem("kinds", "\(Excerpt.quoted(kind)) is not a kind of record with a number")
                return nil
            }
            return .merged(renumberings: kinds.indices.map { Renumbering(kind: kinds[$0], from: from[$0], to: to[$0]) })
        }
    }
}

/// Where `ProjectCodec.decodeChange` reads a change's members from: the tree path's
/// `FieldReader` (every problem at its JSON path), or the history's direct reader's
/// `LexedChange` (members lexed straight from the file, which only counts problems: the tree
/// path names them). One decoder for both, so the two take the same changes.
protocol ChangeMembers {
    /// Whether the member is there (null is not).
    mutating func present(_ key: String) -> Bool
    mutating func string(_ key: String, required: Bool) -> String?
    mutating func integer(_ key: String, required: Bool) -> Int?
    mutating func bool(_ key: String) -> Bool?
    mutating func date(_ key: String) -> String?
    mutating func storedNumber<N: FixedPointNumber>(_ key: String, required: Bool) -> N?
    mutating func storedHours(_ key: String, required: Bool) -> Hours?
    /// An array of texts (a supplement's sections); none when absent.
    mutating func texts(_ key: String) -> [String]
    /// An array of line ids (a supplement's lines); none when absent.
    mutating func lineIds(_ key: String) -> [Int]
    /// The change inside an undone one: nil when absent, `.some(nil)` when it does not decode.
    mutating func nestedChange(_ key: String) -> HistoryChange??
    mutating func problem(_ key: String, _ message: Phrase)
    mutating func rejectUnknown(_ known: [String])
    var problemCount: Int { get }
}

extension FieldReader: ChangeMembers {
    mutating func present(_ key: String) -> Bool { value(key) != nil }
    var problemCount: Int { problems.count }

    mutating func texts(_ key: String) -> [String] {
        guard let v = value(key) else { return [] }
        guard let items = v.arrayValue else { problem(key, "expected an array, got \(v.kindDescription)"); return [] }
        var list: [String] = []
        for (i, item) in items.enumerated() {
            if let s = item.stringValue { list.append(s) } else { problem("\(key)[\(i)]", "expected a string, got \(item.kindDescription)") }
        }
        return list
    }

    mutating func lineIds(_ key: String) -> [Int] {
        guard let v = value(key) else { return [] }
        guard let items = v.arrayValue else { problem(key, "expected an array, got \(v.kindDescription)"); return [] }
        var list: [Int] = []
        for (i, item) in items.enumerated() {
            if case .number(let n) = item, let line = Int(n), line >= 1 { list.append(line) } else { problem("\(key)[\(i)]", "expected a line id") }
        }
        return list
    }

    mutating func nestedChange(_ key: String) -> HistoryChange?? {
        guard let v = value(key) else { return nil }
        guard let object = v.objectValue else { problem(key, "expected an object, got \(v.kindDescription)"); return .some(nil) }
        var inner = FieldReader(object: object, path: place(key), problems: [])
        let change = ProjectCodec.decodeChange(members: &inner, nested: true)
        problems += inner.problems
        return .some(change)
    }
}

/// A described change's object lexed straight from the file's bytes by the history's direct
/// reader (`HistoryDecoder`), no `JSONValue` tree: its members, then decoded by the one decoder
/// (`ProjectCodec.decodeChange`). It takes only what it can read as the tree path would — keys
/// in ASCII without escapes, each once; strings; whole numbers of up to 18 digits; true, false,
/// null; arrays of strings or of whole numbers; the object of an undone change — and gives nil
/// on anything else or any problem, leaving the history to the tree path, which names it.
struct LexedChange: ChangeMembers {
    private enum Value {
        case string(String), number(Int), bool(Bool), null, strings([String]), numbers([Int]), change(HistoryChange)
    }
    private var members: [(key: String, value: Value)] = []
    private(set) var problemCount = 0

    /// The change whose `{` is at the lexer, and the lexer past its `}`; nil when it is not one
    /// this reader takes.
    static func read(_ lexer: inout JSONScanner, nested: Bool = false) -> HistoryChange? {
        guard lexer.take(UInt8(ascii: "{")) else { return nil }
        var m = LexedChange()
        m.members.reserveCapacity(10)
        lexer.skipWhitespace()
        if !lexer.take(UInt8(ascii: "}")) {
            while true {
                lexer.skipWhitespace()
                guard let bytes = lexer.takeKey(), bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                let key = String(decoding: bytes, as: UTF8.self)
                guard !m.members.contains(where: { $0.key == key }) else { return nil }
                lexer.skipWhitespace()
                guard lexer.take(UInt8(ascii: ":")) else { return nil }
                lexer.skipWhitespace()
                guard let value = Self.value(&lexer, key: key, nested: nested) else { return nil }
                m.members.append((key, value))
                lexer.skipWhitespace()
                if lexer.take(UInt8(ascii: ",")) { continue }
                guard lexer.take(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        let change = ProjectCodec.decodeChange(members: &m, nested: nested)
        return m.problemCount == 0 ? change : nil
    }

    private static func value(_ lexer: inout JSONScanner, key: String, nested: Bool) -> Value? {
        switch lexer.peekByte() {
        case UInt8(ascii: "\""): return lexer.takeString().map { .string($0.string) }
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            for (word, b) in [("true", true), ("false", false)] {
                let bytes = word.utf8
                if lexer.index + bytes.count <= lexer.buffer.count,
                   lexer.buffer[lexer.index..<(lexer.index + bytes.count)].elementsEqual(bytes) {
                    lexer.index += bytes.count
                    return .bool(b)
                }
            }
            return nil
        case UInt8(ascii: "n"): return lexer.takeNull() ? .null : nil
        case UInt8(ascii: "{"):
            // Only an undone change holds an object, and that one no other.
            guard key == "change", !nested else { return nil }
            return read(&lexer, nested: true).map { .change($0) }
        case UInt8(ascii: "["):
            lexer.index += 1
            lexer.skipWhitespace()
            if lexer.take(UInt8(ascii: "]")) { return .strings([]) }
            var strings: [String] = [], numbers: [Int] = []
            while true {
                lexer.skipWhitespace()
                if numbers.isEmpty, let s = lexer.takeString() { strings.append(s.string) }
                else if strings.isEmpty, let n = lexer.takeWholeNumber() { numbers.append(n) }
                else { return nil }
                lexer.skipWhitespace()
                if lexer.take(UInt8(ascii: ",")) { continue }
                guard lexer.take(UInt8(ascii: "]")) else { return nil }
                return strings.isEmpty ? .numbers(numbers) : .strings(strings)
            }
        case let b? where b >= 48 && b <= 57: return lexer.takeWholeNumber().map { .number($0) }
        default: return nil
        }
    }

    /// The member's value (null included), as the tree path's `value` has it but for null.
    private func member(_ key: String) -> Value? { members.first { $0.key == key }?.value }

    /// The value, nil when absent or null; a missing required one is a problem.
    private mutating func given(_ key: String, required: Bool) -> Value? {
        switch member(key) {
        case nil, .null?: if required { problemCount += 1 }; return nil
        case let v?: return v
        }
    }

    mutating func present(_ key: String) -> Bool { given(key, required: false) != nil }
    mutating func problem(_ key: String, _ message: Phrase) { problemCount += 1 }
    mutating func rejectUnknown(_ known: [String]) {
        for m in members where !known.contains(m.key) { problemCount += 1 }
    }

    mutating func string(_ key: String, required: Bool) -> String? {
        guard let v = given(key, required: required) else { return nil }
        guard case .string(let s) = v else { problemCount += 1; return nil }
        return s
    }

    mutating func integer(_ key: String, required: Bool) -> Int? {
        guard let v = given(key, required: required) else { return nil }
        guard case .number(let n) = v else { problemCount += 1; return nil }
        return n
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let v = given(key, required: false) else { return nil }
        guard case .bool(let b) = v else { problemCount += 1; return nil }
        return b
    }

    mutating func date(_ key: String) -> String? {
        guard let s = string(key, required: false) else { return nil }
        if ISODate.problem(s) != nil { problemCount += 1; return nil }
        return s
    }

    /// A figure's text as the tree path's `storedNumberText` takes it: a string, or a number's digits.
    private mutating func figureText(_ key: String, required: Bool, allowsMinutes: Bool) -> String? {
        guard let v = given(key, required: required) else { return nil }
        let text: String
        switch v {
        case .string(let s): text = s
        case .number(let n): text = String(n)
        default: problemCount += 1; return nil
        }
        guard FieldReader.isPlainForm(text, allowsMinutes: allowsMinutes) else { problemCount += 1; return nil }
        return text
    }

    mutating func storedNumber<N: FixedPointNumber>(_ key: String, required: Bool) -> N? {
        guard let text = figureText(key, required: required, allowsMinutes: false) else { return nil }
        guard let n = try? N(parsing: text) else { problemCount += 1; return nil }
        return n
    }

    mutating func storedHours(_ key: String, required: Bool) -> Hours? {
        guard let text = figureText(key, required: required, allowsMinutes: true) else { return nil }
        guard let h = try? Hours(parsing: text) else { problemCount += 1; return nil }
        return h
    }

    mutating func texts(_ key: String) -> [String] {
        guard let v = given(key, required: false) else { return [] }
        guard case .strings(let list) = v else { problemCount += 1; return [] }
        return list
    }

    mutating func lineIds(_ key: String) -> [Int] {
        switch given(key, required: false) {
        case nil: return []
        case .strings(let list)? where list.isEmpty: return []
        case .numbers(let list)? where list.allSatisfy({ $0 >= 1 }): return list
        default: problemCount += 1; return []
        }
    }

    mutating func nestedChange(_ key: String) -> HistoryChange?? {
        guard let v = given(key, required: false) else { return nil }
        guard case .change(let change) = v else { problemCount += 1; return .some(nil) }
        return .some(change)
    }
}
