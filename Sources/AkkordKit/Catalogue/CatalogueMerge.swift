import AkkordModel

/// What an import does to the catalogue: merge (add new, update changed) or replace (the file is
/// the whole catalogue), with every change listed as pos, field, old → new.
public struct CatalogueImport: Sendable {
    public struct FieldChange: Equatable, Sendable {
        public let pos: String
        public let field: String
        public let old: String?
        public let new: String?
        /// For price changes: the change in percent, one decimal (`+3.9`); nil when old is 0.
        public let percent: String?

        package init(pos: String, field: String, old: String?, new: String?, percent: String?) {
            self.pos = pos; self.field = field; self.old = old; self.new = new; self.percent = percent
        }
    }

    /// Metadata given on the command line; each wins over the file's.
    public struct Metadata: Sendable {
        public var name: String?
        public var edition: String?
        public var validFrom: String?
        public init(name: String? = nil, edition: String? = nil, validFrom: String? = nil) {
            self.name = name; self.edition = edition; self.validFrom = validFrom
        }
    }

    public let result: Catalogue
    public let added: Int
    public let changed: Int
    public let removed: Int
    public let unchanged: Int
    public let changes: [FieldChange]
    /// Prices that move by more than half (SPEC §11): the import is made, the user told.
    public let warnings: [PlausibilityWarning]
    public var isEmpty: Bool { changes.isEmpty }

    /// `keepMissing`: optional columns the file does not have (CSV without section, note,
    /// keywords, rounding or minimum, and CSV always for translations; JSON where no activity has
    /// keywords, translations, a rounding or a minimum) keep their current values; translations only where the text they
    /// translate is unchanged.
    public init(current: Catalogue, incoming: [Activity], fileMetadata: Catalogue?, overrides: Metadata,
                replace: Bool, keepMissing: Set<String> = []) {
        var byPos: [String: Int] = [:]
        for (i, a) in current.activities.enumerated() { byPos[a.pos] = i }
        var activities = replace ? [] : current.activities
        var changes: [FieldChange] = []
        var warnings: [PlausibilityWarning] = []
        var added = 0, changed = 0, unchanged = 0
        var incomingPos = Set<String>()
        for var a in incoming {
            incomingPos.insert(a.pos)
            guard let i = byPos[a.pos] else {
                added += 1
                changes.append(FieldChange(pos: a.pos, field: "added", old: nil, new: "\(a.name), \(a.unit), \(a.price.plain)", percent: nil))
                activities.append(a)
                continue
            }
            let old = current.activities[i]
            if keepMissing.contains("section") { a.section = old.section }
            if keepMissing.contains("note") { a.note = old.note }
            if keepMissing.contains("keywords") { a.keywords = old.keywords }
            if keepMissing.contains("translations") { a.translations = Self.keptTranslations(old, a) }
            if keepMissing.contains("rounding") { a.rounding = old.rounding }
            if keepMissing.contains("minimum") { a.minimum = old.minimum }
            var fieldChanges: [FieldChange] = []
            func compare(_ field: String, _ o: String, _ n: String, percent: String? = nil) {
                if o != n { fieldChanges.append(FieldChange(pos: a.pos, field: field, old: o, new: n, percent: percent)) }
            }
            compare("name", old.name, a.name)
            compare("unit", old.unit, a.unit)
            compare("price", old.price.plain, a.price.plain, percent: Self.percentChange(old.price, a.price))
            warnings += Plausibility.priceChange(pos: a.pos, old: old.price, new: a.price)
            compare("section", old.section, a.section)
            compare("note", old.note, a.note)
            compare("keywords", old.keywords.joined(separator: "|"), a.keywords.joined(separator: "|"))
            compare("rounding", Self.recorded(old.rounding), Self.recorded(a.rounding))
            compare("minimum", old.minimum?.plain ?? "", a.minimum?.plain ?? "")
            // Translations field by field, named with their language: `name (en)`.
            for code in Set(old.translations.keys).union(a.translations.keys).sorted() {
                let o = old.translations[code], n = a.translations[code]
                compare("name (\(code))", o?.name ?? "", n?.name ?? "")
                compare("section (\(code))", o?.section ?? "", n?.section ?? "")
                compare("note (\(code))", o?.note ?? "", n?.note ?? "")
            }
            if fieldChanges.isEmpty { unchanged += 1 } else { changed += 1; changes += fieldChanges }
            if replace { activities.append(a) } else { activities[i] = a }
        }
        var removed = 0
        if replace {
            for a in current.activities where !incomingPos.contains(a.pos) {
                removed += 1
                changes.append(FieldChange(pos: a.pos, field: "removed", old: "\(a.name), \(a.unit), \(a.price.plain)", new: nil, percent: nil))
            }
        } else {
            unchanged += current.activities.count - byPos.keys.filter(incomingPos.contains).count
        }

        var result = current
        result.activities = activities
        func pick(_ override: String?, _ file: String?) -> String? { override ?? file.flatMap { $0.isEmpty ? nil : $0 } }
        if let name = pick(overrides.name, fileMetadata?.name), name != current.name {
            changes.append(FieldChange(pos: "", field: "catalogue name", old: current.name, new: name, percent: nil)); result.name = name
        }
        if let edition = pick(overrides.edition, fileMetadata?.edition), edition != current.edition {
            changes.append(FieldChange(pos: "", field: "edition", old: current.edition, new: edition, percent: nil)); result.edition = edition
        }
        if let valid = pick(overrides.validFrom, fileMetadata?.validFrom), valid != current.validFrom {
            changes.append(FieldChange(pos: "", field: "validFrom", old: current.validFrom, new: valid, percent: nil)); result.validFrom = valid
        }
        self.result = result
        self.added = added; self.changed = changed; self.removed = removed; self.unchanged = unchanged
        self.changes = changes
        self.warnings = warnings
    }

    /// The translations of `old` that still translate `new` when the file carries none: each
    /// field only while the handbook's own text it translates is unchanged (a renamed activity
    /// must not keep the old name in English); a translation left without a name is dropped.
    static func keptTranslations(_ old: Activity, _ new: Activity) -> [String: ActivityTranslation] {
        guard old.name == new.name else { return [:] }
        var kept = old.translations
        for code in kept.keys {
            if old.section != new.section { kept[code]!.section = "" }
            if old.note != new.note { kept[code]!.note = "" }
        }
        return kept
    }

    /// A rounding as an import records it: `0.01 up`, `0.5 half-up`; empty for none.
    static func recorded(_ r: QuantityRounding?) -> String { r.map { "\($0.step.plain) \($0.mode.rawValue)" } ?? "" }

    static func percentChange(_ old: UnitPrice, _ new: UnitPrice) -> String? {
        guard old.raw != 0 else { return nil }
        // (new − old) / old × 100, to one decimal, half away from zero: in tenths of a percent.
        let tenths = divideRoundingHalfAwayFromZero((Int128(new.raw) - Int128(old.raw)) * 1000, Int128(old.raw))
        let text = DecimalText.plain(raw: Int64(tenths), fractionDigits: 1, minimumShown: 1)
        return tenths > 0 ? "+" + text : text
    }
}
