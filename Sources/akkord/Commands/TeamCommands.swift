import AkkordKit

struct WorkerCommand: CommandGroup {
    static let spec = CommandSpec(name: "worker", abstract: "The roofers on the project: journeymen share by hours, apprentices are paid by the hour.",
                                  subcommands: [WorkerAdd.self, WorkerEdit.self, WorkerList.self, WorkerRemove.self])
}

struct WorkerAdd: Command {
    static let name = Positional("name", parse: .text, help: "The worker's name.")
    static let apprentice = Flag("--apprentice", help: "An apprentice, paid hours × --rate out of the total before the journeymen share, or sharing the pool with --weight.")
    static let rate = Option("--rate", value: "rate", parse: .price, help: "The apprentice's hourly rate (with --apprentice, unless --weight).")
    static let weight = Option("--weight", value: "weight", parse: .weight,
                               help: "The weight of the worker's hours in the split, more than 0 and at most 2, up to 2 decimals (default 1).")
    static let spec = CommandSpec(
        name: "add", abstract: "Add a worker (a journeyman unless --apprentice).",
        discussion: """
        The worker's id is made from the name; later commands take the id or a unique beginning of the name. \
        The pool is shared by hours × weight: an agreed split such as `--weight 0,8` counts 8 of every 10 \
        hours. An apprentice is paid by the hour (`--apprentice --rate 145,50`) or shares the pool with a \
        weight (`--apprentice --weight 0,5`: his hours count half as journeyman hours).
        """,
        arguments: [name, apprentice, rate, weight])
    let name: String
    let apprentice: Bool
    let rate: UnitPrice?
    let weight: Weight
    init(_ a: ParsedArguments) throws {
        name = try a.required(Self.name)
        apprentice = try a[Self.apprentice]
        rate = try a[Self.rate]
        let weight: Weight? = try a[Self.weight]
        self.weight = weight ?? .one
        if apprentice && rate == nil && weight == nil {
            throw UsageError("an apprentice needs --rate (paid by the hour) or --weight (sharing the pool)", hint: "akkord worker add NAME --apprentice --rate 145.50")
        }
        if apprentice && rate != nil && weight != nil { throw UsageError("--rate or --weight: an apprentice is paid by the hour or shares the pool, not both") }
        if !apprentice && rate != nil { throw UsageError("--rate goes with --apprentice; journeymen share the pool by hours") }
        if apprentice && rate == nil && self.weight.isOne { throw UsageError("an apprentice sharing the pool at weight 1 is a journeyman; give a weight other than 1, or leave out --apprentice") }
    }
    func run(_ context: CommandContext) throws {
        let change = try context.workspace().addWorker(name: name, apprentice: apprentice, rate: rate, weight: weight)
        context.warn(change.warnings)
        context.printChange(json: ChangeJSON.worker(change.value), Confirmation.workerAdded(change.value, context.language))
    }
}

struct WorkerEdit: Command {
    static let worker = WorkerArgument.worker
    static let weight = Option("--weight", value: "weight", parse: .weight,
                               help: "The weight of the worker's hours in the split, more than 0 and at most 2, up to 2 decimals (1: no agreed weight).")
    static let spec = CommandSpec(
        name: "edit", abstract: "Change a worker's weight in the team split.",
        discussion: "The pool is shared by hours × weight; the change is kept in the project's history and can be undone.",
        arguments: [worker, weight])
    let worker: String
    let weight: Weight
    init(_ a: ParsedArguments) throws {
        worker = try a.required(Self.worker)
        guard let weight = try a[Self.weight] else { throw UsageError("say what to change: --weight W", hint: "akkord worker edit jens --weight 0,8") }
        self.weight = weight
    }
    func run(_ context: CommandContext) throws {
        let change = try context.workspace().setWeight(worker: worker, weight)
        context.warn(change.warnings)
        context.printChange(json: ChangeJSON.worker(change.value), Confirmation.workerWeight(change.value, context.language))
    }
}

extension ValueParser where Value == Weight {
    /// A worker's weight: more than 0, at most 2, up to 2 decimals (`0,5`).
    static var weight: ValueParser {
        ValueParser(example: "0,5", withContext: { text, context in
            let w = try readNumber(text, context) { try Weight(parsing: $0, language: $1) }
            guard w.isPositive else { throw NumberError.notPositive(text) }
            return w
        })
    }
}

extension TeamEditError: UserFacingError {
    var message: Phrase { phrase }
    var exitStatus: ExitStatus { .failure }
}

struct WorkerList: Command {
    static let spec = CommandSpec(name: "list", abstract: "List the workers with their hours and advances.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let p = try context.workspace().project()
        let accounting = try FinalAccounting(p)
        if context.wantsJSON { context.printJSON(TeamText.workersJSON(accounting)) } else { context.print(TeamText.workers(accounting, language: context.language, width: context.width)) }
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
        let w = try context.workspace().removeWorker(worker).value
        context.printChange(json: ChangeJSON.removed(ChangeJSON.worker(w)), Confirmation.workerRemoved(w, context.language))
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
        let change = try context.workspace().addHours(worker: worker, hours: hours.hours, date: date, note: note)
        context.warn(change.warnings)
        if let n = hours.note { context.note(n) }
        context.printChange(json: ChangeJSON.hours(change.value), Confirmation.hoursAdded(change.value, context.language))
    }
}

