import AkkordSupport

/// Every rule a project must keep, checked in one place: by the reader on every project file,
/// by the workspace on every project before it is written, and so by `check`. A project that
/// passes can be accounted without overflow: every amount, sum and share it leads to fits the
/// number types (amounts up to `Money.maximumRaw`).
public enum ProjectRules {
    /// The problems of a project, each at its JSON path in the project file.
    /// `checked`: lines known to keep the rules on their own (as read from the project's file);
    /// a line equal to the one at its place there has only its id and amount checked again
    /// (against the others), not its texts and measurement: a change to one line of 100,000
    /// does not read all their texts again.
    public static func problems(_ p: Project, checked: [Line] = []) -> [Problem] {
        var lines = LineRules(nextId: p.nextIds["line"] ?? 1, count: p.lines.count)
        let maker = LineViewMaker()
        for (i, l) in p.lines.enumerated() {
            if i < checked.count, checked[i] == l { lines.check(keptId: l.id, amount: l.amount, at: i) } else { lines.check(maker.view(of: l), at: i) }
        }
        return problems(ProjectHead(p), lines: lines) { (s) throws(SumTooLargeError) in try LinesInMemory(p.lines).bases(of: s) }
    }

    /// The problems of a project whose lines were checked one at a time by `lines`; `bases`
    /// gives the supplements' bases (asked only when the lines were in order).
    public static func problems(_ p: ProjectHead, lines: LineRules, bases: ([Supplement]) throws(SumTooLargeError) -> [Money]) -> [Problem] {
        var problems: [Problem] = []
        func problem(_ place: String, _ message: Phrase) { problems.append(Problem(place, message)) }
        func uniqueIds(_ key: String, _ ids: [Int], counter: String) {
            var seen = Set<Int>()
            seen.reserveCapacity(ids.count)
            let next = p.nextIds[counter] ?? 1
            for (i, id) in ids.enumerated() {
                if id < 1 { problem("\(key)[\(i)].id", "id \(id) must be 1 or more") }
                if !seen.insert(id).inserted { problem("\(key)[\(i)].id", "duplicate id \(id)") }
                if id >= next { problem("\(key)[\(i)].id", "id \(id) is not below nextIds.\(counter)") }
            }
        }
        /// Required text (names) must not be empty; no text may hold a control character.
        func text(_ place: @autoclosure () -> String, _ value: String, required: Bool = true, note: Bool = false,
                  kind: TextField = .name) {
            if required, value.isEmpty { problem(place(), "must not be empty") }
            if let p = (note ? TextField.note : kind).problem(value) { problem(place(), p) }
        }

        if !Slug.isValid(p.id) { problem("id", "\(Excerpt.phrase(p.id)) is not a valid project id") }
        text("name", p.name)
        text("address", p.address, required: false)
        text("employer", p.employer, required: false)
        text("customer", p.customer, required: false)
        text("note", p.note, required: false, note: true)
        text("catalogue.name", p.catalogueName, required: false)
        text("catalogue.edition", p.catalogueEdition, required: false)

        // The settlement's course: each step after the one before it, on that day or later
        // (dates as YYYY-MM-DD compare as text), one answer at most.
        text("disputeNote", p.disputeNote, required: false, note: true)
        func after(_ key: String, _ date: String?, _ earlierKey: String, _ earlier: String?) {
            guard let date else { return }
            guard let earlier else { problem(key, "is set, but \(earlierKey) is not"); return }
            if date < earlier { problem(key, "\(date) is before \(earlierKey) \(earlier)") }
        }
        after("handedIn", p.handedIn, "end", p.end)
        after("approved", p.approved, "handedIn", p.handedIn)
        after("disputed", p.disputed, "handedIn", p.handedIn)
        if p.approved != nil && p.disputed != nil { problem("disputed", "is set, and so is approved: a settlement has one answer") }
        if !p.disputeNote.isEmpty && p.disputed == nil { problem("disputeNote", "is set, but disputed is not") }

        // Lines, and their subtotal kept within what an amount can be.
        problems += lines.problems
        let subtotal = lines.checkedSubtotal

        // The team.
        var workerIds = Set<String>()
        for (i, w) in p.workers.enumerated() {
            if !Slug.isValid(w.id) { problem("workers[\(i)].id", "\"\(w.id)\" is not a valid worker id") }
            if !workerIds.insert(w.id).inserted { problem("workers[\(i)].id", "duplicate worker id \"\(w.id)\"") }
            text("workers[\(i)].name", w.name)
            if w.apprentice, w.rate == nil { problem("workers[\(i)].rate", "an apprentice needs an hourly rate") }
            if let rate = w.rate, rate.isNegative { problem("workers[\(i)].rate", "must not be negative") }
        }
        uniqueIds("hours", p.hours.map(\.id), counter: "hours")
        var hoursByWorker: [String: Sum<Hours>] = [:]
        for (i, h) in p.hours.enumerated() {
            if !workerIds.contains(h.worker) { problem("hours[\(i)].worker", "no worker \"\(h.worker)\"") }
            if h.hours.raw <= 0 { problem("hours[\(i)].hours", "must be greater than zero") }
            text("hours[\(i)].note", h.note, required: false, note: true)
            if !hoursByWorker[h.worker, default: Sum()].addChecked(h.hours) {
                problem("hours[\(i)].hours", "worker \(h.worker)'s hours add up to more than \(Hours(raw: Hours.maximumRaw)) h")
            }
        }
        uniqueIds("advances", p.advances.map(\.id), counter: "advance")
        var advancesByWorker: [String: Sum<Money>] = [:]
        for (i, a) in p.advances.enumerated() {
            if !workerIds.contains(a.worker) { problem("advances[\(i)].worker", "no worker \"\(a.worker)\"") }
            if a.correction ? a.amount.raw == 0 : a.amount.raw <= 0 {
                problem("advances[\(i)].amount", a.correction ? "must not be zero" : "must be greater than zero (a negative advance is a correction)")
            }
            if (a.hours == nil) != (a.rate == nil) { problem("advances[\(i)]", "hours and rate go together") }
            if let h = a.hours, let r = a.rate {
                if h.raw <= 0 { problem("advances[\(i)].hours", "must be greater than zero") }
                if r.isNegative { problem("advances[\(i)].rate", "must not be negative") }
                if h.raw > 0, !r.isNegative, h.pay(at: r) != a.amount {
                    problem("advances[\(i)].amount", "is \(a.amount) but hours × rate is \(h.pay(at: r))")
                }
            }
            text("advances[\(i)].note", a.note, required: false, note: true)
            if !advancesByWorker[a.worker, default: Sum()].addChecked(a.amount) {
                problem("advances[\(i)].amount", "worker \(a.worker)'s advances add up to more than \(Money.largest)")
            }
        }

        // Supplements and extra work, and the total they make.
        uniqueIds("supplements", p.supplements.map(\.id), counter: "supplement")
        // Only a subtotal within the limit has bases (the lines in scope add up to no more).
        var total = Sum(subtotal ?? .zero)
        var supplementBases: [Money]? = nil
        if subtotal != nil {
            do { supplementBases = try bases(p.supplements) } catch { problem("supplements", "\(error)") }
        }
        for (i, s) in p.supplements.enumerated() {
            text("supplements[\(i)].name", s.name)
            if !Supplement.range.contains(s.percent.raw) {
                problem("supplements[\(i)].percent", "\(s.percent) is outside -100 … 1000")
            } else if let supplementBases, !total.addChecked(supplementBases[i].percentage(s.percent)) {
                problem("supplements[\(i)].percent", "the total would be more than \(Money.largest)")
            }
        }
        uniqueIds("extraWork", p.extraWork.map(\.id), counter: "extra")
        for (i, e) in p.extraWork.enumerated() {
            text("extraWork[\(i)].text", e.text)
            text("extraWork[\(i)].number", e.number, required: false, kind: .section)
            switch e.pricing {
            case .amount(let m):
                if m.raw == 0 { problem("extraWork[\(i)].amount", "must not be zero (a negative amount is an agreed deduction)") }
            case .hourly(let h, let r):
                if h.raw <= 0 { problem("extraWork[\(i)].hours", "must be greater than zero") }
                if r.isNegative { problem("extraWork[\(i)].rate", "must not be negative") }
            }
            if !total.addChecked(e.amount) { problem("extraWork[\(i)]", "the total would be more than \(Money.largest)") }
        }
        var apprenticePay = Sum<Money>()
        for (i, w) in p.workers.enumerated() where w.apprentice {
            let hours = (hoursByWorker[w.id] ?? Sum()).within() ?? Hours(raw: Hours.maximumRaw)
            if !apprenticePay.addChecked(hours.pay(at: w.rate ?? .zero)) {
                problem("workers[\(i)].rate", "apprentice pay adds up to more than \(Money.largest)")
            }
        }

        for (i, h) in p.history.enumerated() {
            text("history[\(i)].time", h.time, required: false)
            text("history[\(i)].command", h.command, kind: .note)
            if let by = h.by { text("history[\(i)].by", by, required: false) }
            for (j, c) in h.changes.enumerated() { text("history[\(i)].changes[\(j)]", c, required: false, kind: .note) }
            if let details = h.details {
                // One description for each change's text.
                if details.count != h.changes.count {
                    problem("history[\(i)].details", "has \(details.count) changes but changes has \(h.changes.count)")
                }
                for (j, d) in details.enumerated() {
                    d.forEachText { member, t in text("history[\(i)].details[\(j)].\(member)", t, required: false, kind: .note) }
                }
            }
            if let target = h.undoes {
                if !(0..<i).contains(target) {
                    problem("history[\(i)].undoes", "is \(target); an undo can only take back an earlier entry (0–\(i - 1))")
                } else if p.history[target].undoes != nil {
                    problem("history[\(i)].undoes", "entry \(target) is itself an undo; undos are not undone")
                } else if p.history[..<i].contains(where: { $0.undoes == target }) {
                    problem("history[\(i)].undoes", "entry \(target) was already undone")
                }
            }
        }
        uniqueIds("photos", p.photos.map(\.id), counter: "photo")
        for (i, ph) in p.photos.enumerated() {
            if !PhotoFile.isValidStoredName(ph.file) { problem("photos[\(i)].file", "\"\(ph.file)\" is not a stored photo name") }
            text("photos[\(i)].caption", ph.caption, required: false)
            text("photos[\(i)].originalName", ph.originalName, required: false)
            text("photos[\(i)].added", ph.added, required: false)
        }
        return problems
    }

