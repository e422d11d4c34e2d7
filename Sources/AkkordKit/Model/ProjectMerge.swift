import AkkordSupport

/// Which side a merge takes for a field both sides changed differently (`sync --keep`).
public enum MergeSide: String, Sendable { case mine, theirs }

/// A record or field both sides changed differently (or one changed and the other removed, or
/// the project closed on one side while changed on the other).
public struct MergeConflict: Equatable, Sendable {
    public var project: String
    /// `line 7`, `worker jens`, `project`.
    public var record: String
    public var field: String
    public var mine: String
    public var theirs: String
    public init(project: String, record: String, field: String, mine: String, theirs: String) {
        self.project = project; self.record = record; self.field = field; self.mine = mine; self.theirs = theirs
    }
}

/// A record made on this machine that took another id because the incoming side had made one
/// with its id: `line 7 (made here) is now line 9`.
public struct Renumbering: Equatable, Sendable {
    /// The counter's name (`Project.counters`): `line`, `hours`, `advance`, …
    public var kind: String
    public var from: Int
    public var to: Int
    public init(kind: String, from: Int, to: Int) { self.kind = kind; self.from = from; self.to = to }

    /// `line 7 (made here) is now line 9`: English, as a history entry's `changes` keep it.
    public var text: String { "\(kind) \(from) (made here) is now \(kind) \(to)" }
}

public struct ProjectMergeResult: Sendable {
    /// The merged project. Only when `conflicts` is empty, or all were settled by `keep`, is it
    /// checked by the project's rules and meant to be written; with open conflicts it holds this
    /// machine's value for each of them.
    public var merged: Project
    public var renumberings: [Renumbering]
    /// The conflicts; with `keep`, those it settled by taking that side.
    public var conflicts: [MergeConflict]
    public init(merged: Project, renumberings: [Renumbering], conflicts: [MergeConflict]) {
        self.merged = merged; self.renumberings = renumberings; self.conflicts = conflicts
    }
}

public enum ProjectMergeError: Equatable, Sendable, PhrasedError {
    /// The two sides are not versions of one project.
    case differentProjects(mine: String, theirs: String)

    public var phrase: Phrase {
        switch self {
        case .differentProjects(let mine, let theirs):
            return "\(Excerpt.phrase(mine)) and \(Excerpt.phrase(theirs)) are not versions of one project"
        }
    }
}

/// The three-way record merge of one project (SPEC §14): records by id, the project's own
/// fields by name, each field of a record on its own (one side's change is taken, the same
/// change on both sides once); `nextIds` the largest of both; the history never reordered.
public enum ProjectMerge {
    /// base nil = the project was made on both sides independently (caller handles id clash of
    /// whole projects): it is merged against a project with nothing in it, so every field both
    /// sides set differently is a conflict.
    /// `keep`: the side whose value a conflicting field takes; every other change is merged.
    /// `by` and `date` (UTC, `2026-11-27T13:05:00Z`) go on the merge's history entry, `command`
    /// is what made it. The versions are as the project reader read them (a line kept as the
    /// incoming side has it is not checked again); the merged project is checked by every rule.
    public static func merge(base: Project?, mine: Project, theirs: Project, keep: MergeSide? = nil, by: String, date: String,
                             command: String = "merge") throws -> ProjectMergeResult {
        guard mine.id == theirs.id else { throw ProjectMergeError.differentProjects(mine: mine.id, theirs: theirs.id) }
        // One side's version only, or both the same: that version, with no merge entry.
        if mine == theirs || base == theirs { return ProjectMergeResult(merged: mine, renumberings: [], conflicts: []) }
        if base == mine { return ProjectMergeResult(merged: theirs, renumberings: [], conflicts: []) }

        var m = Merger(base: base, mine: mine, theirs: theirs, keep: keep)
        m.merge()
        let entry = HistoryEntry(time: date, command: command, described: [.merged(renumberings: m.renumberings)], by: by)
        m.merged.history.append(entry)
        if m.conflicts.isEmpty || keep != nil {
            // The incoming lines were read by the one reader: those kept as they were are not read again.
            let problems = ProjectRules.problems(m.merged, checked: theirs.lines)
            if !problems.isEmpty {
                throw InvalidDataError(source: "the merge of project \(Excerpt.phrase(mine.id))", problems: problems,
                                       consequence: "nothing was merged")
            }
        }
        return ProjectMergeResult(merged: m.merged, renumberings: m.renumberings, conflicts: m.conflicts)
    }

