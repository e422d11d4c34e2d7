import AkkordSupport
import AkkordModel

/// Figures across projects for the union clerk (SPEC §10 "Summary"): per project, per worker (by
/// name, across projects), per employer, and totals that add up. Every project's figures are its
/// `FinalAccounting`, the same numbers its report prints; the summary only selects, groups and
/// adds them, exactly (Int128 sums, no rounding but the one of the hourly earnings).
///
/// The rules where the contract is silent:
/// - A project counts when its end date, else its start date, lies in the period (both ends
///   inclusive; either may be open). With a period, a project with neither date is left out and
///   named in `withoutDate`, so nothing vanishes silently. Without a period every project counts.
/// - `employer` matches the whole employer, ignoring case, accents and extra spaces, with Danish
///   letters folded as search does (`Århus Tag` = `aarhus tag` = `Arhus Tag`); an empty one
///   matches the projects without an employer. Employers are grouped by the same rule and shown
///   with the spelling most of their projects use (of equally used ones, the first met).
/// - Workers are matched by name: trimmed, runs of spaces as one, case ignored (`jens  hansen` is
///   `Jens Hansen`, `Søren` is not `Soren`), shown with the spelling most of their team rows use
///   (of equally used ones, the first met in the summary's project order). A worker row adds up the team
///   rows of his projects' reports that have a share: hours, share (an apprentice's pay is his
///   share), advances, balance. A journeyman in a project whose team split is missing (no
///   journeyman hours) has no share there; when he was paid advances there, they are listed in
///   `advancesWithoutShare` instead of being added to his row (so every row keeps
///   balance = share − advances, and nothing is hidden).
/// - Hourly earnings (overall and per employer) = round2(pool of the projects that have
///   journeyman hours / their journeyman hours): a project whose hours are not yet recorded does
///   not inflate them. `poolWithHours` is that pool; it equals `pool` when every project has
///   hours.
/// - Hours are added exactly (`7:20` is 7 h 20 min) and shown with 2 decimals, as in the report.
/// - Order: projects by their date (end, else start; undated last), then id; workers and
///   employers alphabetically (Danish order: … z æ ø å), the empty employer last.
public struct ProjectsSummary: Equatable, Sendable {
    /// Which projects count. Dates are `YYYY-MM-DD`; nil is open.
    public struct Filter: Equatable, Sendable {
        public let from: String?
        public let to: String?
        /// The employer as given (nil: every employer).
        public let employer: String?
        /// nil: open and closed.
        public let status: Project.Status?

        public init(from: String? = nil, to: String? = nil, employer: String? = nil, status: Project.Status? = nil) throws {
            if let from, let problem = ISODate.problem(from) { throw SummaryFilterError.badDate(.from, problem) }
            if let to, let problem = ISODate.problem(to) { throw SummaryFilterError.badDate(.to, problem) }
            if let from, let to, from > to { throw SummaryFilterError.fromAfterTo(from: from, to: to) }
            self.from = from
            self.to = to
            self.employer = employer
            self.status = status
        }

        public var hasPeriod: Bool { from != nil || to != nil }
    }

    public struct ProjectRow: Equatable, Sendable {
        public let id: String
        public let name: String
        public let employer: String
        public let status: Project.Status
        public let start: String?
        public let end: String?
        public let total: Money
        public let apprenticePay: Money
        public let pool: Money
        public let journeymanHours: Hours
        /// nil without journeyman hours (the team split is missing), as in the report.
        public let hourlyEarnings: Money?
        /// The date that places the project in a period: the end, else the start.
        public var date: String? { end ?? start }

        package init(id: String, name: String, employer: String, status: Project.Status, start: String?, end: String?, total: Money,
                     apprenticePay: Money, pool: Money, journeymanHours: Hours, hourlyEarnings: Money?) {
            self.id = id; self.name = name; self.employer = employer; self.status = status; self.start = start; self.end = end
            self.total = total; self.apprenticePay = apprenticePay; self.pool = pool; self.journeymanHours = journeymanHours
            self.hourlyEarnings = hourlyEarnings
        }
    }

