/// The final accounting as text for a terminal or a plain printer: at most 100 columns, long
/// activity names wrapped, amounts right-aligned, every figure traceable to the lines above.
public enum ReportText {
    public static let width = 100

    public static func render(_ p: Project, _ a: FinalAccounting, language l: Language) -> String {
        var out = "FINAL ACCOUNTING\n\n"
        out += TextTable.labelled(header(p), column: 11) + "\n"

        var lines = TextTable([.init("Pos"), .init("Activity", wraps: true), .init("Quantity", .right), .init("Unit"),
                               .init("Price", .right), .init("Amount", .right)])
        lines.maxWidth = width
        for line in a.lines {
            lines.add([line.pos + (line.custom ? "*" : ""), line.note.isEmpty ? line.name : "\(line.name) (\(line.note))",
                       line.quantity.formatted(l), line.unit, line.price.formatted(l), line.amount.formatted(l)])
        }
        if a.lines.isEmpty { lines.add(["", "(no lines)"]) }
        out += lines.render()
        if a.lines.contains(where: \.custom) { out += "* custom activity, not from the catalogue\n" }
        out += "\n"

        var sums = TextTable([.init(""), .init("", wraps: true), .init("Amount", .right)])
        sums.maxWidth = width
        sums.showsHeader = false
        sums.add(["Subtotal", "sum of line amounts", a.subtotal.formatted(l)])
        for s in a.supplements {
            sums.add(["Supplement", "\(s.supplement.name), \(s.supplement.percent.formatted(l)) % of \(a.subtotal.formatted(l))", s.amount.formatted(l)])
        }
        for e in a.extraWork {
            var what = e.extra.text
            if case .hourly(let h, let r) = e.extra.pricing { what += ", \(h.formatted(l)) h × \(r.formatted(l))" }
            sums.add(["Extra work", what, e.amount.formatted(l)])
        }
        sums.addRule()
        sums.add(["TOTAL", "", a.total.formatted(l)])
        if a.apprenticePay.raw != 0 {
            sums.add(["Apprentices", "paid by the hour, out of the total", "-" + a.apprenticePay.formatted(l)])
            sums.add(["Pool", "for the journeymen", a.pool.formatted(l)])
        }
        out += sums.render() + "\n"

        out += "TEAM\n"
        if a.team.isEmpty {
            out += "(no workers)\n"
        } else {
            var team = TextTable([.init("Worker", wraps: true), .init("Hours", .right), .init("Share", .right),
                                  .init("Advances", .right), .init("Balance", .right)])
            team.maxWidth = width
            for t in a.team {
                let name = t.worker.apprentice ? "\(t.worker.name) (apprentice, \(t.worker.rate?.formatted(l) ?? "-")/h)" : t.worker.name
                team.add([name, t.hours.formatted(l), t.share?.formatted(l) ?? "-", t.advances.formatted(l), t.balance?.formatted(l) ?? "-"])
            }
            out += team.render()
        }
        if let earnings = a.hourlyEarnings {
            out += "Journeyman hours: \(a.journeymanHours.formatted(l)); hourly earnings: \(earnings.formatted(l)) "
            out += "(pool \(a.pool.formatted(l)) / \(a.journeymanHours.formatted(l)) h)\n"
        }
        out += "Share = pool × hours / journeyman hours, rounded down to the øre;\n"
        out += "        the øre left over go one each to the largest remainders.\n"
        out += "Balance = share (or apprentice pay) − advances; negative means overpaid.\n"
        for w in a.warnings { out += "WARNING: \(w)\n" }
        return out
    }

    static func header(_ p: Project) -> [(String, String)] {
        var rows: [(String, String)] = [("Project", "\(p.name) (\(p.id))")]
        if !p.address.isEmpty { rows.append(("Address", p.address)) }
        if !p.employer.isEmpty { rows.append(("Employer", p.employer)) }
        if !p.customer.isEmpty { rows.append(("Customer", p.customer)) }
        if p.start != nil || p.end != nil { rows.append(("Period", "\(p.start ?? "?") – \(p.end ?? "")")) }
        rows.append(("Status", p.status.rawValue))
        rows.append(("Catalogue", p.catalogueName.isEmpty ? "-" : "\(p.catalogueName)\(p.catalogueEdition.isEmpty ? "" : ", edition \(p.catalogueEdition)")"))
        return rows
    }
}

