import AkkordSupport
import AkkordModel

/// The project file format (`projects/<id>.json`): every figure a string, every problem reported
/// with its JSON path. The subtotal and line count are written too, so a reader can check them.
public enum ProjectCodec {
    public static func encode(_ p: Project) throws(SumTooLargeError) -> [UInt8] {
        let out = ByteOutput()
        try write(p, to: out)
        return out.bytes
    }

    /// Writes the project file as `JSONWriter` lays it out; the lines, which may be 100,000,
    /// one by one without a tree.
    public static func write(_ p: Project, to out: ByteOutput) throws(SumTooLargeError) {
        write(p, lineCount: p.lines.count, subtotal: try p.subtotal, to: out) { writeLines(p.lines, to: $0) }
    }

    /// The project file with its `lines` array written by `writeLines` (which must write
    /// `lineCount` lines adding up to `subtotal`): a change to a few lines copies the others.
    package static func write(_ p: Project, lineCount: Int, subtotal: Money, to out: ByteOutput, lines writeLines: (ByteOutput) -> Void) {
        var root = JSONObject()
        root.append("format", .string(Project.format))
        root.append("version", .int(Project.version))
        root.append("id", .string(p.id))
        root.append("name", .string(p.name))
        root.append("status", .string(p.status.rawValue))
        root.append("lineCount", .int(lineCount))
        root.append("subtotal", .string(subtotal.plain))
        root.append("address", .string(p.address))
        root.append("employer", .string(p.employer))
        root.append("customer", .string(p.customer))
        root.append("start", .optional(p.start))
        root.append("end", .optional(p.end))
        // The settlement's course only once it has one: a file without it reads in an akkord of before.
        if let d = p.handedIn { root.append("handedIn", .string(d)) }
        if let d = p.approved { root.append("approved", .string(d)) }
        if let d = p.disputed { root.append("disputed", .string(d)) }
        if !p.disputeNote.isEmpty { root.append("disputeNote", .string(p.disputeNote)) }
        root.append("note", .string(p.note))
        root.append("created", .string(p.created))
        root.append("catalogue", JSONValue(["name": .string(p.catalogueName), "edition": .string(p.catalogueEdition)]))
        root.append("nextIds", .object(JSONObject(p.nextIds.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.int($0.value)) })))
        root.append("lines", .array([]))  // written by `writeLines`
        root.append("workers", .array(p.workers.map { w in
            var o = JSONObject([("id", .string(w.id)), ("name", .string(w.name)), ("apprentice", .bool(w.apprentice))])
            if let rate = w.rate { o.append("rate", .string(rate.plain)) }
            return .object(o)
        }))
        root.append("hours", .array(p.hours.map { h in
            JSONValue(["id": .int(h.id), "worker": .string(h.worker), "hours": .string(h.hours.plain),
                       "date": .optional(h.date), "note": .string(h.note)])
        }))
        root.append("advances", .array(p.advances.map(\.json)))
        root.append("supplements", .array(p.supplements.map { s in
            var o = JSONObject([("id", .int(s.id)), ("name", .string(s.name)), ("percent", .string(s.percent.plain))])
            if !s.scope.isAll { o.append("scope", s.scope.json) }
            return .object(o)
        }))
        root.append("extraWork", .array(p.extraWork.map { e in
            var o = JSONObject([("id", .int(e.id)), ("text", .string(e.text))])
            switch e.pricing {
            case .amount(let m): o.append("amount", .string(m.plain))
            case .hourly(let h, let r): o.append("hours", .string(h.plain)); o.append("rate", .string(r.plain))
            }
            if !e.number.isEmpty { o.append("number", .string(e.number)) }
            if let d = e.date { o.append("date", .string(d)) }
            return .object(o)
        }))
        root.append("photos", .array(p.photos.map { ph in
            JSONValue(["id": .int(ph.id), "caption": .string(ph.caption), "originalName": .string(ph.originalName),
                       "file": .string(ph.file), "added": .string(ph.added)])
        }))
        root.append("history", .array([]))  // written by `writeHistory`
        for (i, member) in root.entries.enumerated() {
            out.write(i == 0 ? "{\n  " : ",\n  ")
            JSONWriter.writeString(member.key, to: out)
            out.write(": ")
            switch member.key {
            case "lines": writeLines(out)
            case "history": writeHistory(p.history, to: out)
            default: JSONWriter.write(member.value, indent: 2, to: out)
            }
        }
        out.write("\n}\n")
    }

    /// The `lines` array as `JSONWriter` writes it, one line per row.
    package static func writeLines(_ lines: [Line], to out: ByteOutput) {
        let maker = LineViewMaker()
        withExtendedLifetime(maker) { JSONWriter.writeRows(lines, to: out) { maker.view(of: $0).writeJSON(.stored, to: out) } }
    }

    static func decodeScope(_ r: inout FieldReader) -> Supplement.Scope? {
        guard let v = r.value("scope") else { return .all }
        if v == .string("all") { return .all }
        guard let o = v.objectValue else { r.problem("scope", "expected \"all\" or an object with sections and lines, got \(v.kindDescription)"); return nil }
        var s = FieldReader(object: o, path: r.place("scope"), problems: [])
        s.rejectUnknown(scopeKeys)
        var scope = Supplement.Scope()
        for (i, item) in (s.value("sections")?.arrayValue ?? []).enumerated() {
            if let t = item.stringValue { scope.sections.append(t) } else { s.problem("sections[\(i)]", "expected a string") }
        }
        for (i, item) in (s.value("lines")?.arrayValue ?? []).enumerated() {
            if case .number(let n) = item, let id = Int(n), id >= 1 { scope.lines.append(id) } else { s.problem("lines[\(i)]", "expected a line id") }
        }
        if let v = s.value("sections"), v.arrayValue == nil { s.problem("sections", "expected an array") }
        if let v = s.value("lines"), v.arrayValue == nil { s.problem("lines", "expected an array") }
        r.problems += s.problems
        return s.problems.isEmpty ? scope : nil
    }

    /// Decodes and validates a project file held in memory (`ProjectReader`, keeping every line).
    public static func decode(_ bytes: [UInt8], source: String) throws -> Project {
        try bytes.withUnsafeBufferPointer { 
            let read = try ProjectReader.read($0, source: source, keeping: .all)
            return read.head.with(lines: read.kept)
        }
    }

    /// Every member of a project file's tree but the lines, the line count and the subtotal; the
    /// problems go to `f` (with the lines' own, `lineProblems`, where the lines are), in the order
    /// of the file's members. The project's rules are the caller's to check.
    package static func decodeMembers(_ f: inout FieldReader, lineProblems: [Problem]) -> Project {
        if let format = f.string("format", required: true), format != Project.format {
            f.problem("format", "is \(Excerpt.phrase(format)), expected \(Excerpt.phrase(Project.format))")
        }
        f.version(expected: Project.version)
        // Whether it is a valid id is `ProjectRules`' to say (once).
        let id = f.string("id", required: true) ?? ""
        var p = Project(id: id, name: f.string("name", required: true) ?? "")
        if let s = f.string("status", required: true) {
            if let status = Project.Status(rawValue: s) { p.status = status } else { f.problem("status", "\(Excerpt.phrase(s)) is not open or closed") }
        }
        p.address = f.string("address") ?? ""
        p.employer = f.string("employer") ?? ""
        p.customer = f.string("customer") ?? ""
        p.start = f.date("start")
        p.end = f.date("end")
        p.handedIn = f.date("handedIn")
        p.approved = f.date("approved")
        p.disputed = f.date("disputed")
        p.disputeNote = f.string("disputeNote") ?? ""
        p.note = f.string("note") ?? ""
        p.created = f.string("created") ?? ""
        if let c = f.value("catalogue")?.objectValue {
            var cf = FieldReader(object: c, path: "catalogue", problems: [])
            p.catalogueName = cf.string("name") ?? ""
            p.catalogueEdition = cf.string("edition") ?? ""
            cf.rejectUnknown(["name", "edition"])
            f.problems += cf.problems
        }
        if let ids = f.value("nextIds")?.objectValue {
            for (k, v) in ids.entries {
                guard Project.counters.contains(k) else {
                    f.problem("nextIds.\(k)", "unknown counter (known: \(Project.counters.joined(separator: ", ")))"); continue
                }
                if case .number(let n) = v, let i = Int(n), i >= 1 { p.nextIds[k] = i } else { f.problem("nextIds.\(k)", "expected a whole number ≥ 1") }
            }
        }
        if let v = f.value("lines"), v.arrayValue == nil { f.problem("lines", "expected an array, got \(v.kindDescription)") }
        f.problems += lineProblems
        p.workers = f.list("workers") { r in
            guard let id = r.string("id", required: true), let name = r.string("name", required: true) else { return nil }
            let worker = Worker(id: id, name: name, apprentice: r.bool("apprentice") ?? false, rate: r.storedNumber("rate"))
            r.rejectUnknown(workerKeys)
            return worker
        }
        p.hours = f.list("hours") { r in
            let hours = r.storedHours("hours", required: true)
            r.rejectUnknown(hoursKeys)
            guard let id = r.integer("id", required: true), let worker = r.string("worker", required: true), let hours else { return nil }
            return HoursEntry(id: id, worker: worker, hours: hours, date: r.date("date"), note: r.string("note") ?? "")
        }
        p.advances = f.list("advances") { r in
            r.rejectUnknown(advanceKeys)
            guard let id = r.integer("id", required: true), let worker = r.string("worker", required: true),
                  let amount: Money = r.storedNumber("amount", required: true) else { return nil }
            return Advance(id: id, worker: worker, amount: amount, date: r.date("date"), note: r.string("note") ?? "",
                           hours: r.storedHours("hours"), rate: r.storedNumber("rate"), correction: r.bool("correction") ?? false)
        }
        p.supplements = f.list("supplements") { r in
            r.rejectUnknown(supplementKeys)
            guard let id = r.integer("id", required: true), let name = r.string("name", required: true),
                  let percent: Percent = r.storedNumber("percent", required: true), let scope = decodeScope(&r) else { return nil }
            return Supplement(id: id, name: name, percent: percent, scope: scope)
        }
        p.extraWork = f.list("extraWork") { r in
            r.rejectUnknown(extraWorkKeys)
            guard let id = r.integer("id", required: true), let text = r.string("text", required: true) else { return nil }
            let number = r.string("number") ?? "", date = r.date("date")
            if r.value("amount") != nil {
                if r.value("hours") != nil || r.value("rate") != nil { r.problem("amount", "give an amount or hours and a rate, not both") }
                guard let amount: Money = r.storedNumber("amount") else { return nil }
                return ExtraWork(id: id, text: text, pricing: .amount(amount), number: number, date: date)
            }
            guard let hours = r.storedHours("hours", required: true), let rate: UnitPrice = r.storedNumber("rate", required: true) else { return nil }
            return ExtraWork(id: id, text: text, pricing: .hourly(hours: hours, rate: rate), number: number, date: date)
        }
        p.photos = f.list("photos") { r in
            r.rejectUnknown(photoKeys)
            guard let id = r.integer("id", required: true), let file = r.string("file", required: true) else { return nil }
            return Photo(id: id, caption: r.string("caption") ?? "", originalName: r.string("originalName") ?? "",
                         file: file, added: r.string("added") ?? "")
        }
        p.history = f.list("history") { r in
            r.rejectUnknown(historyKeys)
            guard let time = r.string("time", required: true), let command = r.string("command", required: true) else { return nil }
            var changes: [String] = []
            if let list = r.value("changes") {
                guard let items = list.arrayValue else { r.problem("changes", "expected an array, got \(list.kindDescription)"); return nil }
                for (j, item) in items.enumerated() {
                    guard let text = item.stringValue else { r.problem("changes[\(j)]", "expected a string, got \(item.kindDescription)"); return nil }
                    changes.append(text)
                }
            }
            let details = decodeDetails(&r)
            return HistoryEntry(time: time, command: command, changes: changes, details: details, undoes: r.integer("undoes"),
                                by: r.string("by"))
        }
        f.rejectUnknown(topLevelKeys)
        return p
    }

    static let topLevelKeys = ["format", "version", "id", "name", "status", "lineCount", "subtotal", "address", "employer",
                               "customer", "start", "end", "handedIn", "approved", "disputed", "disputeNote", "note", "created", "catalogue", "nextIds", "lines", "workers",
                               "hours", "advances", "supplements", "extraWork", "photos", "history"]
    static let scopeKeys = ["sections", "lines"]
    static let workerKeys = ["id", "name", "apprentice", "rate"]
    static let hoursKeys = ["id", "worker", "hours", "date", "note"]
    static let advanceKeys = ["id", "worker", "amount", "hours", "rate", "correction", "date", "note"]
    static let supplementKeys = ["id", "name", "percent", "scope"]
    static let extraWorkKeys = ["id", "text", "amount", "hours", "rate", "number", "date"]
    static let photoKeys = ["id", "caption", "originalName", "file", "added"]
    static let historyKeys = ["time", "command", "by", "changes", "details", "undoes"]
}