    /// All the summary takes of one project: its row and the team rows of its report (what a
    /// store keeps of each project in its summary cache, so a summary of 20,000 projects need
    /// not read them all). Made only from the project's accounting.
    public struct ProjectFigures: Equatable, Sendable {
        /// A row of the report's team: the worker by name, and his figures.
        public struct TeamRow: Equatable, Sendable {
            public let name: String
            public let hours: Hours
            /// The journeyman's share or the apprentice's pay; nil when the split is missing.
            public let share: Money?
            public let advances: Money
            public let balance: Money?

            package init(name: String, hours: Hours, share: Money?, advances: Money, balance: Money?) {
                self.name = name; self.hours = hours; self.share = share; self.advances = advances; self.balance = balance
            }
        }

        public let row: ProjectRow
        public let team: [TeamRow]

        package init(row: ProjectRow, team: [TeamRow]) { self.row = row; self.team = team }

        /// The figures of the project `p` heads, as its accounting `a` (over all its lines) gives them.
        public init(_ p: ProjectHead, accounting a: FinalAccounting) {
            row = ProjectRow(id: p.id, name: p.name, employer: p.employer, status: p.status, start: p.start, end: p.end,
                             total: a.total, apprenticePay: a.apprenticePay, pool: a.pool,
                             journeymanHours: a.journeymanHours, hourlyEarnings: a.hourlyEarnings)
            team = a.team.map { TeamRow(name: $0.worker.name, hours: $0.hours, share: $0.share, advances: $0.advances, balance: $0.balance) }
        }
    }

    public struct WorkerRow: Equatable, Sendable {
        /// The spelling most of the worker's team rows use.
        public let name: String
        /// The ids of the projects whose rows are added here, in the summary's project order.
        public let projects: [String]
        public let hours: Hours
        /// Journeyman shares plus apprentice pay.
        public let share: Money
        public let advances: Money
        /// share − advances.
        public let balance: Money
    }

    /// A journeyman paid advances on a project whose team split is missing: no share to set
    /// them against yet.
    public struct AdvanceWithoutShare: Equatable, Sendable {
        public let project: String
        public let name: String
        public let advances: Money

        package init(project: String, name: String, advances: Money) { self.project = project; self.name = name; self.advances = advances }
    }

    public struct EmployerRow: Equatable, Sendable {
        /// The spelling most of its projects use; empty for the projects without an employer.
        public let name: String
        public let projects: [String]
        public let total: Money
        public let apprenticePay: Money
        public let pool: Money
        public let journeymanHours: Hours
        /// The pool of those of its projects that have journeyman hours.
        public let poolWithHours: Money
        /// round2(poolWithHours / journeymanHours); nil without journeyman hours.
        public let hourlyEarnings: Money?
    }

    public struct Totals: Equatable, Sendable {
        public let projects: Int
        /// Σ project totals.
        public let total: Money
        /// Σ project apprentice pay.
        public let apprenticePay: Money
        /// Σ project pools.
        public let pool: Money
        /// Σ project journeyman hours.
        public let journeymanHours: Hours
        /// Σ pools of the projects with journeyman hours.
        public let poolWithHours: Money
        /// round2(poolWithHours / journeymanHours); nil without journeyman hours.
        public let hourlyEarnings: Money?
        /// Σ worker hours (apprentices included).
        public let hours: Hours
        /// Σ worker shares.
        public let share: Money
        /// Σ worker advances.
        public let advances: Money
        /// Σ worker balances (= share − advances).
        public let balance: Money
    }

    public let filter: Filter
    public let projects: [ProjectRow]
    public let workers: [WorkerRow]
    public let advancesWithoutShare: [AdvanceWithoutShare]
    public let employers: [EmployerRow]
    public let totals: Totals
    /// With a period: the ids of the projects that match the other filters but have neither an
    /// end nor a start date, so are left out. Empty without a period.
    public let withoutDate: [String]

