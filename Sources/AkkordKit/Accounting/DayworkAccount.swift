import AkkordModel

/// The daywork of a project (SPEC §16): hours paid by the hour beside the piecework, each
/// amount = round2(hours × rate), added up per worker and in all. It is reported in its own
/// section and never enters the pool, the shares or the balances. Every sum is checked (§18).
public struct DayworkAccount: Equatable, Sendable {
    /// One worker's daywork: the entries in the order they were recorded, and their sums.
    public struct WorkerDaywork: Equatable, Sendable {
        public let worker: Worker
        public let entries: [DayworkEntry]
        public let hours: Hours
        public let amount: Money
    }

    /// The workers with daywork, in the team's order (a worker the project does not know, in a
    /// project no rule has checked, after them under his id).
    public let workers: [WorkerDaywork]
    public let hours: Hours
    public let total: Money

    public var isEmpty: Bool { workers.isEmpty }
    /// Every entry, worker by worker.
    public var entries: [DayworkEntry] { workers.flatMap(\.entries) }

    public init(_ project: ProjectHead) throws(SumTooLargeError) {
        var byWorker: [String: [DayworkEntry]] = [:]
        var order: [String] = project.workers.map(\.id)
        for d in project.daywork {
            if byWorker[d.worker] == nil, !order.contains(d.worker) { order.append(d.worker) }
            byWorker[d.worker, default: []].append(d)
        }
        var workers: [WorkerDaywork] = []
        var hours = Sum<Hours>(), total = Sum<Money>()
        for id in order {
            guard let entries = byWorker[id] else { continue }
            let worker = project.workers.first { $0.id == id } ?? Worker(id: id, name: id)
            let h = try Sum(entries, \.hours).value("the daywork hours of \(id)")
            let amount = try Sum(entries, \.amount).value("the daywork of \(id)")
            workers.append(WorkerDaywork(worker: worker, entries: entries, hours: h, amount: amount))
            hours.add(h)
            total.add(amount)
        }
        self.workers = workers
        self.hours = try hours.value("the daywork hours", limit: .max)
        self.total = try total.value("the daywork")
    }
}
