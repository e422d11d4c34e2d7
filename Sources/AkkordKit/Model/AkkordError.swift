import AkkordSupport

/// Why an action on the store was refused. The library says what went wrong, in the domain's
/// words; the program that calls it decides how to word it for its user, what to suggest, and
/// how to end (so no command names, flags or exit codes here).
public enum AkkordError: Equatable, Sendable, PhrasedError {
    case noCurrentProject
    case projectNotFound(String)
    case projectClosed(String)
    case projectAlreadyInStatus(String, Project.Status)
    case lineNotFound(Int, project: String)
    /// Only custom lines take a new price; catalogue lines keep their snapshot.
    case catalogueLinePrice(line: Int)
    case activityNotFound(pos: String, catalogue: String, suggestions: [Activity])
    case sectionNotFound(String, sections: [String])
    case sectionAmbiguous(String, matches: [String])
    case workerNotFound(String, project: String, workers: [Worker])
    case workerAmbiguous(String, matches: [Worker])
    /// A worker with hours or advances cannot be removed: they would be lost.
    case workerInUse(Worker, hours: Int, advances: Int)
    case entryNotFound(EntryKind, id: Int, project: String)
    /// A worker with daywork cannot be removed either.
    case workerHasDaywork(Worker, entries: Int)
    /// The change would leave the project breaking its own rules (an amount too large to keep,
    /// …); nothing was written.
    case invalidChange(project: String, problems: [Problem])
    /// A supplement's scope (sections, lines) that matches no line of the project.
    case scopeMatchesNothing(sections: [String], lines: [Int])
    case cannotRead(path: String, reason: Phrase)
    case cannotWrite(path: String, reason: Phrase)
    /// `check` on a directory that is not there: a typo is not "no problems".
    case storeNotFound(String)
    /// A report or export aimed into the store would overwrite the store's own files.
    case outputInsideStore(path: String, store: String)
    /// `-o` onto something that is not a regular file (a device, a FIFO, a directory, a socket):
    /// akkord replaces its outputs by renaming a new file over them, which would replace it.
    case outputNotARegularFile(path: String, kind: Phrase)
    /// An output (standard output, or the `-o` file) could not be written.
    case outputFailed(path: String, reason: Phrase)
    /// `undo` with no change left to take back, or whose earlier state was not kept here (the
    /// change that created the project, changes made on another machine, older than the kept steps).
    case nothingToUndo(project: String, before: HistoryEntry?)
    case notInTrash(String, trashed: [String])
    /// A restore onto an id a project already has.
    case projectExists(String)
    /// `-p` with a beginning that several project ids share.
    case projectAmbiguous(String, matches: [String])
    /// `-p` or `project use` with a text that names no project: the closest ids and names.
    case projectUnknown(String, closest: [String])
    /// `project new` with a name whose id is taken, by a project or by one in the trash.
    case projectNameTaken(name: String, id: String, inTrash: Bool)

