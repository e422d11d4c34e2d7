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
    static let historyChangeKeys: [HistoryChange.Kind: [String]] = {
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
        guard let what = r.string("what", required: true) else { return nil }
        guard let kind = HistoryChange.Kind(rawValue: what), let keys = historyChangeKeys[kind] else {
            r.problem("what", "\(Excerpt.quoted(what)) is not a kind of change akkord records")
            return nil
        }
        if nested, kind == .undo || kind == .undone {
            r.problem("what", "an undone change is not itself an undo")
            return nil
        }
        let before = r.problems.count
        r.rejectUnknown(keys)
        let change = decodeChange(kind, &r)
        return r.problems.count == before ? change : nil
    }

    private static func decodeChange(_ kind: HistoryChange.Kind, _ r: inout FieldReader) -> HistoryChange? {
        func text(_ key: String) -> String? { r.string(key, required: true) }
        func id() -> Int? { r.integer("id", required: true) }
        func money(_ key: String) -> Money? { r.storedNumber(key, required: true) }
        func price(_ key: String) -> UnitPrice? { r.storedNumber(key, required: true) }
        func bothOrNeither(_ a: String, _ b: String) -> Bool {
            guard (r.value(a) == nil) == (r.value(b) == nil) else { r.problem(a, "\(a) and \(b) go together"); return false }
            return true
        }
        switch kind {
        case .lineAdded, .lineRemoved:
            guard let id = id(), let pos = text("pos"), let name = text("name"), let quantity: Quantity = r.storedNumber("quantity", required: true),
                  let unit = text("unit"), let price = price("price"), let amount = money("amount") else { return nil }
            let line = HistoryChange.LineFigures(id: id, pos: pos, name: name, quantity: quantity, unit: unit, price: price, amount: amount,
                                                 measurement: r.string("measurement"))
            return kind == .lineAdded ? .lineAdded(line) : .lineRemoved(line)
        case .lineChanged:
            guard let id = id(), let field = text("field") else { return nil }
            if field != "quantity", r.value("measurement") != nil { r.problem("measurement", "only a change of quantity has a measurement") }
            let change: HistoryChange.LineField?
            switch field {
            case "quantity":
                let old: Quantity? = r.storedNumber("old", required: true), new: Quantity? = r.storedNumber("new", required: true)
                let measurement = r.string("measurement")
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
                if r.value("new") == nil { r.problem("new", "is missing") }
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
                guard let new = r.date("new") else { if r.value("new") == nil { r.problem("new", "is missing") }; return nil }
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
            let id = r.string("id"), was = r.string("was")
            if let id, let was { return .projectRestored(file: file, renamed: .init(id: id, was: was)) }
            return .projectRestored(file: file, renamed: nil)
        case .bundleImported, .bundleReplaced:
            guard let id = text("id"), let file = text("file") else { return nil }
            return .bundleImported(id: id, file: file, exportedAs: r.string("exportedAs"), replaced: kind == .bundleReplaced)
        case .workerAdded:
            guard let id = text("id"), let name = text("name") else { return nil }
            return .workerAdded(id: id, name: name, apprentice: r.bool("apprentice") ?? false, rate: r.storedNumber("rate"))
        case .workerRemoved:
            guard let id = text("id"), let name = text("name") else { return nil }
            return .workerRemoved(id: id, name: name)
        case .hoursAdded, .hoursRemoved:
            guard let id = id(), let worker = text("worker"), let hours = r.storedHours("hours", required: true) else { return nil }
            return kind == .hoursAdded ? .hoursAdded(id: id, worker: worker, hours: hours, date: r.date("date"))
                                       : .hoursRemoved(id: id, worker: worker, hours: hours)
        case .advanceAdded:
            guard let id = id(), let worker = text("worker"), let amount = money("amount"), bothOrNeither("hours", "rate") else { return nil }
            return .advanceAdded(id: id, worker: worker, amount: amount, hours: r.storedHours("hours"), rate: r.storedNumber("rate"),
                                 correction: r.bool("correction") ?? false, date: r.date("date"))
        case .advanceRemoved:
            guard let id = id(), let worker = text("worker"), let amount = money("amount") else { return nil }
            return .advanceRemoved(id: id, worker: worker, amount: amount)
        case .supplementAdded:
            guard let id = id(), let name = text("name"), let percent: Percent = r.storedNumber("percent", required: true) else { return nil }
            var scope = Supplement.Scope()
            if let v = r.value("sections") {
                if let items = v.arrayValue {
                    for (i, item) in items.enumerated() {
                        if let s = item.stringValue { scope.sections.append(s) } else { r.problem("sections[\(i)]", "expected a string, got \(item.kindDescription)") }
                    }
                } else { r.problem("sections", "expected an array, got \(v.kindDescription)") }
            }
            if let v = r.value("lines") {
                if let items = v.arrayValue {
                    for (i, item) in items.enumerated() {
                        if case .number(let n) = item, let line = Int(n), line >= 1 { scope.lines.append(line) } else { r.problem("lines[\(i)]", "expected a line id") }
                    }
                } else { r.problem("lines", "expected an array, got \(v.kindDescription)") }
            }
            return .supplementAdded(id: id, name: name, percent: percent, scope: scope)
        case .supplementRemoved:
            guard let id = id(), let name = text("name"), let percent: Percent = r.storedNumber("percent", required: true) else { return nil }
            return .supplementRemoved(id: id, name: name, percent: percent)
        case .extraWorkAdded:
            guard let id = id(), let text = text("text"), let amount = money("amount"), bothOrNeither("hours", "rate") else { return nil }
            let number = r.string("number") ?? ""
            if r.value("hours") != nil {
                guard let hours = r.storedHours("hours"), let rate: UnitPrice = r.storedNumber("rate") else { return nil }
                return .extraWorkAdded(id: id, text: text, number: number, pricing: .hourly(hours: hours, rate: rate), amount: amount)
            }
            return .extraWorkAdded(id: id, text: text, number: number, pricing: .amount(amount), amount: amount)
        case .extraWorkRemoved:
            guard let id = id(), let text = text("text"), let amount = money("amount") else { return nil }
            return .extraWorkRemoved(id: id, text: text, amount: amount)
        case .photoAdded:
            guard let id = id(), let originalName = text("originalName"), let file = text("file") else { return nil }
            return .photoAdded(id: id, originalName: originalName, caption: r.string("caption") ?? "", file: file)
        case .photoRemoved:
            guard let id = id(), let originalName = text("originalName") else { return nil }
            return .photoRemoved(id: id, originalName: originalName)
        case .undo:
            guard let time = text("time"), let command = text("command") else { return nil }
            return .undo(time: time, command: command)
        case .undone:
            switch (r.value("change"), r.value("text")) {
            case (let change?, nil):
                guard let object = change.objectValue else { r.problem("change", "expected an object, got \(change.kindDescription)"); return nil }
                var inner = FieldReader(object: object, path: r.place("change"), problems: [])
                let undone = decodeChange(&inner, nested: true)
                r.problems += inner.problems
                return undone.map { .undone($0) }
            case (nil, _?):
                return text("text").map { .undoneText($0) }
            default:
                r.problem("change", "an undone change has either a change or a text")
                return nil
            }
        case .demoBuilt:
            return .demoBuilt
        }
    }
}
