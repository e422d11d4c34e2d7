import AkkordKit

/// Damerau–Levenshtein distance of two words (`EditDistance`).
func editDistance(_ a: String, _ b: String) -> Int { EditDistance.between(a, b) }

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
