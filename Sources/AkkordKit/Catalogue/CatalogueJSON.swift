import AkkordSupport
import AkkordModel

/// Reads and writes the catalogue file format (SPEC §3), validating everything and naming every
/// problem by its JSON path.
public enum CatalogueJSON {
    /// Reads a catalogue. `source` names the file in error messages.
    /// With `requireName: false` an empty name is allowed (an import that sets `--name`).
    public static func read(_ bytes: [UInt8], source: String, requireName: Bool = true) throws -> Catalogue {
        var problems: [Problem] = []
        var activities: [Activity] = []
        var seen: [String: Int] = [:]
        let metadata = try JSONReader.readObject(bytes, source: source, streaming: "activities", element: { i, entry in
            guard let a = decodeActivity(entry, index: i, problems: &problems) else { return }
            if let first = seen.updateValue(i, forKey: a.pos) {
                problems.append(Problem("activities[\(i)].pos", "duplicate \(Excerpt.phrase(a.pos)) (also activities[\(first)])"))
                return
            }
            activities.append(a)
        }, nonObject: { i, value in
            problems.append(Problem("activities[\(i)]", "expected an object, got \(value.kindDescription)"))
        })
        var catalogue = decodeMetadata(metadata, requireName: requireName, problems: &problems)
        catalogue.activities = activities
        if metadata["activities"] == nil { problems.append(Problem("activities", "is missing")) }
        if !problems.isEmpty { throw InvalidDataError(source: source, problems: problems) }
        return catalogue
    }

    /// Everything but the activities, which `read` decodes as it scans.
    static func decodeMetadata(_ object: JSONObject, requireName: Bool, problems: inout [Problem]) -> Catalogue {
        var fields = FieldReader(object: object, path: "", problems: problems)
        defer { problems = fields.problems }
        let format = fields.string("format", required: true)
        if let format, format != Catalogue.format {
            fields.problem("format", "is \(Excerpt.phrase(format)), expected \(Excerpt.phrase(Catalogue.format))")
        }
        fields.version(expected: Catalogue.version)
        let name = fields.string("name", required: requireName) ?? ""
        if requireName, name.trimmingSpaces.isEmpty, object["name"]?.stringValue != nil {
            fields.problem("name", "must not be empty")
        }
        let edition = fields.string("edition") ?? ""
        for (key, text) in [("name", name), ("edition", edition)] {
            if let p = TextField.name.problem(text) { fields.problem(key, p) }
        }
        let validFrom = fields.string("validFrom")
        if let validFrom, let p = ISODate.problem(validFrom) { fields.problem("validFrom", p) }
        let currency = fields.string("currency") ?? "DKK"
        if currency != "DKK" { fields.problem("currency", "\(Excerpt.phrase(currency)) is not supported; akkord accounts in DKK") }
        fields.rejectUnknown(catalogueKeys)
        if let list = object["activities"], list != .null, list.arrayValue == nil {
            fields.problem("activities", "expected an array, got \(list.kindDescription)")
        }
        return Catalogue(name: name, edition: edition, validFrom: validFrom, currency: currency, activities: [])
    }

    /// Optional fields an imported file leaves out altogether, so a merge keeps the current
    /// values: keywords when no activity has any.
    public static func missingOptionalFields(_ activities: [Activity]) -> Set<String> {
        var missing: Set<String> = []
        if !activities.contains(where: { !$0.keywords.isEmpty }) { missing.insert("keywords") }
        if !activities.contains(where: { !$0.translations.isEmpty }) { missing.insert("translations") }
        if !activities.contains(where: { $0.rounding != nil }) { missing.insert("rounding") }
        if !activities.contains(where: { $0.minimum != nil }) { missing.insert("minimum") }
        return missing
    }

    static let activityKeys = ["pos", "name", "unit", "price", "section", "note", "rounding", "minimum", "keywords", "translations"]
    static let roundingKeys = ["step", "mode"]
    static let translationKeys = ["name", "section", "note"]
    static let catalogueKeys = ["format", "version", "name", "edition", "validFrom", "currency", "activities"]