struct HoursList: Command {
    static let spec = CommandSpec(name: "list", abstract: "List the hours entries.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let p = try context.workspace().project()
        if context.wantsJSON { context.printJSON(TeamText.hoursJSON(p)) } else { context.print(TeamText.hours(p, language: context.language, width: context.width)) }
    }
}

struct HoursRemove: Command {
    static let id = Positional("id", parse: .entryId, help: "The entry's id (see 'akkord hours list').")
    static let spec = CommandSpec(name: "remove", abstract: "Remove an hours entry.", arguments: [id])
    let id: Int
    init(_ a: ParsedArguments) throws { id = try a.required(Self.id) }
    func run(_ context: CommandContext) throws {
        let h = try context.workspace().removeHours(id).value
        context.printChange(json: ChangeJSON.removed(ChangeJSON.hours(h)), Confirmation.hoursRemoved(h, context.language))
    }
}

struct AdvanceCommand: CommandGroup {
    static let spec = CommandSpec(name: "advance", abstract: "Money already paid to a worker on account (aconto).",
                                  subcommands: [AdvanceAdd.self, AdvanceList.self, AdvanceRemove.self])
}

struct AdvanceAdd: Command {
    static let worker = WorkerArgument.worker
    static let amount = Positional("amount", .optional, parse: .money, help: "The amount paid, e.g. 5.000,00 (or --hours with --rate).")
    static let hours = Option("--hours", value: "hours", parse: .positiveHours, help: "Hours paid on account, with --rate: amount = round2(hours × rate).")
    static let rate = Option("--rate", value: "rate", parse: .price, help: "The hourly aconto rate, with --hours.")
    static let correction = Flag("--correction", help: "A correction of an earlier advance; only a correction may be negative.")
    static let date = Option("--date", value: "date", parse: .date, help: "The day it was paid, YYYY-MM-DD (default: today).")
    static let note = Option("--note", value: "note", parse: .note, help: "A note.")
    static let spec = CommandSpec(
        name: "add", abstract: "Record an advance paid to a worker: an amount, or hours × an hourly aconto rate.",
        discussion: """
        Aconto is usually paid as a rate per hour: `akkord advance add jens --hours 37,5 --rate 180` \
        records 37.50 h × 180.00 = 6,750.00, with the hours and rate kept beside the amount. When \
        the piecework pays less per hour than that rate, the report says so.
        """,
        arguments: [worker, amount, hours, rate, correction, date, note])
    let worker: String, payment: Workspace.AdvancePayment, correction: Bool, date: String?, note: String, hoursNote: String?
    init(_ a: ParsedArguments) throws {
        worker = try a.required(Self.worker); date = try a[Self.date]; note = try a[Self.note] ?? ""
        correction = try a[Self.correction]
        let amount = try a[Self.amount], hours = try a[Self.hours], rate = try a[Self.rate]
        hoursNote = hours?.note
        switch (amount, hours, rate) {
        case (let m?, nil, nil): payment = .amount(m)
        case (nil, let h?, let r?): payment = .hourly(hours: h.hours, rate: r)
        default: throw UsageError("give the AMOUNT, or --hours H with --rate R", hint: "akkord advance add jens 5.000 or akkord advance add jens --hours 37,5 --rate 180")
        }
        if case .amount(let m) = payment, m.raw <= 0, !correction {
            throw UsageError("an advance must be greater than zero; a negative one is a --correction of an earlier advance")
        }
        if case .amount(let m) = payment, m.raw == 0 { throw UsageError("an advance of 0 records nothing") }
    }
    func run(_ context: CommandContext) throws {
        let change = try context.workspace().addAdvance(worker: worker, payment: payment, date: date, note: note, correction: correction)
        context.warn(change.warnings)
        if let n = hoursNote { context.note(n) }
        context.printChange(json: ChangeJSON.advance(change.value), Confirmation.advanceAdded(change.value, context.language))
    }
}

struct AdvanceList: Command {
    static let spec = CommandSpec(name: "list", abstract: "List the advances.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let p = try context.workspace().project()
        if context.wantsJSON { context.printJSON(TeamText.advancesJSON(p)) } else { context.print(TeamText.advances(p, language: context.language, width: context.width)) }
    }
}

struct AdvanceRemove: Command {
    static let id = Positional("id", parse: .entryId, help: "The advance's id (see 'akkord advance list').")
    static let spec = CommandSpec(name: "remove", abstract: "Remove an advance.", arguments: [id])
    let id: Int
    init(_ a: ParsedArguments) throws { id = try a.required(Self.id) }
    func run(_ context: CommandContext) throws {
        let a = try context.workspace().removeAdvance(id).value
        context.printChange(json: ChangeJSON.removed(ChangeJSON.advance(a)), Confirmation.advanceRemoved(a, context.language))
    }
}