    /// Every kind of record the merge takes by id, in the order they are merged. A new kind is
    /// one line here: `.numbered(.whole(label: "daywork", records: \.daywork, id: \.id,
    /// counter: "daywork"))` merges it record by record (its counter one of `Project.counters`),
    /// or give it its fields, as `lineKind` has, to merge it field by field. A kind whose records
    /// name records of another kind renumbers them in `Merger.renumberReferences`.
    static var recordKinds: [AnyRecordKind] {
        [
            .numbered(lineKind),
            .named(workerKind),
            .numbered(hoursKind),
            .numbered(advanceKind),
            .numbered(supplementKind),
            .numbered(extraWorkKind),
            .numbered(photoKind),
            .numbered(dayworkKind),
        ]
    }

    static var lineKind: RecordKind<Line, Int> {
        RecordKind(label: "line", records: \.lines, id: \.id, counter: "line", fields: [
            .of("pos", \.pos, { $0 }), .of("name", \.name, { $0 }), .of("unit", \.unit, { $0 }),
            .of("price", \.price, { $0.plain }),
            // The quantity, the measurement it came from and what was typed before a rounding rule: one figure.
            .of("quantity", \.quantity, \.measurement, \.quantityTyped) { l in
                l.quantity.plain + (l.measurement.map { " (\($0))" } ?? "") + (l.quantityTyped.map { " (typed \($0.plain))" } ?? "")
            },
            .of("note", \.note, { $0 }), .of("section", \.section, { $0 }), .of("date", \.date, shown),
            .of("custom", \.custom, { $0 ? "yes" : "no" }),
        ])
    }

    static var workerKind: RecordKind<Worker, String> {
        RecordKind(label: "worker", records: \.workers, id: \.id, counter: nil, fields: [
            .of("name", \.name, { $0 }),
            // An apprentice needs his rate: the two change together.
            // An apprentice is paid by his rate or shares the pool by his weight: the three change together.
            .of("apprentice", \.apprentice, \.rate, \.weight) { w in
                (w.apprentice ? (w.rate.map { "apprentice at \($0.plain)" } ?? "apprentice") : "journeyman")
                    + (w.weight.isOne ? "" : " weight \(w.weight.plain)")
            },
        ])
    }

    static var hoursKind: RecordKind<HoursEntry, Int> {
        RecordKind(label: "hours", records: \.hours, id: \.id, counter: "hours", fields: [
            .of("worker", \.worker, { $0 }), .of("hours", \.hours, { $0.plain }), .of("date", \.date, shown), .of("note", \.note, { $0 }),
        ])
    }

    static var advanceKind: RecordKind<Advance, Int> {
        RecordKind(label: "advance", records: \.advances, id: \.id, counter: "advance", fields: [
            .of("worker", \.worker, { $0 }),
            // The amount, the hours × rate it came from and whether it corrects: one figure.
            .of("amount", \.amount, \.hours, \.rate, \.correction) { a in
                (a.hours.map { h in "\(h.plain) h × \(a.rate?.plain ?? "-") = " } ?? "") + a.amount.plain + (a.correction ? " (correction)" : "")
            },
            .of("date", \.date, shown), .of("note", \.note, { $0 }),
        ])
    }

