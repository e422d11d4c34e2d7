import AkkordSupport
import AkkordAccounting

/// `summary --format json` (and `--json`): every figure, whatever `--by` says; money and hours as
/// strings in plain form, keys as the report JSON names them (SPEC §10). Never changes with the
/// language. Fields keep their names and meaning; new ones may be added.
///
///     {"format": "akkord-summary", "version": 1, "currency": "DKK",
///      "period": {"from", "to", "withoutDate": [id…]},
///      "filter": {"employer", "status"},
///      "projects": [{"id", "name", "employer", "status", "start", "end", "total", "apprenticePay",
///                    "pool", "journeymanHours", "hourlyEarnings"}],
///      "workers": [{"name", "projects": [id…], "hours", "share", "advances", "balance"}],
///      "advancesWithoutShare": [{"project", "name", "advances"}],
///      "employers": [{"name", "projects": [id…], "total", "apprenticePay", "pool",
///                     "journeymanHours", "poolWithHours", "hourlyEarnings"}],
///      "totals": {"projects": n, "total", "apprenticePay", "pool", "journeymanHours",
///                 "poolWithHours", "hourlyEarnings", "hours", "share", "advances", "balance"}}
public enum SummaryJSON {
    public static func render(_ s: ProjectsSummary) -> [UInt8] { JSONWriter.write(value(s)) }

    public static func value(_ s: ProjectsSummary) -> JSONValue {
        var root = JSONObject()
        root.append("format", "akkord-summary")
        root.append("version", .int(1))
        root.append("currency", "DKK")
        root.append("period", JSONValue(["from": .optional(s.filter.from), "to": .optional(s.filter.to),
                                         "withoutDate": .array(s.withoutDate.map(JSONValue.string))]))
        root.append("filter", JSONValue(["employer": .optional(s.filter.employer), "status": .string(s.filter.status?.rawValue ?? "all")]))
        root.append("projects", .array(s.projects.map { p in
            JSONValue(["id": .string(p.id), "name": .string(p.name), "employer": .string(p.employer), "status": .string(p.status.rawValue),
                       "start": .optional(p.start), "end": .optional(p.end), "total": .string(p.total.plain),
                       "apprenticePay": .string(p.apprenticePay.plain), "pool": .string(p.pool.plain),
                       "journeymanHours": .string(p.journeymanHours.twoDecimalsPlain), "hourlyEarnings": .optional(p.hourlyEarnings?.plain)])
        }))
        root.append("workers", .array(s.workers.map { r in
            JSONValue(["name": .string(r.name), "projects": .array(r.projects.map(JSONValue.string)), "hours": .string(r.hours.twoDecimalsPlain),
                       "share": .string(r.share.plain), "advances": .string(r.advances.plain), "balance": .string(r.balance.plain)])
        }))
        root.append("advancesWithoutShare", .array(s.advancesWithoutShare.map { a in
            JSONValue(["project": .string(a.project), "name": .string(a.name), "advances": .string(a.advances.plain)])
        }))
        root.append("employers", .array(s.employers.map { e in
            JSONValue(["name": .string(e.name), "projects": .array(e.projects.map(JSONValue.string)), "total": .string(e.total.plain),
                       "apprenticePay": .string(e.apprenticePay.plain), "pool": .string(e.pool.plain),
                       "journeymanHours": .string(e.journeymanHours.twoDecimalsPlain), "poolWithHours": .string(e.poolWithHours.plain),
                       "hourlyEarnings": .optional(e.hourlyEarnings?.plain)])
        }))
        let t = s.totals
        root.append("totals", JSONValue([
            "projects": .int(t.projects), "total": .string(t.total.plain), "apprenticePay": .string(t.apprenticePay.plain),
            "pool": .string(t.pool.plain), "journeymanHours": .string(t.journeymanHours.twoDecimalsPlain),
            "poolWithHours": .string(t.poolWithHours.plain), "hourlyEarnings": .optional(t.hourlyEarnings?.plain),
            "hours": .string(t.hours.twoDecimalsPlain), "share": .string(t.share.plain), "advances": .string(t.advances.plain),
            "balance": .string(t.balance.plain),
        ]))
        return .object(root)
    }
}
