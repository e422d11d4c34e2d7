import AkkordKit

struct AddCommand: Command {
    static let spec = CommandSpec(
        name: "add", abstract: "Add an activity to the project: from the catalogue by pos, or a custom one.",
        discussion: """
        The unit price is copied from the active catalogue when the line is added; a later catalogue \
        update does not change it. With --custom, give only the quantity: akkord add --custom "Extra \
        batten" --unit lbm --price 25 12.
        """,
        arguments: [
            .positional("pos", help: "The activity's pos in the catalogue (left out with --custom).", optional: true),
            .positional("quantity", help: "How much: 12,5 or 12.5 (more than zero, up to 3 decimals).", optional: true),
            .option("--custom", value: "name", help: "Add an activity that is not in the catalogue, with this name."),
            .option("--unit", value: "unit", help: "Unit of a custom activity: m2, lbm, pcs, m, kg, h or your own."),
            .option("--price", value: "price", help: "Unit price of a custom activity."),
            .option("--note", value: "note", help: "A note on the line."),
            .option("--date", value: "date", help: "Date of the work, YYYY-MM-DD (default: today)."),
            .option("--section", value: "section", help: "Section to file the line under (default: the activity's)."),
        ]
    )
    let source: Workspace.LineSource
    let quantity: Quantity
    let note: String
    let date: String?
    let section: String?

    init(_ a: ParsedArguments) throws {
        let positionals = [a.string("pos"), a.string("quantity")].compactMap { $0 }
        var args = a
        if let name = try a.text("--custom") {
            guard positionals.count == 1 else {
                throw UsageError(positionals.isEmpty ? "missing <quantity>" : "a custom line takes only <quantity>, not a pos",
                                 hint: "usage: akkord add --custom NAME --unit U --price P QUANTITY")
            }
            guard let unit = try a.text("--unit"), let price = try a.price("--price") else {
                throw UsageError("a custom line needs --unit and --price", hint: "usage: akkord add --custom NAME --unit U --price P QUANTITY")
            }
            source = .custom(name: name, unit: UnitName.canonical(unit), price: price)
            args.values["quantity"] = positionals
        } else {
            guard positionals.count == 2 else { throw UsageError(positionals.isEmpty ? "missing <pos>" : "missing <quantity>",
                                                                 hint: "usage: akkord add POS QUANTITY") }
            for option in ["--unit", "--price"] where a.string(option) != nil {
                throw UsageError("\(option) goes with --custom; a catalogue line takes its unit and price from the catalogue")
            }
            source = .catalogue(pos: positionals[0])
        }
        quantity = try args.quantity("quantity")!
        note = a.string("--note") ?? ""
        date = try a.date("--date")
        section = a.string("--section")
    }

    func run(_ context: CommandContext) throws {
        let line = try context.workspace().addLine(.init(source: source, quantity: quantity, note: note, date: date, section: section)).value
        if context.wantsJSON { context.printJSON(ProjectText.lineJSON(line)); return }
        let l = context.language
        context.print("line \(line.id): \(line.pos) \(line.name), \(line.quantity.formatted(l)) \(line.unit) × \(line.price.formatted(l)) = \(line.amount.formatted(l))")
    }
}

struct LinesCommand: Command {
    static let spec = CommandSpec(name: "lines", abstract: "Show the project's lines with amounts and the subtotal.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let project = try context.workspace().project()
        if context.wantsJSON { context.printJSON(ProjectText.linesJSON(project)) } else {
            context.print(ProjectText.lines(project, language: context.language))
        }
    }
}

struct EditLineCommand: Command {
    static let spec = CommandSpec(
        name: "edit", abstract: "Change a line's quantity or note (and price, for custom lines).",
        arguments: [
            .positional("line", help: "The line's id (see 'akkord lines')."),
            .option("--quantity", value: "quantity", help: "New quantity."),
            .option("--note", value: "note", help: "New note (\"\" clears it)."),
            .option("--price", value: "price", help: "New unit price; custom lines only, catalogue lines keep their snapshot."),
        ]
    )
    let line: Int
    let quantity: Quantity?
    let note: String?
    let price: UnitPrice?
    init(_ a: ParsedArguments) throws {
        line = try a.lineIds("line")[0]
        quantity = try a.quantity("--quantity")
        note = a.string("--note")
        price = try a.price("--price")
        guard quantity != nil || note != nil || price != nil else {
            throw UsageError("nothing to change", hint: "give --quantity, --note or --price")
        }
    }

    func run(_ context: CommandContext) throws {
        let change = try context.workspace().editLine(line, quantity: quantity, note: note, price: price)
        context.print(change.history.isEmpty ? "nothing changed" : change.history.joined(separator: "\n"))
    }
}

struct RemoveLineCommand: Command {
    static let spec = CommandSpec(
        name: "remove", abstract: "Remove lines from the project (their ids are not reused).",
        arguments: [.positional("line", help: "Ids of the lines to remove.", repeating: true)]
    )
    let lines: [Int]
    init(_ a: ParsedArguments) throws { lines = try a.lineIds("line") }

    func run(_ context: CommandContext) throws {
        context.print(try context.workspace().removeLines(lines).history.joined(separator: "\n"))
    }
}

struct HistoryCommand: Command {
    static let spec = CommandSpec(name: "history", abstract: "Show every change made to the project, oldest first.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let project = try context.workspace().project()
        if context.wantsJSON { context.printJSON(ProjectText.historyJSON(project)) } else { context.print(ProjectText.history(project)) }
    }
}
