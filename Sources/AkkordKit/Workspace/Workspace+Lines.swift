import AkkordModel

/// Adding, editing and removing a project's lines.
extension Workspace {
    /// Where a new line's activity comes from.
    public enum LineSource: Equatable, Sendable {
        /// An activity of the active catalogue, by pos; its price is copied onto the line.
        case catalogue(pos: String)
        /// An activity that is not in the catalogue.
        case custom(name: String, unit: String, price: UnitPrice)
    }

    public struct NewLine: Equatable, Sendable {
        public var source: LineSource
        public var quantity: Quantity
        public var note: String
        /// The day of the work; today when nil.
        public var date: String?
        /// The section to file the line under; the activity's when nil.
        public var section: String?
        /// The measurement (`12,4*8,2`) the quantity was computed from, when it was one.
        public var measurement: String?
        public init(source: LineSource, quantity: Quantity, note: String = "", date: String? = nil, section: String? = nil,
                    measurement: String? = nil) {
            self.source = source; self.quantity = quantity; self.note = note; self.date = date; self.section = section
            self.measurement = measurement
        }
    }

    public func addLine(_ new: NewLine) throws -> Change<Line> {
        // The catalogue is read before the lock: it does not change the project, and an unknown
        // pos is refused before the store is touched.
        let priced: (Activity, Catalogue)?
        if case .catalogue(let pos) = new.source {
            let catalogue = try store.loadCatalogue().catalogue
            priced = (try catalogue.requireActivity(pos: pos), catalogue)
        } else {
            priced = nil
        }
        let date = new.date ?? clock.today
        let warnings = Plausibility.quantity(new.quantity) + plausible(date: new.date)
        // The handbook's rounding and minimum, on the quantity typed (SPEC §16).
        let ruled = try priced?.0.ruled(new.quantity)
        var change = try changeProject(onlyLines: []) { p in
            switch new.source {
            case .catalogue:
                let (activity, catalogue) = priced!
                return p.addCatalogueLine(activity, from: catalogue, quantity: ruled!.quantity, note: new.note, date: date, section: new.section,
                                          measurement: new.measurement, quantityTyped: ruled!.quantityTyped)
            case .custom(let name, let unit, let price):
                return p.addCustomLine(name: name, unit: unit, price: price, quantity: new.quantity, note: new.note, date: date,
                                       section: new.section, measurement: new.measurement)
            }
        }.warning(warnings)
        if let ruled, ruled.quantityTyped != nil { change.ruled = ruled }
        return change
    }

    /// Changes a line's quantity, note, date or section, and the price of a custom line. Nothing
    /// given that differs from today's values changes nothing and writes nothing.
    public func editLine(_ id: Int, quantity: Quantity? = nil, note: String? = nil, price: UnitPrice? = nil,
                         measurement: String? = nil, date: String? = nil, section: String? = nil) throws -> Change<Edited<Line>> {
        // A new quantity of a catalogue line takes the rounding and minimum of its activity in
        // the active catalogue (SPEC §16); a custom line, or a pos the catalogue no longer has, none.
        let catalogue = quantity == nil ? nil : try store.loadCatalogue().catalogue
        var ruled: RuledQuantity? = nil
        var change = try changeProject(onlyLines: [id]) { p in
            let before = try p.line(id)
            var kept = quantity
            if let quantity, !before.custom, let activity = catalogue?.activity(pos: before.pos) {
                let r = try activity.ruled(quantity)
                kept = r.quantity
                ruled = r
            }
            let changes = try p.editLine(id, quantity: kept, note: note, price: price, measurement: measurement, date: date, section: section,
                                         quantityTyped: ruled?.quantityTyped)
            return (Edited(before: before, after: try p.line(id)), changes)
        }.warning((quantity.map(Plausibility.quantity) ?? []) + plausible(date: date))
        if let ruled, ruled.quantityTyped != nil { change.ruled = ruled }
        return change
    }

    /// Removes lines; their ids are never given out again.
    public func removeLines(_ ids: [Int]) throws -> Change<[Line]> {
        try changeProject(onlyLines: Set(ids)) { p in
            let removed = try ids.map { try p.line($0) }
            return (removed, try p.removeLines(ids))
        }
    }
}
