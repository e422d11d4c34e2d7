import AkkordSupport
import AkkordModel

/// What a command prints when its change is done, in the user's language, made from the values
/// the change returned: a command parses, makes one `Workspace` call and prints one of these.
///
/// A number the user typed is echoed as it was read, formatted for the language. Edits and
/// removals in English read exactly as the text they add to the project's history (plain
/// numbers, units as stored); the history keeps that text beside each change described, and
/// shows the described change in the language (`HistoryText`). In Danish they are made from
/// the values. The result has no final line break; several lines (one per
/// removed line, one per changed field) are joined by line breaks.
public enum Confirmation {
    // MARK: projects

    public static func projectCreated(_ p: Project, _ l: Language) -> String {
        Words(l)(.projectCreated, p.id, p.name)
    }

    public static func projectCurrent(_ id: String, _ l: Language) -> String {
        Words(l)(.projectCurrent, id)
    }

    /// `project close` and `project reopen`: the project's new status.
    /// A step of the settlement's course (`project finish`, `hand-in`, `approve`, `dispute`).
    public static func settled(_ p: ProjectHead, _ step: SettlementStep, _ l: Language) -> String {
        let w = Words(l)
        switch step {
        case .finish: return w(.projectFinished, p.id, p.end ?? "")
        case .handIn: return w(.settlementHandedIn, p.id, p.handedIn ?? "")
        case .approve: return w(.settlementApproved, p.id, p.approved ?? "")
        case .dispute: return w(.settlementDisputed, p.id, p.disputed ?? "", p.disputeNote)
        }
    }

    public static func projectStatus(_ p: Project, _ l: Language) -> String {
        Words(l)(p.status == .closed ? .projectClosed : .projectReopened, p.id)
    }

    /// `unread`: the project's file did not read and was moved to the trash as it was.
    public static func projectDeleted(_ id: String, unread: Bool, _ l: Language) -> String {
        Words(l)(unread ? .projectDeletedUnread : .projectDeleted, id)
    }

    /// One line per changed field, `field: old → new`, in the order `project edit` records them.
    public static func projectEdited(before: Project, after: Project, _ l: Language) -> String {
        let w = Words(l)
        var out: [String] = []
        func text(_ term: Term, _ keyPath: KeyPath<Project, String>) {
            let (o, n) = (before[keyPath: keyPath], after[keyPath: keyPath])
            if o != n { out.append("\(w[term]): \"\(o)\" → \"\(n)\"") }
        }
        func date(_ term: Term, _ keyPath: KeyPath<Project, String?>) {
            let (o, n) = (before[keyPath: keyPath], after[keyPath: keyPath])
            if o != n { out.append("\(w[term]): \(o ?? "-") → \(n ?? "-")") }
        }
        text(.fieldName, \.name)
        text(.fieldAddress, \.address)
        text(.fieldEmployer, \.employer)
        text(.fieldCustomer, \.customer)
        date(.fieldStart, \.start)
        date(.fieldEnd, \.end)
        text(.fieldNote, \.note)
        return out.isEmpty ? w[.nothingChanged] : out.joined(separator: "\n")
    }

    // MARK: lines

    /// `line 1: 2.01 Under felt, nailed (underpap), 12.5 m2 × 38.50 = 481.25`.
    public static func lineAdded(_ line: Line, _ l: Language) -> String {
        Words(l)(.lineAdded, "\(line.id)", describe(line, l, figure: { $0.formatted(l) }))
    }

    public static func linesRemoved(_ lines: [Line], _ l: Language) -> String {
        let w = Words(l)
        return lines.map { line in w(.lineRemoved, "\(line.id)", describe(line, l, figure: { record($0, l) })) }.joined(separator: "\n")
    }