    /// The summary of `all` (every project of the store, in any order) under `filter`. Throws
    /// `SumTooLargeError` when a sum does not fit (never traps).
    public init(_ all: [Project], filter: Filter) throws {
        var builder = Builder(filter: filter)
        for p in all { try builder.add(p) }
        self = try builder.summary()
    }

    /// Takes projects one at a time and keeps only the figures of those that count, so a store's
    /// projects need not all be in memory at once.
    public struct Builder: Sendable {
        public let filter: Filter
        private let employerKey: [UInt8]?
        /// Each employer's key, by the employer as written (20,000 projects have a few employers).
        private var employerKeys: [String: [UInt8]] = [:]
        private var chosen: [(row: ProjectRow, team: [ProjectFigures.TeamRow])] = []
        private var withoutDate: [String] = []

        public init(filter: Filter) {
            self.filter = filter
            employerKey = filter.employer.map(ProjectsSummary.employerKey)
        }

        /// Whether a project of these members passes the filter; one without a date the period
        /// needs is noted in `withoutDate`.
        private mutating func passes(id: String, status: Project.Status, employer: String, date: String?) -> Bool {
            if let wanted = filter.status, status != wanted { return false }
            if let employerKey {
                let key = employerKeys[employer] ?? ProjectsSummary.employerKey(employer)
                employerKeys[employer] = key
                if key != employerKey { return false }
            }
            if filter.hasPeriod {
                guard let date else { withoutDate.append(id); return false }
                if let from = filter.from, date < from { return false }
                if let to = filter.to, date > to { return false }
            }
            return true
        }

        /// Counts `p` when it passes the filter.
        public mutating func add(_ p: Project) throws(SumTooLargeError) {
            guard passes(id: p.id, status: p.status, employer: p.employer, date: p.end ?? p.start) else { return }
            let figures = ProjectFigures(ProjectHead(p), accounting: try FinalAccounting(p))
            chosen.append((figures.row, figures.team))
        }

        /// Counts a project by its figures when it passes the filter.
        public mutating func add(_ figures: ProjectFigures) {
            let r = figures.row
            guard passes(id: r.id, status: r.status, employer: r.employer, date: r.date) else { return }
            chosen.append((r, figures.team))
        }

        public func summary() throws -> ProjectsSummary {
            try ProjectsSummary(filter: filter, chosen: chosen, withoutDate: withoutDate)
        }
    }

