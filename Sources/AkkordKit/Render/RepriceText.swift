import AkkordSupport
import AkkordModel
import AkkordCatalogue

/// What `catalogue regulate` and `project reprice` print, for people and for scripts.
public enum RepriceText {
    // MARK: catalogue regulation

    /// As an import's summary: for a dry run every change (pos, field, old → new, change in %),
    /// then the counts; after the change, the catalogue now active.
    public static func regulationSummary(_ r: CatalogueImport, percent: Percent, dryRun: Bool, language: Language, width: Int = TextTable.defaultWidth) -> String {
        let w = Words(language)
        var out = ""
        if dryRun {
            var t = TextTable([.init(w[.pos]), .init(w[.field]), .init(w[.old], wraps: true), .init(w[.new], wraps: true), .init(w[.change], .right)])
            t.maxWidth = width
            for c in r.changes {
                t.add([c.pos, CatalogueImportText.field(c.field, language),
                       CatalogueImportText.value(c.old, field: c.field, language), CatalogueImportText.value(c.new, field: c.field, language),
                       c.percent.map { "\($0.replacing(".", with: language.decimalSeparator)) %" } ?? ""])
            }
            out += r.changes.isEmpty ? w[.noChanges] + "\n" : t.render()
        }
        // The catalogue regulated: its edition before the change (the regulation keeps the name).
        let previousEdition = r.changes.first { $0.pos.isEmpty && $0.field == "edition" }?.old ?? r.result.edition
        let regulated = catalogue(r.result.name, previousEdition, w)
        let signed = CatalogueRegulation.sign(percent) + percent.formatted(language)
        let counts = w(.importCounts, "\(r.added)", "\(r.changed)", "\(r.removed)", "\(r.unchanged)")
        out += w(dryRun ? .regulateDryRun : .regulateDone, regulated, signed, counts) + "\n"
        if !dryRun && !r.isEmpty {
            out += w(.importActiveCatalogue, catalogue(r.result.name, r.result.edition, w), "\(r.result.activities.count)") + "\n"
        }
        return out
    }

    /// The import's JSON, exactly: `encoding` is null (no file was read), and `percent` is the
    /// regulation's percent.
    public static func regulationJSON(_ r: CatalogueImport, percent: Percent, dryRun: Bool) -> JSONValue {
        guard case .object(var o) = CatalogueImportText.json(r, encoding: "", dryRun: dryRun) else { return .null }
        if let i = o.entries.firstIndex(where: { $0.key == "encoding" }) { o.entries[i].value = .null }
        o.append("percent", .string(percent.plain))
        return .object(o)
    }

    // MARK: project reprice

    /// Every line repriced (Line, Pos, price old → new, amount old → new), the summary with the
    /// subtotal before and after, then the lines whose pos the catalogue does not have.
    public static func summary(_ r: Repricing, dryRun: Bool, language l: Language, width: Int = TextTable.defaultWidth) -> String {
        let w = Words(l)
        let from = catalogue(r.catalogueName, r.catalogueEdition, w)
        var out = ""
        if r.changes.isEmpty {
            out += w(.repriceNone, from) + "\n"
        } else {
            var t = TextTable([.init(w[.repriceLine], .right), .init(w[.pos]), .init(w[.repricePrice], .right), .init(w[.repriceAmount], .right)])
            t.maxWidth = width
            for c in r.changes {
                t.add(["\(c.line)", c.pos, "\(c.oldPrice.formatted(l)) → \(c.newPrice.formatted(l))",
                       "\(c.oldAmount.formatted(l)) → \(c.newAmount.formatted(l))"])
            }
            out += t.render()
            let count = lines(r.changes.count, w)
            out += w(dryRun ? .repriceDryRun : .repriceDone, count, from, r.subtotalBefore.formatted(l), r.subtotalAfter.formatted(l)) + "\n"
        }
        if !r.missing.isEmpty {
            out += w(.repriceMissing, lines(r.missing.count, w), from) + "\n"
            var t = TextTable([.init(w[.repriceLine], .right), .init(w[.pos]), .init(w[.activity], wraps: true), .init(w[.price], .right)])
            t.maxWidth = width
            for m in r.missing { t.add(["\(m.line)", m.pos, m.name, m.price.formatted(l)]) }
            out += t.render()
        }
        return out
    }

    /// `{"changes": [{"line", "pos", "oldPrice", "newPrice", "oldAmount", "newAmount"}],
    /// "missing": [{"line", "pos"}], "subtotalBefore", "subtotalAfter", "dryRun", "catalogue"}`;
    /// money and prices as strings in plain form.
    public static func json(_ r: Repricing, dryRun: Bool) -> JSONValue {
        JSONValue([
            "changes": .array(r.changes.map { c in
                JSONValue(["line": .int(c.line), "pos": .string(c.pos), "oldPrice": .string(c.oldPrice.plain), "newPrice": .string(c.newPrice.plain),
                           "oldAmount": .string(c.oldAmount.plain), "newAmount": .string(c.newAmount.plain)])
            }),
            "missing": .array(r.missing.map { JSONValue(["line": .int($0.line), "pos": .string($0.pos)]) }),
            "subtotalBefore": .string(r.subtotalBefore.plain),
            "subtotalAfter": .string(r.subtotalAfter.plain),
            "dryRun": .bool(dryRun),
            "catalogue": JSONValue(["name": .string(r.catalogueName), "edition": .string(r.catalogueEdition)]),
        ])
    }

    // MARK: pieces

    /// `Sample roofing price list, edition 2026-1` (the name alone when there is no edition).
    static func catalogue(_ name: String, _ edition: String, _ w: Words) -> String {
        edition.isEmpty ? name : w(.catalogueEdition, name, edition)
    }

    /// `1 line`, `3 lines`.
    static func lines(_ n: Int, _ w: Words) -> String { n == 1 ? w[.repriceOneLine] : w(.repriceLines, "\(n)") }
}
