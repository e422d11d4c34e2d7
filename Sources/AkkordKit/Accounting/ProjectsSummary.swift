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
///   as first seen.
/// - Workers are matched by name: trimmed, runs of spaces as one, case ignored (`jens  hansen` is
///   `Jens Hansen`, `Søren` is not `Soren`), shown as first seen. A worker row adds up the team
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
    }

    public struct WorkerRow: Equatable, Sendable {
        /// As first seen.
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
    }

    public struct EmployerRow: Equatable, Sendable {
        /// As first seen; empty for the projects without an employer.
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
    /// `SummarySumTooLargeError` when a sum does not fit (never traps).
    public init(_ all: [Project], filter: Filter) throws {
        var builder = Builder(filter: filter)
        for p in all { builder.add(p) }
        self = try builder.summary()
    }

    /// Takes projects one at a time and keeps only the figures of those that count, so a store's
    /// projects need not all be in memory at once.
    public struct Builder: Sendable {
        public let filter: Filter
        private let employerKey: [UInt8]?
        private var chosen: [(row: ProjectRow, team: [TeamShare])] = []
        private var withoutDate: [String] = []

        public init(filter: Filter) {
            self.filter = filter
            employerKey = filter.employer.map(ProjectsSummary.employerKey)
        }

        /// Counts `p` when it passes the filter.
        public mutating func add(_ p: Project) {
            if let status = filter.status, p.status != status { return }
            if let employerKey, ProjectsSummary.employerKey(p.employer) != employerKey { return }
            if filter.hasPeriod {
                guard let date = p.end ?? p.start else { withoutDate.append(p.id); return }
                if let from = filter.from, date < from { return }
                if let to = filter.to, date > to { return }
            }
            let a = FinalAccounting(p)
            chosen.append((ProjectRow(id: p.id, name: p.name, employer: p.employer, status: p.status, start: p.start, end: p.end,
                                      total: a.total, apprenticePay: a.apprenticePay, pool: a.pool,
                                      journeymanHours: a.journeymanHours, hourlyEarnings: a.hourlyEarnings), a.team))
        }

        public func summary() throws -> ProjectsSummary {
            try ProjectsSummary(filter: filter, chosen: chosen, withoutDate: withoutDate)
        }
    }

    private init(filter: Filter, chosen unsorted: [(row: ProjectRow, team: [TeamShare])], withoutDate: [String]) throws {
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
        var total = ExactSum(), apprenticePay = ExactSum(), pool = ExactSum(), hours = ExactSum(), poolWithHours = ExactSum()
        for (p, _) in chosen {
            total += p.total.raw
            apprenticePay += p.apprenticePay.raw
            pool += p.pool.raw
            hours += p.journeymanHours.raw
            if p.journeymanHours.raw > 0 { poolWithHours += p.pool.raw }
        }

        // Employers, grouped by the folded name.
        var employerIndex: [[UInt8]: Int] = [:]
        var employerGroups: [(name: String, projects: [String], total: ExactSum, apprenticePay: ExactSum, pool: ExactSum,
                              hours: ExactSum, poolWithHours: ExactSum)] = []
        for (p, _) in chosen {
            let key = Self.employerKey(p.employer)
            let i: Int
            if let found = employerIndex[key] { i = found } else {
                i = employerGroups.count
                employerIndex[key] = i
                employerGroups.append((Self.normalizedSpaces(p.employer), [], ExactSum(), ExactSum(), ExactSum(), ExactSum(), ExactSum()))
            }
            employerGroups[i].projects.append(p.id)
            employerGroups[i].total += p.total.raw
            employerGroups[i].apprenticePay += p.apprenticePay.raw
            employerGroups[i].pool += p.pool.raw
            employerGroups[i].hours += p.journeymanHours.raw
            if p.journeymanHours.raw > 0 { employerGroups[i].poolWithHours += p.pool.raw }
        }
        var employers: [EmployerRow] = []
        for g in employerGroups {
            let h = try g.hours.hours("an employer's journeyman hours"), pwh = try g.poolWithHours.money("an employer's pool")
            employers.append(EmployerRow(name: g.name, projects: g.projects, total: try g.total.money("an employer's total"),
                                         apprenticePay: try g.apprenticePay.money("an employer's apprentice pay"),
                                         pool: try g.pool.money("an employer's pool"), journeymanHours: h, poolWithHours: pwh,
                                         hourlyEarnings: try Self.hourlyEarnings(pwh, h)))
        }
        self.employers = employers.sorted { a, b in
            if a.name.isEmpty != b.name.isEmpty { return b.name.isEmpty }
            return Self.alphabetical(a.name, b.name)
        }

        // Workers, by name across projects: the report's team rows that have a share.
        var workerIndex: [String: Int] = [:]
        var workerGroups: [(name: String, projects: [String], hours: ExactSum, share: ExactSum, advances: ExactSum, balance: ExactSum)] = []
        var advancesWithoutShare: [AdvanceWithoutShare] = []
        for (p, team) in chosen {
            for t in team {
                guard let share = t.share, let balance = t.balance else {
                    if t.advances.raw != 0 { advancesWithoutShare.append(AdvanceWithoutShare(project: p.id, name: t.worker.name, advances: t.advances)) }
                    continue
                }
                let key = Self.workerKey(t.worker.name)
                let i: Int
                if let found = workerIndex[key] { i = found } else {
                    i = workerGroups.count
                    workerIndex[key] = i
                    workerGroups.append((Self.normalizedSpaces(t.worker.name), [], ExactSum(), ExactSum(), ExactSum(), ExactSum()))
                }
                if workerGroups[i].projects.last != p.id { workerGroups[i].projects.append(p.id) }
                workerGroups[i].hours += t.hours.raw
                workerGroups[i].share += share.raw
                workerGroups[i].advances += t.advances.raw
                workerGroups[i].balance += balance.raw
            }
        }
        var workers: [WorkerRow] = []
        var workerHours = ExactSum(), shares = ExactSum(), advances = ExactSum(), balances = ExactSum()
        for g in workerGroups {
            workers.append(WorkerRow(name: g.name, projects: g.projects, hours: try g.hours.hours("a worker's hours"),
                                     share: try g.share.money("a worker's shares"), advances: try g.advances.money("a worker's advances"),
                                     balance: try g.balance.money("a worker's balance")))
            workerHours += g.hours
            shares += g.share
            advances += g.advances
            balances += g.balance
        }
        self.workers = workers.sorted { Self.alphabetical($0.name, $1.name) }
        self.advancesWithoutShare = advancesWithoutShare

        let journeymanHours = try hours.hours("the journeyman hours"), withHours = try poolWithHours.money("the pool")
        totals = Totals(projects: chosen.count, total: try total.money("the total"), apprenticePay: try apprenticePay.money("the apprentice pay"),
                        pool: try pool.money("the pool"), journeymanHours: journeymanHours, poolWithHours: withHours,
                        hourlyEarnings: try Self.hourlyEarnings(withHours, journeymanHours),
                        hours: try workerHours.hours("the hours"), share: try shares.money("the shares"),
                        advances: try advances.money("the advances"), balance: try balances.money("the balances"))
    }

    /// round2(pool / hours), as the report computes a project's hourly earnings; nil without hours.
    static func hourlyEarnings(_ pool: Money, _ hours: Hours) throws -> Money? {
        guard hours.raw > 0 else { return nil }
        let raw = divideRoundingHalfAwayFromZero(Int128(pool.raw) * Int128(Hours.unitsPerHour), Int128(hours.raw))
        guard raw.magnitude <= UInt128(Int64.max) else { throw SummarySumTooLargeError(figure: "the hourly earnings") }
        return Money(raw: Int64(raw))
    }

    // MARK: matching names

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
    static func alphabetical(_ a: String, _ b: String) -> Bool {
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
public enum SummaryFilterError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum End: String, Sendable { case from, to }
    case badDate(End, String)
    case fromAfterTo(from: String, to: String)

    public var description: String {
        switch self {
        case .badDate(let end, let problem): return "the period's \(end == .from ? "first" : "last") day: \(problem)"
        case .fromAfterTo(let from, let to): return "the period starts on \(from), after it ends on \(to)"
        }
    }
}

/// A sum across projects too large to keep exactly (it would need more than 64 bits).
public struct SummarySumTooLargeError: Error, Equatable, Sendable, CustomStringConvertible {
    public let figure: String
    public var description: String { "\(figure) of the summary is too large to add up exactly" }
}

/// A sum of raw units that cannot overflow on the way (Int128); checked when it is read.
struct ExactSum: Equatable, Sendable {
    private(set) var raw: Int128 = 0
    static func += (a: inout ExactSum, b: Int64) { a.raw += Int128(b) }
    static func += (a: inout ExactSum, b: ExactSum) { a.raw += b.raw }

    func money(_ figure: String) throws -> Money { Money(raw: try checked(figure)) }
    func hours(_ figure: String) throws -> Hours { Hours(raw: try checked(figure)) }

    /// The sum as 64 bits; ±(2⁶³ − 1) at most, so negating it for printing cannot overflow either.
    private func checked(_ figure: String) throws -> Int64 {
        guard raw.magnitude <= UInt128(Int64.max) else { throw SummarySumTooLargeError(figure: figure) }
        return Int64(raw)
    }
}
