import AkkordSupport

// What syncing a store through git (SPEC §14) gives back and the ways it stops: plain values,
// made by the Store layer's sync and worded by the program.

/// An incoming commit that akkord will not merge (SPEC §14): exit 65, the store unchanged.
public struct SyncRefusedError: Error, Equatable, PhrasedError {
    public let commit: String
    public let path: String
    public let reason: Phrase
    public init(commit: String, path: String, reason: Phrase) { self.commit = commit; self.path = path; self.reason = reason }
    public var phrase: Phrase { "refused the incoming commit \(String(commit.prefix(10))): \(path) \(reason); nothing was changed" }
}

/// A sync that found conflicts: it stopped before anything was written or pushed (exit 1).
public struct SyncConflictError: Error, Equatable, PhrasedError {
    public let conflicts: [MergeConflict]
    public init(conflicts: [MergeConflict]) { self.conflicts = conflicts }
    public var phrase: Phrase {
        conflicts.count == 1 ? "sync stopped on 1 conflict; the store's files are as they were"
            : "sync stopped on \(conflicts.count) conflicts; the store's files are as they were"
    }
}

/// What a sync did (or, with `--dry-run`, would do) to one project.
public struct SyncProjectChange: Equatable, Sendable {
    public enum Kind: String, Sendable { case added, changed, deleted }
    public let id: String
    public let kind: Kind
    public let linesAdded: Int
    public let linesChanged: Int
    public let linesRemoved: Int
    public let totalBefore: Money?
    public let totalAfter: Money?
    public init(id: String, kind: Kind, linesAdded: Int, linesChanged: Int, linesRemoved: Int, totalBefore: Money?, totalAfter: Money?) {
        self.id = id; self.kind = kind; self.linesAdded = linesAdded; self.linesChanged = linesChanged; self.linesRemoved = linesRemoved
        self.totalBefore = totalBefore; self.totalAfter = totalAfter
    }
}

/// What `akkord sync` did.
public struct SyncReport: Sendable {
    public init() {}
    public var dryRun = false
    /// The local changes committed by this sync (their history entries in the message).
    public var committedEntries = 0
    public var incoming: [SyncProjectChange] = []
    public var outgoing: [SyncProjectChange] = []
    /// Other shared files that came in: the catalogue, its history, photos, the trash.
    public var incomingFiles: [String] = []
    /// Each renumbering of the merge, said as sync prints it.
    public var renumberings: [Phrase] = []
    public var pushed = false
    public var remote: String?
    /// The commit the store is at after the sync.
    public var commit: String?
    /// Conflicts settled by `--keep`.
    public var settled: [MergeConflict] = []
}

/// `akkord sync status`.
public struct SyncStatus: Sendable {
    public var remote: String?
    public var branch: String
    public var ahead: Int
    public var behind: Int
    /// Project ids with changes not yet synced (committed or not), and other shared files.
    public var unsyncedProjects: [String]
    public var unsyncedFiles: [String]
    public var lastSync: String?
    public var lastSyncCommit: String?
    public init(remote: String?, branch: String, ahead: Int, behind: Int, unsyncedProjects: [String], unsyncedFiles: [String],
                lastSync: String?, lastSyncCommit: String?) {
        self.remote = remote; self.branch = branch; self.ahead = ahead; self.behind = behind; self.unsyncedProjects = unsyncedProjects
        self.unsyncedFiles = unsyncedFiles; self.lastSync = lastSync; self.lastSyncCommit = lastSyncCommit
    }
}

/// What went wrong running git, worded for a person.
public enum GitError: Error, Equatable, PhrasedError {
    /// No `git` on `PATH`.
    case notInstalled
    case tooOld(version: String)
    case cannotRun(reason: Phrase)
    /// git ran and failed; `message` is git's own.
    case failed(command: String, message: String)
    /// The remote could not be reached (network, host, access).
    case noConnection(remote: String, message: String)
    /// The remote has commits this machine has not merged (a push was refused).
    case remoteAhead
    /// The store is not a git repository yet.
    case notARepository(store: String)
    /// `sync` needs a remote to sync with.
    case noRemote
    /// `sync clone` into a directory that has files in it.
    case cloneTargetNotEmpty(path: String)

    public var phrase: Phrase {
        switch self {
        case .notInstalled: return "git is not installed (no git on PATH)"
        case .tooOld(let version): return "akkord needs git 2.38 or later; this is \(version)"
        case .cannotRun(let reason): return "cannot run git: \(reason)"
        case .failed(let command, let message):
            return message.isEmpty ? "\(command) failed" : "\(command) failed: \(Phrase(verbatim: Self.firstLines(message)))"
        case .noConnection(let remote, let message): return "no connection to \(remote): \(Phrase(verbatim: Self.firstLines(message)))"
        case .remoteAhead: return "the office store has changes you do not have: run akkord sync"
        case .notARepository(let store): return "the store \(store) is not shared through git yet"
        case .noRemote: return "the store has no remote (origin) to sync with"
        case .cloneTargetNotEmpty(let path): return "\(path) is not empty; a new store is made in a new or empty folder"
        }
    }

    /// git's message, at most its first three lines on one line.
    static func firstLines(_ message: String) -> String {
        message.split(separator: "\n").prefix(3).map { line in String(line.drop(while: { $0 == " " })) }.joined(separator: " / ")
    }
}

/// `store.json` names a store format this akkord does not know (SPEC §14): exit 65, and `sync`
/// changes nothing.
public struct StoreTooNewError: Equatable, PhrasedError {
    public let path: String
    public let requires: Int
    public let known: Int
    public init(path: String, requires: Int, known: Int) { self.path = path; self.requires = requires; self.known = known }
    public var phrase: Phrase { "this store needs a newer akkord (\(path) requires store format \(requires); this akkord knows \(known))" }
}

/// A sync was stopped while it wrote a merge into the store; until a sync finishes it, the
/// store is not changed by anything else (the merge is done again from the last commit).
public struct SyncInterruptedError: Error, Equatable, PhrasedError {
    public init() {}
    public var phrase: Phrase { "a sync was stopped while it merged; the store is not changed until it is finished" }
}

/// Another sync of the store holds the syncs' lock (it may be fetching or pushing on a slow network).
public struct SyncBusyError: Equatable, PhrasedError {
    public let path: String
    public let seconds: Double
    public init(path: String, seconds: Double) { self.path = path; self.seconds = seconds }
    public var phrase: Phrase { "another akkord sync of this store is running: it has held \(path) for \(WaitedSeconds(seconds)) s" }
}

/// The seconds a lock was waited for as a figure (`30`, `2.5`), written in the language's number format.
public struct WaitedSeconds: PhraseNumber {
    public let phrasePlain: String
    public init(_ s: Double) { phrasePlain = s == s.rounded() && s < 1e9 ? String(Int(s)) : String(s) }
    public var phraseGrouped: Bool { false }
    public var description: String { phrasePlain }
}
