/// The final accounting of a project (SPEC §5). Every figure is exact and can be checked by hand
/// from the ones before it:
///
///     S  = Σ line amounts                       (each line rounded to øre)
///     supplement = round2(base × percent / 100) (base: the lines in its scope, else S; added,
///                                              not compounded)
///     extra work = Σ agreed amounts + Σ round2(hours × rate)
///     T  = S + Σ supplements + extra work
///     P  = T − Σ round2(apprentice hours × rate)
///     journeyman share = P × hours / Σ journeyman hours, to øre by largest remainder
///     balance = share (or apprentice pay) − advances
public struct FinalAccounting: Equatable {
    public struct SupplementLine: Equatable, Sendable {
        public let supplement: Supplement
        /// The amounts of the lines in the supplement's scope (S when it has none).
        public let base: Money
        public let amount: Money
    }
    public struct ExtraWorkLine: Equatable, Sendable {
        public let extra: ExtraWork
        public let amount: Money
    }

    /// The lines, walked again by each writer that shows them (never all held for a large file).
    public let lines: ProjectLines
    public let subtotal: Money
    public let supplements: [SupplementLine]
    public let extraWork: [ExtraWorkLine]
    public let total: Money
    public let apprenticePay: Money
    public let pool: Money
    public let journeymanHours: Hours
    /// round2(P / Σ journeyman hours); nil without journeyman hours. Shown, not used for shares.
    public let hourlyEarnings: Money?
    public let team: [TeamShare]
    /// False when there are no workers or no journeyman hours: the split is then missing.
    public let isSplit: Bool
    public let warnings: [AccountingWarning]

    public init(_ project: Project) { self.init(project, lines: ProjectLines(project.lines)) }

    /// The accounting of `project` (whose own `lines` are not looked at) with `lines` as its lines.
    public init(_ project: Project, lines: ProjectLines) {
        self.lines = lines
        subtotal = lines.subtotal
        supplements = zip(project.supplements, lines.bases(of: project.supplements)).map { s, base in
            SupplementLine(supplement: s, base: base, amount: base.percentage(s.percent))
        }
        extraWork = project.extraWork.map { ExtraWorkLine(extra: $0, amount: $0.amount) }
        total = supplements.reduce(subtotal) { $0 + $1.amount } + extraWork.reduce(Money.zero) { $0 + $1.amount }

        var hoursByWorker: [String: Hours] = [:], advancesByWorker: [String: Money] = [:]
        for h in project.hours { hoursByWorker[h.worker, default: .zero] += h.hours }
        for a in project.advances { advancesByWorker[a.worker, default: .zero] += a.amount }

        var apprenticePay = Money.zero
        var pays: [String: Money] = [:]
        for w in project.workers where w.apprentice {
            let pay = (hoursByWorker[w.id] ?? .zero).pay(at: w.rate ?? .zero)
            pays[w.id] = pay
            apprenticePay += pay
        }
        self.apprenticePay = apprenticePay
        pool = total - apprenticePay

        let journeymen = project.workers.filter { !$0.apprentice }
        journeymanHours = journeymen.reduce(Hours.zero) { $0 + (hoursByWorker[$1.id] ?? .zero) }
        isSplit = journeymanHours.raw > 0
        let shares = isSplit ? TeamShare.split(pool, by: journeymen.map { hoursByWorker[$0.id] ?? .zero }) : []
        hourlyEarnings = isSplit
            ? Money(raw: Int64(divideRoundingHalfAwayFromZero(Int128(pool.raw) * Int128(Hours.unitsPerHour), Int128(journeymanHours.raw))))
            : nil

        var team: [TeamShare] = []
        var journeymanIndex = 0
        for w in project.workers {
            let share: Money?
            if w.apprentice {
                share = pays[w.id]
            } else {
                share = isSplit ? shares[journeymanIndex] : nil
                journeymanIndex += 1
            }
            let advances = advancesByWorker[w.id] ?? .zero
            team.append(TeamShare(worker: w, hours: hoursByWorker[w.id] ?? .zero, share: share, advances: advances,
                                  balance: share.map { $0 - advances }))
        }
        self.team = team

        var warnings: [AccountingWarning] = []
        if project.workers.isEmpty {
            warnings.append(.noWorkers)
        } else if journeymen.isEmpty {
            warnings.append(.noJourneymen)
        } else if !isSplit {
            warnings.append(.noJourneymanHours)
        }
        if pool.isNegative {
            warnings.append(.negativePool(apprenticePay: apprenticePay, total: total))
        }
        for w in project.workers where w.apprentice && (hoursByWorker[w.id] ?? .zero).raw == 0 {
            warnings.append(.apprenticeWithoutHours(name: w.name))
        }
        // A journeyman paid aconto by the hour whose share per hour is below that rate: the
        // piecework gives him less than he was paid on account. Compared exactly:
        // share/hours < rate ⇔ share (øre) × 3000 × 100 < rate (1/10000 kr) × hours (1/3000 h).
        for s in team where !s.worker.apprentice {
            guard let share = s.share, s.hours.raw > 0,
                  let rate = project.advances.filter({ $0.worker == s.worker.id && !$0.correction }).compactMap(\.rate).max()
            else { continue }
            if Int128(share.raw) * Int128(Hours.unitsPerHour) * 100 < Int128(rate.raw) * Int128(s.hours.raw) {
                let perHour = Money(raw: Int64(divideRoundingHalfAwayFromZero(Int128(share.raw) * Int128(Hours.unitsPerHour), Int128(s.hours.raw))))
                warnings.append(.shareBelowAcontoRate(name: s.worker.name, perHour: perHour, rate: rate))
            }
        }
        self.warnings = warnings
    }
}