    /// The rules of each line, checked as the lines go by (a project file's lines are read one at
    /// a time): text, measurement, price, quantity, amount; unique ids below `nextIds.line`; a
    /// subtotal within what an amount can be. Problems about ids come first, as one list.
    public struct LineRules {
        public private(set) var idProblems: [Problem] = []
        public private(set) var otherProblems: [Problem] = []
        public var problems: [Problem] { idProblems + otherProblems }
        private(set) var subtotal = Sum<Money>()
        /// A line's own amount beyond the largest: the subtotal is then not one to add up further.
        private var lineBeyondLimit = false
        private var ids: IdSet
        private let nextId: Int

        public init(nextId: Int, count: Int = 0) {
            self.nextId = nextId
            ids = IdSet(below: nextId, capacity: count)
        }

        /// The subtotal of the lines so far, or nil when it went beyond what an amount can be.
        public var checkedSubtotal: Money? { lineBeyondLimit ? nil : subtotal.within() }

        /// Every rule of a line: its texts, measurement, price, quantity and amount, its id new
        /// and below `nextIds.line`, the subtotal within the largest amount; each problem at
        /// `lines[i]`. A plain text is checked by its bytes, the others read as strings.
        public mutating func check(_ v: LineView, at i: Int) {
            checkId(v.id, at: i)
            // Places are built only for a problem: this runs on every line of every read.
            text(v.pos, .name, required: true, at: i, "pos")
            text(v.name, .name, required: true, at: i, "name")
            text(v.unit, .unit, required: true, at: i, "unit")
            text(v.section, .section, required: false, at: i, "section")
            text(v.note, .note, required: false, at: i, "note")
            if let m = v.measurement?.string {
                // The stored expression must give the stored quantity (read as da or en: the
                // language it was typed in is not kept).
                if let e = try? MeasurementExpression(m) {
                    if !e.yields(v.quantity) { problem("lines[\(i)].measurement", "\(Excerpt.phrase(m)) does not give the quantity \(v.quantity)") }
                } else { problem("lines[\(i)].measurement", "\(Excerpt.phrase(m)) is not a measurement") }
            }
            if v.price.isNegative { problem("lines[\(i)].price", "must not be negative") }
            if v.quantity.raw <= 0 { problem("lines[\(i)].quantity", "must be greater than zero") }
            let amount = v.amount
            if amount.raw > Money.maximumRaw {
                lineBeyondLimit = true
                problem("lines[\(i)].amount", "\(amount) is larger than the largest amount akkord keeps (\(Money.largest))")
            } else {
                add(amount, at: i)
            }
        }

