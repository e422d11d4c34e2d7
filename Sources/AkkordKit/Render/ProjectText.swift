/// Text and JSON views of projects, lines and history for the project commands.
public enum ProjectText {
    public static func summaryJSON(_ p: Project) -> JSONValue {
        JSONValue(["id": .string(p.id), "name": .string(p.name), "status": .string(p.status.rawValue),
                   "lines": .int(p.lines.count), "subtotal": .string(p.subtotal.plain)])
    }

    public static func list(_ projects: [Project], current: String?, language: Language) -> String {
        var table = TextTable([.init(""), .init("Id"), .init("Name", wraps: true), .init("Status"), .init("Lines", .right), .init("Subtotal", .right)])
        for p in projects {
            table.add([p.id == current ? "*" : "", p.id, p.name, p.status.rawValue, "\(p.lines.count)", p.subtotal.formatted(language)])
        }
        return table.render() + (current != nil ? "* current project\n" : "")
    }

    public static func show(_ p: Project, current: Bool, language: Language) -> String {
        var rows: [(String, String)] = [("Project", "\(p.name) (\(p.id))\(current ? ", current" : "")"), ("Status", p.status.rawValue)]
        if !p.address.isEmpty { rows.append(("Address", p.address)) }
        if !p.employer.isEmpty { rows.append(("Employer", p.employer)) }
        if !p.customer.isEmpty { rows.append(("Customer", p.customer)) }
        if p.start != nil || p.end != nil { rows.append(("Period", "\(p.start ?? "?") – \(p.end ?? "")")) }
        if !p.note.isEmpty { rows.append(("Note", p.note)) }
        if !p.catalogueName.isEmpty { rows.append(("Catalogue", "\(p.catalogueName)\(p.catalogueEdition.isEmpty ? "" : ", edition \(p.catalogueEdition)")")) }
        rows.append(("Lines", "\(p.lines.count), subtotal \(p.subtotal.formatted(language))"))
        rows.append(("Workers", p.workers.isEmpty ? "none" : p.workers.map(\.name).joined(separator: ", ")))
        return TextTable.labelled(rows, column: 11)
    }

    public static func showJSON(_ p: Project) -> JSONValue {
        JSONValue(["id": .string(p.id), "name": .string(p.name), "status": .string(p.status.rawValue),
                   "address": .string(p.address), "employer": .string(p.employer), "customer": .string(p.customer),
                   "start": .optional(p.start), "end": .optional(p.end), "note": .string(p.note),
                   "catalogue": JSONValue(["name": .string(p.catalogueName), "edition": .string(p.catalogueEdition)]),
                   "lines": .int(p.lines.count), "subtotal": .string(p.subtotal.plain)])
    }

    /// The line table (Id, Pos, Activity, Quantity, Unit, Price, Amount) with the subtotal.
    public static func lines(_ p: Project, language: Language) -> String {
        var table = TextTable([.init("Id", .right), .init("Pos"), .init("Activity", wraps: true), .init("Quantity", .right),
                               .init("Unit"), .init("Price", .right), .init("Amount", .right)])
        for l in p.lines {
            let name = l.note.isEmpty ? l.name : "\(l.name) (\(l.note))"
            table.add(["\(l.id)", l.pos + (l.custom ? "*" : ""), name, l.quantity.formatted(language), l.unit,
                       l.price.formatted(language), l.amount.formatted(language)])
        }
        table.addRule()
        table.add(["", "", "Subtotal", "", "", "", p.subtotal.formatted(language)])
        let custom = p.lines.contains(where: \.custom) ? "* custom activity, not from the catalogue\n" : ""
        return table.render() + custom
    }

    public static func lineJSON(_ l: Line) -> JSONValue {
        JSONValue(["id": .int(l.id), "pos": .string(l.pos), "name": .string(l.name), "unit": .string(l.unit),
                   "price": .string(l.price.plain), "quantity": .string(l.quantity.plain), "amount": .string(l.amount.plain),
                   "custom": .bool(l.custom), "note": .string(l.note), "section": .string(l.section), "date": .optional(l.date)])
    }

    public static func linesJSON(_ p: Project) -> JSONValue {
        JSONValue(["lines": .array(p.lines.map(lineJSON)), "subtotal": .string(p.subtotal.plain)])
    }

    public static func history(_ p: Project) -> String {
        var out = ""
        for h in p.history {
            out += "\(h.time)  \(h.command)\n"
            for c in h.changes { out += "    \(c)\n" }
        }
        return out.isEmpty ? "no changes recorded\n" : out
    }

    public static func historyJSON(_ p: Project) -> JSONValue {
        JSONValue(["history": .array(p.history.map { h in
            JSONValue(["time": .string(h.time), "command": .string(h.command), "changes": .array(h.changes.map(JSONValue.string))])
        })])
    }
}