/// What the accounting cannot settle as it stands, for the clerk who reads the report. Worded
/// per language by the report words (`text(_:)` in Render/Words.swift); no command names.
public enum AccountingWarning: Equatable, Sendable {
    /// The project has no workers: the team split is missing.
    case noWorkers
    /// Only apprentices: nobody shares the pool.
    case noJourneymen
    /// Journeymen without any hours: the pool cannot be split by hours.
    case noJourneymanHours
    /// The apprentices' pay is more than the total, so the pool is negative: a deficit.
    case negativePool(apprenticePay: Money, total: Money)
    /// A journeyman's share per hour is below the hourly aconto rate he was paid: a deficit.
    case shareBelowAcontoRate(name: String, perHour: Money, rate: UnitPrice)
    /// An apprentice with no hours recorded (paid nothing).
    case apprenticeWithoutHours(name: String)
}

/// One worker's line in the team table.
public struct TeamShare: Equatable, Sendable {
    public let worker: Worker
    public let hours: Hours
    /// The journeyman's share of the pool, or the apprentice's pay; nil when the split is missing.
    public let share: Money?
    public let advances: Money
    public let balance: Money?

    /// Splits `pool` in proportion to `hours`, exactly: each share is P × h / H rounded down to
    /// the øre, and the øre left over go one each to the largest remainders (ties: listed first).
    /// The shares add up to `pool` exactly. `hours` must not sum to zero.
    public static func split(_ pool: Money, by hours: [Hours]) -> [Money] {
        let total = Int128(hours.reduce(0) { $0 + $1.raw })
        precondition(total > 0, "split needs hours")
        var floors: [Int128] = [], remainders: [Int128] = []
        for h in hours {
            let (q, r) = floorDivide(Int128(pool.raw) * Int128(h.raw), total)
            floors.append(q)
            remainders.append(r)
        }
        var leftover = Int128(pool.raw) - floors.reduce(0, +)
        let order = hours.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for i in order where leftover > 0 {
            floors[i] += 1
            leftover -= 1
        }
        return floors.map { Money(raw: Int64($0)) }
    }
}
