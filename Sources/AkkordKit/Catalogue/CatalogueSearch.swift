import AkkordSupport
import AkkordModel


/// Finds activities by pos, name (the handbook's own and its translations') and keywords, best
/// match first: case- and accent-insensitive, Danish letters folded both ways (`o`/`oe` find `ø`,
/// `a`/`aa` find `å`, `ae` finds `æ`), whole words, prefixes and compounds (`underfelt` finds
/// "Under felt"), and one typo per word of four letters or more (`undrfelt`). Every query word
/// must match.
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
                SearchText.fold(activities[i].searchText, into: &name)
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

extension Activity {
    /// What search matches besides the pos: the name, its translations' names (SPEC §15: both
    /// languages), then the keywords.
    var searchText: String {
        if keywords.isEmpty && translations.isEmpty { return name }
        return ([name] + translations.keys.sorted().map { translations[$0]!.name } + keywords).joined(separator: " ")
    }
}

extension Catalogue {
    /// The activity with this pos, or an error that suggests the closest activities: the pos
    /// written with a decimal comma (`2,01` for `2.01`), a pos that differs only in leading zeros
    /// (`2.4` for `2.04`), then search matches.
    public func requireActivity(pos: String) throws -> Activity {
        if let a = activity(pos: pos) { return a }
        var suggestions = activity(pos: String(pos.map { $0 == "," ? "." : $0 })).map { [$0] } ?? []
        for a in activities where NaturalOrder.compare(a.pos, pos) == 0 && !suggestions.contains(a) { suggestions.append(a) }
        for hit in CatalogueSearch(self).search(pos, limit: 3) where !suggestions.contains(hit.activity) {
            suggestions.append(hit.activity)
        }
        throw AkkordError.activityNotFound(pos: pos, catalogue: name, suggestions: Array(suggestions.prefix(3)))
    }
}
