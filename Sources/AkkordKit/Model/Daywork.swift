import AkkordSupport

/// Hours paid by the hour outside the piecework (SPEC §16): dagløn, sick pay, weather (vejrlig)
/// and other hours a worker is paid for at a rate. They never enter the pool, the shares or the
/// balances; reports list them in their own section.
public struct DayworkEntry: Equatable, Sendable {
    /// What the hours were paid for. Stored in English; Danish words are accepted on input.
    public enum Kind: String, Sendable, CaseIterable {
        case daywork, sick, weather, other

        /// The Danish word (`dagløn`, `syg`, `vejrlig`, `andet`).
        public var danish: String {
            switch self {
            case .daywork: return "dagløn"
            case .sick: return "syg"
            case .weather: return "vejrlig"
            case .other: return "andet"
            }
        }

        /// A kind by its English or Danish word, case-insensitive (`Vejrlig`, `weather`).
        public init?(word: String) {
            let w = word.lowercased()
            guard let kind = Self.allCases.first(where: { $0.rawValue == w || $0.danish == w }) else { return nil }
            self = kind
        }
    }

    public var id: Int
    public var worker: String
    public var kind: Kind
    public var hours: Hours
    public var rate: UnitPrice
    public var date: String? = nil
    public var note: String = ""

    public init(id: Int, worker: String, kind: Kind = .daywork, hours: Hours, rate: UnitPrice, date: String? = nil, note: String = "") {
        self.id = id; self.worker = worker; self.kind = kind; self.hours = hours; self.rate = rate; self.date = date; self.note = note
    }

    /// round2(hours × rate): within an amount for hours and a rate within their limits.
    public var amount: Money { hours.pay(at: rate) }

    /// The entry as the project file, `daywork list --json` and the report JSON hold it.
    public var json: JSONValue {
        JSONValue(["id": .int(id), "worker": .string(worker), "kind": .string(kind.rawValue), "hours": .string(hours.plain),
                   "rate": .string(rate.plain), "amount": .string(amount.plain), "date": .optional(date), "note": .string(note)])
    }
}

extension DayworkEntry: Identified {}

extension Project {
    /// Records daywork for a worker (by id or a unique beginning of the name).
    public mutating func addDaywork(worker reference: String, kind: DayworkEntry.Kind, hours h: Hours, rate: UnitPrice, date: String?,
                                    note: String) throws -> (DayworkEntry, [HistoryChange]) {
        let w = try worker(reference)
        let entry = DayworkEntry(id: takeId("daywork"), worker: w.id, kind: kind, hours: h, rate: rate, date: date, note: note)
        daywork.append(entry)
        return (entry, [.dayworkAdded(id: entry.id, worker: w.id, kind: kind, hours: h, rate: rate, amount: entry.amount, date: date)])
    }
}
