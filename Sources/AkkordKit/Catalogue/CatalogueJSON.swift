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
        activities.contains { !$0.keywords.isEmpty } ? [] : ["keywords"]
    }

    static let activityKeys = ["pos", "name", "unit", "price", "section", "note", "keywords"]
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
        fields.rejectUnknown(activityKeys)
        guard fields.problems.count == before, let pos, let name, let unit, let price else { return nil }
        return Activity(pos: pos, name: name, unit: unit, price: price, section: section, note: note, keywords: keywords)
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

    /// `keywords` is written only when there are some, so catalogues without them read and
    /// write back byte for byte as before.
    public static func encode(_ a: Activity) -> JSONValue {
        var o = JSONObject([("pos", .string(a.pos)), ("name", .string(a.name)), ("unit", .string(a.unit)),
                            ("price", .string(a.price.plain)), ("section", .string(a.section)), ("note", .string(a.note))])
        if !a.keywords.isEmpty { o.append("keywords", .array(a.keywords.map(JSONValue.string))) }
        return .object(o)
    }

    public static func write(_ catalogue: Catalogue) -> [UInt8] { JSONWriter.write(encode(catalogue)) }
}
