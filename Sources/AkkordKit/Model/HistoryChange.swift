import AkkordSupport

/// One change of a history entry as data (SPEC §15): what was done (`what`), to which record
/// (its id) and with which figures. It is stored beside the entry's English text (`changes`,
/// kept for readers of the file that know only the text) as one small JSON object per change in
/// the entry's `details`, the same in every language; `history` and `undo` show it in the
/// active language (`HistoryText`). Figures are kept exactly, as the project file keeps them
/// (`"100.6"`, `"38.50"`, hours `"7:20"`).
public enum HistoryChange: Equatable, Sendable {
    case lineAdded(LineFigures)
    case lineRemoved(LineFigures)
    case lineChanged(line: Int, LineField)
    /// `project reprice`: a catalogue line took the catalogue's price; its amount followed.
    case lineRepriced(line: Int, pos: String, oldPrice: UnitPrice, newPrice: UnitPrice, oldAmount: Money, newAmount: Money)
    /// `project reprice`: the catalogue the project is priced from.
    case catalogueChanged(oldName: String, oldEdition: String, newName: String, newEdition: String)
    case projectCreated(id: String, name: String)
    /// `project edit`: one field; `old` is nil for a date that was not set.
    case projectChanged(ProjectField, old: String?, new: String)
    case statusChanged(old: Project.Status, new: Project.Status)
    /// `project restore`: the trash file it came from (`trash/x.json`); `renamed` when it was
    /// restored under another id.
    case projectRestored(file: String, renamed: Renamed?)
    /// `project import`: a bundle's project stored under another id than it was exported with
    /// (`exportedAs`), or replacing the stored version (`replaced`).
    case bundleImported(id: String, file: String, exportedAs: String?, replaced: Bool)
    case workerAdded(id: String, name: String, apprentice: Bool, rate: UnitPrice?)
    case workerRemoved(id: String, name: String)
    case hoursAdded(id: Int, worker: String, hours: Hours, date: String?)
    case hoursRemoved(id: Int, worker: String, hours: Hours)
    /// An advance of an amount, or of `hours` × `rate` (both or neither).
    case advanceAdded(id: Int, worker: String, amount: Money, hours: Hours?, rate: UnitPrice?, correction: Bool, date: String?)
    case advanceRemoved(id: Int, worker: String, amount: Money)
    case supplementAdded(id: Int, name: String, percent: Percent, scope: Supplement.Scope)
    case supplementRemoved(id: Int, name: String, percent: Percent)
    case extraWorkAdded(id: Int, text: String, number: String, pricing: ExtraWork.Pricing, amount: Money)
    case extraWorkRemoved(id: Int, text: String, amount: Money)
    case photoAdded(id: Int, originalName: String, caption: String, file: String)
    case photoRemoved(id: Int, originalName: String)
    /// The first change of an `undo`'s entry: which entry it took back (its time and command).
    case undo(time: String, command: String)
    /// A change the undo took back, as that entry described it.
    indirect case undone(HistoryChange)
    /// A change the undo took back, of an entry that has only its text (written before changes
    /// were described).
    case undoneText(String)
    /// `akkord demo`'s one entry.
    case demoBuilt
    /// The merge of two machines' versions of the project (SPEC §14), with every record made on
    /// this machine that took a new id.
    case merged(renumberings: [Renumbering])

    /// A line's figures as a change records them.
    public struct LineFigures: Equatable, Sendable {
        public var id: Int
        public var pos: String
        public var name: String
        public var quantity: Quantity
        public var unit: String
        public var price: UnitPrice
        public var amount: Money
        /// The measurement the quantity came from, as typed.
        public var measurement: String?

        public init(id: Int, pos: String, name: String, quantity: Quantity, unit: String, price: UnitPrice, amount: Money,
                    measurement: String? = nil) {
            self.id = id; self.pos = pos; self.name = name; self.quantity = quantity; self.unit = unit
            self.price = price; self.amount = amount; self.measurement = measurement
        }

        public init(_ line: Line) {
            self.init(id: line.id, pos: line.pos, name: line.name, quantity: line.quantity, unit: line.unit, price: line.price,
                      amount: line.amount, measurement: line.measurement)
        }
    }

    /// One field of a line, old → new.
    public enum LineField: Equatable, Sendable {
        /// `measurement`: the expression the new quantity came from.
        case quantity(old: Quantity, new: Quantity, measurement: String?)
        case note(old: String, new: String)
        case price(old: UnitPrice, new: UnitPrice)
        case amount(old: Money, new: Money)
        case date(old: String?, new: String)
        case section(old: String, new: String)

