import AkkordKit

/// `daywork add|list|remove` (SPEC §16): hours paid by the hour beside the piecework.
struct DayworkCommand: CommandGroup {
    static let spec = CommandSpec(
        name: "daywork", abstract: "Hours paid by the hour beside the piecework (daywork, sick, weather): never in the pool or the shares.",
        subcommands: [DayworkAdd.self, DayworkList.self, DayworkRemove.self])
}

struct DayworkAdd: Command {
    static let worker = WorkerArgument.worker
    static let hours = Positional("hours", parse: .positiveHours, help: "Hours as 7,5 or 7.5 or 7:30; kept exactly (7:20 is 7 h 20 min).")
    static let rate = Option("--rate", value: "rate", parse: .price, help: "The hourly rate paid (required): amount = round2(hours × rate).")
    static let kind = Option("--kind", value: "daywork|sick|weather|other", parse: .dayworkKind,
                             help: "What the hours were paid for; the Danish dagløn, syg, vejrlig and andet are taken too.", default: "daywork")
    static let date = Option("--date", value: "date", parse: .date, help: "The day, YYYY-MM-DD (default: today).")
    static let note = Option("--note", value: "note", parse: .note, help: "A note.")
    static let spec = CommandSpec(
        name: "add", abstract: "Record daywork for a worker: hours × an hourly rate, paid beside the piecework.",
        discussion: """
        `akkord daywork add jens 7,5 --rate 250 --kind weather` records 7.50 h × 250.00 = 1,875.00 of weather \
        (vejrlig) for jens. Reports list daywork in its own section with a total per worker and in all; it \
        never changes the pool, the shares or the balances.
        """,
        arguments: [worker, hours, rate, kind, date, note])
    let worker: String, hours: EnteredHours, rate: UnitPrice, kind: DayworkEntry.Kind, date: String?, note: String
    init(_ a: ParsedArguments) throws {
        worker = try a.required(Self.worker); hours = try a.required(Self.hours)
        guard let rate = try a[Self.rate] else { throw UsageError("daywork needs --rate", hint: "akkord daywork add jens 7,5 --rate 250") }
        self.rate = rate
        kind = try a[Self.kind] ?? .daywork
        date = try a[Self.date]; note = try a[Self.note] ?? ""
    }
    func run(_ context: CommandContext) throws {
        let change = try context.workspace().addDaywork(worker: worker, hours: hours.hours, rate: rate, kind: kind, date: date, note: note)
        context.warn(change.warnings)
        if let n = hours.note { context.note(n) }
        context.printChange(json: ChangeJSON.daywork(change.value), Confirmation.dayworkAdded(change.value, context.language))
    }
}

struct DayworkList: Command {
    static let spec = CommandSpec(name: "list", abstract: "List the daywork, worker by worker, with the totals.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let (project, account) = try context.workspace().daywork()
        if context.wantsJSON { context.printJSON(DayworkText.listJSON(project, account)) } else {
            context.print(DayworkText.list(account, language: context.language, width: context.width))
        }
    }
}

struct DayworkRemove: Command {
    static let id = Positional("id", parse: .entryId, help: "The entry's id (see 'akkord daywork list').")
    static let spec = CommandSpec(name: "remove", abstract: "Remove a daywork entry.", arguments: [id])
    let id: Int
    init(_ a: ParsedArguments) throws { id = try a.required(Self.id) }
    func run(_ context: CommandContext) throws {
        let d = try context.workspace().removeDaywork(id).value
        context.printChange(json: ChangeJSON.removed(ChangeJSON.daywork(d)), Confirmation.dayworkRemoved(d, context.language))
    }
}

extension ValueParser where Value == DayworkEntry.Kind {
    /// `--kind`: daywork, sick, weather or other, or the Danish dagløn, syg, vejrlig, andet.
    static var dayworkKind: ValueParser {
        ValueParser(example: "weather") { text in
            guard let kind = DayworkEntry.Kind(word: text) else {
                throw PlainError("\"\(text)\" is not daywork, sick, weather or other (dagløn, syg, vejrlig, andet)")
            }
            return kind
        }.completing(.choices(DayworkEntry.Kind.allCases.map(\.rawValue)))
    }
}
