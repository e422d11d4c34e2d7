import AkkordSupport
import AkkordModel

/// What a changing command prints with `--json` (SPEC §11): the object it made, changed or
/// removed, under its kind's name, so a script reads back the id it created:
/// `{"line": {…}, "subtotal": "…"}`, `{"worker": {…}}`, `{"removed": {"hours": {…}}}`.
public enum ChangeJSON {
    public static func project(_ p: Project) throws(SumTooLargeError) -> JSONValue { JSONValue(["project": try ProjectText.summaryJSON(p)]) }

    /// A step of the settlement's course: the project's course dates.
    public static func settled(_ p: ProjectHead) -> JSONValue {
        JSONValue(["project": JSONValue(["id": .string(p.id), "name": .string(p.name), "status": .string(p.status.rawValue),
                                         "end": .optional(p.end), "handedIn": .optional(p.handedIn), "approved": .optional(p.approved),
                                         "disputed": .optional(p.disputed), "disputeNote": .string(p.disputeNote)])])
    }

    public static func line(_ l: Line, subtotal: Money) -> JSONValue {
        JSONValue(["line": ProjectText.lineJSON(l), "subtotal": .string(subtotal.plain)])
    }

    public static func removedLines(_ lines: [Line], subtotal: Money) -> JSONValue {
        JSONValue(["removed": JSONValue(["lines": .array(lines.map(ProjectText.lineJSON))]), "subtotal": .string(subtotal.plain)])
    }

    public static func worker(_ w: Worker) -> JSONValue {
        var o = JSONObject([("id", .string(w.id)), ("name", .string(w.name)), ("apprentice", .bool(w.apprentice))])
        o.append("rate", .optional(w.rate?.plain))
        o.append("weight", .string(w.weight.plain))
        return JSONValue(["worker": .object(o)])
    }

    public static func hours(_ h: HoursEntry) -> JSONValue {
        JSONValue(["hours": JSONValue(["id": .int(h.id), "worker": .string(h.worker), "hours": .string(h.hours.plain),
                                       "date": .optional(h.date), "note": .string(h.note)])])
    }

    public static func advance(_ a: Advance) -> JSONValue { JSONValue(["advance": a.json]) }

    public static func supplement(_ s: Supplement) -> JSONValue {
        JSONValue(["supplement": JSONValue(["id": .int(s.id), "name": .string(s.name), "percent": .string(s.percent.plain), "scope": s.scope.json])])
    }

    public static func extraWork(_ e: ExtraWork) -> JSONValue {
        var o = JSONObject([("id", .int(e.id)), ("text", .string(e.text))])
        if case .hourly(let h, let r) = e.pricing { o.append("hours", .string(h.plain)); o.append("rate", .string(r.plain)) }
        o.append("amount", .string(e.amount.plain))
        o.append("number", .string(e.number))
        o.append("date", .optional(e.date))
        return JSONValue(["extraWork": .object(o)])
    }

    public static func photos(_ photos: [Photo]) -> JSONValue { JSONValue(["photos": .array(photos.map(photoObject))]) }
    public static func photo(_ p: Photo) -> JSONValue { JSONValue(["photo": photoObject(p)]) }

    static func photoObject(_ ph: Photo) -> JSONValue {
        JSONValue(["id": .int(ph.id), "caption": .string(ph.caption), "originalName": .string(ph.originalName),
                   "file": .string(ph.file), "added": .string(ph.added)])
    }

    /// A removal: `{"removed": {"worker": {…}}}`.
    public static func removed(_ value: JSONValue) -> JSONValue { JSONValue(["removed": value]) }
}
