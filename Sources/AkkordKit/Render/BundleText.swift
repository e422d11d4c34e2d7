import AkkordSupport
import AkkordModel
import AkkordAccounting

/// How the project a bundle brings differs from the one the store holds under the same id
/// (SPEC §10): lines added, removed and changed (by line id), the subtotal and total before →
/// after (the store's version before, the bundle's after, both from `FinalAccounting`), and the
/// other parts of the project that differ, by their key in the project file.
public struct ProjectDifference: Equatable, Sendable {
    public struct ChangedLine: Equatable, Sendable {
        public let before: Line
        public let after: Line
        /// The line's keys in the project file that differ, in the file's order (`amount` when
        /// the amount follows).
        public let fields: [String]
    }

    public let id: String
    /// Lines only the bundle has, and lines only the store has, in id order.
    public let added: [Line]
    public let removed: [Line]
    public let changed: [ChangedLine]
    public let subtotalBefore: Money
    public let subtotalAfter: Money
    public let totalBefore: Money
    public let totalAfter: Money
    /// Keys of the project file besides `lines` whose values differ (`name`, `workers`, `history` …).
    public let otherParts: [String]

    public init(stored: Project, incoming: Project) throws(SumTooLargeError) {
        id = stored.id
        let storedById = Dictionary(stored.lines.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let incomingById = Dictionary(incoming.lines.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        added = incoming.lines.filter { storedById[$0.id] == nil }.sorted { $0.id < $1.id }
        removed = stored.lines.filter { incomingById[$0.id] == nil }.sorted { $0.id < $1.id }
        changed = stored.lines.compactMap { before -> ChangedLine? in
            guard let after = incomingById[before.id], after != before else { return nil }
            return ChangedLine(before: before, after: after, fields: Self.lineFields(before, after))
        }.sorted { $0.before.id < $1.before.id }
        let (b, a) = (try FinalAccounting(stored), try FinalAccounting(incoming))
        subtotalBefore = b.subtotal; subtotalAfter = a.subtotal
        totalBefore = b.total; totalAfter = a.total
        var parts: [String] = []
        func part<T: Equatable>(_ key: String, _ path: KeyPath<Project, T>) { if stored[keyPath: path] != incoming[keyPath: path] { parts.append(key) } }
        part("name", \.name); part("status", \.status); part("address", \.address); part("employer", \.employer)
        part("customer", \.customer); part("start", \.start); part("end", \.end); part("note", \.note); part("created", \.created)
        if stored.catalogueName != incoming.catalogueName || stored.catalogueEdition != incoming.catalogueEdition { parts.append("catalogue") }
        part("nextIds", \.nextIds)
        // Lines in another order (same ids, same values) differ only there.
        if added.isEmpty, removed.isEmpty, changed.isEmpty, stored.lines != incoming.lines { parts.append("lines") }
        part("workers", \.workers); part("hours", \.hours); part("advances", \.advances); part("supplements", \.supplements)
        part("extraWork", \.extraWork); part("photos", \.photos); part("history", \.history)
        part("daywork", \.daywork)
        otherParts = parts
    }

    static func lineFields(_ a: Line, _ b: Line) -> [String] {
        var f: [String] = []
        if a.pos != b.pos { f.append("pos") }
        if a.name != b.name { f.append("name") }
        if a.unit != b.unit { f.append("unit") }
        if a.price != b.price { f.append("price") }
        if a.quantity != b.quantity { f.append("quantity") }
        if a.amount != b.amount { f.append("amount") }
        if a.custom != b.custom { f.append("custom") }
        if a.note != b.note { f.append("note") }
        if a.section != b.section { f.append("section") }
        if a.date != b.date { f.append("date") }
        if a.measurement != b.measurement { f.append("measurement") }
        if a.quantityTyped != b.quantityTyped { f.append("quantityTyped") }
        return f
    }

    public var linesDiffer: Bool { !added.isEmpty || !removed.isEmpty || !changed.isEmpty }
}

/// What `project export` wrote.
public struct BundleExport: Sendable {
    public let projectId: String
    public let lineCount: Int
    /// Photo files in the bundle.
    public let photos: Int
    /// The bundle's size in bytes.
    public let byteCount: Int
    /// Where it was written; nil when it went to standard output.
    public let file: String?

    package init(projectId: String, lineCount: Int, photos: Int, byteCount: Int, file: String?) {
        self.projectId = projectId; self.lineCount = lineCount; self.photos = photos; self.byteCount = byteCount; self.file = file
    }
}

/// What `project import` did.
public struct BundleImport: Sendable {
    // Declared here, beside its views, as `RenderedReport` is: `Workspace.importBundle` makes it.
    public enum Result: String, Sendable { case created, unchanged, replaced }
    public let result: Result
    /// The project as it is stored now, but its lines.
    public let project: ProjectHead
    public let lineCount: Int
    /// The project's total (its final accounting's).
    public let total: Money
    /// The id the project had in the bundle (`--as` stores it under another).
    public let exportedAs: String
    /// Photo files in the bundle, and how many of them the store did not have.
    public let photos: Int
    public let photosWritten: Int
    /// Where the replaced version was kept (`--replace`), else nil.
    public let trashCopy: String?

    package init(result: Result, project: ProjectHead, lineCount: Int, total: Money, exportedAs: String, photos: Int, photosWritten: Int,
                 trashCopy: String?) {
        self.result = result; self.project = project; self.lineCount = lineCount; self.total = total; self.exportedAs = exportedAs
        self.photos = photos; self.photosWritten = photosWritten; self.trashCopy = trashCopy
    }
}

/// What `project export` and `project import` print, for people and for scripts.
public enum BundleText {
    // MARK: export

    /// `wrote roof.akkord (project roof, 12 lines, 2 photos, 48,213 bytes)`.
    public static func exported(_ e: BundleExport, path: String, language l: Language) -> String {
        Words(l)(.bundleWrote, path, e.projectId, count(e.lineCount, l), count(e.photos, l), count(e.byteCount, l))
    }

    /// `{"file", "project", "lines", "photos", "bytes"}`, the counts as integers.
    public static func exportJSON(_ e: BundleExport) -> JSONValue {
        JSONValue(["file": .optional(e.file), "project": .string(e.projectId), "lines": .int(e.lineCount),
                   "photos": .int(e.photos), "bytes": .int(e.byteCount)])
    }

    // MARK: import

    /// What the import did, in one or two lines.
    public static func imported(_ i: BundleImport, source: String, language l: Language) throws(SumTooLargeError) -> String {
        let w = Words(l)
        let p = i.project
        let contents = w(.bundleContents, count(i.lineCount, l), count(i.photos, l), count(i.photosWritten, l), i.total.formatted(l))
        let renamed = i.exportedAs == p.id ? "" : w(.bundleExportedAs, i.exportedAs)
        switch i.result {
        case .created: return w(.bundleCreated, p.id, p.name, source, renamed, contents)
        case .unchanged:
            if i.photosWritten > 0 { return w(.bundleUnchangedPhotosRestored, p.id, source, renamed, count(i.photosWritten, l)) }
            return w(.bundleUnchanged, p.id, source, renamed)
        case .replaced:
            let trash = i.trashCopy.map { "\n" + w(.bundleTrashCopy, $0) } ?? ""
            return w(.bundleReplaced, p.id, p.name, source, renamed, contents) + trash
        }
    }

    /// `{"project", "result", "photos", "photosWritten", "lines", "total", "exportedAs", "status",
    /// "trash"}`: counts as integers, the total as a string.
    public static func importJSON(_ i: BundleImport) throws(SumTooLargeError) -> JSONValue {
        JSONValue(["project": .string(i.project.id), "result": .string(i.result.rawValue), "photos": .int(i.photos),
                   "photosWritten": .int(i.photosWritten), "lines": .int(i.lineCount),
                   "total": .string(i.total.plain), "exportedAs": .string(i.exportedAs),
                   "status": .string(i.project.status.rawValue), "trash": .optional(i.trashCopy)])
    }

    // MARK: conflict

    /// The differences, one per line: lines added, removed, changed (field old → new), the
    /// subtotal and total before → after, and the other parts that differ.
    public static func difference(_ d: ProjectDifference, source: String, language l: Language) -> String {
        let w = Words(l)
        var out = [w(.bundleDiffers, d.id, source)]
        for line in d.added { out.append("  " + w(.bundleLineAdded, "\(line.id)", Confirmation.describe(line, l, figure: { $0.formatted(l) }))) }
        for line in d.removed { out.append("  " + w(.bundleLineRemoved, "\(line.id)", Confirmation.describe(line, l, figure: { $0.formatted(l) }))) }
        for c in d.changed {
            let fields = c.fields.map { "\(fieldName($0, w)) \(value($0, c.before, l, w)) → \(value($0, c.after, l, w))" }
            out.append("  " + w(.bundleLineChanged, "\(c.before.id)", fields.joined(separator: ", ")))
        }
        if !d.linesDiffer { out.append("  " + w[.bundleSameLines]) }
        out.append("  " + w(.bundleSubtotal, d.subtotalBefore.formatted(l), d.subtotalAfter.formatted(l)))
        out.append("  " + w(.bundleTotal, d.totalBefore.formatted(l), d.totalAfter.formatted(l)))
        if !d.otherParts.isEmpty { out.append("  " + w(.bundleAlsoDifferent, d.otherParts.map { partName($0, w) }.joined(separator: ", "))) }
        return out.joined(separator: "\n")
    }

    /// `{"project", "result": "conflict", "linesAdded": [ids], "linesRemoved": [ids],
    /// "linesChanged": [{"line", "fields"}], "subtotalBefore", "subtotalAfter", "totalBefore",
    /// "totalAfter", "otherParts": [keys]}`.
    public static func differenceJSON(_ d: ProjectDifference) -> JSONValue {
        JSONValue(["project": .string(d.id), "result": "conflict",
                   "linesAdded": .array(d.added.map { .int($0.id) }), "linesRemoved": .array(d.removed.map { .int($0.id) }),
                   "linesChanged": .array(d.changed.map { JSONValue(["line": .int($0.before.id), "fields": .array($0.fields.map(JSONValue.string))]) }),
                   "subtotalBefore": .string(d.subtotalBefore.plain), "subtotalAfter": .string(d.subtotalAfter.plain),
                   "totalBefore": .string(d.totalBefore.plain), "totalAfter": .string(d.totalAfter.plain),
                   "otherParts": .array(d.otherParts.map(JSONValue.string))])
    }

    // MARK: pieces

    static func fieldName(_ key: String, _ w: Words) -> String {
        switch key {
        case "pos": return w[.fieldPos]
        case "name": return w[.fieldName]
        case "unit": return w[.fieldUnit]
        case "price": return w[.fieldPrice]
        case "quantity": return w[.fieldQuantity]
        case "amount": return w[.fieldAmount]
        case "custom": return w[.fieldCustom]
        case "note": return w[.fieldNote]
        case "section": return w[.fieldSection]
        case "date": return w[.fieldDate]
        case "measurement": return w[.fieldMeasurement]
        case "quantityTyped": return w[.fieldQuantityTyped]
        default: return key
        }
    }

    static func value(_ key: String, _ line: Line, _ l: Language, _ w: Words) -> String {
        switch key {
        case "pos": return line.pos
        case "name": return Excerpt.quoted(line.name)
        case "unit": return UnitName.display(line.unit, language: l)
        case "price": return line.price.formatted(l)
        case "quantity": return line.quantity.formatted(l)
        case "amount": return line.amount.formatted(l)
        case "custom": return w[line.custom ? .bundleYes : .bundleNo]
        case "note": return Excerpt.quoted(line.note)
        case "section": return Excerpt.quoted(line.section)
        case "date": return line.date ?? "-"
        case "measurement": return line.measurement.map(Excerpt.quoted) ?? "-"
        case "quantityTyped": return line.quantityTyped?.formatted(l) ?? "-"
        default: return ""
        }
    }

    static func partName(_ key: String, _ w: Words) -> String {
        switch key {
        case "name": return w[.fieldName]
        case "status": return w[.partStatus]
        case "address": return w[.fieldAddress]
        case "employer": return w[.fieldEmployer]
        case "customer": return w[.fieldCustomer]
        case "start": return w[.fieldStart]
        case "end": return w[.fieldEnd]
        case "note": return w[.fieldNote]
        case "created": return w[.partCreated]
        case "catalogue": return w[.partCatalogue]
        case "nextIds": return w[.partNextIds]
        case "lines": return w[.partLineOrder]
        case "workers": return w[.partWorkers]
        case "hours": return w[.partHours]
        case "advances": return w[.partAdvances]
        case "supplements": return w[.partSupplements]
        case "extraWork": return w[.partExtraWork]
        case "photos": return w[.partPhotos]
        case "history": return w[.partHistory]
        case "daywork": return w[.partDaywork]
        default: return key
        }
    }

    /// A count with the language's thousands separator: `48,213` (en), `48.213` (da).
    package static func count(_ n: Int, _ l: Language) -> String {
        let digits = Array(String(n.magnitude))
        var out = n < 0 ? "-" : ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += l.groupingSeparator }
            out.append(d)
        }
        return out
    }
}
