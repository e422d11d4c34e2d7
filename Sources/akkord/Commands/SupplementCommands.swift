import AkkordKit

struct SupplementCommand: CommandGroup {
    static let spec = CommandSpec(name: "supplement", abstract: "Percentages on the line subtotal (each on the subtotal, added, not compounded).",
                                  subcommands: [SupplementAdd.self, SupplementList.self, SupplementRemove.self])
}

struct SupplementAdd: Command {
    static let name = Positional("name", parse: .text, help: "What it is for, e.g. \"Winter\".")
    static let percent = Positional("percent", parse: .supplementPercent, help: "Percent from -100 to 1000, up to 3 decimals; negative for a deduction.")
    static let section = Option("--section", value: "section", parse: .text,
                                help: "Only the lines of this section (repeat for several).")
    static let lines = Option("--lines", value: "list", parse: .lineList, help: "Only these lines: ids and ranges, e.g. 1,3-5.")
    static let spec = CommandSpec(
        name: "add", abstract: "Add a supplement: round2(base × percent / 100).",
        discussion: """
        The base is the sum of the amounts of the lines in scope: the lines of the --section(s) and \
        the --lines given, or the whole subtotal when neither is given. A scope that matches no line \
        is refused (exit 1).
        """,
        arguments: [name, percent, section, lines])
    let name: String, percent: Percent, scope: Supplement.Scope
    init(_ a: ParsedArguments) throws {
        name = try a.required(Self.name)
        percent = try a.required(Self.percent)
        scope = Supplement.Scope(sections: try a.all(Self.section), lines: try a[Self.lines] ?? [])
    }
    func run(_ context: CommandContext) throws {
        let s = try context.workspace().addSupplement(name: name, percent: percent, scope: scope).value
        context.printChange(json: ChangeJSON.supplement(s), Confirmation.supplementAdded(s, context.language))
    }
}

struct SupplementList: Command {
    static let spec = CommandSpec(name: "list", abstract: "List the supplements with their amounts.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let accounting = try FinalAccounting(try context.workspace().project())
        if context.wantsJSON { context.printJSON(.object(JSONObject([("supplements", ReportJSON.supplements(accounting))]))) } else {
            context.print(TeamText.supplements(accounting, language: context.language, width: context.width))
        }
    }
}

struct SupplementRemove: Command {
    static let id = Positional("id", parse: .entryId, help: "The supplement's id.")
    static let spec = CommandSpec(name: "remove", abstract: "Remove a supplement.", arguments: [id])
    let id: Int
    init(_ a: ParsedArguments) throws { id = try a.required(Self.id) }
    func run(_ context: CommandContext) throws {
        let s = try context.workspace().removeSupplement(id).value
        context.printChange(json: ChangeJSON.removed(ChangeJSON.supplement(s)), Confirmation.supplementRemoved(s, context.language))
    }
}

struct ExtraCommand: CommandGroup {
    static let spec = CommandSpec(name: "extra", abstract: "Agreed extra work (aftaleseddel): an agreed amount, or hours × rate.",
                                  subcommands: [ExtraAdd.self, ExtraList.self, ExtraRemove.self])
}

struct ExtraAdd: Command {
    static let text = Positional("text", parse: .text, help: "What was agreed.")
    static let amount = Option("--amount", value: "amount", parse: .money, help: "The agreed amount; negative for an agreed deduction (fradrag).")
    static let number = Option("--number", value: "no", parse: .text, help: "The agreement's number (aftaleseddel nr.), printed in every report.")
    static let date = Option("--date", value: "date", parse: .date, help: "The agreement's date, YYYY-MM-DD.")
    static let hours = Option("--hours", value: "hours", parse: .positiveHours, help: "Hours (7,5 or 7:30), with --rate.")
    static let rate = Option("--rate", value: "rate", parse: .price, help: "Hourly rate, with --hours.")
    static let spec = CommandSpec(name: "add", abstract: "Add agreed extra work, or an agreed deduction (a negative --amount).",
                                  arguments: [text, amount, hours, rate, number, date])
    let text: String, pricing: ExtraWork.Pricing, hoursNote: String?, number: String, date: String?
    init(_ a: ParsedArguments) throws {
        text = try a.required(Self.text)
        number = try a[Self.number] ?? ""
        date = try a[Self.date]
        let amount = try a[Self.amount], hours = try a[Self.hours], rate = try a[Self.rate]
        hoursNote = hours?.note
        switch (amount, hours, rate) {
        case (let m?, nil, nil):
            guard m.raw != 0 else { throw UsageError("--amount 0 agrees nothing; a deduction is a negative amount") }
            pricing = .amount(m)
        case (nil, let h?, let r?): pricing = .hourly(hours: h.hours, rate: r)
        default: throw UsageError("give either --amount A, or --hours H with --rate R", hint: "akkord extra add \"Extra gutter\" --amount 1.500")
        }
    }
    func run(_ context: CommandContext) throws {
        let change = try context.workspace().addExtraWork(text: text, pricing: pricing, number: number, date: date)
        context.warn(change.warnings)
        if let n = hoursNote { context.note(n) }
        context.printChange(json: ChangeJSON.extraWork(change.value), Confirmation.extraWorkAdded(change.value, context.language))
    }
}

struct ExtraList: Command {
    static let spec = CommandSpec(name: "list", abstract: "List the agreed extra work.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let accounting = try FinalAccounting(try context.workspace().project())
        if context.wantsJSON { context.printJSON(.object(JSONObject([("extraWork", ReportJSON.extraWork(accounting))]))) } else {
            context.print(TeamText.extraWork(accounting, language: context.language, width: context.width))
        }
    }
}

struct ExtraRemove: Command {
    static let id = Positional("id", parse: .entryId, help: "Its id.")
    static let spec = CommandSpec(name: "remove", abstract: "Remove agreed extra work.", arguments: [id])
    let id: Int
    init(_ a: ParsedArguments) throws { id = try a.required(Self.id) }
    func run(_ context: CommandContext) throws {
        let e = try context.workspace().removeExtraWork(id).value
        context.printChange(json: ChangeJSON.removed(ChangeJSON.extraWork(e)), Confirmation.extraWorkRemoved(e, context.language))
    }
}

extension ValueParser where Value == Percent {
    /// A supplement's percent, -100 … 1000.
    static var supplementPercent: ValueParser {
        ValueParser(example: "12,5", withContext: { text, context in
            let p = try Percent(parsing: DanishNumberText.percent(text), language: context.numbers)
            guard Supplement.range.contains(p.raw) else { throw NumberError.outOfRange(text, range: "-100 … 1000") }
            return p
        })
    }
}