    private init(filter: Filter, chosen unsorted: [(row: ProjectRow, team: [ProjectFigures.TeamRow])], withoutDate: [String]) throws {
        self.filter = filter
        let chosen = unsorted.sorted { a, b in
            let da = a.row.date, db = b.row.date
            if da != db {
                guard let da else { return false }
                guard let db else { return true }
                return da < db
            }
            return a.row.id < b.row.id
        }
        self.withoutDate = withoutDate.sorted()
        projects = chosen.map(\.row)

        // The totals of the projects' figures.
        var total = Sum<Money>(), apprenticePay = Sum<Money>(), pool = Sum<Money>(), hours = Sum<Hours>(), poolWithHours = Sum<Money>()
        for (p, _) in chosen {
            total.add(p.total)
            apprenticePay.add(p.apprenticePay)
            pool.add(p.pool)
            hours.add(p.journeymanHours)
            if p.journeymanHours.raw > 0 { poolWithHours.add(p.pool) }
        }

        // Employers, grouped by the folded name.
        var employerIndex: [[UInt8]: Int] = [:]
        var employerGroups: [(name: Spellings, projects: [String], total: Sum<Money>, apprenticePay: Sum<Money>, pool: Sum<Money>,
                              hours: Sum<Hours>, poolWithHours: Sum<Money>)] = []
        // Keys and spellings by the name as written: a store's 20,000 projects name a few
        // employers and workers, each many times.
        var employerKeys: [String: (key: [UInt8], spelling: String)] = [:]
        for (p, _) in chosen {
            let known = employerKeys[p.employer] ?? (Self.employerKey(p.employer), Self.normalizedSpaces(p.employer))
            employerKeys[p.employer] = known
            let key = known.key
            let i: Int
            if let found = employerIndex[key] { i = found } else {
                i = employerGroups.count
                employerIndex[key] = i
                employerGroups.append((Spellings(), [], Sum(), Sum(), Sum(), Sum(), Sum()))
            }
            employerGroups[i].name.add(known.spelling)
            employerGroups[i].projects.append(p.id)
            employerGroups[i].total.add(p.total)
            employerGroups[i].apprenticePay.add(p.apprenticePay)
            employerGroups[i].pool.add(p.pool)
            employerGroups[i].hours.add(p.journeymanHours)
            if p.journeymanHours.raw > 0 { employerGroups[i].poolWithHours.add(p.pool) }
        }
        var employers: [EmployerRow] = []
        for g in employerGroups {
            let h = try g.hours.value("an employer's journeyman hours", limit: .max), pwh = try g.poolWithHours.value("an employer's pool", limit: .max)
            employers.append(EmployerRow(name: g.name.mostUsed, projects: g.projects, total: try g.total.value("an employer's total", limit: .max),
                                         apprenticePay: try g.apprenticePay.value("an employer's apprentice pay", limit: .max),
                                         pool: try g.pool.value("an employer's pool", limit: .max), journeymanHours: h, poolWithHours: pwh,
                                         hourlyEarnings: try Self.hourlyEarnings(pwh, h)))
        }
        self.employers = employers.sorted { a, b in
            if a.name.isEmpty != b.name.isEmpty { return b.name.isEmpty }
            return Self.alphabetical(a.name, b.name)
        }

        // Workers, by name across projects: the report's team rows that have a share.
        var workerIndex: [String: Int] = [:]
        var workerKeys: [String: (key: String, spelling: String)] = [:]
        var workerGroups: [(name: Spellings, projects: [String], hours: Sum<Hours>, share: Sum<Money>, advances: Sum<Money>, balance: Sum<Money>)] = []
        var advancesWithoutShare: [AdvanceWithoutShare] = []
        for (p, team) in chosen {
            for t in team {
                guard let share = t.share, let balance = t.balance else {
                    if t.advances.raw != 0 { advancesWithoutShare.append(AdvanceWithoutShare(project: p.id, name: t.name, advances: t.advances)) }
                    continue
                }
                let known = workerKeys[t.name] ?? (Self.workerKey(t.name), Self.normalizedSpaces(t.name))
                workerKeys[t.name] = known
                let key = known.key
                let i: Int
                if let found = workerIndex[key] { i = found } else {
                    i = workerGroups.count
                    workerIndex[key] = i
                    workerGroups.append((Spellings(), [], Sum(), Sum(), Sum(), Sum()))
                }
                workerGroups[i].name.add(known.spelling)
                if workerGroups[i].projects.last != p.id { workerGroups[i].projects.append(p.id) }
                workerGroups[i].hours.add(t.hours)
                workerGroups[i].share.add(share)
                workerGroups[i].advances.add(t.advances)
                workerGroups[i].balance.add(balance)
            }
        }
        var workers: [WorkerRow] = []
        var workerHours = Sum<Hours>(), shares = Sum<Money>(), advances = Sum<Money>(), balances = Sum<Money>()
        for g in workerGroups {
            workers.append(WorkerRow(name: g.name.mostUsed, projects: g.projects, hours: try g.hours.value("a worker's hours", limit: .max),
                                     share: try g.share.value("a worker's shares", limit: .max), advances: try g.advances.value("a worker's advances", limit: .max),
                                     balance: try g.balance.value("a worker's balance", limit: .max)))
            workerHours.add(g.hours)
            shares.add(g.share)
            advances.add(g.advances)
            balances.add(g.balance)
        }
        self.workers = workers.sorted { Self.alphabetical($0.name, $1.name) }
        self.advancesWithoutShare = advancesWithoutShare

        let journeymanHours = try hours.value("the journeyman hours", limit: .max), withHours = try poolWithHours.value("the pool", limit: .max)
        totals = Totals(projects: chosen.count, total: try total.value("the total", limit: .max), apprenticePay: try apprenticePay.value("the apprentice pay", limit: .max),
                        pool: try pool.value("the pool", limit: .max), journeymanHours: journeymanHours, poolWithHours: withHours,
                        hourlyEarnings: try Self.hourlyEarnings(withHours, journeymanHours),
                        hours: try workerHours.value("the hours", limit: .max), share: try shares.value("the shares", limit: .max),
                        advances: try advances.value("the advances", limit: .max), balance: try balances.value("the balances", limit: .max))
    }

