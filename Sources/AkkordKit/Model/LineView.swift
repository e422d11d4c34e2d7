import AkkordSupport

/// A line as a streaming reader gives it: figures read, texts left as they are in the file until
/// a writer asks for them (`TextSlice`). `line` makes the `Line`; a `Line` held in memory is
/// seen as a view through `withView` or a `LineViewMaker`.
public struct LineView {
    public var id: Int
    public var pos: TextSlice
    public var name: TextSlice
    public var unit: TextSlice
    public var note: TextSlice
    public var section: TextSlice
    public var date: TextSlice?
    public var measurement: TextSlice?
    public var price: UnitPrice { didSet { amount = quantity.amount(at: price) } }
    public var quantity: Quantity { didSet { amount = quantity.amount(at: price) } }
    /// The quantity as typed, when the handbook's rule changed it (`Line.quantityTyped`).
    public var quantityTyped: Quantity?
    public var custom: Bool
    /// quantity × price, worked out once: every pass over a line asks for it several times.
    public private(set) var amount: Money

    public init(id: Int, pos: TextSlice, name: TextSlice, unit: TextSlice, note: TextSlice, section: TextSlice,
                date: TextSlice?, measurement: TextSlice?, price: UnitPrice, quantity: Quantity, custom: Bool, quantityTyped: Quantity? = nil) {
        self.init(id: id, pos: pos, name: name, unit: unit, note: note, section: section, date: date, measurement: measurement,
                  price: price, quantity: quantity, amount: quantity.amount(at: price), custom: custom, quantityTyped: quantityTyped)
    }

    /// `amount` is `quantity.amount(at: price)`, worked out by the caller (a reader that compared it with the file's).
    package init(id: Int, pos: TextSlice, name: TextSlice, unit: TextSlice, note: TextSlice, section: TextSlice,
         date: TextSlice?, measurement: TextSlice?, price: UnitPrice, quantity: Quantity, amount: Money, custom: Bool,
         quantityTyped: Quantity? = nil) {
        self.id = id; self.pos = pos; self.name = name; self.unit = unit; self.note = note; self.section = section
        self.date = date; self.measurement = measurement; self.price = price; self.quantity = quantity; self.custom = custom
        self.amount = amount
        self.quantityTyped = quantityTyped
    }

    public var line: Line {
        var l = Line(id: id, pos: pos.string, name: name.string, unit: unit.string, price: price, quantity: quantity,
                     note: note.string, section: section.string, date: date?.string, custom: custom)
        l.measurement = measurement?.string
        l.quantityTyped = quantityTyped
        return l
    }
}

extension LineView {
    /// Which members a line's JSON object has, in this order: id, pos, name, unit, price,
    /// quantity (and `quantityTyped`, only when there is one), amount, custom, note, then
    /// section and date (or not), then the measurement
    /// (`null` when there is none, or left out). Each writer names its own: the project file's
    /// in Store (`stored`), the reports' in Render.
    public struct JSONMembers: Sendable {
        public let sectionAndDate: Bool
        public let nullMeasurement: Bool
        public init(sectionAndDate: Bool, nullMeasurement: Bool) {
            self.sectionAndDate = sectionAndDate
            self.nullMeasurement = nullMeasurement
        }
    }

    /// The line as a JSON object on one line, as `JSONWriter` lays out such an object; texts
    /// without escapes are copied as they are.
    public func writeJSON(_ members: JSONMembers, to out: ByteOutput) {
        // Most lines: every text without escapes, the whole line written in one piece.
        guard let pos = pos.unescapedQuoted, let name = name.unescapedQuoted, let unit = unit.unescapedQuoted,
              let note = note.unescapedQuoted, let section = section.unescapedQuoted else { return writeJSONPiecewise(members, to: out) }
        var date: UnsafeBufferPointer<UInt8>? = nil, measurement: UnsafeBufferPointer<UInt8>? = nil
        if let d = self.date { guard let q = d.unescapedQuoted else { return writeJSONPiecewise(members, to: out) }; date = q }
        if let m = self.measurement { guard let q = m.unescapedQuoted else { return writeJSONPiecewise(members, to: out) }; measurement = q }
        // The members' names and punctuation take under 200 bytes, each figure at most 32.
        let room = 380 + pos.count + name.count + unit.count + note.count + section.count + (date?.count ?? 0) + (measurement?.count ?? 0)
        let (id, price, quantity, amount, custom, typed) = (id, price, quantity, amount, custom, quantityTyped)
        out.withCursor(room: room) { c in
            c.put("{\"id\": ")
            DecimalText.put(id, into: &c)
            c.put(", \"pos\": "); c.put(pos)
            c.put(", \"name\": "); c.put(name)
            c.put(", \"unit\": "); c.put(unit)
            c.put(", \"price\": \""); price.putPlain(into: &c)
            c.put("\", \"quantity\": \""); quantity.putPlain(into: &c)
            if let typed { c.put("\", \"quantityTyped\": \""); typed.putPlain(into: &c) }
            c.put("\", \"amount\": \""); amount.putPlain(into: &c)
            c.put(custom ? "\", \"custom\": true, \"note\": " : "\", \"custom\": false, \"note\": ")
            c.put(note)
            if members.sectionAndDate {
                c.put(", \"section\": "); c.put(section)
                c.put(", \"date\": ")
                if let date { c.put(date) } else { c.put("null") }
            }
            if let measurement {
                c.put(", \"measurement\": "); c.put(measurement)
            } else if members.nullMeasurement {
                c.put(", \"measurement\": null")
            }
            c.put(UInt8(ascii: "}"))
        }
    }

