/// Did-you-mean: the word a mistyped one was meant to be. One helper for every place that
/// suggests: a state field a layout does not read (`minutesleft`: `minutesLeft`), a REPL
/// command (`q`: `quit`), a command-line option (`--stail`: `--stale`).
public enum Spelling {
  /// The candidate `word` is closest to, when one is close enough to be meant: the same word
  /// but for case; else the one candidate it begins (or, for two letters or more, the first it
  /// begins); else the nearest by edits (insertions, deletions, substitutions, ignoring case),
  /// at most 2 and at most half the word's length, the first of equals. Nil when none is.
  public static func suggestion(for word: String, among candidates: [String]) -> String? {
    if let ascii = ASCIISpelling(word: word, candidates: candidates) { return ascii.suggestion }
    return plainSuggestion(for: word, among: candidates)
  }

  /// ``suggestion(for:among:)`` by characters, for any words (the fast path,
  /// ``ASCIISpelling``, gives the same for ASCII ones).
  package static func plainSuggestion(for word: String, among candidates: [String]) -> String? {
    let typed = word.lowercased()
    guard !typed.isEmpty else { return nil }
    let lowered = candidates.map { $0.lowercased() }
    if let same = lowered.firstIndex(of: typed) { return candidates[same] }
    let prefixed = lowered.indices.filter { lowered[$0].hasPrefix(typed) }
    if let first = prefixed.first, prefixed.count == 1 || typed.count >= 2 {
      return candidates[first]
    }
    let length = typed.count
    let limit = min(2, length / 2)
    // No other word is 0 edits away, and none is within `limit` edits when the lengths differ
    // by more: such candidates are not measured.
    guard limit > 0 else { return nil }
    var best: (index: Int, distance: Int)?
    for index in lowered.indices where abs(lowered[index].count - length) <= limit {
      let distance = editDistance(typed, lowered[index])
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (index, distance)
      }
    }
    return best.map { candidates[$0.index] }
  }

  /// The fewest insertions, deletions and substitutions of characters that turn `left` into
  /// `right` (Levenshtein), in time proportional to the product of their lengths.
  public static func editDistance(_ left: String, _ right: String) -> Int {
    let left = Array(left)
    let right = Array(right)
    // Two rows of the table, the one before and the one being filled, swapped row by row.
    var previous = Array(0...right.count)
    var current = Array(repeating: 0, count: right.count + 1)
    for (i, leftCharacter) in left.enumerated() {
      current[0] = i + 1
      for (j, rightCharacter) in right.enumerated() {
        let substitution = previous[j] + (leftCharacter == rightCharacter ? 0 : 1)
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[right.count]
  }
}
