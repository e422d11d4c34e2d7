import AkkordSupport
import AkkordModel

/// The merge of three versions of one project file, as git's merge driver for project files
/// does it (`%O %A %B`, SPEC §14): each version read by the one project reader (a version that
/// does not read stops the merge: no guess), merged record by record (`ProjectMerge`), and the
/// merged project, read back by the same reader, written over this machine's version.
public enum ProjectFileMerge {
    public enum Outcome: Sendable {
        /// Merged cleanly; the merged file is written over this machine's version.
        case written(ProjectMergeResult)
        /// Conflicts: nothing is written.
        case conflicts(ProjectMergeResult)
        /// The common version is empty (git's `%O` for a file made on both sides): the project
        /// was made on both machines, which only the whole store's merge settles. Nothing is written.
        case madeOnBothSides
    }

    /// `base`, `mine`, `theirs`: the three files; `path`: the project file's path in the store,
    /// for messages. The result replaces `mine` (atomically) only when the merge is clean.
    public static func merge(base: String, mine: String, theirs: String, path: String, by: String, date: String,
                             command: String) throws -> Outcome {
        func read(_ file: String, _ source: Phrase, emptyIsNone: Bool = false) throws -> Project? {
            let bytes: [UInt8]
            do { bytes = try FileIO.read(file, limit: Store.maximumFileBytes) } catch let failure as FileIO.Failure {
                throw InvalidDataError(source: source, problems: [Problem("", failure.reason)], consequence: "nothing was merged")
            }
            if emptyIsNone, bytes.isEmpty { return nil }
            do { return try ProjectCodec.decode(bytes, source: file) } catch let e as InvalidDataError {
                throw InvalidDataError(source: source, problems: e.problems, consequence: "nothing was merged")
            }
        }
        guard let baseProject = try read(base, "\(path) as both machines had it (\(base))", emptyIsNone: true) else {
            // Both files are still read: one that does not read is said first.
            _ = try read(mine, "\(path) as this machine has it (\(mine))")
            _ = try read(theirs, "\(path) as it came in (\(theirs))")
            return .madeOnBothSides
        }
        let mineProject = try read(mine, "\(path) as this machine has it (\(mine))")!
        let theirsProject = try read(theirs, "\(path) as it came in (\(theirs))")!
        let result = try ProjectMerge.merge(base: baseProject, mine: mineProject, theirs: theirsProject, by: by, date: date, command: command)
        guard result.conflicts.isEmpty else { return .conflicts(result) }
        if result.merged == mineProject { return .written(result) }
        let bytes = try ProjectCodec.encode(result.merged)
        // What is written is what the one reader reads back.
        _ = try ProjectCodec.decode(bytes, source: path)
        do { try AtomicFile.write(bytes, to: mine) } catch is AtomicFile.NotSynced {}
        return .written(result)
    }
}
