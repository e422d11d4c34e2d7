import AkkordSupport

/// Which side a merge takes for a field both sides changed differently (`sync --keep`).
public enum MergeSide: String, Sendable { case mine, theirs }

/// A record or field both sides changed differently (or one changed and the other removed, or
/// the project closed on one side while changed on the other).
public struct MergeConflict: Equatable, Sendable {
    public var project: String
    /// `line 7`, `worker jens`, `project`.
    public var record: String
    public var field: String
    public var mine: String
    public var theirs: String
    public init(project: String, record: String, field: String, mine: String, theirs: String) {
        self.project = project; self.record = record; self.field = field; self.mine = mine; self.theirs = theirs
    }
}

/// A record made on this machine that took another id because the incoming side had made one
/// with its id: `line 7 (made here) is now line 9`.
public struct Renumbering: Equatable, Sendable {
    /// The counter's name (`Project.counters`): `line`, `hours`, `advance`, …
    public var kind: String
    public var from: Int
    public var to: Int
    public init(kind: String, from: Int, to: Int) { self.kind = kind; self.from = from; self.to = to }

    /// `line 7 (made here) is now line 9`: English, as a history entry's `changes` keep it.
    public var text: String { "\(kind) \(from) (made here) is now \(kind) \(to)" }
}

public struct ProjectMergeResult: Sendable {
    public var merged: Project
    public var renumberings: [Renumbering]
    public var conflicts: [MergeConflict]
    public init(merged: Project, renumberings: [Renumbering], conflicts: [MergeConflict]) {
        self.merged = merged; self.renumberings = renumberings; self.conflicts = conflicts
    }
}

/// The three-way record merge of one project (SPEC §14).
public enum ProjectMerge {
    /// base nil = the project was made on both sides independently (caller handles id clash of whole projects).
    public static func merge(base: Project?, mine: Project, theirs: Project, keep: MergeSide? = nil, by: String, date: String,
                             command: String = "merge") throws -> ProjectMergeResult {
        ProjectMergeResult(merged: mine, renumberings: [], conflicts: [])
    }
}
