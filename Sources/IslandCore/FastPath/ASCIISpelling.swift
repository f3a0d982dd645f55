/// ``Spelling/suggestion(for:among:)`` for words of ASCII characters only, worked out on
/// their bytes: no lowercased copies, no arrays of characters, and a candidate's distance
/// measured only as far as it can still be close enough.
///
/// In ASCII, every byte is one character but for a carriage return, which joins a line feed
/// after it into one: words holding one are left to the plain path, and so is any word
/// beyond ASCII. Lowercasing is then only `A`-`Z`, and comparing, counting and testing a
/// prefix by characters is doing so by bytes.
struct ASCIISpelling {
  /// The typed word.
  private var word: String
  /// The candidates, in their order.
  private var candidates: [String]

  /// The suggestion for `word` among `candidates`, when all of them are plain ASCII.
  init?(word: String, candidates: [String]) {
    guard ASCIISpelling.isPlain(word), candidates.allSatisfy(ASCIISpelling.isPlain) else {
      return nil
    }
    self.word = word
    self.candidates = candidates
  }

  /// Whether every byte of `text` is an ASCII character of its own.
  private static func isPlain(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
  }

  /// The byte lowercased.
  static func lowered(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }

  /// ``Spelling/suggestion(for:among:)``, step for step.
  var suggestion: String? {
    var word = self.word
    return word.withUTF8 { typed in
      guard !typed.isEmpty else { return nil }
      if let same = firstIndex(where: { $0.count == typed.count && startsWith($0, typed) }) {
        return candidates[same]
      }
      if let first = firstIndex(where: { startsWith($0, typed) }) {
        let another = firstIndex(after: first) { startsWith($0, typed) } != nil
        if !another || typed.count >= 2 { return candidates[first] }
      }
      let limit = min(2, typed.count / 2)
      guard limit > 0 else { return nil }
      var rows = DistanceRows()
      var best: (index: Int, distance: Int)?
      for index in candidates.indices {
        var candidate = candidates[index]
        let distance = candidate.withUTF8 { other -> Int? in
          guard abs(other.count - typed.count) <= limit else { return nil }
          return rows.distance(typed, other, limit: limit)
        }
        if let distance, distance <= limit, distance < (best?.distance ?? Int.max) {
          best = (index, distance)
        }
      }
      return best.map { candidates[$0.index] }
    }
  }

  /// The index of the first candidate whose bytes pass `test`, after `start` (from the
  /// first when nil).
  private func firstIndex(
    after start: Int? = nil, where test: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Int? {
    for index in candidates.indices.dropFirst((start ?? -1) + 1) {
      var candidate = candidates[index]
      if candidate.withUTF8(test) { return index }
    }
    return nil
  }

  /// Whether `text` begins with `prefix`, ignoring case.
  private func startsWith(
    _ text: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard text.count >= prefix.count else { return false }
    for index in prefix.indices
    where ASCIISpelling.lowered(text[index]) != ASCIISpelling.lowered(prefix[index]) {
      return false
    }
    return true
  }
}

/// The two rows of Levenshtein's table, kept from one candidate to the next.
private struct DistanceRows {
  private var previous: [Int] = []
  private var current: [Int] = []

  /// The edit distance of `left` and `right` (ignoring case), or, once every entry of a row
  /// is over `limit`, a distance over `limit`: the entries of later rows are never smaller.
  mutating func distance(
    _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>, limit: Int
  ) -> Int {
    previous.removeAll(keepingCapacity: true)
    previous.append(contentsOf: 0...right.count)
    current.removeAll(keepingCapacity: true)
    current.append(contentsOf: repeatElement(0, count: right.count + 1))
    for i in left.indices {
      current[0] = i + 1
      var smallest = current[0]
      let leftByte = ASCIISpelling.lowered(left[i])
      for j in right.indices {
        let substitution = previous[j] + (leftByte == ASCIISpelling.lowered(right[j]) ? 0 : 1)
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, substitution)
        smallest = min(smallest, current[j + 1])
      }
      if smallest > limit { return limit + 1 }
      swap(&previous, &current)
    }
    return previous[right.count]
  }
}
