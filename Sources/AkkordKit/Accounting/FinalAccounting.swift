import AkkordModel

/// The final accounting of a project (SPEC §5). Every figure is exact and can be checked by hand
/// from the ones before it:
///
///     S  = Σ line amounts                       (each line rounded to øre)
///     supplement = round2(base × percent / 100) (base: the lines in its scope, else S; added,
///                                              not compounded)
///     extra work = Σ agreed amounts + Σ round2(hours × rate)
///     T  = S + Σ supplements + extra work
///     P  = T − Σ round2(apprentice hours × rate)   (apprentices paid by the hour)
///     share = P × hours × weight / Σ hours × weight, to øre by largest remainder (SPEC §16:
///             everyone who shares the pool, journeymen and apprentices with a weight)
///     balance = share (or apprentice pay) − advances
///     total per piecework hour = round2(T / everyone's hours)
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
    public let lines: any ProjectLines
    public let subtotal: Money
    public let supplements: [SupplementLine]
    public let extraWork: [ExtraWorkLine]
    public let total: Money
    public let apprenticePay: Money
    public let pool: Money
    /// The journeymen's own hours.
    public let journeymanHours: Hours
    /// Σ hours × weight of everyone who shares the pool (the journeyman hours when no weight is agreed).
    public let weightedHours: WeightedHours
    /// Every worker's hours, apprentices paid by the hour included: all piecework hours.
    public let allHours: Hours
    /// round2(P / weighted hours); nil without weighted hours. Shown, not used for shares.
    public let hourlyEarnings: Money?
    /// round2(T / all piecework hours); nil without hours.
    public let totalPerHour: Money?
    /// A weight other than 1 was agreed for someone: the split is by hours × weight.
    public var hasWeights: Bool { team.contains { !$0.worker.weight.isOne } }
    public let team: [TeamShare]
    /// False when there are no workers or no journeyman hours: the split is then missing.
    public let isSplit: Bool
    public let warnings: [AccountingWarning]
    /// Hours paid by the hour beside the piecework (SPEC §16): never in the pool or the shares.
    public let daywork: DayworkAccount

    /// Equal figures over equal lines (walked, for lines read from a file).
    public static func == (a: FinalAccounting, b: FinalAccounting) -> Bool {
        a.subtotal == b.subtotal && a.supplements == b.supplements && a.extraWork == b.extraWork && a.total == b.total
            && a.apprenticePay == b.apprenticePay && a.pool == b.pool && a.journeymanHours == b.journeymanHours
            && a.weightedHours == b.weightedHours && a.allHours == b.allHours && a.totalPerHour == b.totalPerHour
            && a.hourlyEarnings == b.hourlyEarnings && a.team == b.team && a.isSplit == b.isSplit && a.warnings == b.warnings && a.daywork == b.daywork
            && a.lines.count == b.lines.count && a.lines.all == b.lines.all
    }

    public init(_ project: Project) throws(SumTooLargeError) { try self.init(ProjectHead(project), lines: try LinesInMemory(project.lines)) }

    /// The accounting of the project `project` heads, whose lines are `lines`.
    /// Every sum is checked (SPEC §18): one beyond what akkord keeps is a `SumTooLargeError`
    /// naming it, never a trap (the rules refuse such a project before it gets here).
    public init(_ project: ProjectHead, lines: any ProjectLines) throws(SumTooLargeError) {
        self.lines = lines
        subtotal = lines.subtotal
        let bases = try lines.bases(of: project.supplements)
        var supplements: [SupplementLine] = []
        var total = Sum(subtotal)
        for (i, (s, base)) in zip(project.supplements, bases).enumerated() {
            let amount = try base.percentage(s.percent).value("supplements[\(i)]")
            supplements.append(SupplementLine(supplement: s, base: base, amount: amount))
            total.add(amount)
        }
        self.supplements = supplements
        extraWork = project.extraWork.map { ExtraWorkLine(extra: $0, amount: $0.amount) }
        for e in extraWork { total.add(e.amount) }
        self.total = try total.value("the total")

        var hoursByWorker: [String: Sum<Hours>] = [:], advancesByWorker: [String: Sum<Money>] = [:]
        for h in project.hours { hoursByWorker[h.worker, default: Sum()].add(h.hours) }
        for a in project.advances { advancesByWorker[a.worker, default: Sum()].add(a.amount) }
        var workerHours: [String: Hours] = [:], workerAdvances: [String: Money] = [:]
        for w in project.workers {
            workerHours[w.id] = try (hoursByWorker[w.id] ?? Sum()).value("hours of \(w.id)")
            workerAdvances[w.id] = try (advancesByWorker[w.id] ?? Sum()).value("advances of \(w.id)")
        }

        var apprenticePay = Sum<Money>()
        var pays: [String: Money] = [:]
        for w in project.workers where !w.sharesPool {
            let pay = (workerHours[w.id] ?? .zero).pay(at: w.rate ?? .zero)
            pays[w.id] = pay
            apprenticePay.add(pay)
        }
        self.apprenticePay = try apprenticePay.value("the apprentice pay")
        pool = try Sum.difference(self.total, self.apprenticePay).value("the pool")

        let journeymen = project.workers.filter { !$0.apprentice }
        journeymanHours = try Sum(journeymen) { workerHours[$0.id] ?? .zero }.value("the journeyman hours")
        allHours = try Sum(project.workers) { workerHours[$0.id] ?? .zero }.value("the piecework hours")
        let sharers = project.workers.filter(\.sharesPool)
        let weighted = sharers.map { WeightedHours(workerHours[$0.id] ?? .zero, $0.weight) }
        weightedHours = try Sum(weighted).value("the weighted hours")
        isSplit = weightedHours.raw > 0
        let shares = isSplit ? TeamShare.split(pool, by: weighted) : []
        // P / (raw / 300,000 h) in øre per hour.
        hourlyEarnings = isSplit
            ? Money(raw: Int64(divideRoundingHalfAwayFromZero(Int128(pool.raw) * Int128(WeightedHours.unitsPerHour), Int128(weightedHours.raw))))
            : nil
        // A total within the largest amount over at least 1/3000 h is within 64 bits.
        totalPerHour = allHours.raw > 0
            ? try Sum<Money>(exact: divideRoundingHalfAwayFromZero(Int128(self.total.raw) * Int128(Hours.unitsPerHour), Int128(allHours.raw)))
                .value("the total per piecework hour", limit: .max)
            : nil

        var team: [TeamShare] = []
        var sharerIndex = 0
        for w in project.workers {
            let share: Money?
            let hours = workerHours[w.id] ?? .zero
            if !w.sharesPool {
                share = pays[w.id]
            } else {
                share = isSplit ? shares[sharerIndex] : nil
                sharerIndex += 1
            }
            let advances = workerAdvances[w.id] ?? .zero
            // share and advances are each within ±the largest amount, so their difference is
            // within 64 bits (a balance is not itself a kept amount).
            team.append(TeamShare(worker: w, hours: hours, weightedHours: w.sharesPool ? WeightedHours(hours, w.weight) : nil,
                                  share: share, advances: advances,
                                  balance: try share.map { s throws(SumTooLargeError) in try Sum.difference(s, advances).value("the balance of \(w.id)", limit: .max) }))
        }
        self.team = team

        var warnings: [AccountingWarning] = []
        if project.workers.isEmpty {
            warnings.append(.noWorkers)
        } else if sharers.isEmpty {
            warnings.append(.noJourneymen)
        } else if !isSplit {
            warnings.append(.noJourneymanHours)
        }
        if pool.isNegative {
            warnings.append(.negativePool(apprenticePay: self.apprenticePay, total: self.total))
        }
        for w in project.workers where !w.sharesPool && (workerHours[w.id] ?? .zero).raw == 0 {
            warnings.append(.apprenticeWithoutHours(name: w.name))
        }
        // A journeyman paid aconto by the hour whose share per hour is below that rate: the
        // piecework gives him less than he was paid on account. Compared exactly:
        // share/hours < rate ⇔ share (øre) × 3000 × 100 < rate (1/10000 kr) × hours (1/3000 h).
        for s in team where s.worker.sharesPool {
            guard let share = s.share, s.hours.raw > 0,
                  let rate = project.advances.filter({ $0.worker == s.worker.id && !$0.correction }).compactMap(\.rate).max()
            else { continue }
            if Int128(share.raw) * Int128(Hours.unitsPerHour) * 100 < Int128(rate.raw) * Int128(s.hours.raw) {
                let perHour = Money(raw: Int64(divideRoundingHalfAwayFromZero(Int128(share.raw) * Int128(Hours.unitsPerHour), Int128(s.hours.raw))))
                warnings.append(.shareBelowAcontoRate(name: s.worker.name, perHour: perHour, rate: rate))
            }
        }
        self.warnings = warnings
        daywork = try DayworkAccount(project)
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
    /// hours × weight, for a worker who shares the pool; nil for an apprentice paid by the hour.
    public let weightedHours: WeightedHours?
    /// The worker's share of the pool, or the apprentice's pay; nil when the split is missing.
    public let share: Money?
    public let advances: Money
    public let balance: Money?

    /// Splits `pool` in proportion to `hours` (hours, or hours × weight), exactly: each share is P × h / H rounded down to
    /// the øre, and the øre left over go one each to the largest remainders (ties: listed first).
    /// The shares add up to `pool` exactly. `hours` must not sum to zero.
    public static func split<N: CountedNumber>(_ pool: Money, by hours: [N]) -> [Money] {
        let total = Sum(hours).exact
        precondition(total > 0, "split needs hours")
        var floors: [Int128] = [], remainders: [Int128] = []
        for h in hours {
            let (q, r) = floorDivide(Int128(pool.raw) * Int128(h.raw), total)
            floors.append(q)
            remainders.append(r)
        }
        var leftover = Int128(pool.raw)
        for f in floors { leftover -= f }
        let order = hours.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for i in order where leftover > 0 {
            floors[i] += 1
            leftover -= 1
        }
        return floors.map { Money(raw: Int64($0)) }
    }
}