    static func decodeActivity(_ object: JSONObject, index: Int, problems: inout [Problem]) -> Activity? {
        var fields = FieldReader(object: object, path: "activities", index: index, problems: problems)
        defer { problems = fields.problems }
        let before = fields.problems.count
        let pos = fields.string("pos", required: true)
        if let pos, let p = PosNumber.problem(pos) { fields.problem("pos", p) }
        let name = fields.string("name", required: true)
        if let name, name.trimmingSpaces.isEmpty { fields.problem("name", "must not be empty") }
        let unit = fields.string("unit", required: true).map(UnitName.canonical)
        if let unit, unit.isEmpty { fields.problem("unit", "must not be empty") }
        let price: UnitPrice? = fields.number("price", required: true)
        if let price, price.isNegative { fields.problem("price", "\(Excerpt.phrase(price.plain)) must not be negative") }
        let section = fields.string("section") ?? ""
        let note = fields.string("note") ?? ""
        for (key, text, kind) in [("name", name ?? "", TextField.name), ("unit", unit ?? "", .unit), ("section", section, .section), ("note", note, .note)] {
            if let p = kind.problem(text) { fields.problem(key, p) }
        }
        var keywords: [String] = []
        if let list = fields.value("keywords") {
            if let items = list.arrayValue {
                for (k, item) in items.enumerated() {
                    guard let word = item.stringValue else { fields.problem("keywords[\(k)]", "expected a string, got \(item.kindDescription)"); continue }
                    if let p = Activity.keywordProblem(word) { fields.problem("keywords[\(k)]", p) } else { keywords.append(word) }
                }
            } else { fields.problem("keywords", "expected an array of strings, got \(list.kindDescription)") }
        }
        var translations: [String: ActivityTranslation] = [:]
        if let value = fields.value("translations") {
            if let object = value.objectValue {
                for entry in object.entries {
                    let path = fields.place("translations") + "." + entry.key
                    guard Activity.isLanguageCode(entry.key) else {
                        fields.problems.append(Problem(fields.place("translations"),
                            "\(Excerpt.quoted(entry.key)) is not a language code; write two lowercase letters (en, da, …)"))
                        continue
                    }
                    guard let o = entry.value.objectValue else {
                        fields.problems.append(Problem(path, "expected an object with name, section and note, got \(entry.value.kindDescription)"))
                        continue
                    }
                    if let t = decodeTranslation(o, path: path, problems: &fields.problems) { translations[entry.key] = t }
                }
            } else { fields.problem("translations", "expected an object of languages (\"en\": {…}), got \(value.kindDescription)") }
        }
        let rounding = decodeRounding(&fields)
        let minimum: Quantity? = fields.number("minimum")
        if let minimum, minimum.isNegative { fields.problem("minimum", "\(Excerpt.phrase(minimum.plain)) must not be negative") }
        fields.rejectUnknown(activityKeys)
        guard fields.problems.count == before, let pos, let name, let unit, let price else { return nil }
        return Activity(pos: pos, name: name, unit: unit, price: price, section: section, note: note, keywords: keywords,
                        translations: translations, rounding: rounding, minimum: minimum)
    }

    /// An activity's `rounding` (SPEC §16): `{"step": "0.01", "mode": "up"}`, the step more than
    /// zero (a string or a number, as prices are read), the mode `up` or `half-up`.
    static func decodeRounding(_ fields: inout FieldReader) -> QuantityRounding? {
        guard let value = fields.value("rounding") else { return nil }
        guard let object = value.objectValue else {
            fields.problem("rounding", "expected an object with step and mode, got \(value.kindDescription)")
            return nil
        }
        var r = FieldReader(object: object, path: fields.place("rounding"), problems: [])
        let step: Quantity? = r.number("step", required: true)
        if let step, step.raw <= 0 { r.problem("step", "\(Excerpt.phrase(step.plain)) must be greater than zero") }
        var mode: QuantityRounding.Mode? = nil
        if let name = r.string("mode", required: true) {
            mode = QuantityRounding.Mode(rawValue: name)
            if mode == nil { r.problem("mode", "\(Excerpt.phrase(name)) is not a rounding mode; write \"up\" or \"half-up\"") }
        }
        r.rejectUnknown(roundingKeys)
        fields.problems += r.problems
        guard r.problems.isEmpty, let step, let mode else { return nil }
        return QuantityRounding(step: step, mode: mode)
    }

