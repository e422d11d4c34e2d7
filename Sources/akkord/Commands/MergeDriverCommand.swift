import AkkordKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `akkord merge-driver BASE MINE THEIRS PATH`: git's merge driver for project files (`%O %A %B
/// %P`, registered by `akkord sync init`/`clone`). It works on the three files git gives it, not
/// on a store: merged cleanly, the result replaces MINE (exit 0); conflicts are listed and MINE
/// is left as it was (exit 1), which git takes as a conflict for `akkord sync` to settle.
struct MergeDriverCommand: Command {
    static let base = Positional("base", help: "The common version of the file (git's %O); empty when the file was made on both sides.")
    static let mine = Positional("mine", help: "This machine's version (git's %A); the merged file replaces it.")
    static let theirs = Positional("theirs", help: "The incoming version (git's %B).")
    static let path = Positional("path", help: "The file's path in the store (git's %P), for messages.")
    static let spec = CommandSpec(
        name: "merge-driver", abstract: "Merge three versions of a project file (git's merge driver; used by 'akkord sync').",
        discussion: """
        Reads each version with the project reader (one that does not read stops the merge, exit 65), \
        merges them record by record and writes the result over MINE (exit 0). Conflicts are listed \
        and MINE is left as it was (exit 1); so is a project made on both machines (an empty BASE).
        """,
        arguments: [base, mine, theirs, path], hidden: true, needsLanguage: false)
    let base: String, mine: String, theirs: String, path: String
    init(_ a: ParsedArguments) throws {
        base = try a.required(Self.base); mine = try a.required(Self.mine)
        theirs = try a.required(Self.theirs); path = try a.required(Self.path)
    }

    func run(_ context: CommandContext) throws {
        let outcome = try ProjectFileMerge.merge(base: base, mine: mine, theirs: theirs, path: path, by: Self.author(context.environment),
                                                 date: context.clock.timestamp, command: "akkord merge-driver")
        switch outcome {
        case .written: return
        case .conflicts(let result): throw MergeConflictsError(path: path, conflicts: result.conflicts)
        case .madeOnBothSides:
            throw FailureError("\(path) was made on both machines; left to 'akkord sync', which gives one of them another id")
        }
    }

    /// Who merged: git's author name when git gives one, else the login name.
    static func author(_ environment: [String: String]) -> String {
        for key in ["GIT_AUTHOR_NAME", "USER", "LOGNAME"] { if let v = environment[key], !v.isEmpty { return v } }
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return "unknown"
    }
}

/// The merge found conflicts: one line each (record, field, this machine's value, the incoming
/// one), exit 1.
struct MergeConflictsError: UserFacingError {
    let path: String
    let conflicts: [MergeConflict]
    var details: [Phrase] {
        conflicts.map { "\($0.project)/\($0.record)/\($0.field): this machine \(Excerpt.phrase($0.mine)), incoming \(Excerpt.phrase($0.theirs))" }
    }
    var detailLimit: Int? { nil }
    var message: Phrase {
        conflicts.count == 1 ? "\(path): 1 conflict; the file is left as it was" : "\(path): \(conflicts.count) conflicts; the file is left as it was"
    }
    var exitStatus: ExitStatus { .failure }
}
