import AkkordModel
import AkkordAccounting

/// Daywork (SPEC §16): hours paid by the hour beside the piecework. Added and removed as hours
/// are, recorded in history and taken back by `undo` like any change.
extension Workspace {
    public func addDaywork(worker: String, hours: Hours, rate: UnitPrice, kind: DayworkEntry.Kind = .daywork, date: String?,
                           note: String) throws -> Change<DayworkEntry> {
        try changeProject { try $0.addDaywork(worker: worker, kind: kind, hours: hours, rate: rate, date: date ?? clock.today, note: note) }
            .warning(Plausibility.hours(hours) + plausible(date: date))
    }

    public func removeDaywork(_ id: Int) throws -> Change<DayworkEntry> {
        try removeEntry(\.daywork, id: id, kind: .daywork) {
            .dayworkRemoved(id: $0.id, worker: $0.worker, kind: $0.kind, hours: $0.hours, amount: $0.amount)
        }
    }

    /// The chosen project's daywork, worker by worker, with its sums.
    public func daywork() throws -> (project: ProjectHead, account: DayworkAccount) {
        // The head alone: the lines are not needed (nor read into memory).
        let head = try projectLines().head
        return (head, try DayworkAccount(head))
    }
}
