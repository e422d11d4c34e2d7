/// The summary of `catalogue import` for people and for scripts.
public enum CatalogueImportText {
    public static func summary(_ r: CatalogueImport, source: String, format: String, encoding: String, dryRun: Bool, language: Language) -> String {
        var out = ""
        if dryRun {
            var t = TextTable([.init("Pos"), .init("Field"), .init("Old", wraps: true), .init("New", wraps: true), .init("Change", .right)])
            for c in r.changes {
                t.add([c.pos, c.field, c.old ?? "", c.new ?? "", c.percent.map { "\($0) %" } ?? ""])
            }
            out += r.changes.isEmpty ? "no changes\n" : t.render()
        }
        let counts = "\(r.added) added, \(r.changed) changed, \(r.removed) removed, \(r.unchanged) unchanged"
        out += dryRun ? "dry run, nothing written: \(source) (\(format), \(encoding)) would give \(counts)\n"
                      : "imported \(source) (\(format), \(encoding)): \(counts)\n"
        if !dryRun && !r.isEmpty {
            out += "active catalogue: \(r.result.name)\(r.result.edition.isEmpty ? "" : ", edition \(r.result.edition)"), \(r.result.activities.count) activities\n"
        }
        return out
    }

    public static func json(_ r: CatalogueImport, encoding: String, dryRun: Bool) -> JSONValue {
        JSONValue([
            "added": .int(r.added), "changed": .int(r.changed), "removed": .int(r.removed), "unchanged": .int(r.unchanged),
            "encoding": .string(encoding), "dryRun": .bool(dryRun),
            "changes": .array(r.changes.map { c in
                var o = JSONObject([("pos", .string(c.pos)), ("field", .string(c.field)), ("old", .optional(c.old)), ("new", .optional(c.new))])
                if let p = c.percent { o.append("percent", .string(p)) }
                return .object(o)
            }),
        ])
    }
}
