import Foundation

/// Finds activities by pos and name, best match first (SPEC §7): case- and accent-insensitive
/// (`aa` finds `å`), whole words, prefixes and compounds (`underfelt` finds "Under felt"), and one
/// typo per word of four letters or more (`undrfelt`). Every query word must match.
public struct CatalogueSearch: Sendable {
    public struct Hit: Equatable, Sendable {
        public let activity: Activity
        public let score: Int
    }

    private let activities: [Activity]

    public init(_ catalogue: Catalogue) { activities = catalogue.activities }

    public func search(_ query: String, limit: Int? = nil) -> [Hit] {
        let words = SearchText.tokens(SearchText.fold(query))
        guard !words.isEmpty else { return [] }
        var hits: [Hit] = []
        for activity in activities {
            let pos = SearchText.fold(activity.pos)
            let tokens = SearchText.tokens(SearchText.fold(activity.name))
            var total = 0
            for word in words {
                let s = Self.score(word, pos: pos, tokens: tokens)
                if s == 0 { total = 0; break }
                total += s
            }
            if total > 0 { hits.append(Hit(activity: activity, score: total)) }
        }
        hits.sort { $0.score != $1.score ? $0.score > $1.score : NaturalOrder.less($0.activity.pos, $1.activity.pos) }
        if let limit, hits.count > limit { hits.removeSubrange(limit...) }
        return hits
    }

    static func score(_ word: [UInt8], pos: [UInt8], tokens: [[UInt8]]) -> Int {
        if word == pos { return 100 }
        if pos.starts(with: word) { return 60 }
        var best = 0
        for (i, token) in tokens.enumerated() {
            if token == word { return 30 }
            if token.starts(with: word) { best = max(best, 20) }
            if best < 18, i + 1 < tokens.count, word.count > token.count, word.starts(with: token) {
                // A compound written as one word: "underfelt" for "under felt".
                var joined = token
                for next in tokens[(i + 1)...].prefix(2) {
                    joined += next
                    if joined.starts(with: word) || joined == word { best = max(best, 18); break }
                }
            }
            if best < 10, word.count >= 3, token.count > word.count, SearchText.contains(token, word) { best = max(best, 10) }
        }
        if best > 0 || word.count < 4 { return best }
        for (i, token) in tokens.enumerated() {
            if SearchText.withinOneEdit(word, token, prefixOfTarget: true) { return 5 }
            if i + 1 < tokens.count {
                let joined = token + tokens[i + 1]
                if SearchText.withinOneEdit(word, joined, prefixOfTarget: true) { return 5 }
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
        out.reserveCapacity(text.utf8.count)
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
        return out
    }

    /// Words: runs of letters and digits (bytes ≥ 0x80 count as letters).
    static func tokens(_ folded: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = [], current: [UInt8] = []
        for b in folded {
            if (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b >= 0x80 { current.append(b) } else if !current.isEmpty {
                result.append(current); current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// Whether `word` is at most one edit (insert, delete, substitute, swap of neighbours) from
    /// `target`, or with `prefixOfTarget`, from some prefix of it.
    static func withinOneEdit(_ word: [UInt8], _ target: [UInt8], prefixOfTarget: Bool) -> Bool {
        func rest(_ i: Int, _ j: Int) -> Bool {
            let a = word[min(i, word.count)...], b = target[min(j, target.count)...]
            return prefixOfTarget ? b.starts(with: a) : a.elementsEqual(b)
        }
        var k = 0
        while k < word.count, k < target.count, word[k] == target[k] { k += 1 }
        if k == word.count { return prefixOfTarget || target.count - word.count <= 1 }
        if k == target.count { return word.count - target.count <= 1 }
        if rest(k + 1, k + 1) || rest(k + 1, k) || rest(k, k + 1) { return true }
        return k + 1 < word.count && k + 1 < target.count && word[k] == target[k + 1] && word[k + 1] == target[k] && rest(k + 2, k + 2)
    }
}

extension Catalogue {
    /// The activity with this pos, or an error that suggests the closest activities.
    public func requireActivity(pos: String) throws -> Activity {
        if let a = activity(pos: pos) { return a }
        let suggestions = CatalogueSearch(self).search(pos, limit: 3).map { "\($0.activity.pos) \($0.activity.name)" }
        throw FailureError("no activity with pos \"\(pos)\" in the catalogue \"\(name)\"",
                           hint: suggestions.isEmpty ? "search with: akkord catalogue search WORDS"
                                                     : "did you mean " + suggestions.joined(separator: "; ") + "?")
    }
}