        /// The field's name in the file (`"field": "quantity"`).
        public var name: String {
            switch self {
            case .quantity: return "quantity"
            case .note: return "note"
            case .price: return "price"
            case .amount: return "amount"
            case .date: return "date"
            case .section: return "section"
            }
        }
    }

    /// The fields `project edit` changes; `start` and `end` are dates, the others text.
    public enum ProjectField: String, Equatable, Sendable, CaseIterable {
        case name, address, employer, customer, start, end, note
        case handedIn, approved, disputed, disputeNote
        public var isDate: Bool { [.start, .end, .handedIn, .approved, .disputed].contains(self) }
    }

    /// The id a project was restored under, and the one it had.
    public struct Renamed: Equatable, Sendable {
        public var id: String
        public var was: String
        public init(id: String, was: String) { self.id = id; self.was = was }
    }

    /// The names of the kinds of change (`"what"` in the file).
    public enum Kind: String, Sendable, CaseIterable {
        case lineAdded, lineRemoved, lineChanged, lineRepriced, catalogueChanged
        case projectCreated, projectChanged, statusChanged, projectRestored, bundleImported, bundleReplaced
        case workerAdded, workerRemoved, hoursAdded, hoursRemoved, advanceAdded, advanceRemoved
        case supplementAdded, supplementRemoved, extraWorkAdded, extraWorkRemoved, photoAdded, photoRemoved
        case undo, undone, demoBuilt, merged
    }

    public var kind: Kind {
        switch self {
        case .lineAdded: return .lineAdded
        case .lineRemoved: return .lineRemoved
        case .lineChanged: return .lineChanged
        case .lineRepriced: return .lineRepriced
        case .catalogueChanged: return .catalogueChanged
        case .projectCreated: return .projectCreated
        case .projectChanged: return .projectChanged
        case .statusChanged: return .statusChanged
        case .projectRestored: return .projectRestored
        case .bundleImported(_, _, _, let replaced): return replaced ? .bundleReplaced : .bundleImported
        case .workerAdded: return .workerAdded
        case .workerRemoved: return .workerRemoved
        case .hoursAdded: return .hoursAdded
        case .hoursRemoved: return .hoursRemoved
        case .advanceAdded: return .advanceAdded
        case .advanceRemoved: return .advanceRemoved
        case .supplementAdded: return .supplementAdded
        case .supplementRemoved: return .supplementRemoved
        case .extraWorkAdded: return .extraWorkAdded
        case .extraWorkRemoved: return .extraWorkRemoved
        case .photoAdded: return .photoAdded
        case .photoRemoved: return .photoRemoved
        case .undo: return .undo
        case .undone, .undoneText: return .undone
        case .demoBuilt: return .demoBuilt
        case .merged: return .merged
        }
    }
}

// MARK: - the English text kept beside it