    static var supplementKind: RecordKind<Supplement, Int> {
        RecordKind(label: "supplement", records: \.supplements, id: \.id, counter: "supplement", fields: [
            .of("name", \.name, { $0 }), .of("percent", \.percent, { $0.plain }),
            .of("scope", \.scope, { $0.isAll ? "all" : Project.describe($0) }),
        ])
    }

    static var extraWorkKind: RecordKind<ExtraWork, Int> {
        RecordKind(label: "extra work", records: \.extraWork, id: \.id, counter: "extra", fields: [
            .of("text", \.text, { $0 }),
            .of("pricing", \.pricing) { p in
                switch p {
                case .amount(let m): return m.plain
                case .hourly(let h, let r): return "\(h.plain) h × \(r.plain)"
                }
            },
            .of("number", \.number, { $0 }), .of("date", \.date, shown),
        ])
    }

    static var dayworkKind: RecordKind<DayworkEntry, Int> {
        RecordKind(label: "daywork", records: \.daywork, id: \.id, counter: "daywork", fields: [
            .of("worker", \.worker, { $0 }), .of("kind", \.kind, { $0.rawValue }), .of("hours", \.hours, { $0.plain }),
            .of("rate", \.rate, { $0.plain }), .of("date", \.date, shown), .of("note", \.note, { $0 }),
        ])
    }

    static var photoKind: RecordKind<Photo, Int> {
        RecordKind(label: "photo", records: \.photos, id: \.id, counter: "photo", fields: [
            .of("caption", \.caption, { $0 }), .of("originalName", \.originalName, { $0 }), .of("file", \.file, { $0 }),
            .of("added", \.added, { $0 }),
        ])
    }

    /// The project's own fields, by name. `status` is one of them, and besides a conflict when
    /// the project was closed on one side while changed on the other (`Merger.checkClosing`).
    static var projectFields: [MergeField<Project>] {
        [
            .of("name", \.name, { $0 }), .of("address", \.address, { $0 }), .of("employer", \.employer, { $0 }),
            .of("customer", \.customer, { $0 }), .of("start", \.start, shown), .of("end", \.end, shown),
            .of("handedIn", \.handedIn, shown),
            // A settlement has one answer: approved, or disputed with its note.
            .of("answer", \.approved, \.disputed, \.disputeNote) { p in
                if let d = p.approved { return "approved \(d)" }
                if let d = p.disputed { return "disputed \(d)" + (p.disputeNote.isEmpty ? "" : ": \(p.disputeNote)") }
                return "-"
            },
            .of("note", \.note, { $0 }), .of("created", \.created, { $0 }),
            .of("catalogue", \.catalogueName, \.catalogueEdition) { p in "\(p.catalogueName) \(p.catalogueEdition)" },
            .of("status", \.status, { $0.rawValue }),
        ]
    }

    static func shown(_ date: String?) -> String { date ?? "-" }
}

/// One field of a record as the merge sees it: whether two versions agree on it, how it is
/// shown in a conflict, and how it is taken from a version. Members that must change together
/// (a quantity and its measurement) are one field.
struct MergeField<R> {
    let name: String
    let same: (R, R) -> Bool
    let show: (R) -> String
    let take: (inout R, R) -> Void

    static func of<V: Equatable>(_ name: String, _ a: WritableKeyPath<R, V>, _ show: @escaping (V) -> String) -> MergeField {
        MergeField(name: name, same: { $0[keyPath: a] == $1[keyPath: a] }, show: { show($0[keyPath: a]) },
                   take: { $0[keyPath: a] = $1[keyPath: a] })
    }

    static func of<V: Equatable, W: Equatable>(_ name: String, _ a: WritableKeyPath<R, V>, _ b: WritableKeyPath<R, W>,
                                               show: @escaping (R) -> String) -> MergeField {
        MergeField(name: name, same: { $0[keyPath: a] == $1[keyPath: a] && $0[keyPath: b] == $1[keyPath: b] }, show: show,
                   take: { $0[keyPath: a] = $1[keyPath: a]; $0[keyPath: b] = $1[keyPath: b] })
    }

