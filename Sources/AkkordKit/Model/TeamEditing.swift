import AkkordSupport

/// Workers, hours, advances, supplements and extra work. Each change returns its history changes.
extension Project {
    /// A worker by id, or by a unique, case-insensitive beginning of the name.
    public func worker(_ reference: String) throws -> Worker {
        if let w = workers.first(where: { $0.id == reference }) { return w }
        let needle = SearchText.fold(reference)
        let matches = workers.filter { SearchText.fold($0.name).starts(with: needle) }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty { throw AkkordError.workerNotFound(reference, project: id, workers: workers) }
        throw AkkordError.workerAmbiguous(reference, matches: matches)
    }

    public mutating func addWorker(name: String, apprentice: Bool, rate: UnitPrice?, weight: Weight = .one) -> (Worker, [HistoryChange]) {
        let wid = Slug.unique(Slug.make(from: name, fallback: "worker"), taken: Set(workers.map(\.id)))
        let w = Worker(id: wid, name: name, apprentice: apprentice, rate: rate, weight: weight)
        workers.append(w)
        return (w, [.workerAdded(id: wid, name: name, apprentice: apprentice, rate: rate, weight: weight)])
    }

    /// A worker's weight in the team split (SPEC §16). An apprentice paid by the hour has none
    /// (his pay is hours × rate), and an apprentice who shares the pool keeps a weight other than 1.
    public mutating func setWeight(worker reference: String, _ weight: Weight) throws -> (Worker, [HistoryChange]) {
        let w = try worker(reference)
        guard let index = workers.firstIndex(where: { $0.id == w.id }) else { throw AkkordError.workerNotFound(reference, project: id, workers: workers) }
        if w.apprentice, w.rate != nil, !weight.isOne { throw TeamEditError.weightOfHourlyApprentice(name: w.name) }
        if w.apprentice, w.rate == nil, weight.isOne { throw TeamEditError.sharingApprenticeAtOne(name: w.name) }
        guard w.weight != weight else { return (w, []) }
        workers[index].weight = weight
        return (workers[index], [.workerWeightChanged(id: w.id, name: w.name, old: w.weight, new: weight)])
    }

    public mutating func removeWorker(_ reference: String) throws -> [HistoryChange] {
        let w = try worker(reference)
        let h = hours.filter { $0.worker == w.id }.count, a = advances.filter { $0.worker == w.id }.count
        if h > 0 || a > 0 {
            throw AkkordError.workerInUse(w, hours: h, advances: a)
        }
        let d = daywork.filter { $0.worker == w.id }.count
        if d > 0 { throw AkkordError.workerHasDaywork(w, entries: d) }
        workers.removeAll { $0.id == w.id }
        return [.workerRemoved(id: w.id, name: w.name)]
    }

    public mutating func addHours(worker reference: String, hours h: Hours, date: String?, note: String) throws -> (HoursEntry, [HistoryChange]) {
        let w = try worker(reference)
        let entry = HoursEntry(id: takeId("hours"), worker: w.id, hours: h, date: date, note: note)
        hours.append(entry)
        return (entry, [.hoursAdded(id: entry.id, worker: w.id, hours: h, date: date)])
    }

    public mutating func addAdvance(worker reference: String, amount: Money, date: String?, note: String,
                                    correction: Bool = false) throws -> (Advance, [HistoryChange]) {
        let w = try worker(reference)
        let advance = Advance(id: takeId("advance"), worker: w.id, amount: amount, date: date, note: note, correction: correction)
        advances.append(advance)
        return (advance, [Self.added(advance)])
    }

    /// Aconto by the hour: amount = round2(hours × rate).
    public mutating func addAdvance(worker reference: String, hours: Hours, rate: UnitPrice, date: String?, note: String,
                                    correction: Bool = false) throws -> (Advance, [HistoryChange]) {
        let w = try worker(reference)
        let amount = hours.pay(at: rate)
        let advance = Advance(id: takeId("advance"), worker: w.id, amount: amount, date: date, note: note,
                              hours: hours, rate: rate, correction: correction)
        advances.append(advance)
        return (advance, [Self.added(advance)])
    }