    /// round2(pool / hours), as the report computes a project's hourly earnings; nil without hours.
    package static func hourlyEarnings(_ pool: Money, _ hours: Hours) throws -> Money? {
        guard hours.raw > 0 else { return nil }
        let raw = divideRoundingHalfAwayFromZero(Int128(pool.raw) * Int128(Hours.unitsPerHour), Int128(hours.raw))
        return try Sum<Money>(exact: raw).value("the hourly earnings", limit: .max)
    }

    // MARK: matching names

    /// The spellings of one worker's or employer's name, each with how many entries use it (a
    /// team row, a project), in the order first met: shown is the one most entries use, of
    /// those the first met (the summary's project order: by date, then id).
    struct Spellings {
        private var counts: [(spelling: String, entries: Int)] = []

        mutating func add(_ spelling: String) {
            if let i = counts.firstIndex(where: { $0.spelling == spelling }) { counts[i].entries += 1 } else { counts.append((spelling, 1)) }
        }

        var mostUsed: String {
            var best = counts.first
            for c in counts.dropFirst() where c.entries > best!.entries { best = c }
            return best?.spelling ?? ""
        }
    }

    /// Trimmed, with every run of spaces (any white space) as one space.
    static func normalizedSpaces(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// How workers are matched across projects: spaces normalized, case ignored.
    public static func workerKey(_ name: String) -> String { normalizedSpaces(name).lowercased() }

    /// How employers are matched (the filter and the grouping): spaces normalized, then folded as
    /// search folds text (case, accents, æ/ø/å and their spellings ae/oe/aa).
    public static func employerKey(_ name: String) -> [UInt8] { SearchText.fold(normalizedSpaces(name)) }

    /// Whether `a` comes before `b`: by `collationKey`, ties by the names' characters.
    package static func alphabetical(_ a: String, _ b: String) -> Bool {
        let ka = collationKey(a), kb = collationKey(b)
        return ka != kb ? ka < kb : a < b
    }

    /// Alphabetical in Danish order: æ, ø, å after z (case ignored).
    static func collationKey(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        for s in normalizedSpaces(name).lowercased().unicodeScalars {
            switch s {
            case "æ", "ä": out.append("{")
            case "ø", "ö": out.append("|")
            case "å": out.append("}")
            default: out.append(s)
            }
        }
        return String(out)
    }
}

/// Why a summary's filter is refused. The program words it with its own option names.
public enum SummaryFilterError: Equatable, Sendable, PhrasedError {
    public enum End: String, Sendable { case from, to }
    case badDate(End, Phrase)
    case fromAfterTo(from: String, to: String)

    public var phrase: Phrase {
        switch self {
        case .badDate(.from, let problem): return "the period's first day: \(problem)"
        case .badDate(.to, let problem): return "the period's last day: \(problem)"
        case .fromAfterTo(let from, let to): return "the period starts on \(from), after it ends on \(to)"
        }
    }
}