/// List views for the worker, hours, advance, supplement and extra commands.
public enum TeamText {
    public static func workers(_ a: FinalAccounting, language l: Language) -> String {
        var t = TextTable([.init("Id"), .init("Name", wraps: true), .init("Kind"), .init("Hours", .right), .init("Advances", .right)])
        for s in a.team {
            t.add([s.worker.id, s.worker.name, s.worker.apprentice ? "apprentice \(s.worker.rate?.formatted(l) ?? "")/h" : "journeyman",
                   s.hours.formatted(l), s.advances.formatted(l)])
        }
        return a.team.isEmpty ? "no workers\n" : t.render()
    }

    public static func workersJSON(_ a: FinalAccounting) -> JSONValue {
        JSONValue(["workers": .array(a.team.map { s in
            var o = JSONObject([("id", .string(s.worker.id)), ("name", .string(s.worker.name)), ("apprentice", .bool(s.worker.apprentice))])
            o.append("rate", .optional(s.worker.rate?.plain))
            o.append("hours", .string(s.hours.twoDecimalsPlain))
            o.append("advances", .string(s.advances.plain))
            return .object(o)
        })])
    }

    public static func hours(_ p: Project, language l: Language) -> String {
        var t = TextTable([.init("Id", .right), .init("Worker"), .init("Hours", .right), .init("Date"), .init("Note", wraps: true)])
        for h in p.hours { t.add(["\(h.id)", h.worker, h.hours.formatted(l) + (h.hours.plain.contains(":") ? " (\(h.hours.plain))" : ""), h.date ?? "", h.note]) }
        return p.hours.isEmpty ? "no hours\n" : t.render()
    }

    public static func hoursJSON(_ p: Project) -> JSONValue {
        JSONValue(["hours": .array(p.hours.map { h in
            JSONValue(["id": .int(h.id), "worker": .string(h.worker), "hours": .string(h.hours.plain), "date": .optional(h.date), "note": .string(h.note)])
        })])
    }

    public static func advances(_ p: Project, language l: Language) -> String {
        var t = TextTable([.init("Id", .right), .init("Worker"), .init("Amount", .right), .init("Date"), .init("Note", wraps: true)])
        for a in p.advances { t.add(["\(a.id)", a.worker, a.amount.formatted(l), a.date ?? "", a.note]) }
        return p.advances.isEmpty ? "no advances\n" : t.render()
    }

    public static func advancesJSON(_ p: Project) -> JSONValue {
        JSONValue(["advances": .array(p.advances.map { a in
            JSONValue(["id": .int(a.id), "worker": .string(a.worker), "amount": .string(a.amount.plain), "date": .optional(a.date), "note": .string(a.note)])
        })])
    }

    public static func supplements(_ a: FinalAccounting, language l: Language) -> String {
        var t = TextTable([.init("Id", .right), .init("Name", wraps: true), .init("Percent", .right), .init("Amount", .right)])
        for s in a.supplements { t.add(["\(s.supplement.id)", s.supplement.name, s.supplement.percent.formatted(l) + " %", s.amount.formatted(l)]) }
        return a.supplements.isEmpty ? "no supplements\n" : t.render() + "Each supplement is a percentage of the subtotal \(a.subtotal.formatted(l)).\n"
    }

    public static func extraWork(_ a: FinalAccounting, language l: Language) -> String {
        var t = TextTable([.init("Id", .right), .init("Text", wraps: true), .init("Hours", .right), .init("Rate", .right), .init("Amount", .right)])
        for e in a.extraWork {
            var h = "", r = ""
            if case .hourly(let hours, let rate) = e.extra.pricing { h = hours.formatted(l); r = rate.formatted(l) }
            t.add(["\(e.extra.id)", e.extra.text, h, r, e.amount.formatted(l)])
        }
        return a.extraWork.isEmpty ? "no extra work\n" : t.render()
    }
}