extension HistoryChange {
    /// The change as the entry's `changes` keep it: English, plain numbers, units as stored —
    /// the text akkord wrote before changes were described, word for word.
    public var text: String {
        switch self {
        case .lineAdded(let l):
            let measured = l.measurement.map { " (measured \($0))" } ?? ""
            return "line \(l.id) added: \(l.pos) \(l.name), \(l.quantity.plain) \(l.unit)\(measured) × \(l.price.plain) = \(l.amount.plain)"
        case .lineRemoved(let l):
            return "line \(l.id) removed: \(l.pos) \(l.name), \(l.quantity.plain) \(l.unit) × \(l.price.plain) = \(l.amount.plain)"
        case .lineChanged(let id, let field):
            switch field {
            case .quantity(let old, let new, let measurement):
                return "line \(id) quantity: \(old.plain) → \(new.plain)" + (measurement.map { " (measured \($0))" } ?? "")
            case .note(let old, let new): return "line \(id) note: \"\(old)\" → \"\(new)\""
            case .price(let old, let new): return "line \(id) price: \(old.plain) → \(new.plain)"
            case .amount(let old, let new): return "line \(id) amount: \(old.plain) → \(new.plain)"
            case .date(let old, let new): return "line \(id) date: \(old ?? "-") → \(new)"
            case .section(let old, let new): return "line \(id) section: \"\(old)\" → \"\(new)\""
            }
        case .lineRepriced(let id, let pos, let oldPrice, let newPrice, let oldAmount, let newAmount):
            return "line \(id) (\(pos)): price \(oldPrice.plain) → \(newPrice.plain), amount \(oldAmount.plain) → \(newAmount.plain)"
        case .catalogueChanged(let oldName, let oldEdition, let newName, let newEdition):
            func shown(_ text: String) -> String { text.isEmpty ? "-" : text }
            if oldName == newName { return "catalogue edition: \(shown(oldEdition)) → \(shown(newEdition))" }
            return "catalogue: \"\(oldName)\" edition \(shown(oldEdition)) → \"\(newName)\" edition \(shown(newEdition))"
        case .projectCreated(let id, let name): return "project \"\(id)\" created: \(name)"
        case .projectChanged(let field, let old, let new):
            if field.isDate { return "\(field.rawValue): \(old ?? "-") → \(new)" }
            return "\(field.rawValue): \"\(old ?? "")\" → \"\(new)\""
        case .statusChanged(let old, let new): return "status: \(old.rawValue) → \(new.rawValue)"
        case .projectRestored(let file, let renamed):
            return "restored from the trash (\(file))" + (renamed.map { " as \"\($0.id)\", was \"\($0.was)\"" } ?? "")
        case .bundleImported(let id, let file, let exportedAs, let replaced):
            let renamed = exportedAs.map { " (exported as \"\($0)\")" } ?? ""
            return replaced ? "project \"\(id)\" replaced from the bundle \(file)\(renamed); the previous version is in the trash"
                            : "project \"\(id)\" imported from the bundle \(file)\(renamed)"
        case .workerAdded(let id, let name, let apprentice, let rate):
            return "worker \(id) added: \(name), " + (apprentice ? "apprentice at \(rate?.plain ?? "?")/h" : "journeyman")
        case .workerRemoved(let id, let name): return "worker \(id) removed: \(name)"
        case .hoursAdded(let id, let worker, let hours, let date):
            return "hours \(id) added: \(worker) \(hours.plain) h\(date.map { " on \($0)" } ?? "")"
        case .hoursRemoved(let id, let worker, let hours): return "hours \(id) removed: \(worker) \(hours.plain) h"
        case .advanceAdded(let id, let worker, let amount, let hours, let rate, let correction, let date):
            let on = date.map { " on \($0)" } ?? ""
            if let hours, let rate { return "advance \(id) added: \(worker) \(hours.twoDecimalsPlain) h × \(rate.plain) = \(amount.plain)\(on)" }
            return "advance \(id) added: \(worker) \(amount.plain)\(correction ? " (correction)" : "")\(on)"
        case .advanceRemoved(let id, let worker, let amount): return "advance \(id) removed: \(worker) \(amount.plain)"
        case .supplementAdded(let id, let name, let percent, let scope):
            return "supplement \(id) added: \(name) \(percent.plain) %" + (scope.isAll ? "" : " on " + Project.describe(scope))
        case .supplementRemoved(let id, let name, let percent): return "supplement \(id) removed: \(name) \(percent.plain) %"
        case .extraWorkAdded(let id, let text, let number, let pricing, let amount):
            let how: String
            switch pricing {
            case .amount(let m): how = (m.isNegative ? "deduction " : "agreed ") + m.plain
            case .hourly(let h, let r): how = "\(h.plain) h × \(r.plain) = \(amount.plain)"
            }
            return "extra work \(id) added: \(text)\(number.isEmpty ? "" : " (agreement \(number))"), \(how)"
        case .extraWorkRemoved(let id, let text, let amount): return "extra work \(id) removed: \(text) \(amount.plain)"
        case .photoAdded(let id, let originalName, let caption, let file):
            return "photo \(id) added: \(originalName)\(caption.isEmpty ? "" : " \"\(caption)\"") as \(file)"
        case .photoRemoved(let id, let originalName): return "photo \(id) removed: \(originalName)"
        case .undo(let time, let command): return "undid the change of \(time) (\(command))"
        case .undone(let change): return "undid: \(change.text)"
        case .undoneText(let text): return "undid: \(text)"
        case .demoBuilt: return "demo project built"
        case .merged(let renumberings):
            return "merged" + (renumberings.isEmpty ? "" : ": " + renumberings.map(\.text).joined(separator: ", "))
        }
    }
}

// MARK: - the stored form

extension HistoryChange {
    /// A member's value as the stored object holds it.
    public enum Member {
        case text(String)
        /// A text, or null.
        case optionalText(String?)
        case number(Int)
        /// A figure, as a string in plain form.
        case figure(any FixedPointNumber)
        /// Hours, as a string in the file's form (`"7.5"`, `"7:20"`).
        case hours(Hours)
        case bool(Bool)
        case texts([String])
        case numbers([Int])
        /// The change an undo took back.
        case change(HistoryChange)
    }