    static func of<V: Equatable, W: Equatable, X: Equatable>(_ name: String, _ a: WritableKeyPath<R, V>, _ b: WritableKeyPath<R, W>,
                                                             _ c: WritableKeyPath<R, X>, show: @escaping (R) -> String) -> MergeField {
        MergeField(name: name, same: { $0[keyPath: a] == $1[keyPath: a] && $0[keyPath: b] == $1[keyPath: b] && $0[keyPath: c] == $1[keyPath: c] },
                   show: show, take: { $0[keyPath: a] = $1[keyPath: a]; $0[keyPath: b] = $1[keyPath: b]; $0[keyPath: c] = $1[keyPath: c] })
    }

    static func of<V: Equatable, W: Equatable, X: Equatable, Y: Equatable>(
        _ name: String, _ a: WritableKeyPath<R, V>, _ b: WritableKeyPath<R, W>, _ c: WritableKeyPath<R, X>, _ d: WritableKeyPath<R, Y>,
        show: @escaping (R) -> String
    ) -> MergeField {
        MergeField(name: name,
                   same: { $0[keyPath: a] == $1[keyPath: a] && $0[keyPath: b] == $1[keyPath: b] && $0[keyPath: c] == $1[keyPath: c]
                           && $0[keyPath: d] == $1[keyPath: d] },
                   show: show,
                   take: { $0[keyPath: a] = $1[keyPath: a]; $0[keyPath: b] = $1[keyPath: b]; $0[keyPath: c] = $1[keyPath: c]; $0[keyPath: d] = $1[keyPath: d] })
    }
}

extension MergeField where R: Equatable {
    /// The whole record as one field: a kind merged record by record.
    static func whole(show: @escaping (R) -> String = { String(describing: $0) }) -> MergeField {
        MergeField(name: "record", same: ==, show: show, take: { $0 = $1 })
    }
}

/// A kind of record the project keeps in a list, by id.
struct RecordKind<R: Equatable, ID: Hashable & CustomStringConvertible> {
    /// How a conflict names a record: `line` in `line 7`.
    let label: String
    let records: WritableKeyPath<Project, [R]>
    let id: WritableKeyPath<R, ID>
    /// The kind's counter in `nextIds`, for numbered records.
    let counter: String?
    let fields: [MergeField<R>]

    /// A kind merged as whole records (every member one field).
    static func whole(label: String, records: WritableKeyPath<Project, [R]>, id: WritableKeyPath<R, ID>, counter: String?) -> RecordKind {
        RecordKind(label: label, records: records, id: id, counter: counter, fields: [.whole()])
    }
}

/// A kind of record, whatever its type: numbered ones are renumbered on a clash.
enum AnyRecordKind {
    case numbered(renumber: (inout Merger) -> Void, merge: (inout Merger) -> Void, maxId: (Project) -> Int, counter: String)
    case named(merge: (inout Merger) -> Void)

    static func numbered<R>(_ kind: RecordKind<R, Int>) -> AnyRecordKind {
        .numbered(renumber: { $0.renumber(kind) }, merge: { $0.mergeRecords(kind) },
                  maxId: { $0[keyPath: kind.records].lazy.map { $0[keyPath: kind.id] }.max() ?? 0 }, counter: kind.counter ?? kind.label)
    }

    static func named<R>(_ kind: RecordKind<R, String>) -> AnyRecordKind { .named(merge: { $0.mergeRecords(kind) }) }
}

struct Merger {
    let base: Project
    /// This machine's version, its new records renumbered where they clash.
    var mine: Project
    let theirs: Project
    let keep: MergeSide?
    var merged: Project
    var renumberings: [Renumbering] = []
    var conflicts: [MergeConflict] = []

    /// No common version: the project was made on both sides.
    let noBase: Bool

    init(base: Project?, mine: Project, theirs: Project, keep: MergeSide?) {
        self.base = base ?? Project(id: mine.id, name: ""); self.noBase = base == nil
        self.mine = mine; self.theirs = theirs; self.keep = keep
        merged = theirs
    }

