/// A project as `project list` shows it: id, name, status, number of lines, line subtotal and
/// end date (for the settlement deadline).
public struct ProjectListEntry: Equatable, Sendable {
    public let id: String
    public let name: String
    public let status: Project.Status
    public let lineCount: Int
    public let subtotal: Money
    public let end: String?

    public init(id: String, name: String, status: Project.Status, lineCount: Int, subtotal: Money, end: String?) {
        self.id = id; self.name = name; self.status = status; self.lineCount = lineCount; self.subtotal = subtotal; self.end = end
    }

    public init(_ p: Project) throws(SumTooLargeError) {
        self.init(id: p.id, name: p.name, status: p.status, lineCount: p.lines.count, subtotal: try p.subtotal, end: p.end)
    }
}
