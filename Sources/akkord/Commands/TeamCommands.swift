import AkkordKit

struct WorkerCommand: CommandGroup {
    static let spec = CommandSpec(name: "worker", abstract: "The roofers on the project: journeymen share by hours, apprentices are paid by the hour.",
                                  subcommands: [WorkerAdd.self, WorkerList.self, WorkerRemove.self])
}

struct WorkerAdd: Command {
    static let name = Positional("name", parse: .text, help: "The worker's name.")
    static let apprentice = Flag("--apprentice", help: "An apprentice, paid hours × --rate out of the total before the journeymen share.")
    static let rate = Option("--rate", value: "rate", parse: .price, help: "The apprentice's hourly rate (required with --apprentice).")
    static let spec = CommandSpec(
        name: "add", abstract: "Add a worker (a journeyman unless --apprentice).",
        discussion: "The worker's id is made from the name; later commands take the id or a unique beginning of the name.",
        arguments: [name, apprentice, rate])
    let name: String
    let apprentice: Bool
    let rate: UnitPrice?
    init(_ a: ParsedArguments) throws {
        name = try a.required(Self.name)
        apprentice = try a[Self.apprentice]
        rate = try a[Self.rate]
        if apprentice && rate == nil { throw UsageError("an apprentice needs --rate", hint: "akkord worker add NAME --apprentice --rate 145.50") }
        if !apprentice && rate != nil { throw UsageError("--rate goes with --apprentice; journeymen share the pool by hours") }
    }
    func run(_ context: CommandContext) throws {
        let w = try context.workspace().addWorker(name: name, apprentice: apprentice, rate: rate).value
        context.print(Confirmation.workerAdded(w, context.language))
    }
}

struct WorkerList: Command {
    static let spec = CommandSpec(name: "list", abstract: "List the workers with their hours and advances.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let p = try context.workspace().project()
        let accounting = FinalAccounting(p)
        if context.wantsJSON { context.printJSON(TeamText.workersJSON(accounting)) } else { context.print(TeamText.workers(accounting, language: context.language)) }
    }
}

/// `<worker>` of the commands on one worker's entries.
enum WorkerArgument {
    static let worker = Positional("worker", help: "The worker's id or a unique beginning of the name.")
}

struct WorkerRemove: Command {
    static let worker = WorkerArgument.worker
    static let spec = CommandSpec(name: "remove", abstract: "Remove a worker who has no hours or advances.", arguments: [worker])
    let worker: String
    init(_ a: ParsedArguments) throws { worker = try a.required(Self.worker) }
    func run(_ context: CommandContext) throws {
        context.print(Confirmation.workerRemoved(try context.workspace().removeWorker(worker).value, context.language))
    }
}

struct HoursCommand: CommandGroup {
    static let spec = CommandSpec(name: "hours", abstract: "Hours worked on the project, per worker.",
                                  subcommands: [HoursAdd.self, HoursList.self, HoursRemove.self])
}

struct HoursAdd: Command {
    static let worker = WorkerArgument.worker
    static let hours = Positional("hours", parse: .positiveHours, help: "Hours as 7,5 or 7.5 or 7:30; kept exactly (7:20 is 7 h 20 min).")
    static let date = Option("--date", value: "date", parse: .date, help: "The day, YYYY-MM-DD (default: today).")
    static let note = Option("--note", value: "note", parse: .note, help: "A note.")
    static let spec = CommandSpec(name: "add", abstract: "Record hours for a worker.", arguments: [worker, hours, date, note])
    let worker: String, hours: EnteredHours, date: String?, note: String
    init(_ a: ParsedArguments) throws {
        worker = try a.required(Self.worker); hours = try a.required(Self.hours); date = try a[Self.date]; note = try a[Self.note] ?? ""
    }
    func run(_ context: CommandContext) throws {
        let e = try context.workspace().addHours(worker: worker, hours: hours.hours, date: date, note: note).value
        if let n = hours.note { context.note(n) }
        context.print(Confirmation.hoursAdded(e, context.language))
    }
}

struct HoursList: Command {
    static let spec = CommandSpec(name: "list", abstract: "List the hours entries.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let p = try context.workspace().project()
        if context.wantsJSON { context.printJSON(TeamText.hoursJSON(p)) } else { context.print(TeamText.hours(p, language: context.language)) }
    }
}

struct HoursRemove: Command {
    static let id = Positional("id", parse: .entryId, help: "The entry's id (see 'akkord hours list').")
    static let spec = CommandSpec(name: "remove", abstract: "Remove an hours entry.", arguments: [id])
    let id: Int
    init(_ a: ParsedArguments) throws { id = try a.required(Self.id) }
    func run(_ context: CommandContext) throws {
        context.print(Confirmation.hoursRemoved(try context.workspace().removeHours(id).value, context.language))
    }
}

struct AdvanceCommand: CommandGroup {
    static let spec = CommandSpec(name: "advance", abstract: "Money already paid to a worker on account (aconto).",
                                  subcommands: [AdvanceAdd.self, AdvanceList.self, AdvanceRemove.self])
}

struct AdvanceAdd: Command {
    static let worker = WorkerArgument.worker
    static let amount = Positional("amount", parse: .positiveMoney, help: "The amount paid, e.g. 5.000,00.")
    static let date = Option("--date", value: "date", parse: .date, help: "The day it was paid, YYYY-MM-DD (default: today).")
    static let note = Option("--note", value: "note", parse: .note, help: "A note.")
    static let spec = CommandSpec(name: "add", abstract: "Record an advance paid to a worker.", arguments: [worker, amount, date, note])
    let worker: String, amount: Money, date: String?, note: String
    init(_ a: ParsedArguments) throws {
        worker = try a.required(Self.worker); amount = try a.required(Self.amount); date = try a[Self.date]; note = try a[Self.note] ?? ""
    }
    func run(_ context: CommandContext) throws {
        let e = try context.workspace().addAdvance(worker: worker, amount: amount, date: date, note: note).value
        context.print(Confirmation.advanceAdded(e, context.language))
    }
}

struct AdvanceList: Command {
    static let spec = CommandSpec(name: "list", abstract: "List the advances.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let p = try context.workspace().project()
        if context.wantsJSON { context.printJSON(TeamText.advancesJSON(p)) } else { context.print(TeamText.advances(p, language: context.language)) }
    }
}

struct AdvanceRemove: Command {
    static let id = Positional("id", parse: .entryId, help: "The advance's id (see 'akkord advance list').")
    static let spec = CommandSpec(name: "remove", abstract: "Remove an advance.", arguments: [id])
    let id: Int
    init(_ a: ParsedArguments) throws { id = try a.required(Self.id) }
    func run(_ context: CommandContext) throws {
        context.print(Confirmation.advanceRemoved(try context.workspace().removeAdvance(id).value, context.language))
    }
}
