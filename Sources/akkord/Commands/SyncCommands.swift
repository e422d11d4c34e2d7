import AkkordKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `akkord sync …`: one store on many machines, through git (SPEC §14).
struct SyncCommand: Command {
    static let dryRun = Flag("--dry-run", help: "Fetch and show what a sync would do; change nothing.")
    static let keep = Option("--keep", value: "mine|theirs", parse: .mergeSide,
                             help: "Settle the conflicts a sync stopped on: take this machine's value (mine, min) or the incoming one (theirs, deres) of each conflicting field; every other change of both sides is still taken. With -p ID, only that project's conflicts.")
    static let spec = CommandSpec(
        name: "sync", abstract: "Share the store with the office through git: commit, fetch, merge record by record, push.",
        discussion: """
        The store is a git repository; git moves it between machines (a bare repository in a \
        folder, or on the office's server), akkord merges what two machines changed: each project \
        record by record, lines and entries by id. akkord sync commits this machine's changes \
        (the message lists their history entries), fetches, merges, writes the merged files and \
        pushes, and prints what came in and what went out, by project. A record or field both \
        machines changed differently, a project deleted on one and changed on the other, or two \
        different catalogue imports are conflicts: sync stops before anything is written or \
        pushed, lists them (project, record, field, this machine's value, the incoming value) and \
        exits 1; settle them with --keep mine or --keep theirs. Incoming commits that change \
        .gitattributes or .gitignore, add a link or a file outside the store's layout are refused \
        (exit 65, nothing changed). The store's lock is held only while sync commits and merges, not \
        while it fetches and pushes: other commands go on working meanwhile, and a second sync of the \
        store waits for the first. Needs git 2.38 or later on PATH.
        """,
        arguments: [dryRun, keep],
        subcommands: [SyncRun.self, SyncInit.self, SyncClone.self, SyncStatusCommand.self],
        defaultSubcommand: "run")
    init(_ a: ParsedArguments) throws { _ = try SyncRun(a) }
    func run(_ context: CommandContext) throws {}
}

extension ValueParser where Value == MergeSide {
    /// `--keep mine|theirs` (Danish `min|deres`).
    static var mergeSide: ValueParser {
        ValueParser(example: "theirs") { text in
            switch text.lowercased() {
            case "mine", "min": return .mine
            case "theirs", "deres": return .theirs
            default: throw PlainError("\"\(text)\" is not mine or theirs (min or deres)")
            }
        }
    }
}

extension CommandContext {
    /// This akkord's absolute path, for the merge driver git runs.
    var executablePath: String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { readlink("/proc/self/exe", $0, p.count - 1) }
        }
        if n > 0 { return String(decoding: buffer[0..<n], as: UTF8.self) }
        let first = CommandLine.arguments.first ?? "akkord"
        if let resolved = realpath(first, nil) { defer { free(resolved) }; return String(cString: resolved) }
        return first
    }

    /// The name a sync's entries and commits say made them: config `name`, when the config has
    /// one (a config file that does not parse stops the sync, exit 65).
    func syncConfigName() throws -> String? { try withSettings { try $0.config().name } }
}

struct SyncRun: Command {
    static let spec = CommandSpec(
        name: "run", abstract: "Sync now (what akkord sync does without a subcommand).",
        arguments: [SyncCommand.dryRun, SyncCommand.keep])
    let dryRun: Bool
    let keep: MergeSide?
    init(_ a: ParsedArguments) throws {
        dryRun = try a[SyncCommand.dryRun]
        keep = try a[SyncCommand.keep]
        if dryRun, keep != nil { throw UsageError("--dry-run and --keep do not go together", hint: "akkord sync --dry-run shows the conflicts; akkord sync --keep mine|theirs settles them") }
    }

    func run(_ context: CommandContext) throws {
        let workspace = try context.workspace()
        let keepProject = keep == nil ? nil : context.globals.project
        let report: SyncReport
        do {
            report = try workspace.sync(environment: context.environment, executable: context.executablePath, name: try context.syncConfigName(), keep: keep, keepProject: keepProject, dryRun: dryRun)
        } catch let error as SyncConflictError {
            if context.wantsJSON { context.printJSON(JSONValue(["conflicts": .array(error.conflicts.map(SyncText.json))])) }
            throw error
        }
        if context.wantsJSON { context.printJSON(SyncText.json(report)); return }
        let l = context.language
        var lines: [Phrase] = []
        if report.committedEntries > 0 { lines.append(report.committedEntries == 1 ? "committed 1 change" : "committed \(report.committedEntries) changes") }
        for c in report.incoming { lines.append("in: \(SyncText.change(c))") }
        for f in report.incomingFiles { lines.append("in: \(f)") }
        for c in report.outgoing { lines.append("out: \(SyncText.change(c))") }
        lines += report.renumberings
        for c in report.settled {
            lines.append(keep == .mine ? "settled: \(SyncText.conflict(c)) → kept this machine's" : "settled: \(SyncText.conflict(c)) → took the incoming")
        }
        if report.dryRun {
            lines.append("dry run: nothing was changed")
        } else if report.pushed {
            lines.append("pushed to \(report.remote ?? "origin")")
        } else if report.incoming.isEmpty && report.incomingFiles.isEmpty && report.outgoing.isEmpty {
            lines.append("nothing to sync: the store is the same as \(report.remote ?? "origin")")
        }
        for line in lines { context.print(line.said(l)) }
    }
}

