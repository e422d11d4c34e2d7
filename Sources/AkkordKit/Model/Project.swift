import AkkordSupport

/// One building job and everything accounted on it (SPEC §4).
public struct Project: Equatable, Sendable {
    public static let format = "akkord-project"
    public static let version = 1

    public enum Status: String, Sendable { case open, closed }

    public var id: String
    public var name: String
    public var address: String = ""
    public var employer: String = ""
    public var customer: String = ""
    public var start: String? = nil
    public var end: String? = nil
    /// The settlement's course (SPEC §16): the day it was handed over, and the answer.
    public var handedIn: String? = nil
    public var approved: String? = nil
    public var disputed: String? = nil
    public var disputeNote: String = ""
    public var note: String = ""
    public var status: Status = .open
    public var created: String = ""
    /// The catalogue the last catalogue line was priced from.
    public var catalogueName: String = ""
    public var catalogueEdition: String = ""
    public var lines: [Line] = []
    public var workers: [Worker] = []
    public var hours: [HoursEntry] = []
    public var advances: [Advance] = []
    public var supplements: [Supplement] = []
    public var extraWork: [ExtraWork] = []
    public var photos: [Photo] = []
    /// Next id per kind ("line", "hours", …): ids are never reused, even after removal.
    public var nextIds: [String: Int] = [:]
    public var history: [HistoryEntry] = []

    public init(id: String, name: String) { self.id = id; self.name = name }

    /// Σ line amounts; refused beyond the largest amount (the rules refuse such a project).
    public var subtotal: Money { get throws(SumTooLargeError) { try Sum(lines, \.amount).value("lines") } }

    /// The kinds of id a project counts (`nextIds` in the project file).
    public static let counters = ["advance", "extra", "hours", "line", "photo", "supplement"]

    /// Takes the next id of a kind; ids start at 1 and are never reused.
    public mutating func takeId(_ kind: String) -> Int {
        assert(Self.counters.contains(kind))
        let id = nextIds[kind] ?? 1
        nextIds[kind] = id + 1
        return id
    }
}

/// A project without its lines: what a reader that leaves the lines in the file (`ProjectLines`)
/// knows of the project, and what a report is made from beside those lines. Every member of
/// `Project` but the lines, read and written by the same names; asking it for `lines` or
/// `subtotal` does not compile, so a value that holds none of the lines cannot pass for one that
/// holds them all (a `Project`'s `lines` are always all of them).
@dynamicMemberLookup
public struct ProjectHead: Equatable, Sendable {
    /// The members, with no lines.
    private var members: Project

    public init(_ project: Project) {
        members = project
        members.lines = []
    }

    public subscript<T>(dynamicMember member: KeyPath<Project, T>) -> T { members[keyPath: member] }

    public subscript<T>(dynamicMember member: WritableKeyPath<Project, T>) -> T {
        get { members[keyPath: member] }
        set { members[keyPath: member] = newValue }
    }

    @available(*, unavailable, message: "a project's head has no lines: walk its ProjectLines, or read the whole Project")
    public var lines: [Line] { [] }
    @available(*, unavailable, message: "a project's head has no lines: take the subtotal of its ProjectLines")
    public var subtotal: Money { .zero }

    /// The whole project: this head with `lines`, which are all of its lines.
    public func with(lines: [Line]) -> Project {
        var p = members
        p.lines = lines
        return p
    }
}

/// One accounted activity: a snapshot of the catalogue price when it was added.
public struct Line: Equatable, Sendable {
    public var id: Int
    public var pos: String
    public var name: String
    public var unit: String
    public var price: UnitPrice
    public var quantity: Quantity
    public var note: String = ""
    public var section: String = ""
    public var date: String? = nil
    public var custom: Bool = false
    /// The measurement the quantity was computed from (`12,4*8,2 - 1,2*0,9`), as typed.
    public var measurement: String? = nil

    public init(id: Int, pos: String, name: String, unit: String, price: UnitPrice, quantity: Quantity,
                note: String = "", section: String = "", date: String? = nil, custom: Bool = false) {
        self.id = id; self.pos = pos; self.name = name; self.unit = unit; self.price = price; self.quantity = quantity
        self.note = note; self.section = section; self.date = date; self.custom = custom
    }

    public var amount: Money { quantity.amount(at: price) }
}

