import AkkordSupport

/// How long a step of the settlement may take (SPEC §16): `15 workdays`, `25 days`, `4 weeks`.
/// A deadline in days or weeks that ends on a day that is not a working day moves to the next
/// working day.
public struct Deadline: Equatable, Sendable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable { case workdays, days, weeks }
    public let count: Int
    public let unit: Unit

    public static let counts = 1...250
    public static let settlementDefault = Deadline(count: 15, unit: .workdays)
    public static let criticismDefault = Deadline(count: 10, unit: .workdays)

    public init(count: Int, unit: Unit) { self.count = count; self.unit = unit }

    /// `15 workdays`, `25 days`, `4 weeks` (also singular, and the Danish `arbejdsdage`, `dage`,
    /// `uger`); a count from 1 to 250. nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), parts[0].utf8.count <= 3,
              let n = Int(parts[0]), Self.counts.contains(n) else { return nil }
        switch parts[1].lowercased() {
        case "workdays", "workday", "arbejdsdage", "arbejdsdag": unit = .workdays
        case "days", "day", "dage", "dag": unit = .days
        case "weeks", "week", "uger", "uge": unit = .weeks
        default: return nil
        }
        count = n
    }

    public var description: String { "\(count) \(unit.rawValue)" }

    /// The last day of the deadline that starts the day after `day`.
    public func due(after day: Int, holidays: Holidays) -> Int {
        switch unit {
        case .workdays: return Workdays.adding(count, toDay: day, holidays: holidays)
        case .days: return Workdays.workingDay(onOrAfter: day + count, holidays: holidays)
        case .weeks: return Workdays.workingDay(onOrAfter: day + 7 * count, holidays: holidays)
        }
    }
}

/// The rules an office settles by: the two deadlines and its days off.
public struct SettlementRules: Equatable, Sendable {
    public var settlement: Deadline
    public var criticism: Deadline
    public var holidays: Holidays

    public init(settlement: Deadline = .settlementDefault, criticism: Deadline = .criticismDefault, holidays: Holidays = .danish) {
        self.settlement = settlement; self.criticism = criticism; self.holidays = holidays
    }
}

/// Where a project's settlement stands (SPEC §16), as `project list` shows it.
public enum SettlementState: String, Sendable, CaseIterable {
    /// Work going on: no end date.
    case open
    /// The piecework ended; the settlement is due.
    case finished
    /// Handed over; the other side may criticise it until the criticism deadline.
    case handedIn = "handed-in"
    case approved
    case disputed
    case closed
}

/// A project's settlement on a given day: its state, the next due date and whether it passed.
public struct SettlementCourse: Equatable, Sendable {
    public let state: SettlementState
    /// The next date that counts: the settlement's (finished) or the criticism's (handed in).
    public let due: String?
    /// Today is after `due`.
    public let overdue: Bool
    /// Handed in, not answered, and the criticism deadline has passed: approved by the
    /// agreements, not by anything written in the file.
    public let approvedByDefault: Bool

    public init(state: SettlementState, due: String?, overdue: Bool, approvedByDefault: Bool = false) {
        self.state = state; self.due = due; self.overdue = overdue; self.approvedByDefault = approvedByDefault
    }

    /// `today` is `YYYY-MM-DD` (the clock's local date). A due date past 9999-12-31 is none.
    public init(status: Project.Status, end: String?, handedIn: String?, approved: String?, disputed: String?,
                rules: SettlementRules, today: String) {
        let now = Workdays.dayNumber(today)
        func dueDate(_ deadline: Deadline, after date: String?) -> (String, Bool)? {
            guard let date, let day = Workdays.dayNumber(date) else { return nil }
            let due = deadline.due(after: day, holidays: rules.holidays)
            guard let last = Workdays.dayNumber("9999-12-31"), due <= last else { return nil }
            return (Workdays.date(due), now.map { $0 > due } ?? false)
        }
        if status == .closed {
            self.init(state: .closed, due: nil, overdue: false)
        } else if disputed != nil {
            self.init(state: .disputed, due: nil, overdue: false)
        } else if approved != nil {
            self.init(state: .approved, due: nil, overdue: false)
        } else if handedIn != nil {
            let criticism = dueDate(rules.criticism, after: handedIn)
            if let criticism, criticism.1 {
                self.init(state: .approved, due: nil, overdue: false, approvedByDefault: true)
            } else {
                self.init(state: .handedIn, due: criticism?.0, overdue: false)
            }
        } else if end != nil {
            let settlement = dueDate(rules.settlement, after: end)
            self.init(state: .finished, due: settlement?.0, overdue: settlement?.1 ?? false)
        } else {
            self.init(state: .open, due: nil, overdue: false)
        }
    }

