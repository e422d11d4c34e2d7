import AkkordKit

/// How a failed command ends (SPEC §7).
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 64
    case dataError = 65
    /// An output (standard output, or the `-o` file) could not be written (EX_IOERR).
    case outputFailed = 74
    case busy = 75
}

/// An error as the user reads it: one line of message, detail lines (one problem each), a hint
/// (often the command to run next) and the exit code. The library's errors say what went wrong;
/// the wording, the hints and the exit codes are the program's, and live here.
protocol UserFacingError: Error {
    var message: Phrase { get }
    var details: [Phrase] { get }
    var hint: Phrase? { get }
    var exitStatus: ExitStatus { get }
    /// How many detail lines are printed before "… and N more" (nil: all of them).
    var detailLimit: Int? { get }
}

extension UserFacingError {
    var details: [Phrase] { [] }
    var hint: Phrase? { nil }
    /// A file with 100,000 bad lines gives a screenful, not 100,000 lines; `check` lists all.
    var detailLimit: Int? { 20 }

    /// The detail lines to print.
    var shownDetails: [Phrase] {
        let all = details
        guard let limit = detailLimit, all.count > limit else { return all }
        return Array(all.prefix(limit)) + ["… and \(all.count - limit) more (akkord check lists every problem)"]
    }
}

/// A value given on the command line that is not acceptable (exit 64 for usage, 65 for data).
struct InvalidArgumentError: UserFacingError, Equatable, CustomStringConvertible {
    let argument: String
    let reason: Phrase
    let exitStatus: ExitStatus
    init(_ argument: String, _ reason: Phrase, exitStatus: ExitStatus = .dataError) {
        self.argument = argument; self.reason = reason; self.exitStatus = exitStatus
    }
    var message: Phrase { "\(argument): \(reason)" }
    var description: String { message.description }
}

/// Something the command itself found wrong or missing (exit 1).
struct FailureError: UserFacingError, Equatable {
    let message: Phrase
    let hint: Phrase?
    init(_ message: Phrase, hint: Phrase? = nil) { self.message = message; self.hint = hint }
    var exitStatus: ExitStatus { .failure }
}

extension AkkordError: UserFacingError {
    var message: Phrase {
        switch self {
        case .catalogueLinePrice(let line): return "line \(line) is priced from the catalogue; only custom lines take --price"
        default: return phrase
        }
    }

    var hint: Phrase? {
        switch self {
        case .noCurrentProject: return "create one with: akkord project new NAME, or pick one with: akkord project use ID"
        case .projectNotFound: return "list projects with: akkord project list"
        case .projectClosed(let id): return "reopen it first with: akkord project reopen \(id)"
        case .projectAlreadyInStatus: return nil
        case .lineNotFound: return "see the lines with: akkord lines"
        case .catalogueLinePrice: return "remove it and add a custom line with: akkord add --custom NAME --unit U --price P QUANTITY"
        case .activityNotFound(_, _, let suggestions):
            if suggestions.isEmpty { return "find it with: akkord catalogue search WORDS" }
            return "did you mean \(suggestions.map { "\($0.pos) \($0.name)" }.joined(separator: "; "))?"
        case .sectionNotFound(_, let sections), .sectionAmbiguous(_, let sections):
            return "sections: \(sections.joined(separator: "; "))"
        case .workerNotFound(_, _, let workers):
            return workers.isEmpty ? "add one with: akkord worker add NAME" : "workers: \(Self.list(workers))"
        case .workerAmbiguous(_, let matches): return "use the worker's id: \(Self.list(matches))"
        case .workerInUse: return "remove those first (akkord hours list, akkord advance list), then the worker"
        case .workerHasDaywork: return "remove it first (akkord daywork list), then the worker"
        case .entryNotFound(let kind, _, _): return "see them with: akkord \(kind == .extraWork ? "extra" : kind.rawValue) list"
        case .invalidChange(_, let problems):
            // Only a figure beyond the largest amount is helped by the limit; a too-long text is not.
            let anyTooLarge = problems.contains { p in ["more than", "too large", "largest"].contains { p.message.key.contains($0) } }
            return anyTooLarge ? "amounts, sums and shares must stay within ±\(Money.largest)" : nil
        case .cannotRead, .cannotWrite, .outputInsideStore, .outputFailed: return nil
        case .outputNotARegularFile: return "give the path of a file (-o - writes to standard output)"
        case .scopeMatchesNothing: return "see the lines and their sections with: akkord lines"
        case .storeNotFound: return "give the store's directory with --store DIR, or set AKKORD_HOME"
        case .nothingToUndo(_, nil): return "see what was done with: akkord history"
        case .nothingToUndo: return "a project's first change (its creation), an import and changes older than the last \(Workspace.keptUndoSteps) cannot be undone; see akkord history"
        case .notInTrash(_, let trashed): return trashed.isEmpty ? "the trash is empty" : "in the trash: \(trashed.joined(separator: ", "))"
        case .projectExists(let id): return "restore it under another id with --as NEW-ID, or delete \(id) first"
        case .projectAmbiguous: return "give more of the id with -p"
        case .projectUnknown(_, let closest):
            return closest.isEmpty ? "list projects with: akkord project list" : "the closest: \(closest.joined(separator: ", "))"
        case .projectNameTaken(_, let id, false):
            return "work on it with: akkord project use \(id); or give the new project its own id with --id ID"
        case .projectNameTaken(_, let id, true):
            return "bring it back with: akkord project restore \(id); or give the new project its own id with --id ID"
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .invalidChange: return .dataError
        case .outputInsideStore, .projectAmbiguous, .outputNotARegularFile: return .usage
        case .outputFailed: return .outputFailed
        default: return .failure
        }
    }

