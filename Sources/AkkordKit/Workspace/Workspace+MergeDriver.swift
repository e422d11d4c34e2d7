import AkkordSupport
import AkkordModel
import AkkordStore

extension Workspace {
    /// git's merge driver for one project file (`akkord merge-driver %O %A %B %P`, SPEC §14):
    /// the three versions merged record by record, the result written over `mine` only when clean.
    /// It works on the three files git gives, not on a store.
    public static func mergeProjectFiles(base: String, mine: String, theirs: String, path: String, by: String, date: String,
                                         command: String) throws -> ProjectFileMerge.Outcome {
        try ProjectFileMerge.merge(base: base, mine: mine, theirs: theirs, path: path, by: by, date: date, command: command)
    }
}
