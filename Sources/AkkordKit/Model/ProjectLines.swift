import AkkordSupport

/// The lines of a project in order, as the accounting and the report writers read them. Two
/// kinds: lines held in memory (`LinesInMemory`, the model's array), and lines read again from a
/// mapped project file each time they are walked (the Store's `LinesInFile`), so a report of
/// 100,000 lines never holds them all. The figures of the reader's pass (count, subtotal,
/// whether any line is custom or measured) are known up front.
public protocol ProjectLines {
    var count: Int { get }
    /// Σ line amounts (S of the final accounting).
    var subtotal: Money { get }
    var hasCustom: Bool { get }
    var hasMeasurement: Bool { get }
    /// A new walk over the lines as views (each good until the walk's next one).
    func walk() -> AnyIterator<LineView>
    /// Calls `body` with each line's view, in order: a walk without an iterator between the
    /// lines and the writer.
    func forEachView(_ body: (LineView) -> Void)
    /// A new walk over the lines with a measurement (the measurement appendix).
    func walkMeasured() -> AnyIterator<LineView>
    /// Writes each line's JSON object (`LineView.writeJSON(members)`) in order, calling
    /// `separator(i)` before line i.
    func writeJSON(_ members: LineView.JSONMembers, to out: ByteOutput, separator: (Int) -> Void)
    /// The base of each supplement (SPEC §5): S without a scope, else the lines in its scope.
    func bases(of supplements: [Supplement]) throws(SumTooLargeError) -> [Money]
    /// Whether every walk so far gave all the lines, as the reader's pass did (a file another
    /// program changed in place would not). A writer's output is trusted only when this holds after it.
    var isIntact: Bool { get }
    /// The views of a walk, as a sequence.
    typealias Views = LineViews
}

extension ProjectLines {
    public var isEmpty: Bool { count == 0 }
    /// The lines as views, texts not yet made into strings: for writers that copy them.
    public var views: LineViews { LineViews(walk: walk) }
    /// The lines with a measurement, as views.
    public var measured: LineViews { LineViews(walk: walkMeasured) }
    /// Every line as a `Line`.
    public var all: [Line] {
        var lines: [Line] = []
        lines.reserveCapacity(count)
        forEachView { lines.append($0.line) }
        return lines
    }

    /// Throws when a walk did not give the lines the reader's pass gave (see `isIntact`);
    /// `source` names the file.
    public func checkIntact(source: String) throws {
        guard isIntact else { throw InvalidDataError.linesChangedInPlace(source: source) }
    }

    /// `writeJSON` made from the views, for lines that are not copied from a file.
    package func writeJSONFromViews(_ members: LineView.JSONMembers, to out: ByteOutput, separator: (Int) -> Void) {
        var i = 0
        forEachView { view in
            separator(i)
            view.writeJSON(members, to: out)
            i += 1
        }
    }

    /// The bases worked out from the lines (walked only when some supplement has a scope).
    package func addedUpBases(of supplements: [Supplement]) throws(SumTooLargeError) -> [Money] {
        var amounts = LineAmounts()
        if supplements.contains(where: { !$0.scope.isAll }) { forEachView { amounts.add($0) } }
        return try amounts.bases(of: supplements, subtotal: subtotal)
    }
}

/// A walk over some lines as views.
public struct LineViews: Sequence {
    let walk: () -> AnyIterator<LineView>
    public func makeIterator() -> AnyIterator<LineView> { walk() }
}

/// The lines of a project held in memory.
public struct LinesInMemory: ProjectLines {
    public let lines: [Line]
    public let count: Int
    public let subtotal: Money
    public let hasCustom: Bool
    public let hasMeasurement: Bool
    /// The bases last worked out: the rules and the accounting ask for the same ones.
    private let remembered = RememberedBases()

    /// Refused when the lines add up beyond the largest amount.
    public init(_ lines: [Line]) throws(SumTooLargeError) {
        self.lines = lines
        count = lines.count
        subtotal = try Sum(lines, \.amount).value("lines")
        hasCustom = lines.contains(where: \.custom)
        hasMeasurement = lines.contains { $0.measurement != nil }
    }

    public func walk() -> AnyIterator<LineView> {
        // One maker per walk: each view is good until the walk's next one.
        let maker = LineViewMaker()
        return AnyIterator(lines.lazy.map { maker.view(of: $0) }.makeIterator())
    }

    public func forEachView(_ body: (LineView) -> Void) {
        let maker = LineViewMaker()
        withExtendedLifetime(maker) { for l in lines { body(maker.view(of: l)) } }
    }

    public func walkMeasured() -> AnyIterator<LineView> {
        let maker = LineViewMaker()
        return AnyIterator(lines.lazy.filter { $0.measurement != nil }.map { maker.view(of: $0) }.makeIterator())
    }

    public func writeJSON(_ members: LineView.JSONMembers, to out: ByteOutput, separator: (Int) -> Void) {
        writeJSONFromViews(members, to: out, separator: separator)
    }

    public func bases(of supplements: [Supplement]) throws(SumTooLargeError) -> [Money] {
        if let known = remembered.bases(of: supplements) { return known }
        var amounts = LineAmounts()
        if supplements.contains(where: { !$0.scope.isAll }) { for l in lines { amounts.add(l) } }
        let bases = try amounts.bases(of: supplements, subtotal: subtotal)
        remembered.remember(bases, of: supplements)
        return bases
    }

    public var isIntact: Bool { true }
}

extension InvalidDataError {
    /// A project file's lines that another program wrote in place while akkord read them.
    package static func linesChangedInPlace(source: String) -> InvalidDataError {
        InvalidDataError(source: source, problems: [Problem("lines", "changed while akkord was reading them (another program wrote the file in place); run the command again")])
    }
}

/// The bases of one list of supplements, kept for when they are asked for again.
package final class RememberedBases {
    private var supplements: [Supplement]?
    private var bases: [Money] = []
    package init() {}
    package func bases(of s: [Supplement]) -> [Money]? { supplements == s ? bases : nil }
    package func remember(_ b: [Money], of s: [Supplement]) { supplements = s; bases = b }
}