    mutating func merge() {
        let kinds = ProjectMerge.recordKinds
        for case .numbered(let renumber, _, _, _) in kinds { renumber(&self) }
        var project = merged
        mergeFields(ProjectMerge.projectFields, record: "project", base: base, mine: mine, theirs: theirs, into: &project)
        merged = project
        for kind in kinds {
            switch kind {
            case .numbered(_, let merge, _, _), .named(let merge): merge(&self)
            }
        }
        checkClosing()
        keepWorkersInUse()
        mergeNextIds(kinds)
        mergeHistory()
    }

    // MARK: ids

    /// This machine's new records of the kind, renumbered in their order after the highest id
    /// that came in when any of them has an id the incoming side used; the references to them
    /// follow. Two machines that each made a record are two records, however alike (two roofers
    /// who each wrote 8 h wrote 16 h); only without a common version (`base` nil, the project
    /// made on both sides) is a record alike on both sides under one id one record.
    mutating func renumber<R>(_ kind: RecordKind<R, Int>) {
        guard let counter = kind.counter else { return }
        func next(_ p: Project) -> Int {
            max(p.nextIds[counter] ?? 1, (p[keyPath: kind.records].lazy.map { $0[keyPath: kind.id] }.max() ?? 0) + 1)
        }
        // Every id a side made since the base is at or past the base's next id (ids are below
        // `nextIds`, which grow), so the ranges tell what each side made or used. A side may
        // hold an older version than the base (a deleted project brought back by `--keep`): its
        // range is then empty, never reversed.
        let baseNext = next(base), theirsNext = next(theirs), mineNext = next(mine)
        func inRange(_ id: Int, before end: Int) -> Bool { id >= baseNext && id < end }
        let theirsById = noBase ? Dictionary(theirs[keyPath: kind.records].map { ($0[keyPath: kind.id], $0) }, uniquingKeysWith: { a, _ in a }) : [:]
        var records = mine[keyPath: kind.records]
        let made = records.indices.filter {
            let id = records[$0][keyPath: kind.id]
            return id >= baseNext && !(noBase && theirsById[id] == records[$0])
        }
        guard made.contains(where: { inRange(records[$0][keyPath: kind.id], before: theirsNext) }) else { return }
        // Ids this machine used and removed since the base stay unused, as everywhere.
        let held = Set(records.map { $0[keyPath: kind.id] })
        var id = theirsNext
        var map: [Int: Int] = [:]
        for i in made {
            while inRange(id, before: mineNext), !held.contains(id) { id += 1 }
            let old = records[i][keyPath: kind.id]
            records[i][keyPath: kind.id] = id
            map[old] = id
            renumberings.append(Renumbering(kind: counter, from: old, to: id))
            id += 1
        }
        mine[keyPath: kind.records] = records
        mine.nextIds[counter] = max(mineNext, id)
        renumberReferences(to: counter, map)
    }

    /// Every reference to a renumbered record follows it: a supplement's scope names lines.
    /// (Hours and advances name workers, whose ids are names and never renumbered.)
    mutating func renumberReferences(to counter: String, _ map: [Int: Int]) {
        switch counter {
        case "line":
            for i in mine.supplements.indices { mine.supplements[i].scope.lines = mine.supplements[i].scope.lines.map { map[$0] ?? $0 } }
        default: break
        }
    }

    mutating func mergeNextIds(_ kinds: [AnyRecordKind]) {
        var next: [String: Int] = [:]
        for p in [base, mine, theirs] { next.merge(p.nextIds, uniquingKeysWith: max) }
        for case .numbered(_, _, let maxId, let counter) in kinds {
            let highest = maxId(merged)
            if highest > 0 { next[counter] = max(next[counter] ?? 1, highest + 1) }
        }
        merged.nextIds = next
    }

    // MARK: records

