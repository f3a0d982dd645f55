import IslandCore
import Testing

/// Did-you-mean (``Spelling``), against the plain definition: the candidates too far in
/// length are skipped, and the edit table is kept in two rows, without changing a result.
@Suite struct SpellingDefinitionTests {
  @Test func editDistancesAreLevenshteins() {
    #expect(Spelling.editDistance("kitten", "sitting") == 3)
    #expect(Spelling.editDistance("", "abc") == 3)
    #expect(Spelling.editDistance("abc", "") == 3)
    #expect(Spelling.editDistance("flaw", "lawn") == 2)
    #expect(Spelling.editDistance("minutesleft", "minutesleft") == 0)
    #expect(Spelling.editDistance("é", "e") == 1)
  }

  /// The suggestion as the rule defines it, every candidate measured by a whole table.
  static func plainSuggestion(for word: String, among candidates: [String]) -> String? {
    let typed = word.lowercased()
    guard !typed.isEmpty else { return nil }
    let lowered = candidates.map { $0.lowercased() }
    if let same = lowered.firstIndex(of: typed) { return candidates[same] }
    let prefixed = lowered.indices.filter { lowered[$0].hasPrefix(typed) }
    if let first = prefixed.first, prefixed.count == 1 || typed.count >= 2 {
      return candidates[first]
    }
    let limit = min(2, typed.count / 2)
    var best: (index: Int, distance: Int)?
    for index in lowered.indices {
      let distance = plainDistance(Array(typed), Array(lowered[index]))
      if distance <= limit, distance < (best?.distance ?? Int.max) { best = (index, distance) }
    }
    return best.map { candidates[$0.index] }
  }

  /// Levenshtein's distance by its recurrence, the whole table kept.
  static func plainDistance(_ left: [Character], _ right: [Character]) -> Int {
    var table = [[Int]](
      repeating: [Int](repeating: 0, count: right.count + 1), count: left.count + 1)
    for i in 0...left.count { table[i][0] = i }
    for j in 0...right.count { table[0][j] = j }
    for i in stride(from: 1, through: left.count, by: 1) {
      for j in stride(from: 1, through: right.count, by: 1) {
        table[i][j] = min(
          table[i - 1][j] + 1, table[i][j - 1] + 1,
          table[i - 1][j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1))
      }
    }
    return table[left.count][right.count]
  }

  /// Letters of words beyond ASCII, and of ASCII words: capitals, a carriage return and a
  /// line feed (one character when together), so that the fast path for ASCII words
  /// (``Spelling/suggestion(for:among:)``) and the plain one both meet them.
  static let alphabets: [[Character]] = [
    ["a", "b", "c", "A", "é", "_"], ["a", "b", "C", "B", "-", "1", "\r", "\n"],
    ["m", "i", "n", "u", "t", "e", "s", "L", "E", "f"],
  ]

  @Test(arguments: alphabets) func suggestionsAreThePlainDefinitions(letters: [Character]) {
    var state: UInt64 = 7
    func below(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func word() -> String {
      String((0..<below(letters.count + 1)).map { _ in letters[below(letters.count)] })
    }
    for _ in 0..<2_000 {
      let typed = word()
      let candidates = (0..<below(5)).map { _ in word() }
      let suggestion = Spelling.suggestion(for: typed, among: candidates)
      #expect(
        suggestion == SpellingDefinitionTests.plainSuggestion(for: typed, among: candidates),
        "\(typed) among \(candidates)")
      #expect(
        suggestion == Spelling.plainSuggestion(for: typed, among: candidates),
        "\(typed) among \(candidates)")
      let other = word()
      #expect(
        Spelling.editDistance(typed, other)
          == SpellingDefinitionTests.plainDistance(Array(typed), Array(other)))
    }
  }
}