public struct Worker: Equatable, Sendable {
    public var id: String
    public var name: String
    public var apprentice: Bool = false
    /// Hourly rate, for apprentices.
    public var rate: UnitPrice? = nil
    public init(id: String, name: String, apprentice: Bool = false, rate: UnitPrice? = nil) {
        self.id = id; self.name = name; self.apprentice = apprentice; self.rate = rate
    }
}

public struct HoursEntry: Equatable, Sendable {
    public var id: Int
    public var worker: String
    public var hours: Hours
    public var date: String? = nil
    public var note: String = ""
    public init(id: Int, worker: String, hours: Hours, date: String? = nil, note: String = "") {
        self.id = id; self.worker = worker; self.hours = hours; self.date = date; self.note = note
    }
}

/// Money already paid to a worker on account (aconto): an amount, or hours × an hourly aconto
/// rate (amount = round2(hours × rate), kept beside them). Negative only as a correction.
public struct Advance: Equatable, Sendable {
    public var id: Int
    public var worker: String
    public var amount: Money
    public var date: String? = nil
    public var note: String = ""
    public var hours: Hours? = nil
    public var rate: UnitPrice? = nil
    /// A correction of an earlier advance; only a correction may be negative.
    public var correction: Bool = false
    public init(id: Int, worker: String, amount: Money, date: String? = nil, note: String = "",
                hours: Hours? = nil, rate: UnitPrice? = nil, correction: Bool = false) {
        self.id = id; self.worker = worker; self.amount = amount; self.date = date; self.note = note
        self.hours = hours; self.rate = rate; self.correction = correction
    }
}

/// A percentage (may be negative) on the amounts of the lines it concerns: lines of some
/// sections and chosen lines, or, with no scope, the whole line subtotal.
public struct Supplement: Equatable, Sendable {
    public static let range: ClosedRange<Int64> = -100_000...1_000_000  // −100 % … 1000 %, in Percent raw units
    public var id: Int
    public var name: String
    public var percent: Percent
    public var scope: Scope

    /// The lines a supplement applies to. Empty: all of them.
    public struct Scope: Equatable, Sendable {
        public var sections: [String]
        public var lines: [Int]
        public init(sections: [String] = [], lines: [Int] = []) { self.sections = sections; self.lines = lines }
        public static let all = Scope()
        public var isAll: Bool { sections.isEmpty && lines.isEmpty }

        /// A line is in scope when its section is one of `sections` or its id one of `lines`.
        public func contains(_ line: Line) -> Bool {
            isAll || lines.contains(line.id) || sections.contains(line.section)
        }
    }

    public init(id: Int, name: String, percent: Percent, scope: Scope = .all) {
        self.id = id; self.name = name; self.percent = percent; self.scope = scope
    }
}

/// Agreed extra work (aftaleseddel): an agreed amount (negative for an agreed deduction), or
/// hours × rate.
public struct ExtraWork: Equatable, Sendable {
    public enum Pricing: Equatable, Sendable {
        case amount(Money)
        case hourly(hours: Hours, rate: UnitPrice)
    }
    public var id: Int
    public var text: String
    public var pricing: Pricing
    /// The agreement's number (aftaleseddel nr.), printed in every report; empty when none.
    public var number: String
    public var date: String?
    public init(id: Int, text: String, pricing: Pricing, number: String = "", date: String? = nil) {
        self.id = id; self.text = text; self.pricing = pricing; self.number = number; self.date = date
    }

    /// An agreed amount below zero: a deduction (fradrag).
    public var isDeduction: Bool { amount.isNegative }

    public var amount: Money {
        switch pricing {
        case .amount(let m): return m
        case .hourly(let h, let r): return h.pay(at: r)
        }
    }
}

public struct Photo: Equatable, Sendable {
    public var id: Int
    public var caption: String
    public var originalName: String
    /// File name inside the store's `photos/` directory: `<sha256>.<ext>`.
    public var file: String
    public var added: String
    public init(id: Int, caption: String, originalName: String, file: String, added: String) {
        self.id = id; self.caption = caption; self.originalName = originalName; self.file = file; self.added = added
    }
}