    public init(_ p: Project, rules: SettlementRules, today: String) {
        self.init(status: p.status, end: p.end, handedIn: p.handedIn, approved: p.approved, disputed: p.disputed, rules: rules, today: today)
    }
}

/// A step of the settlement's course, recorded by `project finish`, `hand-in`, `approve` and
/// `dispute`.
public enum SettlementStep: Equatable, Sendable {
    case finish, handIn, approve
    case dispute(note: String)
}

/// A step the course does not allow now.
public enum SettlementStepError: Error, Equatable, PhrasedError {
    case notFinished(project: String)
    case notHandedIn(project: String)
    case alreadyHandedIn(project: String, date: String)
    case alreadyFinished(project: String, date: String)
    case alreadyAnswered(project: String, approved: Bool, date: String)
    case beforeStep(date: String, step: Phrase, stepDate: String)
    case emptyDisputeNote

    public var phrase: Phrase {
        switch self {
        case .notFinished(let p): return "project \"\(p)\" is not finished: it has no end date"
        case .notHandedIn(let p): return "the settlement of project \"\(p)\" has not been handed in"
        case .alreadyHandedIn(let p, let d): return "the settlement of project \"\(p)\" was handed in on \(d); it has no other end date now"
        case .alreadyFinished(let p, let d): return "project \"\(p)\" was already finished on \(d)"
        case .alreadyAnswered(let p, true, let d): return "the settlement of project \"\(p)\" was already approved on \(d)"
        case .alreadyAnswered(let p, false, let d): return "the settlement of project \"\(p)\" was already disputed on \(d)"
        case .beforeStep(let d, let step, let stepDate): return "\(d) is before the \(step) date \(stepDate)"
        case .emptyDisputeNote: return "a dispute needs a note saying what is disputed"
        }
    }
}

extension Project {
    /// Records a step of the settlement on `date` (`YYYY-MM-DD`), in order: finish (the end
    /// date; again, before the hand-in, to correct it), hand-in after the end, then one answer.
    public mutating func settle(_ step: SettlementStep, on date: String) throws(SettlementStepError) -> [HistoryChange] {
        func notBefore(_ earlier: String, _ step: Phrase) throws(SettlementStepError) {
            if date < earlier { throw .beforeStep(date: date, step: step, stepDate: earlier) }
        }
        switch step {
        case .finish:
            if let handedIn { throw .alreadyHandedIn(project: id, date: handedIn) }
            if let end, end == date { throw .alreadyFinished(project: id, date: end) }
            if let start { try notBefore(start, "start") }
            let old = end
            end = date
            return [.projectChanged(.end, old: old, new: date)]
        case .handIn:
            guard let end else { throw .notFinished(project: id) }
            if let handedIn { throw .alreadyHandedIn(project: id, date: handedIn) }
            try notBefore(end, "end")
            handedIn = date
            return [.projectChanged(.handedIn, old: nil, new: date)]
        case .approve, .dispute:
            guard let handedIn else { throw .notHandedIn(project: id) }
            if let approved { throw .alreadyAnswered(project: id, approved: true, date: approved) }
            if let disputed { throw .alreadyAnswered(project: id, approved: false, date: disputed) }
            try notBefore(handedIn, "hand-in")
            guard case .dispute(let note) = step else {
                approved = date
                return [.projectChanged(.approved, old: nil, new: date)]
            }
            guard !note.isEmpty else { throw .emptyDisputeNote }
            let oldNote = disputeNote
            disputed = date
            disputeNote = note
            return [.projectChanged(.disputed, old: nil, new: date), .projectChanged(.disputeNote, old: oldNote, new: note)]
        }
    }
}