    mutating func mergeRecords<R, ID>(_ kind: RecordKind<R, ID>) {
        func byId(_ list: ArraySlice<R>) -> [ID: R] { Dictionary(list.map { ($0[keyPath: kind.id], $0) }, uniquingKeysWith: { a, _ in a }) }
        let b = base[keyPath: kind.records], m = mine[keyPath: kind.records], t = theirs[keyPath: kind.records]
        var out: [R] = []
        out.reserveCapacity(max(m.count, t.count))
        // The records at the same places on all three sides (most of them: a project's lines
        // change at a few places), taken place by place; the rest by id.
        var same = 0
        while same < b.count, same < m.count, same < t.count,
              b[same][keyPath: kind.id] == m[same][keyPath: kind.id], m[same][keyPath: kind.id] == t[same][keyPath: kind.id] {
            if let r = mergeRecord(kind, m[same][keyPath: kind.id], base: b[same], mine: m[same], theirs: t[same]) { out.append(r) }
            same += 1
        }
        let bi = byId(b[same...]), mi = byId(m[same...]), ti = byId(t[same...])
        for id in Self.order(base: b[same...].map { $0[keyPath: kind.id] }, mine: m[same...].map { $0[keyPath: kind.id] },
                             theirs: t[same...].map { $0[keyPath: kind.id] }) {
            if let r = mergeRecord(kind, id, base: bi[id], mine: mi[id], theirs: ti[id]) { out.append(r) }
        }
        merged[keyPath: kind.records] = out
    }

    /// The order of the merged records: that of the side that reordered the records both had
    /// (the incoming side's when neither or both did), with the other side's records inserted
    /// after the record they follow there (so this machine's new lines come after the incoming
    /// new ones).
    static func order<ID: Hashable>(base: [ID], mine: [ID], theirs: [ID]) -> [ID] {
        func reordered(_ side: [ID]) -> Bool {
            let inSide = Set(side), inBase = Set(base)
            return !side.filter { inBase.contains($0) }.elementsEqual(base.filter { inSide.contains($0) })
        }
        let (primary, other) = reordered(mine) && !reordered(theirs) ? (mine, theirs) : (theirs, mine)
        let inPrimary = Set(primary)
        var after: [ID?: [ID]] = [:]
        var anchor: ID? = nil
        for id in other {
            if inPrimary.contains(id) { anchor = id } else { after[anchor, default: []].append(id) }
        }
        if after.isEmpty { return primary }
        // Inserted after the records new on the primary side that follow the same record.
        let inOther = Set(other)
        var out: [ID] = []
        out.reserveCapacity(primary.count + other.count)
        var pending = after[nil] ?? []
        for id in primary {
            if inOther.contains(id) { out += pending; pending = [] }
            out.append(id)
            if let more = after[id] { pending += more }
        }
        return out + pending
    }

    mutating func mergeRecord<R, ID>(_ kind: RecordKind<R, ID>, _ id: ID, base b: R?, mine m: R?, theirs t: R?) -> R? {
        // Named only for a conflict: this runs for every record.
        func record() -> String { "\(kind.label) \(id)" }
        switch (b, m, t) {
        case (_, nil, nil): return nil
        case (nil, let m?, nil): return m
        case (nil, nil, let t?): return t
        case (let b?, nil, let t?):
            if t == b { return nil }
            return removed(kind, record(), base: b, changed: t, changedSide: .theirs)
        case (let b?, let m?, nil):
            if m == b { return nil }
            return removed(kind, record(), base: b, changed: m, changedSide: .mine)
        case (let b, let m?, let t?):
            if m == t || b == m { return t }
            if b == t { return m }
            var r = t
            mergeFields(kind.fields, record: record(), base: b, mine: m, theirs: t, into: &r)
            return r
        }
    }

