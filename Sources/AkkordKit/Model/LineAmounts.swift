import AkkordSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the supplements' bases (SPEC §5) need of each line — id, section, amount — kept as the
/// lines go by (in a project file the supplements come after the lines): 14 bytes a line, each
/// distinct section once. The bases are added up here and nowhere else.
public struct LineAmounts {
    private var ids: [UInt32] = []
    /// Line index → id, for the ids beyond 32 bits (`ids` then holds `UInt32.max`).
    private var wideIds: [Int: Int] = [:]
    private var sectionOf: [UInt16] = []
    /// Line index → section, beyond 65,535 distinct sections (`sectionOf` then holds `UInt16.max`).
    private var wideSections: [Int: Int] = [:]
    private var amounts: [Int64] = []
    /// The distinct sections as JSON strings (quotes included), compared as bytes.
    private var sections: [[UInt8]] = []
    private var sectionIndex: [[UInt8]: Int] = [:]
    private var last = -1
    private var scratch: [UInt8] = []

    public init() {}

    /// No lines, and the sections of `other` (their names are then worked out once for both).
    public init(sectionsOf other: LineAmounts) {
        sections = other.sections
        sectionIndex = other.sectionIndex
    }

    package mutating func reserveCapacity(_ n: Int) {
        ids.reserveCapacity(n); sectionOf.reserveCapacity(n); amounts.reserveCapacity(n)
    }

    public var count: Int { amounts.count }

    public mutating func add(_ line: LineView) {
        append(id: line.id, section: section(line.section.quoted), amount: line.amount)
    }

    public mutating func add(_ line: Line) {
        scratch.removeAll(keepingCapacity: true)
        _ = TextSlice.appendQuoted(line.section, to: &scratch)
        let s = scratch.withUnsafeBufferPointer { section($0) }
        append(id: line.id, section: s, amount: line.amount)
    }

    private mutating func append(id: Int, section s: Int, amount: Money) {
        let i = amounts.count
        if id >= 0, id < Int(UInt32.max) { ids.append(UInt32(id)) } else { ids.append(UInt32.max); wideIds[i] = id }
        if s < Int(UInt16.max) { sectionOf.append(UInt16(s)) } else { sectionOf.append(UInt16.max); wideSections[i] = s }
        amounts.append(amount.raw)
    }

    private mutating func section(_ quoted: UnsafeBufferPointer<UInt8>) -> Int {
        func same(_ a: [UInt8]) -> Bool {
            a.count == quoted.count && a.withUnsafeBufferPointer { memcmp($0.baseAddress!, quoted.baseAddress!, quoted.count) == 0 }
        }
        // Lines of one section often come together: the last one first; a few sections are
        // compared one by one, more looked up by their bytes.
        if last >= 0, same(sections[last]) { return last }
        if sections.count <= 32 {
            if let i = sections.firstIndex(where: same) { last = i; return i }
        } else {
            for i in sectionIndex.count..<sections.count { sectionIndex[sections[i]] = i }
            if let i = sectionIndex[Array(quoted)] { last = i; return i }
        }
        sections.append(Array(quoted))
        last = sections.count - 1
        return last
    }

    /// The id, section (an index into `sections`) and amount of line `i`.
    package func line(_ i: Int) -> (id: Int, section: Int, amount: Money) {
        let id = ids[i] == UInt32.max ? wideIds[i] ?? Int(UInt32.max) : Int(ids[i])
        let section = sectionOf[i] == UInt16.max ? wideSections[i] ?? Int(UInt16.max) : Int(sectionOf[i])
        return (id, section, Money(raw: amounts[i]))
    }

    /// Each supplement's base: `subtotal` for one without a scope, else the sum of the amounts of
    /// the lines in its scope (a line's section is one it names, or its id one of its lines).
    public func bases(of supplements: [Supplement], subtotal: Money) throws(SumTooLargeError) -> [Money] {
        try Self.bases(of: supplements, subtotal: subtotal, scopedSums: scopedSums(of: supplements))
    }

    /// For each supplement with a scope, the exact sum of the amounts of these lines in it (zero
    /// for one without): parts of bases, to be added to or taken from others.
    public func scopedSums(of supplements: [Supplement]) -> [Sum<Money>] {
        var sums = supplements.map { _ in Sum<Money>() }
        let scoped = supplements.indices.filter { !supplements[$0].scope.isAll }
        if !scoped.isEmpty {
            // Which sections each scoped supplement names, by section: no string is compared per line.
            let names = sections.map { quoted in quoted.withUnsafeBufferPointer { TextSlice(quoted: $0, escaped: true, plain: false).string } }
            let named = names.map { name in scoped.map { supplements[$0].scope.sections.contains(name) } }
            for i in amounts.indices {
                let (id, section, amount) = line(i)
                for (k, s) in scoped.enumerated() where named[section][k] || supplements[s].scope.lines.contains(id) {
                    sums[s].add(amount)
                }
            }
        }
        return sums
    }

    /// Each supplement's base: `subtotal` for one without a scope, else its scoped sum.
    public static func bases(of supplements: [Supplement], subtotal: Money, scopedSums sums: [Sum<Money>]) throws(SumTooLargeError) -> [Money] {
        var bases: [Money] = []
        bases.reserveCapacity(supplements.count)
        for i in supplements.indices {
            bases.append(try (supplements[i].scope.isAll ? Sum(subtotal) : sums[i]).value("the base of supplements[\(i)]"))
        }
        return bases
    }
}
