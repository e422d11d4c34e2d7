import AkkordSupport
import AkkordModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The project files as they were before each change, so `undo` can put one back exactly.
///
/// `undo/<id>/<n>.json` is the project file as it stood when its history had `n` entries: the
/// state before the change that history entry `n` records. It is the replaced file itself (a
/// hard link taken just before the new file is renamed over it, else a copy), so keeping it costs
/// one directory entry. Only the newest `keptUndoSteps` of a project are kept.
///
/// A step is believed only when its history is exactly the first `n` entries of the project's:
/// a step left by a killed write (the change never landed), or one of an earlier project with a
/// reused id, does not match and is never applied.
extension Store {
    public static let keptUndoSteps = 25

    public var undoDirectory: String { directory + "/undo" }
    package func undoStepsDirectory(_ id: String) -> String { "\(undoDirectory)/\(id)" }
    package func undoStepFile(_ id: String, historyCount n: Int) -> String { "\(undoStepsDirectory(id))/\(n).json" }

    /// Keeps the project file as it is now as the step before history entry `historyCount`;
    /// call inside the lock, before the new file replaces it. Returns whether the step is new
    /// (not left by an earlier write that failed or was killed).
    @discardableResult
    package func keepUndoStep(of id: String, historyCount: Int) throws -> Bool {
        try ensureDirectory(undoDirectory)
        let steps = undoStepsDirectory(id)
        try ensureDirectory(steps)
        var st = stat()
        guard lstat(steps, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
            throw StoreFileError(path: steps, problem: "is not a directory (a link?); akkord does not write through links in the store")
        }
        let target = undoStepFile(id, historyCount: historyCount)
        let isNew = !FileIO.exists(target)
        let temporary = "\(temporaryDirectory)/.\(id).\(historyCount).json.tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        if link(projectFile(id), temporary) != 0 {
            // A file system without hard links: a copy of the bytes.
            guard let bytes = try readFile(projectFile(id)) else { return false }
            try write(bytes, to: target)
            return isNew
        }
        guard rename(temporary, target) == 0 else {
            let message = FileIO.errnoMessage()
            unlink(temporary)
            throw AkkordError.cannotWrite(path: target, reason: message)
        }
        // A step left by a killed write is this very file (the change never landed), and a
        // rename onto another link of the same file does nothing: the temporary link stays.
        unlink(temporary)
        do { try AtomicFile.syncDirectory(steps) } catch { throw AkkordError.cannotWrite(path: steps, reason: "\(error)") }
        return isNew
    }

    /// Takes back a step `keepUndoStep` just made, when the write it was kept for failed: a step
    /// for a change that did not happen would be put back by no `undo` (best effort: such a
    /// step is the project file as it still is, so it does no harm if it stays).
    package func discardUndoStep(of id: String, historyCount: Int) {
        unlink(undoStepFile(id, historyCount: historyCount))
    }

    /// The kept step before history entry `historyCount` as `undo` puts it back, nil when there
    /// is none: a `LineWindow` of none of its lines (the reader checks every line and notes where
    /// it is, so the commit copies them from the step's file). Errors are `ProjectReader`'s, as for a project file.
    package func undoStepToRestore(of id: String, historyCount: Int) throws -> (window: LineWindow, path: String)? {
        let path = undoStepFile(id, historyCount: historyCount)
        guard let file = try mapFile(path) else { return nil }
        let window = LineWindow(file, try ProjectReader.read(file.bytes, file: file, source: path, keeping: .window([])))
        guard window.head.id == id else { throw StoreFileError(path: path, problem: "id: is \(Excerpt.phrase(window.head.id)), not \(id)") }
        return (window, path)
    }

    /// The history counts of a project's kept steps, ascending.
    package func undoStepCounts(of id: String) -> [Int] {
        Self.entries(of: undoStepsDirectory(id)).compactMap { name -> Int? in
            guard name.hasSuffix(".json"), let n = Int(name.dropLast(5)), n >= 0, "\(n).json" == name else { return nil }
            return n
        }.sorted()
    }

    /// `undo/<id>/sync.json`: a sync brought in changes to the project and so ended the undo of
    /// its earlier steps (they no longer match its history). It says when, and the history the
    /// project had after that sync (its length and last entry), so `undo` can tell a step the
    /// sync ended from one that was never kept. Local like every step (git ignores `undo/`).
    package static let undoSyncMarkName = "sync.json"
    package func undoSyncMarkFile(_ id: String) -> String { "\(undoStepsDirectory(id))/\(Self.undoSyncMarkName)" }

    package struct UndoSyncMark: Equatable, Sendable {
        /// When the sync ran (stored form, UTC).
        package let time: String
        package let historyCount: Int
        package let lastTime: String?
        package let lastCommand: String?

        /// Whether `history` is the project's that the sync left, or one grown from it.
        package func matches(_ history: [HistoryEntry]) -> Bool {
            guard history.count >= historyCount else { return false }
            guard historyCount > 0 else { return true }
            let last = history[historyCount - 1]
            return last.time == lastTime && last.command == lastCommand
        }
    }

    /// Marks the project's undo as ended by the sync at `time`, which left it with `history`.
    package func markUndoEndedBySync(of id: String, time: String, historyCount: Int, last: HistoryEntry?) throws {
        try ensureDirectory(undoDirectory)
        try ensureDirectory(undoStepsDirectory(id))
        let object = JSONObject([("format", .string("akkord-undo-sync")), ("version", .int(1)), ("time", .string(time)),
                                 ("historyCount", .int(historyCount)), ("lastTime", .optional(last?.time)), ("lastCommand", .optional(last?.command))])
        try write(JSONWriter.write(.object(object)), to: undoSyncMarkFile(id))
    }

    /// The project's sync mark, nil when there is none (or it does not read: it only explains).
    package func undoSyncMark(of id: String) -> UndoSyncMark? {
        guard let bytes = try? FileIO.read(undoSyncMarkFile(id), limit: 1 << 16, followSymlinks: false),
              let object = (try? JSONReader.parse(bytes))?.objectValue,
              object["format"]?.stringValue == "akkord-undo-sync", let time = object["time"]?.stringValue,
              case .number(let n) = object["historyCount"] ?? .null, let count = Int(n), count >= 0 else { return nil }
        return UndoSyncMark(time: time, historyCount: count, lastTime: object["lastTime"]?.stringValue, lastCommand: object["lastCommand"]?.stringValue)
    }

    /// Removes all but the newest `keep` steps; returns the paths it could not remove, with why.
    package func pruneUndoSteps(of id: String, keep: Int = Store.keptUndoSteps) -> [(path: String, reason: Phrase)] {
        let counts = undoStepCounts(of: id)
        guard counts.count > keep else { return [] }
        var failed: [(String, Phrase)] = []
        for n in counts.dropLast(keep) {
            let path = undoStepFile(id, historyCount: n)
            if unlink(path) != 0, errno != ENOENT { failed.append((path, FileIO.errnoMessage())) }
        }
        return failed
    }
}
