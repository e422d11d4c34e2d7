import AkkordKit

struct AddCommand: Command {
    /// `add POS QUANTITY` or `add --custom … QUANTITY`: one word is the quantity, two are pos and
    /// quantity. The quantity is optional to the parser so that `init` can say what is missing in
    /// the words of the chosen form.
    static let pos = Positional("pos", .leadingOptional, help: "The activity's pos in the catalogue (left out with --custom).")
    static let quantity = Positional("quantity", .optional, parse: .quantity, help: "How much: 12,5 or 12.5 (more than zero, up to 3 decimals), or a measurement such as \"12,4*8,2 - 1,2*0,9\" (+ - * × / and parentheses; the result is rounded to 3 decimals and the expression kept on the line).")
    static let custom = Option("--custom", value: "name", parse: .text, help: "Add an activity that is not in the catalogue, with this name.")
    static let unit = Option("--unit", value: "unit", parse: .text, help: "Unit of a custom activity: m2, lbm, pcs, m, kg, h or your own.")
    static let price = Option("--price", value: "price", parse: .price, help: "Unit price of a custom activity.")
    static let note = Option("--note", value: "note", parse: .note, help: "A note on the line.")
    static let date = Option("--date", value: "date", parse: .date, help: "Date of the work, YYYY-MM-DD (default: today).")
    static let section = Option("--section", value: "section", help: "Section to file the line under (default: the activity's).")
    static let spec = CommandSpec(
        name: "add", abstract: "Add an activity to the project: from the catalogue by pos, or a custom one.",
        discussion: """
        The unit price is copied from the active catalogue when the line is added; a later catalogue \
        update does not change it. With --custom, give only the quantity: akkord add --custom "Extra \
        batten" --unit lbm --price 25 12. With no arguments on a terminal, add asks: type search \
        words, pick a match by its number, type the quantity (a measurement too), and the line is \
        added; an empty line ends.
        """,
        arguments: [pos, quantity, custom, unit, price, note, date, section]
    )
    /// nil: the guided entry (no arguments at all).
    let source: Workspace.LineSource?
    let quantity: EnteredQuantity?
    let note: String
    let date: String?
    let section: String?

    init(_ a: ParsedArguments) throws {
        let pos = try a[Self.pos], hasQuantity = try a.isGiven(Self.quantity)
        note = try a[Self.note] ?? ""
        date = try a[Self.date]
        section = try a[Self.section]
        let all: [any DeclaredArgument] = [Self.pos, Self.quantity, Self.custom, Self.unit, Self.price, Self.note, Self.date, Self.section]
        if try all.allSatisfy({ try !a.isGiven($0) }) {
            source = nil; quantity = nil
            return
        }
        if let name = try a[Self.custom] {
            let usage: Phrase = "usage: akkord add --custom NAME --unit U --price P QUANTITY"
            guard pos == nil else { throw UsageError("a custom line takes only <quantity>, not a pos", hint: usage) }
            guard hasQuantity else { throw UsageError("missing <quantity>", hint: usage) }
            guard let unit = try a[Self.unit], let price = try a[Self.price] else {
                throw UsageError("a custom line needs --unit and --price", hint: usage)
            }
            source = .custom(name: name, unit: UnitName.canonical(unit), price: price)
        } else {
            guard let pos else {
                throw UsageError(hasQuantity ? "missing <quantity>" : "missing <pos>", hint: "usage: akkord add POS QUANTITY")
            }
            for option: any DeclaredArgument in [Self.unit, Self.price] where try a.isGiven(option) {
                throw UsageError("\(option.spec.name) goes with --custom; a catalogue line takes its unit and price from the catalogue")
            }
            source = .catalogue(pos: pos)
        }
        quantity = try a.required(Self.quantity)
    }

    func run(_ context: CommandContext) throws {
        guard let source, let quantity else { return try GuidedAdd(context: context).run() }
        let change: Change<Line>
        do {
            change = try context.workspace().addLine(.init(source: source, quantity: quantity.quantity, note: note, date: date, section: section,
                                                           measurement: quantity.measurement))
        } catch let error as AkkordError {
            // `add 12,5 2.04`: the quantity first, then a pos. Said when the pos reads as a number
            // and the quantity names an activity.
            guard case .activityNotFound(let pos, _, _) = error, quantity.measurement == nil,
                  (try? Quantity(parsing: pos, language: context.language)) != nil,
                  let activity = try? context.workspace().catalogue().catalogue.activity(pos: quantity.quantity.plain) else { throw error }
            throw HintedError(error, hint: "the pos comes first: akkord add \(activity.pos) \(pos)")
        }
        let line = change.value
        if let n = quantity.note { context.note(n) }
        context.noteRuled(change.ruled, unit: line.unit)
        context.warn(change.warnings)
        if context.wantsJSON { context.printJSON(ChangeJSON.line(line, subtotal: try change.subtotal ?? context.workspace().project().subtotal)); return }
        context.print(Confirmation.lineAdded(line, context.language))
    }
}

