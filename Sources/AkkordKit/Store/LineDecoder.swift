import AkkordSupport
import AkkordModel

/// The one decoder of a project file's lines: reads the `lines` array one element at a time
/// straight from the file's bytes with `JSONScanner`'s lexing, for every reader of a project
/// (`ProjectReader`). A line laid out as akkord writes it (every member in order, akkord's
/// spacing) is read straight through, texts left in the file (`LineView`); any other element —
/// members in another order or spacing, a figure in another form, a member missing or unknown,
/// an amount that is not quantity × price, not an object at all — is read again from where it
/// began as a tree and decoded member by member, each problem at its JSON path
/// (`lines[i].key`), as the project's other members are. Bad JSON throws where it is.
package struct LineDecoder {
    private(set) var lexer: JSONScanner
    private let file: MappedFile?
    private var releasedTo: Int
    private var finished = false
    /// The index in the array of the element `next()` gives next.
    private(set) var elementIndex = 0
    /// Makes views of the lines decoded as a tree: their texts are no longer in the file's bytes.
    private var maker: LineViewMaker?

    /// `start` is at the array's `[` in `buffer` (`file`'s bytes, when mapped).
    package init(_ buffer: UnsafeBufferPointer<UInt8>, arrayAt start: Int, file: MappedFile? = nil) throws(JSONSyntaxError) {
        lexer = JSONScanner(buffer: buffer)
        lexer.index = start
        self.file = file
        releasedTo = start
        guard lexer.take(UInt8(ascii: "[")) else { throw lexer.error("expected an array") }
        lexer.skipWhitespace()
        if lexer.take(UInt8(ascii: "]")) { finished = true }
    }

    /// A decoder of the one line whose `{` is at `start` (a `lineStart` of an earlier pass): its
    /// `next()` gives that line, then the lines after it.
    init(_ buffer: UnsafeBufferPointer<UInt8>, lineAt start: Int, file: MappedFile? = nil) {
        lexer = JSONScanner(buffer: buffer)
        lexer.index = start
        self.file = file
        releasedTo = start
    }

    /// Where the array ended (after its `]`), once `next()` gave nil.
    var endIndex: Int { lexer.index }
    /// Where the element `next()` last gave begins (its `{`).
    package private(set) var lineStart = -1
    /// Where that element ends (after its `}`).
    package private(set) var lineEnd = -1
    /// Whether that line's bytes, `lineStart..<lineEnd`, are exactly what akkord writes for it
    /// (`LineView.writeJSON(.stored)`, `StoredLineForm.swift`): members in akkord's order and spacing, texts without
    /// escapes, figures in their plain form. A change copies such lines as they are.
    package private(set) var lineIsStoredForm = false
    /// In such a line: where its `, "section": ` and its `, "measurement": ` (-1: none) begin,
    /// for writers that copy its JSON less some members.
    private(set) var sectionAt = -1
    private(set) var measurementAt = -1

    /// The next line, nil after the last element; an element that is not a line adds its
    /// problems to `problems` and is passed over.
    package mutating func next(problems: inout [Problem]) throws(JSONSyntaxError) -> LineView? {
        while !finished {
            if let line = try nextElement(problems: &problems) { return line }
        }
        return nil
    }

    /// The next line, for a walk over lines already read once: nil after the last one, and at
    /// an element that is not a line (the file changed since).
    package mutating func next() throws(JSONSyntaxError) -> LineView? {
        var problems: [Problem] = []
        let line = try next(problems: &problems)
        return problems.isEmpty ? line : nil
    }

    /// The element at the cursor: a line, or nil with its problems added to `problems`.
    private mutating func nextElement(problems: inout [Problem]) throws(JSONSyntaxError) -> LineView? {
        lexer.skipWhitespace()
        lineStart = lexer.index
        var line = storedLine()
        if line == nil {
            lexer.index = lineStart
            line = try anyElement(problems: &problems)
        }
        lineEnd = lexer.index
        elementIndex += 1
        lexer.skipWhitespace()
        guard lexer.index < lexer.buffer.count else { throw lexer.error("unexpected end of file; expected ',' or ']'") }
        if !lexer.take(UInt8(ascii: ",")) {
            guard lexer.take(UInt8(ascii: "]")) else { throw lexer.error("expected ',' or ']'") }
            finished = true
        }
        // Pages passed are handed back every 4 MiB, so a pass over a large file stays small.
        if let file, lexer.index - releasedTo >= 1 << 22 {
            file.release(releasedTo..<lexer.index)
            releasedTo = lexer.index
        }
        return line
    }

    // MARK: akkord's own layout

    /// The bytes between a line's values as akkord writes them.
    private final class Layout: Sendable {
        let id = JSONLiteral("{\"id\": ")
        let pos = JSONLiteral(", \"pos\": ")
        let name = JSONLiteral(", \"name\": ")
        let unit = JSONLiteral(", \"unit\": ")
        let price = JSONLiteral(", \"price\": ")
        let quantity = JSONLiteral(", \"quantity\": ")
        let quantityTyped = JSONLiteral(", \"quantityTyped\": ")
        let amount = JSONLiteral(", \"amount\": ")
        let notCustom = JSONLiteral(", \"custom\": false, \"note\": ")
        let custom = JSONLiteral(", \"custom\": true, \"note\": ")
        let section = JSONLiteral(", \"section\": ")
        let date = JSONLiteral(", \"date\": ")
        let measurement = JSONLiteral(", \"measurement\": ")
        /// Made once per process: a decoder is made per walk, and per line of the measured lines' walk.
        static let shared = Layout()
    }
    private let layout = Layout.shared

    /// A line laid out exactly as akkord writes it, read straight through; nil at the first byte
    /// that differs, or a value the tree path would refuse or read otherwise.
    private mutating func storedLine() -> LineView? {
        let s = layout
        var storedForm = true
        guard lexer.take(s.id), let id = lexer.takeWholeNumber(), id >= 1,
              lexer.take(s.pos), let pos = text(&storedForm),
              lexer.take(s.name), let name = text(&storedForm),
              lexer.take(s.unit), let unit = text(&storedForm),
              lexer.take(s.price), let price = figure(UnitPrice.self, &storedForm),
              lexer.take(s.quantity), let quantity = figure(Quantity.self, &storedForm) else { return nil }
        var quantityTyped: Int64? = nil
        if lexer.take(s.quantityTyped) {
            guard let typed = figure(Quantity.self, &storedForm) else { return nil }
            quantityTyped = typed
        }
        guard lexer.take(s.amount), let amount = figure(Money.self, &storedForm) else { return nil }
        let custom: Bool
        if lexer.take(s.notCustom) { custom = false } else if lexer.take(s.custom) { custom = true } else { return nil }
        guard let note = text(&storedForm) else { return nil }
        let sectionAt = lexer.index
        guard lexer.take(s.section), let section = text(&storedForm), lexer.take(s.date) else { return nil }
        var date: TextSlice? = nil
        if !lexer.takeNull() {
            guard let d = text(&storedForm), !d.escaped, isValidDate(d.quoted) else { return nil }
            date = d
        }
        var measurement: TextSlice? = nil
        let measurementAt = lexer.index
        if lexer.take(s.measurement) {
            guard let m = text(&storedForm) else { return nil }
            measurement = m
        }
        guard lexer.take(UInt8(ascii: "}")) else { return nil }
        let computed = Quantity(raw: quantity).amount(at: UnitPrice(raw: price))
        guard amount == computed.raw else { return nil }
        lineIsStoredForm = storedForm
        self.sectionAt = sectionAt
        self.measurementAt = measurement == nil ? -1 : measurementAt
        // Made where it is returned: a view made first and returned after was copied.
        return LineView(id: id, pos: pos, name: name, unit: unit, note: note, section: section, date: date, measurement: measurement,
                        price: UnitPrice(raw: price), quantity: Quantity(raw: quantity), amount: computed, custom: custom,
                        quantityTyped: quantityTyped.map(Quantity.init(raw:)))
    }

    @inline(__always) private mutating func text(_ storedForm: inout Bool) -> TextSlice? {
        guard let s = lexer.takeString() else { return nil }
        if s.escaped { storedForm = false }
        return s
    }

    /// A figure of kind `N`; `storedForm` turns false unless it is quoted and written as
    /// `writePlain` writes it (no sign, trailing fraction zeros cut down to the kind's minimum).
    @inline(__always) private mutating func figure<N: FixedPointNumber>(_ kind: N.Type, _ storedForm: inout Bool) -> Int64? {
        var shape = FigureShape()
        guard let n = lexer.takeFigure(fractionDigits: N.fractionDigits, max: N.maximumRaw, shape: &shape) else { return nil }
        if storedForm {
            let least = N.minimumFractionDigitsShown
            let plain = shape.quoted && !shape.negative && (shape.shown == least || (shape.shown > least && !shape.endsInZero))
            if !plain { storedForm = false }
        }
        return n
    }

    /// The 10 bytes of the date last found valid: the lines of one day come together, and most
    /// dates are then compared, not worked out again.
    private var lastValidDate: (UInt64, UInt16) = (0, 0)

    /// Whether the quoted text is a date that exists (`ISODate.isValid`).
    @inline(__always) private mutating func isValidDate(_ quoted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard quoted.count == 12 else { return false }
        let raw = UnsafeRawPointer(quoted.baseAddress! + 1)
        let bytes = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
        if bytes == lastValidDate { return true }
        guard ISODate.isValid(UnsafeBufferPointer(start: quoted.baseAddress! + 1, count: 10)) else { return false }
        lastValidDate = bytes
        return true
    }

    // MARK: any other element

    /// The element at `lexer.index` read as a tree and decoded member by member: the line, or
    /// nil with its problems added to `problems`.
    private mutating func anyElement(problems: inout [Problem]) throws(JSONSyntaxError) -> LineView? {
        lineIsStoredForm = false
        let start = lexer.index, i = elementIndex
        var element: LineView? = nil
        do {
            guard lexer.peekByte() == UInt8(ascii: "{") else {
                let value = try lexer.readValue()
                problems.append(Problem("lines[\(i)]", "expected an object, got \(value.kindDescription)"))
                return nil
            }
            var object = JSONObject()
            try lexer.readObject { scanner, key in
                if object[key] != nil { throw scanner.error("key \(Excerpt.phrase(key)) appears twice") }
                object.append(key, try scanner.readValue())
            }
            var r = FieldReader(object: object, path: "lines", index: i, problems: [])
            if let line = Self.decode(&r), r.problems.isEmpty {
                if maker == nil { maker = LineViewMaker() }
                element = maker!.view(of: line)
            } else {
                problems += r.problems
            }
        } catch let error as JSONSyntaxError {
            throw error
        } catch {
            throw lexer.error("\(error)")
        }
        // The tree reader takes the bytes of its strings to be UTF-8: these were not yet checked.
        if let bad = UTF8Check.firstInvalidIndex(UnsafeBufferPointer(rebasing: lexer.buffer[start..<lexer.index])) {
            var at = lexer
            at.index = start + bad
            throw at.error("text is not valid UTF-8")
        }
        return element
    }

    static let keys = ["id", "pos", "name", "unit", "price", "quantity", "quantityTyped", "amount", "custom", "note", "section", "date",
                       "measurement"]

    /// A line's members from its tree, each problem at its path.
    private static func decode(_ r: inout FieldReader) -> Line? {
        r.rejectUnknown(keys)
        let price: UnitPrice? = r.storedNumber("price", required: true)
        let quantity: Quantity? = r.storedNumber("quantity", required: true)
        guard let id = r.integer("id", required: true), let pos = r.string("pos", required: true),
              let name = r.string("name", required: true), let unit = r.string("unit", required: true),
              let price, let quantity else { return nil }
        var line = Line(id: id, pos: pos, name: name, unit: unit, price: price, quantity: quantity,
                        note: r.string("note") ?? "", section: r.string("section") ?? "", date: r.date("date"),
                        custom: r.bool("custom") ?? false)
        line.measurement = r.string("measurement")
        line.quantityTyped = r.storedNumber("quantityTyped")
        if let stored: Money = r.storedNumber("amount"), stored != line.amount {
            r.problem("amount", "is \(stored) but quantity × price is \(line.amount)")
        }
        return line
    }
}