    /// The members of the stored object in their order: `what`, the record's id, then its
    /// figures; members that do not apply are left out. `json`, `texts` and the file's writer
    /// (`writeJSON`) are all made from these.
    public func forEachMember(_ body: (String, Member) -> Void) {
        body("what", .text(kind.rawValue))
        func text(_ key: String, _ value: String?) { if let value { body(key, .text(value)) } }
        func figure(_ key: String, _ n: any FixedPointNumber) { body(key, .figure(n)) }
        func id(_ i: Int) { body("id", .number(i)) }
        switch self {
        case .lineAdded(let l), .lineRemoved(let l):
            id(l.id); text("pos", l.pos); text("name", l.name); figure("quantity", l.quantity); text("unit", l.unit)
            figure("price", l.price); figure("amount", l.amount); text("measurement", l.measurement)
        case .lineChanged(let line, let field):
            id(line)
            text("field", field.name)
            switch field {
            case .quantity(let old, let new, let measurement): figure("old", old); figure("new", new); text("measurement", measurement)
            case .note(let old, let new), .section(let old, let new): text("old", old); text("new", new)
            case .price(let old, let new): figure("old", old); figure("new", new)
            case .amount(let old, let new): figure("old", old); figure("new", new)
            case .date(let old, let new): body("old", .optionalText(old)); text("new", new)
            }
        case .lineRepriced(let line, let pos, let oldPrice, let newPrice, let oldAmount, let newAmount):
            id(line); text("pos", pos); figure("oldPrice", oldPrice); figure("newPrice", newPrice)
            figure("oldAmount", oldAmount); figure("newAmount", newAmount)
        case .catalogueChanged(let oldName, let oldEdition, let newName, let newEdition):
            text("oldName", oldName); text("oldEdition", oldEdition); text("newName", newName); text("newEdition", newEdition)
        case .projectCreated(let project, let name): text("id", project); text("name", name)
        case .projectChanged(let field, let old, let new): text("field", field.rawValue); body("old", .optionalText(old)); text("new", new)
        case .statusChanged(let old, let new): text("old", old.rawValue); text("new", new.rawValue)
        case .projectRestored(let file, let renamed):
            text("file", file)
            if let renamed { text("id", renamed.id); text("was", renamed.was) }
        case .bundleImported(let project, let file, let exportedAs, _): text("id", project); text("file", file); text("exportedAs", exportedAs)
        case .workerAdded(let worker, let name, let apprentice, let rate):
            text("id", worker); text("name", name); body("apprentice", .bool(apprentice))
            if let rate { figure("rate", rate) }
        case .workerRemoved(let worker, let name): text("id", worker); text("name", name)
        case .hoursAdded(let entry, let worker, let hours, let date): id(entry); text("worker", worker); body("hours", .hours(hours)); text("date", date)
        case .hoursRemoved(let entry, let worker, let hours): id(entry); text("worker", worker); body("hours", .hours(hours))
        case .advanceAdded(let entry, let worker, let amount, let hours, let rate, let correction, let date):
            id(entry); text("worker", worker); figure("amount", amount)
            if let hours, let rate { body("hours", .hours(hours)); figure("rate", rate) }
            if correction { body("correction", .bool(true)) }
            text("date", date)
        case .advanceRemoved(let entry, let worker, let amount): id(entry); text("worker", worker); figure("amount", amount)
        case .supplementAdded(let entry, let name, let percent, let scope):
            id(entry); text("name", name); figure("percent", percent)
            if !scope.sections.isEmpty { body("sections", .texts(scope.sections)) }
            if !scope.lines.isEmpty { body("lines", .numbers(scope.lines)) }
        case .supplementRemoved(let entry, let name, let percent): id(entry); text("name", name); figure("percent", percent)
        case .extraWorkAdded(let entry, let work, let number, let pricing, let amount):
            id(entry); text("text", work)
            if !number.isEmpty { text("number", number) }
            figure("amount", amount)
            if case .hourly(let h, let r) = pricing { body("hours", .hours(h)); figure("rate", r) }
        case .extraWorkRemoved(let entry, let work, let amount): id(entry); text("text", work); figure("amount", amount)
        case .photoAdded(let entry, let originalName, let caption, let file):
            id(entry); text("originalName", originalName)
            if !caption.isEmpty { text("caption", caption) }
            text("file", file)
        case .photoRemoved(let entry, let originalName): id(entry); text("originalName", originalName)
        case .undo(let time, let command): text("time", time); text("command", command)
        case .undone(let change): body("change", .change(change))
        case .undoneText(let stored): text("text", stored)
        case .demoBuilt: break
        case .merged(let renumberings):
            if !renumberings.isEmpty {
                body("kinds", .texts(renumberings.map(\.kind)))
                body("from", .numbers(renumberings.map(\.from)))
                body("to", .numbers(renumberings.map(\.to)))
            }
        }
    }

