
/// Text folding and matching on bytes, for speed over large catalogues.
package enum SearchText {
    /// Lowercases, strips accents, and folds Danish letters so that every usual spelling of a
    /// word meets: æ→ae, ø→o, å→a, and then the digraphs oe→o and aa→a. So `nedløbsrør`,
    /// `nedlobsror` and `nedloebsroer` all fold to `nedlobsror`, and `Århus`, `Aarhus` and `Arhus`
    /// to `arhus`. Query and catalogue are folded alike, so the digraph rule is symmetric.
    package static func fold(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        fold(text, into: &out)
        return out
    }

    package static func fold(_ text: String, into out: inout [UInt8]) {
        spellOut(text, into: &out)
        collapseDigraphs(&out)
    }

    /// Lowercases, strips accents, and spells Danish letters out as the ids of SPEC §6 do:
    /// æ→ae, ø→oe, å→aa (`Århus` → `aarhus`).
    package static func spellOut(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        spellOut(text, into: &out)
        return out
    }

    static func spellOut(_ text: String, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        var utf8 = text
        let ascii = utf8.withUTF8 { bytes -> Bool in
            for b in bytes {
                if b >= 0x80 { return false }
                out.append(b >= 65 && b <= 90 ? b + 32 : b)
            }
            return true
        }
        if ascii { return }
        out.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 {
                let b = UInt8(v)
                out.append(b >= 65 && b <= 90 ? b + 32 : b)
                continue
            }
            switch v {
            case 0xC6, 0xE6: out += [97, 101]                 // æ
            case 0xD8, 0xF8: out += [111, 101]                // ø
            case 0xC5, 0xE5: out += [97, 97]                  // å
            case 0xDF: out += [115, 115]                      // ß
            case 0xB2: out.append(50)                         // ²
            default:
                // Other accented letters: drop the combining marks of the canonical decomposition.
                let decomposed = String(String.UnicodeScalarView(CanonicalDecomposition.of(scalar))).lowercased()
                for s in decomposed.unicodeScalars where !(0x300...0x36F).contains(s.value) {
                    if s.value < 0x80 { out.append(UInt8(s.value)) } else { out += Array(String(s).utf8) }
                }
            }
        }
    }

    /// oe→o and aa→a, in place, left to right.
    static func collapseDigraphs(_ out: inout [UInt8]) {
        var read = 0, write = 0
        let n = out.count
        while read < n {
            let b = out[read]
            out[write] = b
            write += 1
            if read + 1 < n, (b == 111 && out[read + 1] == 101) || (b == 97 && out[read + 1] == 97) { read += 2 } else { read += 1 }
        }
        out.removeSubrange(write...)
    }

    /// Words: runs of letters and digits (bytes ≥ 0x80 count as letters).
    package static func tokenRanges(_ folded: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        tokenRanges(folded, into: &ranges)
        return ranges
    }

    package static func tokenRanges(_ folded: [UInt8], into ranges: inout [Range<Int>]) {
        ranges.removeAll(keepingCapacity: true)
        var start = -1
        for (i, b) in folded.enumerated() {
            let wordByte = (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b >= 0x80
            if wordByte { if start < 0 { start = i } } else if start >= 0 { ranges.append(start..<i); start = -1 }
        }
        if start >= 0 { ranges.append(start..<folded.count) }
    }

    package static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return false }
        var start = haystack.startIndex
        while start + needle.count <= haystack.endIndex {
            if haystack[start] == first, haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }

    /// Whether `word` is at most one edit (insert, delete, substitute, swap of neighbours) from
    /// `target`, or with `prefixOfTarget`, from some prefix of it.
    package static func withinOneEdit(_ word: ArraySlice<UInt8>, _ target: ArraySlice<UInt8>, prefixOfTarget: Bool) -> Bool {
        let w = word.startIndex, t = target.startIndex
        let wc = word.count, tc = target.count
        func rest(_ i: Int, _ j: Int) -> Bool {
            let a = word[(w + min(i, wc))...], b = target[(t + min(j, tc))...]
            return prefixOfTarget ? b.starts(with: a) : a.elementsEqual(b)
        }
        var k = 0
        while k < wc, k < tc, word[w + k] == target[t + k] { k += 1 }
        if k == wc { return prefixOfTarget || tc - wc <= 1 }
        if k == tc { return wc - tc <= 1 }
        if rest(k + 1, k + 1) || rest(k + 1, k) || rest(k, k + 1) { return true }
        return k + 1 < wc && k + 1 < tc && word[w + k] == target[t + k + 1] && word[w + k + 1] == target[t + k] && rest(k + 2, k + 2)
    }
}