    public var phrase: Phrase {
        switch self {
        case .noCurrentProject: return "no current project"
        case .projectNotFound(let id): return "no project \"\(id)\""
        case .projectClosed(let id): return "project \"\(id)\" is closed; it takes no changes"
        case .projectAlreadyInStatus(let id, .open): return "project \"\(id)\" is already open"
        case .projectAlreadyInStatus(let id, .closed): return "project \"\(id)\" is already closed"
        case .lineNotFound(let line, let project): return "no line \(line) in project \"\(project)\""
        case .catalogueLinePrice(let line): return "line \(line) is priced from the catalogue; only custom lines take a new price"
        case .activityNotFound(let pos, let catalogue, _): return "no activity with pos \"\(pos)\" in the catalogue \"\(catalogue)\""
        case .sectionNotFound(let s, _): return "no section \"\(s)\" in the catalogue"
        case .sectionAmbiguous(let s, _): return "\"\(s)\" matches several sections"
        case .workerNotFound(let w, let project, _): return "no worker \"\(w)\" on project \"\(project)\""
        case .workerAmbiguous(let w, let matches): return "\"\(w)\" matches several workers: \(matches.map(\.name).joined(separator: ", "))"
        case .workerInUse(let w, let h, let a):
            let hours: Phrase = h == 1 ? "\(h) hours entry" : "\(h) hours entries"
            let advances: Phrase = a == 1 ? "\(a) advance" : "\(a) advances"
            return "worker \(w.id) has \(hours) and \(advances); they would be lost"
        case .entryNotFound(.hours, let id, let project): return "no hours \(id) on project \"\(project)\""
        case .entryNotFound(.advance, let id, let project): return "no advance \(id) on project \"\(project)\""
        case .entryNotFound(.supplement, let id, let project): return "no supplement \(id) on project \"\(project)\""
        case .entryNotFound(.extraWork, let id, let project): return "no extra work \(id) on project \"\(project)\""
        case .entryNotFound(.photo, let id, let project): return "no photo \(id) on project \"\(project)\""
        case .entryNotFound(.daywork, let id, let project): return "no daywork \(id) on project \"\(project)\""
        case .workerHasDaywork(let w, let entries):
            return entries == 1 ? "worker \(w.id) has 1 daywork entry; it would be lost" : "worker \(w.id) has \(entries) daywork entries; they would be lost"
        case .invalidChange(let project, let problems):
            let list = Phrase.joined(problems.prefix(3).map(\.phrase) + (problems.count > 3 ? ["…"] : []), separator: "; ")
            return "the change would make project \"\(project)\" invalid, so nothing was changed: \(list)"
        case .scopeMatchesNothing(let sections, let lines):
            return "the scope \(Self.describe(sections: sections, lines: lines)) matches no line of the project"
        case .cannotRead(let path, let reason): return "cannot read \(path): \(reason)"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .storeNotFound(let path): return "no store at \(path)"
        case .outputInsideStore(let path, let store): return "\(path) is inside the store \(store); write reports and exports elsewhere"
        case .outputNotARegularFile(let path, let kind): return "-o \(path) is \(kind), not a regular file; akkord writes only regular files"
        case .outputFailed("standard output", let reason): return "cannot write standard output: \(reason)"
        case .outputFailed(let path, let reason): return "cannot write \(path): \(reason)"
        case .nothingToUndo(let project, nil): return "project \"\(project)\" has no change left to undo"
        case .nothingToUndo(let project, let entry?):
            return "cannot undo \(entry.time) \"\(entry.command)\" on project \"\(project)\": the project as it was before it was not kept in this store"
        case .notInTrash(let id, _): return "no project \"\(id)\" in the trash"
        case .projectExists(let id): return "a project \"\(id)\" exists already"
        case .projectUnknown(let text, _): return "no project is named or has an id beginning \"\(text)\""
        case .projectNameTaken(let name, let id, false): return "a project \"\(id)\" exists already (made from the name \"\(name)\")"
        case .projectNameTaken(let name, let id, true):
            return "the id \"\(id)\" (made from the name \"\(name)\") belongs to a deleted project in the trash"
        case .projectAmbiguous(let prefix, let matches): return "\"\(prefix)\" is the beginning of \(matches.count) project ids: \(matches.prefix(10).joined(separator: ", "))\(matches.count > 10 ? ", …" : "")"
        }
    }
}

extension AkkordError {
    /// A supplement's scope as `Project.describe` words it (`sections Tiles, Gutters and lines
    /// 1, 3`), as a phrase.
    static func describe(sections: [String], lines: [Int]) -> Phrase {
        var parts: [Phrase] = []
        if !sections.isEmpty {
            let list = sections.joined(separator: ", ")
            parts.append(sections.count == 1 ? "section \(list)" : "sections \(list)")
        }
        if !lines.isEmpty {
            let list = lines.map(String.init).joined(separator: ", ")
            parts.append(lines.count == 1 ? "line \(list)" : "lines \(list)")
        }
        return parts.count == 2 ? "\(parts[0]) and \(parts[1])" : parts.first ?? ""
    }
}

/// The id-numbered lists of a project other than its lines.
public enum EntryKind: String, Sendable, CaseIterable {
    case hours, advance, supplement
    case extraWork = "extra work"
    case photo
    case daywork
}
