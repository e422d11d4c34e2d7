// TEMPORARY stand-in for i-merge's ProjectMerge API until its skeleton is merged; removed then.
public enum MergeSide: String, Sendable { case mine, theirs }
public struct MergeConflict: Equatable, Sendable {
    public var project: String
    public var record: String
    public var field: String
    public var mine: String
    public var theirs: String
    public init(project: String, record: String, field: String, mine: String, theirs: String) {
        self.project = project; self.record = record; self.field = field; self.mine = mine; self.theirs = theirs
    }
}
public struct Renumbering: Equatable, Sendable {
    public var kind: String
    public var from: Int
    public var to: Int
    public init(kind: String, from: Int, to: Int) { self.kind = kind; self.from = from; self.to = to }
}
public struct ProjectMergeResult: Sendable {
    public var merged: Project
    public var renumberings: [Renumbering]
    public var conflicts: [MergeConflict]
    public init(merged: Project, renumberings: [Renumbering], conflicts: [MergeConflict]) {
        self.merged = merged; self.renumberings = renumberings; self.conflicts = conflicts
    }
}
public enum ProjectMerge {
    public static func merge(base: Project?, mine: Project, theirs: Project, keep: MergeSide? = nil, by: String, date: String,
                             command: String = "merge") throws -> ProjectMergeResult {
        ProjectMergeResult(merged: mine, renumberings: [], conflicts: [])
    }
}
