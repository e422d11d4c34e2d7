import AkkordSupport
import AkkordModel
import AkkordAccounting

/// `report --format json` (SPEC §7): every figure a string in plain form. Fields keep their
/// names and meaning; new ones may be added (`daywork` and `dayworkTotal` only when the project
/// has daywork, SPEC §16).
public enum ReportJSON {
    public static func render(_ p: ProjectHead, _ a: FinalAccounting) -> [UInt8] {
        let out = ByteOutput()
        write(p, a, to: out)
        return out.bytes
    }

    /// Writes the report as `JSONWriter` lays out JSON, the lines one by one as they are read.
    public static func write(_ p: ProjectHead, _ a: FinalAccounting, to out: ByteOutput) {
        var first = true
        func member(_ key: String, _ value: JSONValue) {
            memberKey(key)
            JSONWriter.write(value, indent: 2, to: out)
        }
        func memberKey(_ key: String) {
            out.write(first ? "{\n  " : ",\n  ")
            first = false
            JSONWriter.writeString(key, to: out)
            out.write(": ")
        }
        member("format", "akkord-report")
        member("version", .int(1))
        member("currency", "DKK")
        member("project", JSONValue([
            "id": .string(p.id), "name": .string(p.name), "address": .string(p.address), "employer": .string(p.employer),
            "customer": .string(p.customer), "start": .optional(p.start), "end": .optional(p.end), "status": .string(p.status.rawValue),
        ]))
        member("catalogue", JSONValue(["name": .string(p.catalogueName), "edition": .string(p.catalogueEdition)]))
        memberKey("lines")
        if a.lines.isEmpty { out.write("[]") } else {
            out.write("[")
            a.lines.writeJSON(.reported, to: out) { out.write($0 == 0 ? "\n    " : ",\n    ") }
            out.write("\n  ]")
        }
        member("subtotal", .string(a.subtotal.plain))
        member("supplements", supplements(a))
        member("extraWork", extraWork(a))
        member("total", .string(a.total.plain))
        member("apprenticePay", .string(a.apprenticePay.plain))
        member("pool", .string(a.pool.plain))
        member("journeymanHours", .string(a.journeymanHours.twoDecimalsPlain))
        member("weightedHours", .string(a.weightedHours.twoDecimalsPlain))
        member("hourlyEarnings", .optional(a.hourlyEarnings?.plain))
        member("allHours", .string(a.allHours.twoDecimalsPlain))
        member("totalPerHour", .optional(a.totalPerHour?.plain))
        member("team", .array(a.team.map { t in
            // weightedHours is null for an apprentice paid by the hour (he does not share the pool).
            JSONValue(["worker": .string(t.worker.id), "name": .string(t.worker.name), "apprentice": .bool(t.worker.apprentice),
                       "hours": .string(t.hours.twoDecimalsPlain), "weight": .string(t.worker.weight.plain),
                       "weightedHours": .optional(t.weightedHours?.twoDecimalsPlain), "share": .optional(t.share?.plain),
                       "advances": .string(t.advances.plain), "balance": .optional(t.balance?.plain)])
        }))
        writeDaywork(p, a, member: member)
        // JSON never changes with the language: the warnings in their English wording.
        member("warnings", .array(a.warnings.map { .string($0.text(.en)) }))
        out.write("\n}\n")
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

extension LineView.JSONMembers {
    /// A line of `lines --json`: every member, the measurement `null` when there is none.
    package static let listed = Self(sectionAndDate: true, nullMeasurement: true)
    /// A line of `report --format json`: without section and date, the measurement `null` when there is none.
    package static let reported = Self(sectionAndDate: false, nullMeasurement: true)
}