        /// The rules that depend on the other lines, for a line known to keep its own (one a
        /// change copies as it was read): its id new and below `nextIds.line`, the subtotal
        /// within the largest amount.
        public mutating func check(keptId id: Int, amount: Money, at i: Int) {
            checkId(id, at: i)
            if amount.raw > Money.maximumRaw { lineBeyondLimit = true }
            add(amount, at: i)
        }

        private mutating func add(_ amount: Money, at i: Int) {
            if !subtotal.addChecked(amount) {
                problem("lines[\(i)].amount", "the lines add up to more than the largest amount akkord keeps (\(Money.largest))")
            }
        }

        private mutating func problem(_ place: String, _ message: Phrase) { otherProblems.append(Problem(place, message)) }

        @inline(__always) private mutating func text(_ t: TextSlice, _ kind: TextField, required: Bool, at i: Int, _ key: StaticString) {
            if let n = t.plainASCIICount, !required || n > 0, n <= kind.maximumCharacters { return }
            // A text without escapes is valid UTF-8 without a byte below 0x20 (the reader saw to
            // that), so DEL and the C1 controls are all it may hold that is refused; and its
            // bytes bound its characters from above.
            if let bytes = t.unescapedBytes, bytes.count <= kind.maximumCharacters, !required || !bytes.isEmpty,
               ControlCharacters.bytesHaveNone(UnsafeRawBufferPointer(bytes)) { return }
            let s = t.string
            if required, s.isEmpty { problem("lines[\(i)].\(key)", "must not be empty") }
            if let p = kind.problem(s) { problem("lines[\(i)].\(key)", p) }
        }