    private static func added(_ a: Advance) -> HistoryChange {
        .advanceAdded(id: a.id, worker: a.worker, amount: a.amount, hours: a.hours, rate: a.rate, correction: a.correction, date: a.date)
    }

    /// A scope that matches no line is refused: the supplement would be on nothing.
    public mutating func addSupplement(name: String, percent: Percent, scope given: Supplement.Scope = .all) throws -> (Supplement, [HistoryChange]) {
        for id in given.lines where !lines.contains(where: { $0.id == id }) { throw AkkordError.lineNotFound(id, project: self.id) }
        // A section is named as the lines have it, or by a unique beginning (case and Danish letters folded).
        var scope = given
        let known = Array(Set(lines.map(\.section).filter { !$0.isEmpty })).sorted()
        scope.sections = try given.sections.map { wanted in
            if known.contains(wanted) { return wanted }
            let w = SearchText.fold(wanted)
            let matches = known.filter { SearchText.fold($0).starts(with: w) }
            if matches.count == 1 { return matches[0] }
            if matches.isEmpty { throw AkkordError.scopeMatchesNothing(sections: [wanted], lines: []) }
            throw AkkordError.sectionAmbiguous(wanted, matches: matches)
        }
        let s = Supplement(id: takeId("supplement"), name: name, percent: percent, scope: scope)
        guard scope.isAll || lines.contains(where: scope.contains) else {
            throw AkkordError.scopeMatchesNothing(sections: scope.sections, lines: scope.lines)
        }
        supplements.append(s)
        return (s, [.supplementAdded(id: s.id, name: name, percent: percent, scope: scope)])
    }

    /// `sections Tiles, Gutters and lines 1, 3` (history and messages).
    public static func describe(_ scope: Supplement.Scope) -> String {
        var parts: [String] = []
        if !scope.sections.isEmpty { parts.append("section\(scope.sections.count == 1 ? "" : "s") " + scope.sections.joined(separator: ", ")) }
        if !scope.lines.isEmpty { parts.append("line\(scope.lines.count == 1 ? "" : "s") " + scope.lines.map(String.init).joined(separator: ", ")) }
        return parts.joined(separator: " and ")
    }

    public mutating func addExtraWork(text: String, pricing: ExtraWork.Pricing, number: String = "", date: String? = nil) -> (ExtraWork, [HistoryChange]) {
        let e = ExtraWork(id: takeId("extra"), text: text, pricing: pricing, number: number, date: date)
        extraWork.append(e)
        return (e, [.extraWorkAdded(id: e.id, text: text, number: number, pricing: pricing, amount: e.amount)])
    }
}

/// Entries numbered by id within their project (hours, advances, supplements, extra work, photos).
public protocol Identified { var id: Int { get } }
extension HoursEntry: Identified {}
extension Advance: Identified {}
extension Supplement: Identified {}
extension ExtraWork: Identified {}
extension Photo: Identified {}

extension Project {
    /// Removes the entry with this id from one of the id-numbered lists and returns it.
    public mutating func removeEntry<T: Identified>(_ list: WritableKeyPath<Project, [T]>, id entryId: Int, kind: EntryKind) throws -> T {
        guard let index = self[keyPath: list].firstIndex(where: { $0.id == entryId }) else {
            throw AkkordError.entryNotFound(kind, id: entryId, project: id)
        }
        return self[keyPath: list].remove(at: index)
    }
}

extension Project {
    public mutating func addPhoto(file: String, originalName: String, caption: String, added: String) -> (Photo, [HistoryChange]) {
        let photo = Photo(id: takeId("photo"), caption: caption, originalName: originalName, file: file, added: added)
        photos.append(photo)
        return (photo, [.photoAdded(id: photo.id, originalName: originalName, caption: caption, file: file)])
    }
}

/// A weight the team's rules do not allow (SPEC §16).
public enum TeamEditError: Error, Equatable, PhrasedError {
    case weightOfHourlyApprentice(name: String)
    case sharingApprenticeAtOne(name: String)
    public var phrase: Phrase {
        switch self {
        case .weightOfHourlyApprentice(let name): return "\(name) is an apprentice paid by the hour; only those who share the pool have a weight"
        case .sharingApprenticeAtOne(let name): return "\(name) is an apprentice who shares the pool by a weight; a weight of 1 would make him a journeyman"
        }
    }
}