/// One change to a project: when (UTC, `2026-11-27T13:05:00Z`), by which command, and what
/// changed (old → new for edits): in English text, and described (`HistoryChange`) since
/// changes are shown in the user's language.
public struct HistoryEntry: Equatable, Sendable {
    public var time: String
    public var command: String
    /// Each change in English, as akkord has always recorded it (kept for readers of the file).
    public var changes: [String]
    /// Each change of `changes` described, one for one; nil in an entry written before changes
    /// were described, which is shown by its text.
    public var details: [HistoryChange]?
    /// On the entry of an `undo`: the index of the history entry whose change it took back.
    public var undoes: Int?
    /// Who made the change (SPEC §14: config `name`, else git's `user.name`, else the login
    /// name); nil in an entry written before entries said so, or by a machine that does not know.
    public var by: String?
    public init(time: String, command: String, changes: [String], details: [HistoryChange]? = nil, undoes: Int? = nil, by: String? = nil) {
        self.time = time; self.command = command; self.changes = changes; self.details = details; self.undoes = undoes; self.by = by
    }
}

extension HistoryEntry {
    /// An entry as the project file and `history --json` hold it: `details` only on an entry
    /// whose changes are described, `undoes` only on an undo's entry, `by` only when known.
    public var json: JSONValue {
        var object = JSONObject([("time", .string(time)), ("command", .string(command))])
        if let by { object.append("by", .string(by)) }
        object.append("changes", .array(changes.map(JSONValue.string)))
        if let details { object.append("details", .array(details.map(\.json))) }
        if let undoes { object.append("undoes", .int(undoes)) }
        return .object(object)
    }
}

/// A project in the store's trash: the entry's name, `<id>.<n>` (`soender.1` is
/// `trash/soender.json`, `soender.2` is `trash/soender.2.json`), and the project, or why its
/// file does not read (a damaged project deleted with --force).
public struct TrashedProject: Sendable {
    public let entry: String
    public let project: Project?
    public let problem: String?
    public init(entry: String, project: Project?, problem: String?) { self.entry = entry; self.project = project; self.problem = problem }
}

extension Project {
    /// The history entry whose change `undo` takes back next: the newest one that is neither an
    /// undo nor already undone. Undos walk back one change at a time; they are never undone.
    public var nextUndoTarget: Int? {
        let undone = Set(history.compactMap(\.undoes))
        return history.indices.last { history[$0].undoes == nil && !undone.contains($0) }
    }
}

/// Project ids are slugs: `[a-z0-9][a-z0-9-]{0,63}`.
public enum Slug {
    public static func isValid(_ id: String) -> Bool {
        let u = Array(id.utf8)
        guard (1...64).contains(u.count) else { return false }
        func ok(_ b: UInt8) -> Bool { (b >= 97 && b <= 122) || (b >= 48 && b <= 57) }
        return ok(u[0]) && u.dropFirst().allSatisfy { ok($0) || $0 == 45 }
    }

    /// A slug made from a name: folded to ASCII (æ→ae, ø→oe, å→aa), other characters become `-`.
    public static func make(from name: String, fallback: String = "project") -> String {
        var out: [UInt8] = []
        for b in SearchText.spellOut(name) {
            if (b >= 97 && b <= 122) || (b >= 48 && b <= 57) { out.append(b) } else if out.last != 45, !out.isEmpty { out.append(45) }
        }
        while out.last == 45 { out.removeLast() }
        if out.count > 64 { out = Array(out.prefix(64)); while out.last == 45 { out.removeLast() } }
        return out.isEmpty ? fallback : String(decoding: out, as: UTF8.self)
    }

    /// `base`, or `base-2`, `base-3` … whichever is not taken.
    public static func unique(_ base: String, taken: Set<String>) -> String {
        if !taken.contains(base) { return base }
        var n = 2
        while true {
            let suffix = "-\(n)"
            let candidate = String(base.prefix(64 - suffix.count)) + suffix
            if !taken.contains(candidate) { return candidate }
            n += 1
        }
    }
}

extension Supplement.Scope {
    /// `"all"`, or `{"sections": […], "lines": […]}` with the line ids as integers (SPEC §9): the
    /// same in the project file and the report JSON.
    public var json: JSONValue {
        if isAll { return .string("all") }
        return JSONValue(["sections": .array(sections.map(JSONValue.string)), "lines": .array(lines.map(JSONValue.int))])
    }
}

extension Advance {
    /// An advance as the project file and `advance list --json` hold it: `amount`, `hours` and
    /// `rate` side by side for aconto by the hour (SPEC §9).
    public var json: JSONValue {
        var o = JSONObject([("id", .int(id)), ("worker", .string(worker)), ("amount", .string(amount.plain))])
        if let h = hours, let r = rate { o.append("hours", .string(h.plain)); o.append("rate", .string(r.plain)) }
        if correction { o.append("correction", .bool(true)) }
        o.append("date", .optional(date))
        o.append("note", .string(note))
        return .object(o)
    }
}