    /// The change as the project file, `history --json` and `undo --json` hold it: `what`, the
    /// record's id, then its figures as strings in plain form; members that do not apply are
    /// left out. Never depends on the language.
    public var json: JSONValue {
        var o = JSONObject()
        forEachMember { key, member in
            let value: JSONValue
            switch member {
            case .text(let s): value = .string(s)
            case .optionalText(let s): value = .optional(s)
            case .number(let n): value = .int(n)
            case .figure(let n): value = .string(n.plain)
            case .hours(let h): value = .string(h.plain)
            case .bool(let b): value = .bool(b)
            case .texts(let list): value = .array(list.map(JSONValue.string))
            case .numbers(let list): value = .array(list.map(JSONValue.int))
            case .change(let change): value = change.json
            }
            o.append(key, value)
        }
        return .object(o)
    }

    /// Whether the stored object is flat (no object inside it: all but an undone change), so
    /// `JSONWriter` writes it on one row.
    public var isFlat: Bool {
        if case .undone = self { return false }
        return true
    }

    /// A flat change's object on one row, exactly as `JSONWriter` writes it inside an array
    /// (`{"what": "lineAdded", "id": 15, …}`), without the tree: a long history is written at
    /// every change of its project.
    public func writeJSON(to out: ByteOutput) {
        precondition(isFlat, "an undone change is written by JSONWriter")
        var first = true
        forEachMember { key, member in
            out.write(first ? "{\"" as StaticString : ", \"")
            first = false
            out.write(key)
            out.write("\": ")
            switch member {
            case .text(let s): JSONWriter.writeString(s, to: out)
            case .optionalText(let s): if let s { JSONWriter.writeString(s, to: out) } else { out.write("null") }
            case .number(let n): out.write(String(n))
            case .figure(let n): out.write(byte: UInt8(ascii: "\"")); n.writePlain(to: out); out.write(byte: UInt8(ascii: "\""))
            case .hours(let h): out.write(byte: UInt8(ascii: "\"")); out.write(h.plain); out.write(byte: UInt8(ascii: "\""))
            case .bool(let b): out.write(b ? "true" : "false")
            case .texts(let list):
                out.write(byte: UInt8(ascii: "["))
                for (i, s) in list.enumerated() { if i > 0 { out.write(", ") }; JSONWriter.writeString(s, to: out) }
                out.write(byte: UInt8(ascii: "]"))
            case .numbers(let list): out.write("[" + list.map(String.init).joined(separator: ", ") + "]")
            case .change: break
            }
        }
        out.write(byte: UInt8(ascii: "}"))
    }

    /// Every text the change holds, by its member (`change.name` inside an undone change): what
    /// the project's rules check like the entry's own texts.
    public func forEachText(_ body: (String, String) -> Void) {
        forEachMember { key, member in
            switch member {
            case .text(let s): body(key, s)
            case .optionalText(let s): if let s { body(key, s) }
            case .texts(let list): for s in list { body(key, s) }
            case .change(let change): change.forEachText { body("change." + $0, $1) }
            default: break
            }
        }
    }

    /// `forEachText` as a list.
    public var texts: [(member: String, text: String)] {
        var out: [(member: String, text: String)] = []
        forEachText { out.append(($0, $1)) }
        return out
    }
}

extension HistoryEntry {
    /// An entry whose changes are described: each change's English text in `changes`, the
    /// descriptions in `details`.
    public init(time: String, command: String, described changes: [HistoryChange], undoes: Int? = nil, by: String? = nil) {
        self.init(time: time, command: command, changes: changes.map(\.text), details: changes, undoes: undoes, by: by)
    }

    /// The entry's changes as `undo` records taking them back: each description, or for an entry
    /// written before changes were described, each text.
    public var undoneChanges: [HistoryChange] {
        if let details, details.count == changes.count { return details.map { .undone($0) } }
        return changes.map { .undoneText($0) }
    }
}