struct SyncInit: Command {
    static let remote = Positional("remote", .optional, parse: .text, help: "The office's repository (a path to a bare repository, or a URL): added as origin and pushed to.")
    static let spec = CommandSpec(
        name: "init", abstract: "Make the store a git repository (or use the one it is) and commit it; with REMOTE, push it there.",
        discussion: """
        Writes .gitignore (the current project, .lock, tmp/, undo/ and derived files stay on this \
        machine) and .gitattributes (project files merge with akkord's record merge), registers \
        akkord's merge driver in .git/config with the absolute path of this akkord, and moves the \
        current project from store.json to local.json, which git ignores.
        """,
        arguments: [remote])
    let remote: String?
    init(_ a: ParsedArguments) throws { remote = try a[Self.remote] }

    func run(_ context: CommandContext) throws {
        let workspace = try context.workspace()
        let result = try workspace.syncInit(remote: remote, environment: context.environment, executable: context.executablePath, name: try context.syncConfigName())
        if context.wantsJSON {
            context.printJSON(JSONValue(["store": .string(context.storeDirectory), "commit": .optional(result.commit),
                                         "remote": .optional(remote), "pushed": .bool(result.pushed)]))
            return
        }
        let l = context.language
        context.print(Phrase("the store \(context.storeDirectory) is shared through git").said(l))
        if let remote, result.pushed { context.print(Phrase("pushed to \(remote)").said(l)) }
    }
}

struct SyncClone: Command {
    static let remote = Positional("remote", parse: .text, help: "The office's repository (a path to a bare repository, or a URL).")
    static let spec = CommandSpec(
        name: "clone", abstract: "Make this machine's store from the office's (give the new store's folder with --store DIR).",
        discussion: """
        The folder must be new or empty (one with files in it is refused before anything is written). \
        What comes is checked as a sync checks it (no links, nothing outside the store's layout, not a \
        store that needs a newer akkord) before it is written; the merge driver is registered as by \
        sync init. A clone that is refused or fails leaves the folder as it was: not there, or empty.
        """,
        arguments: [remote])
    let remote: String
    init(_ a: ParsedArguments) throws { remote = try a.required(Self.remote) }

    func run(_ context: CommandContext) throws {
        let workspace = try context.workspace()
        try workspace.syncClone(remote: remote, environment: context.environment, executable: context.executablePath, name: try context.syncConfigName())
        if context.wantsJSON {
            context.printJSON(JSONValue(["store": .string(context.storeDirectory), "remote": .string(remote)]))
            return
        }
        context.print(Phrase("made the store \(context.storeDirectory) from \(remote)").said(context.language))
    }
}

struct SyncStatusCommand: Command {
    static let spec = CommandSpec(
        name: "status", abstract: "Show the remote, commits ahead and behind, changes not yet synced (by project), and the last sync.",
        discussion: "Ahead and behind count against what the last sync fetched; status itself does not use the network.")
    init(_ a: ParsedArguments) throws {}

    func run(_ context: CommandContext) throws {
        let workspace = try context.workspace()
        let s = try workspace.syncStatus(environment: context.environment)
        if context.wantsJSON {
            context.printJSON(JSONValue(["remote": .optional(s.remote), "branch": .string(s.branch), "ahead": .int(s.ahead), "behind": .int(s.behind),
                                         "unsyncedProjects": .array(s.unsyncedProjects.map(JSONValue.string)),
                                         "unsyncedFiles": .array(s.unsyncedFiles.map(JSONValue.string)),
                                         "lastSync": .optional(s.lastSync), "lastSyncCommit": .optional(s.lastSyncCommit)]))
            return
        }
        let l = context.language
        let lines: [Phrase] = [
            s.remote.map { "remote: \($0)" } ?? "remote: none (akkord sync init REMOTE adds one)",
            "commits: \(s.ahead) ahead, \(s.behind) behind",
            s.unsyncedProjects.isEmpty ? "not synced: no project" : "not synced: \(s.unsyncedProjects.joined(separator: ", "))",
            s.lastSync.map { "last sync: \($0)" } ?? "last sync: never",
        ] + (s.unsyncedFiles.isEmpty ? [] : ["other files not synced: \(s.unsyncedFiles.count)"])
        for line in lines { context.print(line.said(l)) }
    }
}

