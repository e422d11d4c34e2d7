import Foundation

/// Finds activities by pos and name, best match first (SPEC §7): case- and accent-insensitive
/// (`aa` finds `å`), whole words, prefixes and compounds (`underfelt` finds "Under felt"), and one
/// typo per word of four letters or more (`undrfelt`). Every query word must match.
public struct CatalogueSearch: Sendable {
    public struct Hit: Equatable, Sendable {
        public let activity: Activity
        public let score: Int
    }

    /// Where the activities come from: a catalogue in memory, or a catalogue index, which is
    /// searched without making an `Activity` for anything but the hits.
    private enum Source {
        case catalogue([Activity])
        case index(CatalogueIndex)
    }
    private let source: Source

    public init(_ catalogue: Catalogue) { source = .catalogue(catalogue.activities) }
    public init(_ index: CatalogueIndex) { source = .index(index) }

    public func search(_ query: String, limit: Int? = nil) -> [Hit] {
        // Words are split at spaces; a word is matched whole against the pos, and by its
        // letter-and-digit parts against the name ("1.01" is a pos; "felt," is "felt").
        let words: [(whole: [UInt8], parts: [[UInt8]])] = query.split(whereSeparator: \.isWhitespace).compactMap { word in
            let folded = SearchText.fold(String(word))
            let parts = SearchText.tokenRanges(folded).map { Array(folded[$0]) }
            return parts.isEmpty ? nil : (folded, parts)
        }
        guard !words.isEmpty else { return [] }
        var found: [(index: Int, score: Int)] = []
        var name: [UInt8] = [], pos: [UInt8] = [], tokens: [Range<Int>] = [], scratch: [UInt8] = []
        let count: Int
        switch source {
        case .catalogue(let activities): count = activities.count
        case .index(let index): count = index.count
        }
        for i in 0..<count {
            switch source {
            case .catalogue(let activities):
                SearchText.fold(activities[i].pos, into: &pos)
                SearchText.fold(activities[i].name, into: &name)
            case .index(let index):
                index.folded(i, pos: &pos, name: &name)
            }
            SearchText.tokenRanges(name, into: &tokens)
            var total = 0
            for word in words {
                var s = word.whole == pos ? 100 : pos.starts(with: word.whole) ? 60 : 0
                if s == 0 {
                    for part in word.parts {
                        let p = Self.score(part, pos: pos, name: name, tokens: tokens, scratch: &scratch)
                        if p == 0 { s = 0; break }
                        s += p
                    }
                }
                if s == 0 { total = 0; break }
                total += s
            }
            if total > 0 { found.append((i, total)) }
        }
        // Only candidates that can reach the first `limit` places become activities: those
        // scoring at least the limit-th best score (ties are then ordered by pos).
        if let limit, found.count > limit {
            let cutoff = found.map(\.score).sorted(by: >)[limit - 1]
            found.removeAll { $0.score < cutoff }
        }
        var hits = found.map { hit -> Hit in
            switch source {
            case .catalogue(let activities): return Hit(activity: activities[hit.index], score: hit.score)
            case .index(let index): return Hit(activity: index.activity(hit.index), score: hit.score)
            }
        }
        hits.sort { $0.score != $1.score ? $0.score > $1.score : NaturalOrder.less($0.activity.pos, $1.activity.pos) }
        if let limit, hits.count > limit { hits.removeSubrange(limit...) }
        return hits
    }

    /// How well one query word matches: pos exact 100, pos prefix 60, word 30, word prefix 20,
    /// compound 18, inside a word 10, one typo 5, no match 0.
    static func score(_ word: [UInt8], pos: [UInt8], name: [UInt8], tokens: [Range<Int>], scratch: inout [UInt8]) -> Int {
        if word == pos { return 100 }
        if pos.starts(with: word) { return 60 }
        var best = 0
        for (i, range) in tokens.enumerated() {
            let token = name[range]
            if token.elementsEqual(word) { return 30 }
            if token.starts(with: word) { best = max(best, 20); continue }
            if best < 18, i + 1 < tokens.count, word.count > token.count, word.starts(with: token) {
                // A compound written as one word: "underfelt" for "under felt".
                scratch.removeAll(keepingCapacity: true)
                scratch += token
                for next in tokens[(i + 1)...].prefix(2) {
                    scratch += name[next]
                    if scratch.starts(with: word) { best = 18; break }
                }
            }
            if best < 10, word.count >= 3, token.count > word.count, SearchText.contains(token, word) { best = 10 }
        }
        if best > 0 || word.count < 4 { return best }
        let w0 = word[0], w1 = word[1]
        for (i, range) in tokens.enumerated() {
            // One edit near the start still leaves w0 or w1 among the token's first two bytes.
            let t0 = name[range.lowerBound], t1 = range.count > 1 ? name[range.lowerBound + 1] : 0
            guard t0 == w0 || t0 == w1 || t1 == w0 || t1 == w1 else { continue }
            if SearchText.withinOneEdit(word[...], name[range], prefixOfTarget: true) { return 5 }
            if i + 1 < tokens.count {
                scratch.removeAll(keepingCapacity: true)
                scratch += name[range]
                scratch += name[tokens[i + 1]]
                if SearchText.withinOneEdit(word[...], scratch[...], prefixOfTarget: true) { return 5 }
            }
        }
        return 0
    }
}

/// Text folding and matching on bytes, for speed over large catalogues.
enum SearchText {
    /// Lowercases, strips accents, and spells Danish letters out: æ→ae, ø→oe, å→aa.
    static func fold(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        fold(text, into: &out)
        return out
    }

    static func fold(_ text: String, into out: inout [UInt8]) {
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
                let decomposed = String(scalar).decomposedStringWithCanonicalMapping.lowercased()
                for s in decomposed.unicodeScalars where !(0x300...0x36F).contains(s.value) {
                    if s.value < 0x80 { out.append(UInt8(s.value)) } else { out += Array(String(s).utf8) }
                }
            }
        }
    }

    /// Words: runs of letters and digits (bytes ≥ 0x80 count as letters).
    static func tokenRanges(_ folded: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        tokenRanges(folded, into: &ranges)
        return ranges
    }

    static func tokenRanges(_ folded: [UInt8], into ranges: inout [Range<Int>]) {
        ranges.removeAll(keepingCapacity: true)
        var start = -1
        for (i, b) in folded.enumerated() {
            let wordByte = (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b >= 0x80
            if wordByte { if start < 0 { start = i } } else if start >= 0 { ranges.append(start..<i); start = -1 }
        }
        if start >= 0 { ranges.append(start..<folded.count) }
    }

    static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
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
    static func withinOneEdit(_ word: ArraySlice<UInt8>, _ target: ArraySlice<UInt8>, prefixOfTarget: Bool) -> Bool {
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

extension Catalogue {
    /// The activity with this pos, or an error that suggests the closest activities:
    /// a pos that differs only in leading zeros (`2.4` for `2.04`), then search matches.
    public func requireActivity(pos: String) throws -> Activity {
        if let a = activity(pos: pos) { return a }
        var suggestions = activities.filter { NaturalOrder.compare($0.pos, pos) == 0 }
        for hit in CatalogueSearch(self).search(pos, limit: 3) where !suggestions.contains(hit.activity) {
            suggestions.append(hit.activity)
        }
        throw FailureError(
            "no activity with pos \"\(pos)\" in the catalogue \"\(name)\"",
            hint: suggestions.isEmpty ? "find it with: akkord catalogue search WORDS"
                : "did you mean " + suggestions.prefix(3).map { "\($0.pos) \($0.name)" }.joined(separator: "; ") + "?")
    }
}
