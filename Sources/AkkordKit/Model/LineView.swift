/// A line as a streaming reader gives it: figures read, texts left as they are in the file until
/// a writer asks for them (`TextSlice`). `line` makes the `Line`.
public struct LineView {
    public var id: Int
    public var pos: TextSlice
    public var name: TextSlice
    public var unit: TextSlice
    public var note: TextSlice
    public var section: TextSlice
    public var date: TextSlice?
    public var measurement: TextSlice?
    public var price: UnitPrice
    public var quantity: Quantity
    public var custom: Bool

    public init(id: Int, pos: TextSlice, name: TextSlice, unit: TextSlice, note: TextSlice, section: TextSlice,
                date: TextSlice?, measurement: TextSlice?, price: UnitPrice, quantity: Quantity, custom: Bool) {
        self.id = id; self.pos = pos; self.name = name; self.unit = unit; self.note = note; self.section = section
        self.date = date; self.measurement = measurement; self.price = price; self.quantity = quantity; self.custom = custom
    }

    public init(_ l: Line) {
        self.init(id: l.id, pos: TextSlice(l.pos), name: TextSlice(l.name), unit: TextSlice(l.unit), note: TextSlice(l.note),
                  section: TextSlice(l.section), date: l.date.map(TextSlice.init), measurement: l.measurement.map(TextSlice.init),
                  price: l.price, quantity: l.quantity, custom: l.custom)
    }

    public var amount: Money { quantity.amount(at: price) }

    public var line: Line {
        var l = Line(id: id, pos: pos.string, name: name.string, unit: unit.string, price: price, quantity: quantity,
                     note: note.string, section: section.string, date: date?.string, custom: custom)
        l.measurement = measurement?.string
        return l
    }
}