        private mutating func checkId(_ id: Int, at i: Int) {
            if id < 1 { idProblems.append(Problem("lines[\(i)].id", "id \(id) must be 1 or more")) }
            if !ids.insert(id) { idProblems.append(Problem("lines[\(i)].id", "duplicate id \(id)")) }
            if id >= nextId { idProblems.append(Problem("lines[\(i)].id", "id \(id) is not below nextIds.line")) }
        }
    }

    /// The ids seen, for the duplicate check: a bitmap below `nextIds` (ids at or above it are
    /// problems anyway), so a million lines take 125 KB, not a hash set of a million.
    struct IdSet {
        private var bits: [UInt64]
        private var others = Set<Int>()
        init(below next: Int, capacity: Int) {
            // A next id far beyond the lines (a hand-edited file) gets a set instead of a huge
            // bitmap; `capacity` is only a hint (a file's own line count, not yet checked), so it
            // is bounded too: the bitmap never takes more than 16 MiB.
            let hint = min(max(capacity, 0), 1 << 21)
            let limit = min(max(next, 0), max(hint * 64, 1 << 20), 1 << 27)
            bits = [UInt64](repeating: 0, count: (limit + 63) / 64)
        }
        /// False when `id` was seen before.
        mutating func insert(_ id: Int) -> Bool {
            if id >= 0, id / 64 < bits.count {
                let mask: UInt64 = 1 << UInt64(id % 64)
                if bits[id / 64] & mask != 0 { return false }
                bits[id / 64] |= mask
                return true
            }
            return others.insert(id).inserted
        }
    }
}

extension Money {
    /// The largest amount akkord keeps: 999,999,999,999.99.
    public static var largest: Money { Money(raw: maximumRaw) }
}

/// Names of photo files inside the store: `<64 hex digits>.<jpg|png>`.
public enum PhotoFile {
    public static func isValidStoredName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 64, ["jpg", "png"].contains(parts[1]) else { return false }
        return parts[0].utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}
