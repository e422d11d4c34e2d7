import AkkordSupport
import AkkordModel
import AkkordCatalogue

/// Text and JSON views of the catalogue for the `catalogue` commands.
public enum CatalogueText {
    public static func info(_ active: ActiveCatalogue, language: Language) -> String {
        let w = Words(language)
        let c = active.catalogue
        let source: String
        switch active.source {
        case .bundled: source = w[.sourceBundled]
        case .imported(let path): source = w(.sourceImported, path)
        }
        let rows: [(String, String)] = [
            (w[.catalogue], c.name), (w[.edition], c.edition.isEmpty ? "-" : c.edition), (w[.validFrom], c.validFrom ?? "-"),
            (w[.currency], c.currency), (w[.source], source),
            (w[.activities], w(c.sections.count == 1 ? .activitiesInSection : .activitiesInSections, "\(c.activities.count)", "\(c.sections.count)")),
        ]
        let labels: [Term] = [.catalogue, .edition, .validFrom, .currency, .source, .activities]
        return TextTable.labelled(rows, column: w.labelColumn(labels, atLeast: 12))
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

    /// A table of activities; with `bySection`, a heading line starts each section. Names and
    /// sections are shown in `language` where the activity has a translation (SPEC §15).
    public static func table(_ activities: [Activity], language: Language, bySection: Bool, width: Int = TextTable.defaultWidth) -> String {
        let w = Words(language)
        var table = TextTable([.init(w[.pos]), .init(w[.activity], wraps: true), .init(w[.unit]), .init(w[.price], .right)])
        table.maxWidth = width
        var section: String?
        for a in activities.map({ $0.shown(in: language) }) {
            if bySection, a.section != section {
                if section != nil { table.add([]) }
                table.add(["", a.section.isEmpty ? w[.noSection] : a.section.uppercased()])
                section = a.section
            }
            table.add([a.pos, a.name, UnitName.display(a.unit, language: language), a.price.formatted(language)])
        }
        return table.render()
    }

    public static func activitiesJSON(_ activities: [Activity]) -> JSONValue {
        .object(JSONObject([("activities", .array(activities.map(CatalogueJSON.encode)))]))
    }

    /// One activity, its name, section and note in `language` where it has a translation.
    public static func show(_ activity: Activity, language: Language) -> String {
        let w = Words(language)
        let a = activity.shown(in: language)
        var rows: [(String, String)] = [(w[.pos], a.pos), (w[.activity], a.name), (w[.unit], UnitName.display(a.unit, language: language)),
                                        (w[.price], a.price.formatted(language))]
        if !a.section.isEmpty { rows.append((w[.section], a.section)) }
        if !a.note.isEmpty { rows.append((w[.note], a.note)) }
        if !a.keywords.isEmpty { rows.append((w[.keywords], a.keywords.joined(separator: ", "))) }
        // The handbook's rule (SPEC §16): `up per started 0.01 m`, `1 m2`.
        let unit = UnitName.display(a.unit, language: language)
        if let r = a.rounding {
            rows.append((w[.ruleRounding], w(r.mode == .up ? .ruleModeUp : .ruleModeHalfUp, "\(r.step.formatted(language)) \(unit)")))
        }
        if let m = a.minimum { rows.append((w[.ruleMinimumLabel], "\(m.formatted(language)) \(unit)")) }
        let labels: [Term] = [.pos, .activity, .unit, .price, .section, .note, .keywords, .ruleRounding, .ruleMinimumLabel]
        return TextTable.labelled(rows, column: w.labelColumn(labels, atLeast: 10))
    }
}
