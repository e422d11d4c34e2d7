import AkkordSupport

/// A number akkord keeps as an integer count of its smallest unit (øre, 1/10,000 kr, 1/1,000 m,
/// 1/3,000 h), with the largest magnitude a kept value may have.
public protocol CountedNumber: Sendable {
    var raw: Int64 { get }
    init(raw: Int64)
    static var maximumRaw: Int64 { get }
}

/// The one way akkord adds up money, quantities and hours (SPEC §18): every partial sum is exact
/// (128 bits, which a sum of 64-bit values cannot leave), and the result is taken only within a
/// limit, else it is a `SumTooLargeError` naming the figure. No sum of these numbers is written
/// with a plain `+`, `-` or `reduce` (the types have no such operators; `SumSourceTests` fails on
/// a new one).
public struct Sum<N: CountedNumber>: Equatable, Sendable {
    /// The exact sum in N's raw units.
    public private(set) var exact: Int128 = 0

    public init() {}
    public init(_ first: N) { exact = Int128(first.raw) }
    /// A sum already worked out exactly (a product's, say).
    public init(exact: Int128) { self.exact = exact }

    /// The sum of `items`.
    public init<S: Sequence>(_ items: S) where S.Element == N {
        for n in items { exact += Int128(n.raw) }
    }

    /// The sum of `value(item)` over `items`.
    public init<S: Sequence>(_ items: S, _ value: (S.Element) -> N) {
        for item in items { exact += Int128(value(item).raw) }
    }

    @inline(__always) public mutating func add(_ n: N) { exact += Int128(n.raw) }
    @inline(__always) public mutating func add(raw: Int64) { exact += Int128(raw) }
    public mutating func add(_ other: Sum<N>) { exact += other.exact }
    public mutating func subtract(_ other: Sum<N>) { exact -= other.exact }

    /// Adds `n` and says whether the sum is still a value akkord may keep (a rule's check, at the
    /// item that takes it beyond).
    @inline(__always) public mutating func addChecked(_ n: N) -> Bool {
        exact += Int128(n.raw)
        return isWithinLimit
    }
    /// `addChecked` of an exact sum (a supplement's amount).
    public mutating func addChecked(_ other: Sum<N>) -> Bool {
        exact += other.exact
        return isWithinLimit
    }
    public mutating func subtract(_ n: N) { exact -= Int128(n.raw) }

    /// The difference `a − b`.
    public static func difference(_ a: N, _ b: N) -> Sum<N> {
        var s = Sum(a)
        s.subtract(b)
        return s
    }

    /// The sum when its magnitude is at most `limit` raw units (a kept value's, by default).
    @inline(__always) public func within(_ limit: Int64 = N.maximumRaw) -> N? {
        exact.magnitude <= UInt128(limit) ? N(raw: Int64(exact)) : nil
    }

    /// Whether the sum is a value akkord may keep (magnitude at most N's largest).
    public var isWithinLimit: Bool { exact.magnitude <= UInt128(N.maximumRaw) }

    /// The sum, or a `SumTooLargeError` naming `figure` when its magnitude is beyond `limit`.
    public func value(_ figure: Phrase, limit: Int64 = N.maximumRaw) throws(SumTooLargeError) -> N {
        guard let v = within(limit) else { throw SumTooLargeError(figure: figure, limit: limit == N.maximumRaw ? .kept : .acrossProjects) }
        return v
    }
}

/// A sum or product beyond what akkord keeps (SPEC §2, §18): the data is refused, never rounded
/// or wrapped. `figure` names the place (`lines`, `supplements[2]`, `the total`, …).
public struct SumTooLargeError: Equatable, Sendable, PhrasedError {
    public enum Limit: Sendable, Equatable {
        /// An amount a project keeps or computes: 999,999,999,999.99 (hours: 99,999).
        case kept
        /// A sum across projects: 92,233,720,368,547,758.07.
        case acrossProjects
    }
    public let figure: Phrase
    public let limit: Limit
    public init(figure: Phrase, limit: Limit = .kept) { self.figure = figure; self.limit = limit }
    public var phrase: Phrase {
        switch limit {
        case .kept: return "\(figure) adds up to more than the largest amount akkord keeps"
        case .acrossProjects: return "\(figure) of the summary is too large to add up exactly"
        }
    }
}