    private static func list(_ workers: [Worker]) -> String { workers.map { "\($0.id) (\($0.name))" }.joined(separator: ", ") }
}

/// A library error worded as usual, with a hint that only the command knows.
struct HintedError: UserFacingError {
    let wrapped: UserFacingError
    let hint: Phrase?
    init(_ wrapped: UserFacingError, hint: Phrase) { self.wrapped = wrapped; self.hint = hint }
    var message: Phrase { wrapped.message }
    var details: [Phrase] { wrapped.details }
    var exitStatus: ExitStatus { wrapped.exitStatus }
}

extension InvalidDataError: UserFacingError {
    var exitStatus: ExitStatus { .dataError }
}

extension StoreFileError: UserFacingError {
    var message: Phrase { phrase }
    var exitStatus: ExitStatus { .dataError }
}

extension StoreBusyError: UserFacingError {
    var message: Phrase { phrase }
    var hint: Phrase? { "try again when the other command has finished" }
    var exitStatus: ExitStatus { .busy }
}

extension ConfigValueError: UserFacingError {
    var message: Phrase { phrase }
    var exitStatus: ExitStatus { .usage }
}

extension NotAStoreWideSetting: UserFacingError {
    var message: Phrase { phrase }
    var hint: Phrase? { "set it for yourself with: akkord config set \(key.rawValue) VALUE" }
    var exitStatus: ExitStatus { .usage }
}

extension EnvironmentValueError: UserFacingError {
    var message: Phrase { phrase }
    var exitStatus: ExitStatus { .usage }
}

extension HintedError {
    /// A config file that does not parse, with the hint.
    static func damagedConfig(_ error: InvalidDataError) -> HintedError { HintedError(error, hint: ConfigFileError.damagedFileHint) }
    /// The store's settings.json (SPEC §16) that does not parse: never ignored, never rewritten.
    static func damagedStoreSettings(_ error: InvalidDataError) -> HintedError {
        HintedError(error, hint: "fix the store's settings.json by hand (akkord does not change a file it cannot read)")
    }
}

extension ConfigFileError: UserFacingError {
    var message: Phrase { phrase }

    /// For a config file that cannot be read or does not parse (akkord leaves it as it is).
    static let damagedFileHint: Phrase = "fix the file by hand (akkord does not change a file it cannot read); --lang or AKKORD_LANG, and --store or AKKORD_HOME, are used without reading it"

    var hint: Phrase? {
        switch self {
        case .unreadable: return Self.damagedFileHint
        case .symbolicLink(let path, let target):
            if let target { return "edit \(target) by hand, or replace the link \(path) with a copy of the file" }
            return "edit the file it points to by hand, or replace the link \(path) with a copy of the file"
        case .busy: return "try again when the other command has finished"
        case .noLocation: return "set HOME, or XDG_CONFIG_HOME to an absolute path"
        case .homeNotSet: return "set HOME, or give the store as an absolute path: akkord config set store /path/to/store"
        case .cannotWrite: return nil
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .unreadable: return .dataError
        case .busy: return .busy
        case .symbolicLink, .cannotWrite, .noLocation, .homeNotSet: return .failure
        }
    }
}

/// A quantity the handbook's rounding cannot count (SPEC §16): refused as data.
extension QuantityRuleError: UserFacingError {
    var message: Phrase { phrase }
    var hint: Phrase? {
        switch self {
        case .roundsToZero(_, _, let least, _): return "type at least \(least)"
        case .tooLarge: return nil
        }
    }
    var exitStatus: ExitStatus { .dataError }
}

/// A sum beyond what akkord keeps (SPEC §18): refused as data, never a trap.
extension SumTooLargeError: UserFacingError {
    var message: Phrase { phrase }
    var exitStatus: ExitStatus { .dataError }
}

extension SettlementStepError: UserFacingError {
    var message: Phrase { phrase }
    var hint: Phrase? {
        switch self {
        case .notFinished: return "record the end first: akkord project finish [--date YYYY-MM-DD]"
        case .notHandedIn: return "record the hand-in first: akkord project hand-in [--date YYYY-MM-DD]"
        default: return nil
        }
    }
    var exitStatus: ExitStatus { self == .emptyDisputeNote ? .usage : .failure }
}