struct LinesCommand: Command {
    static let spec = CommandSpec(name: "lines", abstract: "Show the project's lines with amounts and the subtotal.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let widths = context.wantsJSON ? nil : LineWidths(context.language)
        let (project, lines) = try context.workspace().projectLines(forJSON: context.wantsJSON, measuring: widths)
        try context.stream { out in
            if context.wantsJSON { ProjectText.writeLinesJSON(lines, to: out) } else {
                ProjectText.writeLines(lines, language: context.language, width: context.width, widths: widths, to: out)
            }
        }
        try lines.checkIntact(source: Workspace.projectFileName(project.id))
    }
}

struct EditLineCommand: Command {
    static let line = Positional("line", parse: .lineId, help: "The line's id (see 'akkord lines').")
    static let quantity = Option("--quantity", value: "quantity", parse: .quantity, help: "New quantity.")
    static let note = Option("--note", value: "note", parse: .note, help: "New note (\"\" clears it).")
    static let price = Option("--price", value: "price", parse: .price, help: "New unit price; custom lines only, catalogue lines keep their snapshot.")
    static let date = Option("--date", value: "date", parse: .date, help: "New day of the work, YYYY-MM-DD.")
    static let section = Option("--section", value: "section", parse: .string, help: "File the line under this section (\"\" for none); scoped supplements follow it.")
    static let spec = CommandSpec(
        name: "edit", abstract: "Change a line's quantity, note, date or section (and price, for custom lines).",
        arguments: [line, quantity, note, price, date, section]
    )
    let line: Int
    let quantity: EnteredQuantity?
    let note: String?
    let price: UnitPrice?
    let date: String?
    let section: String?
    init(_ a: ParsedArguments) throws {
        line = try a.required(Self.line)
        quantity = try a[Self.quantity]
        note = try a[Self.note]
        price = try a[Self.price]
        date = try a[Self.date]
        section = try a[Self.section]
        guard quantity != nil || note != nil || price != nil || date != nil || section != nil else {
            throw UsageError("nothing to change", hint: "give --quantity, --note, --price, --date or --section")
        }
    }

    func run(_ context: CommandContext) throws {
        let change = try context.workspace().editLine(line, quantity: quantity?.quantity, note: note, price: price,
                                                      measurement: quantity?.measurement, date: date, section: section)
        let edit = change.value
        if let n = quantity?.note { context.note(n) }
        context.noteRuled(change.ruled, unit: edit.after.unit)
        context.warn(change.warnings)
        if context.wantsJSON { context.printJSON(ChangeJSON.line(edit.after, subtotal: try change.subtotal ?? context.workspace().project().subtotal)); return }
        context.print(Confirmation.lineEdited(before: edit.before, after: edit.after, context.language))
    }
}

struct RemoveLineCommand: Command {
    static let lines = Positionals("line", parse: .lineId, help: "Ids of the lines to remove.")
    static let spec = CommandSpec(name: "remove", abstract: "Remove lines from the project (their ids are not reused).", arguments: [lines])
    let lines: [Int]
    init(_ a: ParsedArguments) throws { lines = try a[Self.lines] }

    func run(_ context: CommandContext) throws {
        let change = try context.workspace().removeLines(lines)
        let removed = change.value
        if context.wantsJSON { context.printJSON(ChangeJSON.removedLines(removed, subtotal: try change.subtotal ?? context.workspace().project().subtotal)); return }
        context.print(Confirmation.linesRemoved(removed, context.language))
    }
}

struct HistoryCommand: Command {
    static let spec = CommandSpec(name: "history", abstract: "Show every change made to the project, oldest first.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let project = try context.workspace().project()
        if context.wantsJSON { context.printJSON(ProjectText.historyJSON(project)) } else { context.print(ProjectText.history(project, language: context.language)) }
    }
}
