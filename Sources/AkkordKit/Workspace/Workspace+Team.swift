import AkkordModel

/// Workers, hours, advances, supplements and extra work.
extension Workspace {
    public func addWorker(name: String, apprentice: Bool, rate: UnitPrice?, weight: Weight = .one) throws -> Change<Worker> {
        var similar: [PlausibilityWarning] = []
        return try changeProject { p in
            similar = Plausibility.workerName(name, among: p.workers)
            return p.addWorker(name: name, apprentice: apprentice, rate: rate, weight: weight)
        }.warning(similar)
    }

    /// Sets a worker's weight in the team split (by id or a unique beginning of the name).
    public func setWeight(worker: String, _ weight: Weight) throws -> Change<Worker> {
        try changeProject { try $0.setWeight(worker: worker, weight) }
    }

    /// Removes a worker (by id or a unique beginning of the name) who has no hours or advances.
    public func removeWorker(_ reference: String) throws -> Change<Worker> {
        try changeProject { p in
            let w = try p.worker(reference)
            return (w, try p.removeWorker(reference))
        }
    }

    public func addHours(worker: String, hours: Hours, date: String?, note: String) throws -> Change<HoursEntry> {
        try changeProject { try $0.addHours(worker: worker, hours: hours, date: date ?? clock.today, note: note) }
            .warning(Plausibility.hours(hours) + plausible(date: date))
    }

    /// An advance of an amount, or of hours × an hourly aconto rate.
    public enum AdvancePayment: Sendable {
        case amount(Money)
        case hourly(hours: Hours, rate: UnitPrice)
    }

    public func addAdvance(worker: String, amount: Money, date: String?, note: String, correction: Bool = false) throws -> Change<Advance> {
        try addAdvance(worker: worker, payment: .amount(amount), date: date, note: note, correction: correction)
    }

    public func addAdvance(worker: String, payment: AdvancePayment, date: String?, note: String, correction: Bool = false) throws -> Change<Advance> {
        try changeProject { p in
            switch payment {
            case .amount(let m): return try p.addAdvance(worker: worker, amount: m, date: date ?? clock.today, note: note, correction: correction)
            case .hourly(let h, let r):
                return try p.addAdvance(worker: worker, hours: h, rate: r, date: date ?? clock.today, note: note, correction: correction)
            }
        }.warning(plausible(date: date))
    }

    public func addSupplement(name: String, percent: Percent, scope: Supplement.Scope = .all) throws -> Change<Supplement> {
        // A section named in a translation (`gutters`) means the handbook's own name, which the
        // lines keep (SPEC §15), when lines have it; else the name is kept as typed.
        let catalogue = scope.sections.isEmpty ? nil : try? catalogue().catalogue
        return try changeProject { p in
            var scope = scope
            if let catalogue {
                scope.sections = scope.sections.map { wanted in
                    guard let own = catalogue.ownSection(translatedAs: wanted), p.lines.contains(where: { $0.section == own }) else { return wanted }
                    return own
                }
            }
            return try p.addSupplement(name: name, percent: percent, scope: scope)
        }
    }

    public func addExtraWork(text: String, pricing: ExtraWork.Pricing, number: String = "", date: String? = nil) throws -> Change<ExtraWork> {
        try changeProject { $0.addExtraWork(text: text, pricing: pricing, number: number, date: date) }.warning(plausible(date: date))
    }

    public func removeHours(_ id: Int) throws -> Change<HoursEntry> {
        try removeEntry(\.hours, id: id, kind: .hours) { .hoursRemoved(id: $0.id, worker: $0.worker, hours: $0.hours) }
    }

    public func removeAdvance(_ id: Int) throws -> Change<Advance> {
        try removeEntry(\.advances, id: id, kind: .advance) { .advanceRemoved(id: $0.id, worker: $0.worker, amount: $0.amount) }
    }

    public func removeSupplement(_ id: Int) throws -> Change<Supplement> {
        try removeEntry(\.supplements, id: id, kind: .supplement) { .supplementRemoved(id: $0.id, name: $0.name, percent: $0.percent) }
    }

    public func removeExtraWork(_ id: Int) throws -> Change<ExtraWork> {
        try removeEntry(\.extraWork, id: id, kind: .extraWork) { .extraWorkRemoved(id: $0.id, text: $0.text, amount: $0.amount) }
    }

    /// Removes an entry from one of the id-numbered lists and records it in history.
    func removeEntry<T: Identified>(_ list: WritableKeyPath<Project, [T]>, id: Int, kind: EntryKind,
                                    describe: (T) -> HistoryChange) throws -> Change<T> {
        try changeProject { p in
            let removed = try p.removeEntry(list, id: id, kind: kind)
            return (removed, [describe(removed)])
        }
    }
}
