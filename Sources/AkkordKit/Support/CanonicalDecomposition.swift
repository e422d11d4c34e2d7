/// The canonical decomposition (NFD) of a scalar, as Foundation's
/// `decomposedStringWithCanonicalMapping` gives it, without linking Foundation: the table is
/// generated from Foundation (`scripts/gen-decompositions.swift`), Hangul syllables follow
/// their formula.
package enum CanonicalDecomposition {
    /// The scalars `scalar` decomposes to, itself when it has no decomposition.
    package static func of(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let v = scalar.value
        if v >= hangulBase, v < hangulBase + hangulCount {
            // Unicode §3.12: leading consonant, vowel, and a trailing consonant unless none.
            let s = v - hangulBase
            var out = [Unicode.Scalar(0x1100 + s / 588)!, Unicode.Scalar(0x1161 + (s % 588) / 28)!]
            if s % 28 != 0 { out.append(Unicode.Scalar(0x11A7 + s % 28)!) }
            return out
        }
        guard v >= 0x80, let values = index[v] else { return [scalar] }
        return values.compactMap(Unicode.Scalar.init)
    }

    private static let hangulBase: UInt32 = 0xAC00
    private static let hangulCount: UInt32 = 11_172

    /// Built on first use: only a search for a letter beyond ASCII and Danish asks.
    private static let index: [UInt32: [UInt32]] = {
        var index: [UInt32: [UInt32]] = [:]
        var i = 0
        while i + 1 < table.count {
            let n = Int(table[i + 1])
            index[table[i]] = Array(table[(i + 2)..<(i + 2 + n)])
            i += 2 + n
        }
        return index
    }()
}
