/// How a failed command ends (SPEC §7).
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 64
    case dataError = 65
    case busy = 75
}

/// An error a person reads: one line of message, optional detail lines (one problem each) and a hint.
public protocol UserFacingError: Error {
    var message: String { get }
    var details: [String] { get }
    var hint: String? { get }
    var exitStatus: ExitStatus { get }
}

extension UserFacingError {
    public var details: [String] { [] }
    public var hint: String? { nil }
}

/// A problem found while validating input, with its place: a JSON path (`activities[3].price`)
/// or a file line (`prices.csv:17`).
public struct Problem: Equatable, Sendable, CustomStringConvertible {
    public let place: String
    public let message: String
    public init(_ place: String, _ message: String) { self.place = place; self.message = message }
    public var description: String { place.isEmpty ? message : "\(place): \(message)" }
}

/// Input data that failed validation: every problem is listed, nothing is changed.
public struct InvalidDataError: UserFacingError, Equatable {
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
    func located(_ p: Problem) -> String {
        if let first = p.place.first, first.isNumber { return "\(source):\(p.place): \(p.message)" }
        return "\(source): \(p)"
    }

    public func with(consequence: String) -> InvalidDataError {
        InvalidDataError(source: source, problems: problems, consequence: consequence)
    }
    public var exitStatus: ExitStatus { .dataError }
}

/// A value given on the command line that is not acceptable (exit 64 for usage, 65 for data).
public struct InvalidArgumentError: UserFacingError, Equatable, CustomStringConvertible {
    public let argument: String
    public let reason: String
    public let exitStatus: ExitStatus
    public init(_ argument: String, _ reason: String, exitStatus: ExitStatus = .dataError) {
        self.argument = argument; self.reason = reason; self.exitStatus = exitStatus
    }
    public var message: String { "\(argument): \(reason)" }
    public var description: String { message }
}

/// Something named that does not exist, or an action refused by the state of things (exit 1).
public struct FailureError: UserFacingError, Equatable {
    public let message: String
    public let hint: String?
    public init(_ message: String, hint: String? = nil) { self.message = message; self.hint = hint }
    public var exitStatus: ExitStatus { .failure }
}