    /// One line per changed field (quantity, note, price), then the amount, old → new.
    public static func lineEdited(before: Line, after: Line, _ l: Language) -> String {
        let w = Words(l)
        let id = "\(after.id)"
        var out: [String] = []
        if before.quantity != after.quantity { out.append(w(.lineFieldChanged, id, w[.fieldQuantity], record(before.quantity, l), record(after.quantity, l))) }
        if before.note != after.note { out.append(w(.lineFieldChanged, id, w[.fieldNote], "\"\(before.note)\"", "\"\(after.note)\"")) }
        if before.price != after.price { out.append(w(.lineFieldChanged, id, w[.fieldPrice], record(before.price, l), record(after.price, l))) }
        if !out.isEmpty { out.append(w(.lineFieldChanged, id, w[.fieldAmount], record(before.amount, l), record(after.amount, l))) }
        if before.date != after.date { out.append(w(.lineFieldChanged, id, w[.fieldDate], before.date ?? "-", after.date ?? "-")) }
        if before.section != after.section { out.append(w(.lineFieldChanged, id, w[.fieldSection], "\"\(before.section)\"", "\"\(after.section)\"")) }
        return out.isEmpty ? w[.nothingChanged] : out.joined(separator: "\n")
    }

    /// What the activity's rounding and minimum did to the quantity typed (SPEC §16), a note
    /// each: `12,341 m rounded up per started 0,01 m to 12,35 m`, `0,4 m² counts as the minimum
    /// 1 m²`; words in `l`, figures in `numbers`.
    public static func quantityRuled(_ r: RuledQuantity, unit: String, _ l: Language, numbers: Language) -> [String] {
        let w = Words(l)
        let u = UnitName.display(unit, language: l)
        func q(_ x: Quantity) -> String { "\(x.formatted(numbers)) \(u)" }
        var notes: [String] = []
        if let rounded = r.rounded, let rounding = r.rounding {
            notes.append(w(rounding.mode == .up ? .ruleRoundedUp : .ruleRoundedHalfUp, q(r.typed), q(rounding.step), q(rounded)))
        }
        if let minimum = r.minimum { notes.append(w(.ruleMinimum, q(r.rounded ?? r.typed), q(minimum))) }
        return notes
    }

    /// `2.01 Under felt, nailed (underpap), 12,5 m² × 38,50 = 481,25`.
    static func describe(_ line: Line, _ l: Language, figure: (any FixedPointNumber) -> String) -> String {
        "\(line.pos) \(line.name), \(figure(line.quantity)) \(UnitName.display(line.unit, language: l)) × \(figure(line.price)) = \(figure(line.amount))"
    }

    // MARK: team

    public static func workerAdded(_ worker: Worker, _ l: Language) -> String {
        let w = Words(l)
        let kind = !worker.apprentice ? w[.journeyman] : worker.rate.map { w(.apprenticeAt, $0.formatted(l)) } ?? w[.apprenticeSharing]
        return w(.workerAdded, worker.id, worker.name, kind + (worker.weight.isOne ? "" : w(.weightSuffix, worker.weight.formatted(l))))
    }

    /// `worker jens (Jens Hansen): weight 0.8`.
    public static func workerWeight(_ worker: Worker, _ l: Language) -> String {
        Words(l)(.workerWeightSet, worker.id, worker.name, worker.weight.formatted(l))
    }

    public static func workerRemoved(_ worker: Worker, _ l: Language) -> String {
        Words(l)(.workerRemoved, worker.id, worker.name)
    }

    /// `hours 4: jens-hansen 7:18 (7.30 h) on 2026-05-05`.
    public static func hoursAdded(_ e: HoursEntry, _ l: Language) -> String {
        Words(l)(.hoursAdded, "\(e.id)", e.worker, hours(e.hours, l), e.date ?? "-")
    }

    public static func hoursRemoved(_ e: HoursEntry, _ l: Language) -> String {
        Words(l)(.hoursRemoved, "\(e.id)", e.worker, l == .en ? "\(e.hours.plain) h" : hours(e.hours, l))
    }

    public static func advanceAdded(_ a: Advance, _ l: Language) -> String {
        let w = Words(l)
        var amount = a.amount.formatted(l)
        if let h = a.hours, let r = a.rate { amount = "\(h.formatted(l)) \(UnitName.display("h", language: l)) × \(r.formatted(l)) = \(amount)" }
        return w(.advanceAdded, "\(a.id)", a.worker, amount, a.date ?? "-")
    }

    public static func advanceRemoved(_ a: Advance, _ l: Language) -> String {
        Words(l)(.advanceRemoved, "\(a.id)", a.worker, record(a.amount, l))
    }

    public static func supplementAdded(_ s: Supplement, _ l: Language) -> String {
        Words(l)(.supplementAdded, "\(s.id)", s.name, s.percent.formatted(l))
    }

