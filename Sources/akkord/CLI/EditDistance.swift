/// Damerau–Levenshtein distance (optimal string alignment): the fewest inserts, deletes,
/// substitutions and swaps of neighbouring characters that turn `a` into `b`.
func editDistance(_ a: String, _ b: String) -> Int {
    let s = Array(a), t = Array(b)
    if s.isEmpty { return t.count }
    if t.isEmpty { return s.count }
    var d = Array(repeating: Array(repeating: 0, count: t.count + 1), count: s.count + 1)
    for i in 0...s.count { d[i][0] = i }
    for j in 0...t.count { d[0][j] = j }
    for i in 1...s.count {
        for j in 1...t.count {
            let cost = s[i - 1] == t[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[s.count][t.count]
}

/// The candidate closest to `word` by `editDistance` when it is within `maxDistance`;
/// on a tie the first in `candidates` wins. Leading dashes are ignored on both sides.
func closestName(to word: String, among candidates: [String], maxDistance: Int = 2) -> String? {
    func bare(_ s: String) -> String { String(s.drop(while: { $0 == "-" })) }
    let target = bare(word)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(target, bare(candidate))
        if distance <= maxDistance, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    return best?.name
}