    /// `writeJSON` a piece at a time, for a line with an escaped text (written again as
    /// `JSONWriter` escapes it); also the oracle of the one-piece writer.
    package func writeJSONPiecewise(_ members: JSONMembers, to out: ByteOutput) {
        out.write("{\"id\": ")
        DecimalText.writePlain(raw: Int64(id), fractionDigits: 0, minimumShown: 0, to: out)
        out.write(", \"pos\": "); pos.writeJSON(to: out)
        out.write(", \"name\": "); name.writeJSON(to: out)
        out.write(", \"unit\": "); unit.writeJSON(to: out)
        out.write(", \"price\": \""); price.writePlain(to: out)
        out.write("\", \"quantity\": \""); quantity.writePlain(to: out)
        if let quantityTyped { out.write("\", \"quantityTyped\": \""); quantityTyped.writePlain(to: out) }
        out.write("\", \"amount\": \""); amount.writePlain(to: out)
        out.write(custom ? "\", \"custom\": true, \"note\": " : "\", \"custom\": false, \"note\": ")
        note.writeJSON(to: out)
        if members.sectionAndDate {
            out.write(", \"section\": "); section.writeJSON(to: out)
            out.write(", \"date\": ")
            if let date { date.writeJSON(to: out) } else { out.write("null") }
        }
        if let measurement {
            out.write(", \"measurement\": "); measurement.writeJSON(to: out)
        } else if members.nullMeasurement {
            out.write(", \"measurement\": null")
        }
        out.write("}")
    }
}

extension LineView {
    /// The unit as reports print it (`UnitName.display`) when that is not the stored unit: the
    /// Danish names of the canonical units, with their width in characters.
    @inlinable public func displayUnit(_ language: Language) -> (text: StaticString, width: Int)? {
        guard language == .da, unit.plainASCIICount.map({ $0 <= 3 }) ?? true else { return nil }
        if unit.equals("m2") { return ("m²", 2) }
        if unit.equals("pcs") { return ("stk", 3) }
        if unit.equals("h") { return ("t", 1) }
        return nil
    }
}

extension Line {
    /// `body` with a view of this line, its texts written as JSON strings into a buffer that
    /// lives for the call.
    public func withView<R>(_ body: (LineView) throws -> R) rethrows -> R {
        let maker = LineViewMaker()
        return try withExtendedLifetime(maker) { try body(maker.view(of: self)) }
    }
}

/// Views of `Line`s held in memory: each line's texts written as JSON strings into a buffer of
/// this maker's, as a project file holds them, so that writers read them as they read a file's.
/// A view is good until the maker makes the next one, or is gone: one maker per walk of lines.
public final class LineViewMaker {
    private var scratch: [UInt8] = []
    private var buffer = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

    public init() {}
    deinit { buffer.deallocate() }

    public func view(of l: Line) -> LineView {
        scratch.removeAll(keepingCapacity: true)
        typealias Written = (range: Range<Int>, escaped: Bool, plain: Bool)
        func write(_ text: String) -> Written {
            let start = scratch.count
            let (escaped, plain) = TextSlice.appendQuoted(text, to: &scratch)
            return (start..<scratch.count, escaped, plain)
        }
        let pos = write(l.pos), name = write(l.name), unit = write(l.unit), note = write(l.note), section = write(l.section)
        let date = l.date.map(write), measurement = l.measurement.map(write)
        if buffer.count < scratch.count {
            buffer.deallocate()
            buffer = .allocate(capacity: max(scratch.count, 2 * buffer.count, 256))
        }
        _ = buffer.initialize(from: scratch)
        let written = UnsafeBufferPointer(buffer)
        func slice(_ w: Written) -> TextSlice { TextSlice(quoted: UnsafeBufferPointer(rebasing: written[w.range]), escaped: w.escaped, plain: w.plain) }
        return LineView(id: l.id, pos: slice(pos), name: slice(name), unit: slice(unit), note: slice(note), section: slice(section),
                        date: date.map(slice), measurement: measurement.map(slice), price: l.price, quantity: l.quantity, custom: l.custom,
                        quantityTyped: l.quantityTyped)
    }
}