    public static func supplementRemoved(_ s: Supplement, _ l: Language) -> String {
        Words(l)(.supplementRemoved, "\(s.id)", s.name, record(s.percent, l))
    }

    /// The agreed amount, or `1:30 (1.50 h) × 300.00 = 450.00` for work by the hour.
    public static func extraWorkAdded(_ e: ExtraWork, _ l: Language) -> String {
        let how: String
        switch e.pricing {
        case .amount(let m): how = m.formatted(l)
        case .hourly(let h, let rate): how = "\(hours(h, l)) × \(rate.formatted(l)) = \(e.amount.formatted(l))"
        }
        return Words(l)(.extraWorkAdded, "\(e.id)", e.text, how)
    }

    public static func extraWorkRemoved(_ e: ExtraWork, _ l: Language) -> String {
        Words(l)(.extraWorkRemoved, "\(e.id)", e.text, record(e.amount, l))
    }

    /// Hours as `H:MM`, then in decimal hours with two decimals: `7:18 (7,30 t)`, `7:18 (7.30 h)`.
    /// Minutes are rounded to the nearest whole minute.
    public static func hours(_ h: Hours, _ l: Language) -> String {
        let unitsPerMinute = Hours.unitsPerHour / 60
        let minutes = Int64((Int128(h.raw).magnitude + UInt128(unitsPerMinute / 2)) / UInt128(unitsPerMinute))
        let m = minutes % 60
        let clock = "\(h.raw < 0 ? "-" : "")\(minutes / 60):\(m < 10 ? "0" : "")\(m)"
        return Words(l)(.hoursAndDecimal, clock, h.formatted(l))
    }

    // MARK: photos

    /// `photo 1: roof.jpg, 640×480 JPEG`, and why the PDF cannot show it, when it cannot.
    public static func photoAdded(_ photo: Photo, image: PhotoImage, _ l: Language) -> String {
        let w = Words(l)
        let note = image.notEmbeddable.map { w(.photoNotEmbeddable, $0.text(l)) } ?? ""
        return w(.photoStored, "\(photo.id)", photo.originalName, "\(image.width)×\(image.height) \(image.kind.rawValue.uppercased())") + note
    }

    public static func photoRemoved(_ photo: Photo, _ l: Language) -> String {
        Words(l)(.photoRemoved, "\(photo.id)", photo.originalName)
    }

    /// The warning when a photo file no project uses could not be removed.
    public static func fileKept(path: String, reason: Phrase, _ l: Language) -> String {
        Words(l)(.fileKept, path, self.reason(reason, l))
    }

    /// `check`: a trash entry that does not read.
    public static func checkTrashUnreadable(_ path: String, _ l: Language) -> String { Words(l)(.checkTrashUnreadable, path) }

    /// `check`: unused photos kept because files that could name them do not read.
    public static func checkPhotosKept(_ count: Int, because files: [String], _ l: Language) -> String {
        Words(l)(.checkPhotosKept, "\(count)", files.prefix(3).joined(separator: ", ") + (files.count > 3 ? ", …" : ""))
    }

    public static func changeNotSynced(path: String, reason: Phrase, _ l: Language) -> String {
        Words(l)(.changeNotSynced, path, self.reason(reason, l))
    }

    /// A plausibility warning (SPEC §11) in the language, figures as the user types them.
    public static func plausibility(_ warning: PlausibilityWarning, _ l: Language) -> String {
        let w = Words(l)
        switch warning {
        case .longHoursEntry(let h): return w(.warnLongHours, h.formatted(l), Plausibility.maximumHoursEntry.formatted(l))
        case .dateAhead(let d, let today): return w(.warnDateAhead, d, String(Plausibility.daysAhead), today)
        case .dateLongAgo(let d, let today): return w(.warnDateLongAgo, d, String(Plausibility.yearsBack), today)
        case .similarWorkerName(let name, let existing): return w(.warnSimilarWorker, name, existing.id, existing.name)
        case .largeQuantity(let q): return w(.warnLargeQuantity, q.formatted(l), Plausibility.largeQuantity.formatted(l))
        case .bigPriceChange(let pos, let old, let new):
            return w(.warnPriceChange, pos, String(Plausibility.priceChangePercent), old.formatted(l), new.formatted(l))
        }
    }

    // MARK: files written