    /// One language of an activity's `translations`: `name` (required, not empty), optional
    /// `section` and `note`, each with the limits of the handbook's own field.
    static func decodeTranslation(_ object: JSONObject, path: String, problems: inout [Problem]) -> ActivityTranslation? {
        var fields = FieldReader(object: object, path: path, problems: problems)
        defer { problems = fields.problems }
        let before = fields.problems.count
        let name = fields.string("name", required: true)
        if let name, name.trimmingSpaces.isEmpty { fields.problem("name", "must not be empty") }
        let section = fields.string("section") ?? ""
        let note = fields.string("note") ?? ""
        for (key, text, kind) in [("name", name ?? "", TextField.name), ("section", section, .section), ("note", note, .note)] {
            if let p = kind.problem(text) { fields.problem(key, p) }
        }
        fields.rejectUnknown(translationKeys)
        guard fields.problems.count == before, let name else { return nil }
        return ActivityTranslation(name: name, section: section, note: note)
    }

    public static func encode(_ catalogue: Catalogue) -> JSONValue {
        var root = JSONObject()
        root.append("format", .string(Catalogue.format))
        root.append("version", .int(Catalogue.version))
        root.append("name", .string(catalogue.name))
        root.append("edition", .string(catalogue.edition))
        root.append("validFrom", .optional(catalogue.validFrom))
        root.append("currency", .string(catalogue.currency))
        root.append("activities", .array(catalogue.sortedActivities.map(encode)))
        return .object(root)
    }

    /// `rounding`, `minimum`, `keywords` and `translations` are written only when there are some,
    /// so catalogues without them read and write back byte for byte as before. Languages are written in code order; a
    /// translation's section and note only when not empty.
    public static func encode(_ a: Activity) -> JSONValue {
        var o = JSONObject([("pos", .string(a.pos)), ("name", .string(a.name)), ("unit", .string(a.unit)),
                            ("price", .string(a.price.plain)), ("section", .string(a.section)), ("note", .string(a.note))])
        if let r = a.rounding { o.append("rounding", JSONValue(["step": .string(r.step.plain), "mode": .string(r.mode.rawValue)])) }
        if let m = a.minimum { o.append("minimum", .string(m.plain)) }
        if !a.keywords.isEmpty { o.append("keywords", .array(a.keywords.map(JSONValue.string))) }
        if !a.translations.isEmpty {
            var languages = JSONObject()
            for code in a.translations.keys.sorted() {
                let t = a.translations[code]!
                var entry = JSONObject([("name", .string(t.name))])
                if !t.section.isEmpty { entry.append("section", .string(t.section)) }
                if !t.note.isEmpty { entry.append("note", .string(t.note)) }
                languages.append(code, .object(entry))
            }
            o.append("translations", .object(languages))
        }
        return .object(o)
    }

    /// The file as `JSONWriter` lays it out, but with every activity on one line, translations
    /// and all (the writer keeps an object on one line only when nothing in it nests).
    public static func write(_ catalogue: Catalogue) -> [UInt8] {
        guard case .object(let root) = encode(catalogue) else { return [] }
        let out = ByteOutput()
        out.write("{")
        for (i, entry) in root.entries.enumerated() {
            out.write(i == 0 ? "\n  " : ",\n  ")
            JSONWriter.writeString(entry.key, to: out)
            out.write(": ")
            if case .array(let activities) = entry.value, entry.key == "activities" {
                JSONWriter.writeRows(activities, to: out) { writeOnOneLine($0, to: out) }
            } else {
                JSONWriter.write(entry.value, indent: 2, to: out)
            }
        }
        out.write("\n}\n")
        return out.bytes
    }

    /// `value` on one line, spaced as `JSONWriter` spaces a one-line object.
    static func writeOnOneLine(_ value: JSONValue, to out: ByteOutput) {
        switch value {
        case .object(let o) where !o.entries.isEmpty:
            out.write("{")
            for (i, entry) in o.entries.enumerated() {
                if i > 0 { out.write(", ") }
                JSONWriter.writeString(entry.key, to: out)
                out.write(": ")
                writeOnOneLine(entry.value, to: out)
            }
            out.write("}")
        case .array(let items) where !items.isEmpty:
            out.write("[")
            for (i, item) in items.enumerated() {
                if i > 0 { out.write(", ") }
                writeOnOneLine(item, to: out)
            }
            out.write("]")
        default:
            JSONWriter.write(value, indent: 0, to: out)
        }
    }
}
