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

extension InvalidDataError: UserFacingError {
    public var exitStatus: ExitStatus { .dataError }
}