    public static func wroteReport(_ path: String, format: String, lines: Int, total: Money, _ l: Language) -> String {
        Words(l)(.wroteReport, path, format, "\(lines)", total.formatted(l))
    }

    public static func wroteCatalogue(_ path: String, format: String, activities: Int, _ l: Language) -> String {
        Words(l)(.wroteCatalogue, path, format, "\(activities)")
    }

    // MARK: check

    /// `store DIR: 12 files read, 2 projects, 1 photos, no problems`, and the leftovers' count.
    public static func checkSummary(store: String, files: Int, projects: Int, photos: Int, leftovers: Int, _ l: Language) -> String {
        let w = Words(l)
        let hint = leftovers == 0 ? "" : w(leftovers == 1 ? .checkLeftoverHint : .checkLeftoversHint, "\(leftovers)")
        return w(.checkSummary, store, "\(files)", "\(projects)", "\(photos)") + hint
    }

    /// `check --fix`: a leftover it removed.
    public static func checkRemoved(_ path: String, reason: String, bytes: Int, _ l: Language) -> String {
        Words(l)(.checkRemoved, path, self.reason(reason, l), "\(bytes)")
    }

    /// `check`: a leftover (a warning).
    public static func checkLeftover(_ path: String, reason: String, bytes: Int, _ l: Language) -> String {
        Words(l)(.checkLeftover, path, self.reason(reason, l), "\(bytes)")
    }

    /// A reason the store gives in English (for a leftover, a kept photo file) in `l`: a reason
    /// that starts with one of the known English phrases has that phrase put in `l`; the rest
    /// (an error's own words, in parentheses) is kept as it is. Anything else stays English.
    public static func reason(_ english: String, _ l: Language) -> String {
        for term in knownReasons {
            let phrase = Words.en[term] ?? ""
            if english.hasPrefix(phrase) { return Words(l)[term] + english.dropFirst(phrase.count) }
        }
        return english
    }

    /// A reason as a sentence: the phrase in `l` when the phrasebook has it, else one of the
    /// known reasons above, else the phrase in `l`.
    public static func reason(_ phrase: Phrase, _ l: Language) -> String {
        let english = phrase.description
        if Phrasebook.danish[phrase.key] == nil, knownReasons.contains(where: { english.hasPrefix(Words.en[$0] ?? "\u{0}") }) {
            return reason(english, l)
        }
        return phrase.text(l)
    }

    static let knownReasons: [Term] = [.reasonTemporary, .reasonUnusedPhoto, .reasonArchivedCopy, .reasonUndoStepKept]

    // MARK: helpers

    /// A figure as an English history line records it (plain: `1234.5`), or formatted in `l`.
    static func record(_ n: any FixedPointNumber, _ l: Language) -> String {
        l == .en ? n.plain : n.formatted(l)
    }
}

extension Confirmation {
    /// `undid: line 7 added: 2.01 …` and the further changes of the entry, in `l` as the history
    /// shows them (`HistoryText`), then when (local time) and with what it was made.
    public static func undone(_ undone: HistoryEntry, dryRun: Bool, _ l: Language) -> String {
        let w = Words(l)
        let changes = HistoryText.changes(undone, l)
        let first = changes.first ?? undone.command
        var out = [w(dryRun ? .undoWouldUndo : .undid, first)]
        out += changes.dropFirst().map { "  " + $0 }
        out.append("  " + w(.undoneChange, HistoryText.time(undone.time), undone.command))
        return out.joined(separator: "\n")
    }

    public static func projectRestored(_ p: Project, _ l: Language) -> String {
        Words(l)(.projectRestored, p.id, p.name)
    }
}

/// How an ambiguous number was read (SPEC §15): `1.200 read as 1.2; if you meant 1200, write
/// 1200 or use --lang da`.
public enum NumberReadingText {
    public static func ambiguous(_ typed: String, read: String, otherwise: String, otherLanguage: Language, _ l: Language) -> String {
        Words(l)(.numberReadAs, typed, read, otherwise, otherLanguage.rawValue)
    }

    /// `if you meant 5000, write 5000 or use --lang da`, after why a number was refused.
    public static func ifYouMeant(_ otherwise: String, otherLanguage: Language, _ l: Language) -> String {
        Words(l)(.numberIfYouMeant, otherwise, otherLanguage.rawValue)
    }
}