/// How sync's results are said.
enum SyncText {
    static func change(_ c: SyncProjectChange) -> Phrase {
        let before = c.totalBefore ?? .zero, after = c.totalAfter ?? .zero
        switch c.kind {
        case .added: return "\(c.id): new project, lines: \(c.linesAdded); total \(after)"
        case .deleted: return "\(c.id): deleted (moved to the trash); total was \(before)"
        case .changed: return "\(c.id): lines added \(c.linesAdded), changed \(c.linesChanged), removed \(c.linesRemoved); total \(before) → \(after)"
        }
    }

    static func conflict(_ c: MergeConflict) -> Phrase {
        "\(c.project): \(c.record) \(c.field): here \(Excerpt.quoted(c.mine)), incoming \(Excerpt.quoted(c.theirs))"
    }

    static func json(_ c: MergeConflict) -> JSONValue {
        JSONValue(["project": .string(c.project), "record": .string(c.record), "field": .string(c.field), "mine": .string(c.mine), "theirs": .string(c.theirs)])
    }

    static func json(_ c: SyncProjectChange) -> JSONValue {
        JSONValue(["project": .string(c.id), "kind": .string(c.kind.rawValue), "linesAdded": .int(c.linesAdded), "linesChanged": .int(c.linesChanged),
                   "linesRemoved": .int(c.linesRemoved), "totalBefore": .optional(c.totalBefore.map { "\($0)" }),
                   "totalAfter": .optional(c.totalAfter.map { "\($0)" })])
    }

    static func json(_ r: SyncReport) -> JSONValue {
        JSONValue(["dryRun": .bool(r.dryRun), "committedEntries": .int(r.committedEntries), "incoming": .array(r.incoming.map(json)),
                   "incomingFiles": .array(r.incomingFiles.map(JSONValue.string)), "outgoing": .array(r.outgoing.map(json)),
                   "renumberings": .array(r.renumberings.map { .string($0.description) }), "settled": .array(r.settled.map(json)),
                   "pushed": .bool(r.pushed), "remote": .optional(r.remote), "commit": .optional(r.commit)])
    }
}

// MARK: errors as the user reads them

extension GitError: UserFacingError {
    var message: Phrase { phrase }
    var hint: Phrase? {
        switch self {
        case .notInstalled, .tooOld: return "install git 2.38 or later (Debian and Ubuntu: apt install git), then run the command again"
        case .noConnection: return "check the remote (git -C STORE remote -v) and the network, then run akkord sync again"
        case .notARepository: return "share it with: akkord sync init [REMOTE], or make a store from the office's with: akkord sync clone REMOTE --store DIR"
        case .noRemote: return "add the office's repository with: akkord sync init REMOTE"
        default: return nil
        }
    }
    var exitStatus: ExitStatus { .failure }
}

extension SyncConflictError: UserFacingError {
    var message: Phrase { phrase }
    var details: [Phrase] { conflicts.map(SyncText.conflict) }
    var detailLimit: Int? { nil }
    var hint: Phrase? { "settle them with: akkord sync --keep mine (this machine's values) or --keep theirs (the incoming ones), with -p ID for one project" }
    var exitStatus: ExitStatus { .failure }
}

extension SyncInterruptedError: UserFacingError {
    var message: Phrase { phrase }
    var hint: Phrase? { "run akkord sync to finish it, then the command again" }
    var exitStatus: ExitStatus { .failure }
}

extension SyncRefusedError: UserFacingError {
    var message: Phrase { phrase }
    var hint: Phrase? { "ask who pushed it to undo it on the office's repository; akkord writes only the store's own files" }
    var exitStatus: ExitStatus { .dataError }
}

extension StoreTooNewError: UserFacingError {
    var message: Phrase { phrase }
    var hint: Phrase? { "install the newer akkord the office uses" }
    var exitStatus: ExitStatus { .dataError }
}

extension SyncBusyError: UserFacingError {
    var message: Phrase { phrase }
    var hint: Phrase? { "run akkord sync again when it has finished; other commands work meanwhile" }
    var exitStatus: ExitStatus { .busy }
}
