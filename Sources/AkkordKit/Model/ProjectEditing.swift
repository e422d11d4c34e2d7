/// Changes to a project. Each returns the changes that go into the project's history
/// (`HistoryChange`), with old and new values for edits.
extension Project {
    public mutating func addLine(_ activity: Activity, quantity: Quantity, note: String = "", date: String?,
                                 section: String? = nil, custom: Bool = false, measurement: String? = nil,
                                 quantityTyped: Quantity? = nil) -> (Line, [HistoryChange]) {
        var line = Line(id: takeId("line"), pos: activity.pos, name: activity.name, unit: activity.unit, price: activity.price,
                        quantity: quantity, note: note, section: section ?? activity.section, date: date, custom: custom)
        line.measurement = measurement
        line.quantityTyped = quantityTyped
        lines.append(line)
        return (line, [.lineAdded(HistoryChange.LineFigures(line))])
    }

    /// A line priced from the catalogue: the activity's price is copied (a snapshot), and the
    /// project records which catalogue and edition it was priced from.
    /// `quantity` is the line's, after the activity's rounding and minimum; `quantityTyped` what
    /// was typed, when those changed it.
    public mutating func addCatalogueLine(_ activity: Activity, from catalogue: Catalogue, quantity: Quantity, note: String,
                                          date: String?, section: String?, measurement: String? = nil,
                                          quantityTyped: Quantity? = nil) -> (Line, [HistoryChange]) {
        catalogueName = catalogue.name
        catalogueEdition = catalogue.edition
        return addLine(activity, quantity: quantity, note: note, date: date, section: section, measurement: measurement,
                       quantityTyped: quantityTyped)
    }

    /// A line for an activity not in the catalogue. Its pos is `X<line id>`, so every custom
    /// line has a pos of its own in the report.
    public mutating func addCustomLine(name: String, unit: String, price: UnitPrice, quantity: Quantity, note: String,
                                       date: String?, section: String?, measurement: String? = nil) -> (Line, [HistoryChange]) {
        let activity = Activity(pos: "X\(nextIds["line"] ?? 1)", name: name, unit: unit, price: price)
        return addLine(activity, quantity: quantity, note: note, date: date, section: section, custom: true, measurement: measurement)
    }

    public func line(_ id: Int) throws -> Line {
        guard let l = lines.first(where: { $0.id == id }) else {
            throw AkkordError.lineNotFound(id, project: self.id)
        }
        return l
    }

    /// With a new quantity, `measurement` is the expression it came from (nil: a plain number,
    /// and any earlier measurement goes), `quantityTyped` what was typed when the handbook's
    /// rule changed it (nil: the quantity is as typed). `section` "" files the line under no section.
    public mutating func editLine(_ id: Int, quantity: Quantity?, note: String?, price: UnitPrice?, measurement: String? = nil,
                                  date: String? = nil, section: String? = nil, quantityTyped: Quantity? = nil) throws -> [HistoryChange] {
        let old = try line(id)
        guard let index = lines.firstIndex(where: { $0.id == id }) else { return [] }
        if price != nil && !old.custom {
            throw AkkordError.catalogueLinePrice(line: id)
        }
        var changes: [HistoryChange] = []
        if let quantity, quantity != old.quantity || measurement != old.measurement || quantityTyped != old.quantityTyped {
            lines[index].quantity = quantity
            lines[index].measurement = measurement
            lines[index].quantityTyped = quantityTyped
            changes.append(.lineChanged(line: id, .quantity(old: old.quantity, new: quantity, measurement: measurement)))
        }
        if let note, note != old.note {
            lines[index].note = note
            changes.append(.lineChanged(line: id, .note(old: old.note, new: note)))
        }
        if let price, price != old.price {
            lines[index].price = price
            changes.append(.lineChanged(line: id, .price(old: old.price, new: price)))
        }
        var moved: [HistoryChange] = []
        if let date, date != old.date {
            lines[index].date = date
            moved.append(.lineChanged(line: id, .date(old: old.date, new: date)))
        }
        if let section, section != old.section {
            lines[index].section = section
            moved.append(.lineChanged(line: id, .section(old: old.section, new: section)))
        }
        if !changes.isEmpty {
            changes.append(.lineChanged(line: id, .amount(old: old.amount, new: lines[index].amount)))
        }
        return changes + moved
    }

    public mutating func removeLines(_ ids: [Int]) throws -> [HistoryChange] {
        let removed = try ids.map { try line($0) }
        let set = Set(ids)
        lines.removeAll { set.contains($0.id) }
        return removed.map { .lineRemoved(HistoryChange.LineFigures($0)) }
    }

    /// Project fields that `project edit` changes.
    public struct Details: Equatable, Sendable {
        public var name: String?
        public var address: String?
        public var employer: String?
        public var customer: String?
        public var start: String?
        public var end: String?
        public var note: String?
        public init(name: String? = nil, address: String? = nil, employer: String? = nil, customer: String? = nil,
                    start: String? = nil, end: String? = nil, note: String? = nil) {
            self.name = name; self.address = address; self.employer = employer; self.customer = customer
            self.start = start; self.end = end; self.note = note
        }
    }

    public mutating func edit(_ d: Details) -> [HistoryChange] {
        var changes: [HistoryChange] = []
        func set(_ field: HistoryChange.ProjectField, _ keyPath: WritableKeyPath<Project, String>, _ value: String?) {
            guard let value, value != self[keyPath: keyPath] else { return }
            changes.append(.projectChanged(field, old: self[keyPath: keyPath], new: value))
            self[keyPath: keyPath] = value
        }
        func set(_ field: HistoryChange.ProjectField, _ keyPath: WritableKeyPath<Project, String?>, _ value: String?) {
            guard let value, value != self[keyPath: keyPath] else { return }
            changes.append(.projectChanged(field, old: self[keyPath: keyPath], new: value))
            self[keyPath: keyPath] = value
        }
        set(.name, \.name, d.name)
        set(.address, \.address, d.address)
        set(.employer, \.employer, d.employer)
        set(.customer, \.customer, d.customer)
        set(.start, \.start, d.start)
        set(.end, \.end, d.end)
        set(.note, \.note, d.note)
        return changes
    }
}
