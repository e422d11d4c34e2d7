/// The lines of a project in order, as the accounting and the report writers read them: from the
/// model's array, or read again from the project file each time they are walked (the Store's
/// streaming reader), so a report of 100,000 lines never holds them all. The figures of one pass
/// (count, subtotal, whether any line is custom or measured) are known up front.
public struct ProjectLines: Sequence {
    public let count: Int
    /// Σ line amounts (S of the final accounting).
    public let subtotal: Money
    public let hasCustom: Bool
    public let hasMeasurement: Bool
    private let walk: () -> AnyIterator<LineView>
    private let measuredWalk: (() -> AnyIterator<LineView>)?
    private let jsonWriter: ((LineView.JSONMembers, ByteOutput, (Int) -> Void) -> Void)?
    private let eachView: (((LineView) -> Void) -> Void)?
    private let intact: () -> Bool
    /// The bases last worked out: the reader's rules and the accounting ask for the same ones.
    private let remembered = RememberedBases()
    /// The model's lines, when these are they (walked directly, without views).
    private let array: [Line]?

    /// The lines of a model; refused when their amounts add up beyond the largest amount.
    public init(_ lines: [Line]) throws(SumTooLargeError) {
        count = lines.count
        subtotal = try Sum(lines, \.amount).value("lines")
        hasCustom = lines.contains(where: \.custom)
        hasMeasurement = lines.contains { $0.measurement != nil }
        walk = {
            // One maker per walk: each view is good until the walk's next one.
            let maker = LineViewMaker()
            return AnyIterator(lines.lazy.map { maker.view(of: $0) }.makeIterator())
        }
        measuredWalk = nil
        jsonWriter = nil
        eachView = nil
        intact = { true }
        array = lines
    }

    /// Lines that `walk` produces afresh on every pass; the figures must be theirs. `intact`
    /// says whether every pass so far gave them all (a file changed in place would not).
    /// `measuredWalk`, when given, produces only the lines with a measurement, in order;
    /// `writeJSON`, when given, does what `writeJSON(_:to:separator:)` says (from the file).
    public init(count: Int, subtotal: Money, hasCustom: Bool, hasMeasurement: Bool,
                walk: @escaping () -> AnyIterator<LineView>,
                measuredWalk: (() -> AnyIterator<LineView>)? = nil,
                writeJSON: ((LineView.JSONMembers, ByteOutput, (Int) -> Void) -> Void)? = nil,
                eachView: (((LineView) -> Void) -> Void)? = nil,
                intact: @escaping () -> Bool) {
        self.count = count
        self.subtotal = subtotal
        self.hasCustom = hasCustom
        self.hasMeasurement = hasMeasurement
        self.walk = walk
        self.measuredWalk = measuredWalk
        self.jsonWriter = writeJSON
        self.eachView = eachView
        self.intact = intact
        array = nil
    }

    /// Whether every pass so far gave all the lines, as the first did. A writer's output is
    /// trusted only when this holds after it.
    public var isIntact: Bool { intact() }

    /// Throws when a pass did not give the lines the first pass gave (see `isIntact`); `source`
    /// names the file.
    public func checkIntact(source: String) throws {
        guard isIntact else {
            throw InvalidDataError.linesChangedInPlace(source: source)
        }
    }

    public func makeIterator() -> AnyIterator<Line> {
        if let array { return AnyIterator(array.makeIterator()) }
        let views = walk()
        return AnyIterator { views.next()?.line }
    }

    /// The lines as views, texts not yet made into strings: for writers that copy them.
    public var views: Views { Views(walk: walk) }

    /// Calls `body` with each line's view, in order: a walk like `views` without an iterator
    /// between the reader and the writer (`eachView`, when the reader gave one).
    public func forEachView(_ body: (LineView) -> Void) {
        if let array {
            let maker = LineViewMaker()
            withExtendedLifetime(maker) { for l in array { body(maker.view(of: l)) } }
            return
        }
        if let eachView { return eachView(body) }
        for view in views { body(view) }
    }

    /// Writes each line's JSON object (`LineView.writeJSON(members)`) in order, calling
    /// `separator(i)` before line i: copied from the file where the reader noted a line in
    /// akkord's own form (no second reading of it), else made from its view.
    public func writeJSON(_ members: LineView.JSONMembers, to out: ByteOutput, separator: (Int) -> Void) {
        if let jsonWriter { return jsonWriter(members, out, separator) }
        for (i, view) in views.enumerated() {
            separator(i)
            view.writeJSON(members, to: out)
        }
    }

    /// The lines with a measurement, as views (the measurement appendix): read again only
    /// where they are when the reader noted where, else picked out of a walk of all.
    public var measured: Views {
        if let measuredWalk { return Views(walk: measuredWalk) }
        let walk = self.walk
        return Views(walk: {
            let all = walk()
            return AnyIterator { while let v = all.next() { if v.measurement != nil { return v } }; return nil }
        })
    }

    public struct Views: Sequence {
        let walk: () -> AnyIterator<LineView>
        public func makeIterator() -> AnyIterator<LineView> { walk() }
    }
    /// Lines read again from a file are not promised (a file changed in place may give fewer).
    public var underestimatedCount: Int { array?.count ?? 0 }
    public var isEmpty: Bool { count == 0 }

    /// The base of each supplement (SPEC §5): S without a scope; the lines in its scope, added
    /// up in one pass for all scoped ones.
    public func bases(of supplements: [Supplement]) throws(SumTooLargeError) -> [Money] {
        if let known = remembered.bases(of: supplements) { return known }
        var amounts = LineAmounts()
        if supplements.contains(where: { !$0.scope.isAll }) {
            if let array { for l in array { amounts.add(l) } } else { forEachView { amounts.add($0) } }
        }
        let bases = try amounts.bases(of: supplements, subtotal: subtotal)
        remembered.remember(bases, of: supplements)
        return bases
    }

    /// Remembers `bases` as those of `supplements` (worked out by a reader in its own pass).
    public func remember(_ bases: [Money], of supplements: [Supplement]) {
        remembered.remember(bases, of: supplements)
    }
}

extension ProjectLines: Equatable {
    public static func == (a: ProjectLines, b: ProjectLines) -> Bool {
        a.count == b.count && a.subtotal == b.subtotal && a.elementsEqual(b)
    }
}

extension InvalidDataError {
    /// A project file's lines that another program wrote in place while akkord read them.
    static func linesChangedInPlace(source: String) -> InvalidDataError {
        InvalidDataError(source: source, problems: [Problem("lines", "changed while akkord was reading them (another program wrote the file in place); run the command again")])
    }
}

private final class RememberedBases {
    private var supplements: [Supplement]?
    private var bases: [Money] = []
    func bases(of s: [Supplement]) -> [Money]? { supplements == s ? bases : nil }
    func remember(_ b: [Money], of s: [Supplement]) { supplements = s; bases = b }
}
