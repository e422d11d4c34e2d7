/// Text and JSON views of the catalogue for the `catalogue` commands.
public enum CatalogueText {
    public static func info(_ active: ActiveCatalogue, language: Language) -> String {
        let c = active.catalogue
        let source: String
        switch active.source {
        case .bundled: source = "bundled sample (compiled into akkord)"
        case .imported(let path): source = "imported, \(path)"
        }
        let rows: [(String, String)] = [
            ("Catalogue", c.name), ("Edition", c.edition.isEmpty ? "-" : c.edition), ("Valid from", c.validFrom ?? "-"),
            ("Currency", c.currency), ("Source", source),
            ("Activities", "\(c.activities.count) in \(c.sections.count) section\(c.sections.count == 1 ? "" : "s")"),
        ]
        return TextTable.labelled(rows, column: 12)
    }

    public static func infoJSON(_ active: ActiveCatalogue) -> JSONValue {
        let c = active.catalogue
        let file: JSONValue
        if case .imported(let path) = active.source { file = .string(path) } else { file = .null }
        return .object(JSONObject([
            ("name", .string(c.name)), ("edition", .string(c.edition)), ("validFrom", .optional(c.validFrom)),
            ("currency", .string(c.currency)), ("source", .string(active.source == .bundled ? "bundled" : "store")),
            ("file", file), ("activities", .int(c.activities.count)), ("sections", .array(c.sections.map(JSONValue.string))),
        ]))
    }

    /// A table of activities; with `bySection`, a heading line starts each section.
    public static func table(_ activities: [Activity], language: Language, bySection: Bool) -> String {
        var table = TextTable([.init("Pos"), .init("Activity", wraps: true), .init("Unit"), .init("Price", .right)])
        var section: String?
        for a in activities {
            if bySection, a.section != section {
                if section != nil { table.add([]) }
                table.add(["", a.section.isEmpty ? "(no section)" : a.section.uppercased()])
                section = a.section
            }
            table.add([a.pos, a.name, a.unit, a.price.formatted(language)])
        }
        return table.render()
    }

    public static func activitiesJSON(_ activities: [Activity]) -> JSONValue {
        .object(JSONObject([("activities", .array(activities.map(CatalogueJSON.encode)))]))
    }

    public static func show(_ a: Activity, language: Language) -> String {
        var rows: [(String, String)] = [("Pos", a.pos), ("Activity", a.name), ("Unit", a.unit), ("Price", a.price.formatted(language))]
        if !a.section.isEmpty { rows.append(("Section", a.section)) }
        if !a.note.isEmpty { rows.append(("Note", a.note)) }
        if !a.keywords.isEmpty { rows.append(("Keywords", a.keywords.joined(separator: ", "))) }
        return TextTable.labelled(rows, column: 10)
    }
}
