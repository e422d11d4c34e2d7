import AkkordSupport
import AkkordModel
import AkkordCatalogue

/// The summary of `catalogue import` for people and for scripts.
public enum CatalogueImportText {
    /// A line break inside a one-line field of a price list, made a space: the lines it was on.
    public static func lineBreaksMadeSpaces(source: String, lines: [Int], language: Language) -> String {
        let shown = lines.prefix(10).map(String.init).joined(separator: ", ") + (lines.count > 10 ? ", …" : "")
        return Words(language)(.csvLineBreaksMadeSpaces, source, shown)
    }

    public static func summary(_ r: CatalogueImport, source: String, format: String, encoding: String, dryRun: Bool, language: Language, width: Int = TextTable.defaultWidth) -> String {
        let w = Words(language)
        var out = ""
        if dryRun {
            var t = TextTable([.init(w[.pos]), .init(w[.field]), .init(w[.old], wraps: true), .init(w[.new], wraps: true), .init(w[.change], .right)])
            t.maxWidth = width
            for c in r.changes {
                t.add([c.pos, field(c.field, language), value(c.old, field: c.field, language), value(c.new, field: c.field, language),
                       c.percent.map { "\($0.replacing(".", with: language.decimalSeparator)) %" } ?? ""])
            }
            out += r.changes.isEmpty ? w[.noChanges] + "\n" : t.render()
        }
        let counts = w(.importCounts, "\(r.added)", "\(r.changed)", "\(r.removed)", "\(r.unchanged)")
        out += (dryRun ? w(.importDryRun, source, format, encoding, counts) : w(.importDone, source, format, encoding, counts)) + "\n"
        if !dryRun && !r.isEmpty {
            let name = r.result.edition.isEmpty ? r.result.name : w(.catalogueEdition, r.result.name, r.result.edition)
            out += w(.importActiveCatalogue, name, "\(r.result.activities.count)") + "\n"
        }
        return out
    }

    /// The progress line while a CSV file is read (for a terminal only).
    public static func progress(source: String, rows: Int, language: Language) -> String {
        Words(language)(.importProgress, source, "\(rows)")
    }

    /// The name of a changed field (`CatalogueImport.FieldChange.field`, English) in `l`; a
    /// translation's field keeps its language code (`name (en)` is `navn (en)` in `da`).
    static func field(_ english: String, _ l: Language) -> String {
        if english.hasSuffix(")"), let open = english.lastIndex(of: "("), open > english.startIndex,
           english[english.index(before: open)] == " " {
            let space = english.index(before: open)
            return field(String(english[..<space]), l) + english[space...]
        }
        let terms: [Term] = [.fieldAdded, .fieldRemoved, .fieldName, .fieldUnit, .fieldPrice, .fieldSection, .fieldNote, .fieldKeywords,
                             .fieldCatalogueName, .fieldEdition, .fieldValidFrom, .fieldRounding, .fieldMinimum]
        guard let term = terms.first(where: { Words.en[$0] == english }) else { return english }
        return Words(l)[term]
    }

    /// An old or new value as the import records it (plain numbers, units as stored), with its
    /// price and unit shown as `l` shows them: a price field, or the `name, unit, price` of an
    /// activity added or removed. English shows the values as recorded.
    static func value(_ recorded: String?, field: String, _ l: Language) -> String {
        guard let recorded else { return "" }
        guard l != .en else { return recorded }
        func price(_ text: Substring) -> String? { (try? UnitPrice(parsing: String(text)))?.formatted(l) }
        switch field {
        case "price": return price(Substring(recorded)) ?? recorded
        case "added", "removed":
            // name (which may hold ", " itself), unit, price: taken from the end.
            let parts = recorded.split(separator: ", ", omittingEmptySubsequences: false)
            guard parts.count >= 3, let shown = price(parts[parts.count - 1]) else { return recorded }
            let unit = UnitName.display(String(parts[parts.count - 2]), language: l)
            return (parts.dropLast(2) + [Substring(unit), Substring(shown)]).joined(separator: ", ")
        default: return recorded
        }
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
            // In English, as the report's warnings: JSON does not change with the language.
            "warnings": .array(r.warnings.map { .string(Confirmation.plausibility($0, .en)) }),
        ])
    }
}
