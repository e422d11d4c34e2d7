/// A problem found while validating input, with its place: a JSON path (`activities[3].price`)
/// or a file line (`prices.csv:17`).
public struct Problem: Equatable, Sendable, CustomStringConvertible {
    public let place: String
    public let message: String
    public init(_ place: String, _ message: String) { self.place = place; self.message = message }
    public var description: String { place.isEmpty ? message : "\(place): \(message)" }
}

/// Input data that failed validation: every problem is listed, nothing is changed.
public struct InvalidDataError: Error, Equatable, CustomStringConvertible {
    public let source: String
    public let problems: [Problem]
    public let consequence: String
    public init(source: String, problems: [Problem], consequence: String = "") {
        self.source = source; self.problems = problems; self.consequence = consequence
    }
    public var message: String {
        if problems.count == 1 { return located(problems[0]) + (consequence.isEmpty ? "" : "; \(consequence)") }
        return "\(source): \(problems.count) problems" + (consequence.isEmpty ? "" : "; \(consequence)")
    }
    public var details: [String] { problems.count == 1 ? [] : problems.map(located) }

    /// `file: path: message` for JSON paths, `file:17: message` for line numbers.
    package func located(_ p: Problem) -> String {
        if let first = p.place.first, first.isNumber { return "\(source):\(p.place): \(p.message)" }
        return "\(source): \(p)"
    }

    public func with(consequence: String) -> InvalidDataError {
        InvalidDataError(source: source, problems: problems, consequence: consequence)
    }
}

extension InvalidDataError {
    public var description: String { ([message] + details).joined(separator: "\n") }
}
