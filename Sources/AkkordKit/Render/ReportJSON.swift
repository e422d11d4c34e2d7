/// `report --format json` (SPEC §7): every figure a string in plain form. Fields keep their
/// names and meaning; new ones may be added.
public enum ReportJSON {
    public static func render(_ p: Project, _ a: FinalAccounting) -> [UInt8] { JSONWriter.write(value(p, a)) }

    public static func value(_ p: Project, _ a: FinalAccounting) -> JSONValue {
        var root = JSONObject()
        root.append("format", "akkord-report")
        root.append("version", .int(1))
        root.append("currency", "DKK")
        root.append("project", JSONValue([
            "id": .string(p.id), "name": .string(p.name), "address": .string(p.address), "employer": .string(p.employer),
            "customer": .string(p.customer), "start": .optional(p.start), "end": .optional(p.end), "status": .string(p.status.rawValue),
        ]))
        root.append("catalogue", JSONValue(["name": .string(p.catalogueName), "edition": .string(p.catalogueEdition)]))
        root.append("lines", .array(a.lines.map { l in
            JSONValue(["id": .int(l.id), "pos": .string(l.pos), "name": .string(l.name), "unit": .string(l.unit),
                       "price": .string(l.price.plain), "quantity": .string(l.quantity.plain), "amount": .string(l.amount.plain),
                       "custom": .bool(l.custom), "note": .string(l.note), "measurement": .optional(l.measurement)])
        }))
        root.append("subtotal", .string(a.subtotal.plain))
        root.append("supplements", supplements(a))
        root.append("extraWork", extraWork(a))
        root.append("total", .string(a.total.plain))
        root.append("apprenticePay", .string(a.apprenticePay.plain))
        root.append("pool", .string(a.pool.plain))
        root.append("journeymanHours", .string(a.journeymanHours.twoDecimalsPlain))
        root.append("hourlyEarnings", .optional(a.hourlyEarnings?.plain))
        root.append("team", .array(a.team.map { t in
            JSONValue(["worker": .string(t.worker.id), "name": .string(t.worker.name), "apprentice": .bool(t.worker.apprentice),
                       "hours": .string(t.hours.twoDecimalsPlain), "share": .optional(t.share?.plain),
                       "advances": .string(t.advances.plain), "balance": .optional(t.balance?.plain)])
        }))
        // JSON never changes with the language: the warnings in their English wording.
        root.append("warnings", .array(a.warnings.map { .string($0.text(.en)) }))
        return .object(root)
    }

    public static func supplements(_ a: FinalAccounting) -> JSONValue {
        .array(a.supplements.map { s in
            JSONValue(["id": .int(s.supplement.id), "name": .string(s.supplement.name), "percent": .string(s.supplement.percent.plain),
                       "amount": .string(s.amount.plain), "base": .string(s.base.plain), "scope": s.supplement.scope.json])
        })
    }

    public static func extraWork(_ a: FinalAccounting) -> JSONValue {
        .array(a.extraWork.map { e in
            var o = JSONObject([("id", .int(e.extra.id)), ("text", .string(e.extra.text)), ("amount", .string(e.amount.plain))])
            if case .hourly(let h, let r) = e.extra.pricing { o.append("hours", .string(h.plain)); o.append("rate", .string(r.plain)) }
            o.append("number", .string(e.extra.number))
            o.append("date", .optional(e.extra.date))
            o.append("deduction", .bool(e.extra.isDeduction))
            return .object(o)
        })
    }
}