    /// A record one side removed and the other changed: a conflict on the fields it changed.
    mutating func removed<R, ID>(_ kind: RecordKind<R, ID>, _ record: String, base: R, changed: R, changedSide: MergeSide) -> R? {
        for f in kind.fields where !f.same(base, changed) {
            conflicts.append(MergeConflict(project: merged.id, record: record, field: f.name,
                                           mine: changedSide == .mine ? f.show(changed) : "(removed)",
                                           theirs: changedSide == .theirs ? f.show(changed) : "(removed)"))
        }
        // Kept unless the side that removed it is the one to keep.
        return keep != nil && keep != changedSide ? nil : changed
    }

    /// Field by field: a change on one side is taken, the same change on both once; a field
    /// both changed differently is a conflict, which takes the kept side's value (this
    /// machine's when none is kept).
    mutating func mergeFields<R>(_ fields: [MergeField<R>], record: String, base b: R?, mine m: R, theirs t: R, into r: inout R) {
        for f in fields {
            if let b, f.same(b, m) { f.take(&r, t); continue }
            if let b, f.same(b, t) { f.take(&r, m); continue }
            if f.same(m, t) { f.take(&r, m); continue }
            conflicts.append(MergeConflict(project: merged.id, record: record, field: f.name, mine: f.show(m), theirs: f.show(t)))
            f.take(&r, keep == .theirs ? t : m)
        }
    }

    // MARK: whole-project rules

    /// A project closed on one side while the other changed it is a conflict: the closed side
    /// did not see those changes.
    mutating func checkClosing() {
        func content(_ p: Project) -> Project {
            var q = p
            q.status = .open; q.history = []; q.nextIds = [:]
            return q
        }
        let mergedContent = content(merged)
        for (side, closer, other) in [(MergeSide.mine, mine, theirs), (.theirs, theirs, mine)]
        where base.status == .open && closer.status == .closed && other.status == .open && mergedContent != content(closer) {
            conflicts.append(MergeConflict(project: merged.id, record: "project", field: "status",
                                           mine: side == .mine ? "closed" : "open, changed",
                                           theirs: side == .theirs ? "closed" : "open, changed"))
            merged.status = (keep ?? .mine) == side ? .closed : .open
        }
    }

    /// A worker one side removed while the other gave him hours or an advance: a conflict; kept
    /// either way (hours cannot be kept without their worker, nor dropped silently).
    mutating func keepWorkersInUse() {
        let present = Set(merged.workers.map(\.id))
        var missing: [String] = []
        for w in merged.hours.map(\.worker) + merged.advances.map(\.worker) + merged.daywork.map(\.worker) where !present.contains(w) && !missing.contains(w) { missing.append(w) }
        for w in missing {
            guard let worker = (theirs.workers + mine.workers + base.workers).first(where: { $0.id == w }) else { continue }
            let removedByMine = !mine.workers.contains { $0.id == w }
            conflicts.append(MergeConflict(project: merged.id, record: "worker \(w)", field: "removed",
                                           mine: removedByMine ? "(removed)" : "has hours, advances or daywork",
                                           theirs: removedByMine ? "has hours, advances or daywork" : "(removed)"))
            merged.workers.append(worker)
        }
    }

    /// The entries both had, the incoming side's new ones, then this machine's new ones (an
    /// undo's target moved with them); the merge's own entry is the caller's.
    mutating func mergeHistory() {
        let mh = mine.history, th = theirs.history
        var common = 0
        while common < mh.count, common < th.count, mh[common] == th[common] { common += 1 }
        let incoming = th[common...]
        var history = Array(th)
        history.reserveCapacity(th.count + mh.count - common + 1)
        var undone = Set(th.compactMap(\.undoes))
        for var entry in mh[common...] {
            if let target = entry.undoes {
                if target >= common {
                    entry.undoes = target + incoming.count
                } else if undone.contains(target) {
                    // Both sides took back the same change: the incoming undo is the one on record.
                    entry.undoes = nil
                }
            }
            if let target = entry.undoes { undone.insert(target) }
            history.append(entry)
        }
        merged.history = history
    }
}
