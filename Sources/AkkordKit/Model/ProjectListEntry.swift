/// A project as `project list` shows it: id, name, status, number of lines, line subtotal and
/// end date (for the settlement deadline).
public struct ProjectListEntry: Equatable, Sendable {
    public let id: String
    public let name: String
    public let status: Project.Status
    public let lineCount: Int
    public let subtotal: Money
    public let end: String?
    /// The settlement's course (SPEC §16).
    public let handedIn: String?
    public let approved: String?
    public let disputed: String?

    public init(id: String, name: String, status: Project.Status, lineCount: Int, subtotal: Money, end: String?,
                handedIn: String?, approved: String?, disputed: String?) {
        self.id = id; self.name = name; self.status = status; self.lineCount = lineCount; self.subtotal = subtotal; self.end = end
        self.handedIn = handedIn; self.approved = approved; self.disputed = disputed
    }

    public init(_ p: Project) throws(SumTooLargeError) {
        self.init(ProjectHead(p), lineCount: p.lines.count, subtotal: try p.subtotal)
    }

    /// What the list shows of a project known by its head and its lines' count and subtotal.
    public init(_ head: ProjectHead, lineCount: Int, subtotal: Money) {
        self.init(id: head.id, name: head.name, status: head.status, lineCount: lineCount, subtotal: subtotal, end: head.end,
                  handedIn: head.handedIn, approved: head.approved, disputed: head.disputed)
    }

    /// Where its settlement stands on `today`.
    public func course(_ rules: SettlementRules, today: String) -> SettlementCourse {
        SettlementCourse(status: status, end: end, handedIn: handedIn, approved: approved, disputed: disputed, rules: rules, today: today)
    }
}
