import IslandCore

/// The names that the content states of one shape have held, sorted, each with its bytes as a
/// journal writes it: a state's keys are looked for among them by their bytes, in order.
///
/// A journal writes the states of one layout with the same names, sorted, line after line. A
/// key found here, after the one found before it, gets its string without being hashed or
/// made, and comes after every name the state holds without a comparison of strings (the
/// names here are sorted and each is here once); only a state with a name not here yet is
/// read name by name as before, and teaches its names for the next.
struct StateNames {
  /// A name's bytes, as a key writes them: plain data, so that looking for a key copies and
  /// counts no reference.
  struct Key {
    let bytes: ShortBytes
    /// The bits of a word that hold the name's first bytes (up to eight).
    let leadingBits: UInt64

    init(_ bytes: ShortBytes) {
      self.bytes = bytes
      leadingBits = bytes.count >= 8 ? ~0 : 1 << UInt64(8 * bytes.count) &- 1
    }
  }

  /// The names known, sorted by string, each once; and their keys at the same positions.
  private(set) var strings: [String] = []
  private(set) var keys: [Key] = []

  /// The most names kept: a shape whose states hold more names than this (generated keys)
  /// keeps those of its last state only.
  static let mostKept = 32

  /// The position, at or after `start`, of the name written by the key at the scanner's
  /// offset (its opening quote); nil when no name from `start` on is written so.
  @inline(__always)
  func position(ofKeyAt scanner: JSONScanner, from start: Int) -> Int? {
    let bytes = scanner.bytes
    let first = scanner.offset + 1
    guard first < bytes.count, bytes[first - 1] == UInt8(ascii: "\""),
      let leading = scanner.word(at: first)
    else { return nil }
    var position = start
    while position < keys.count {
      let key = keys[position]
      // The name's bytes hold no quote, backslash or control byte: the key is the name when
      // its closing quote follows them.
      if leading & key.leadingBits == key.bytes.words.0 {
        let end = first + key.bytes.count
        if end < bytes.count, bytes[end] == UInt8(ascii: "\""),
          key.bytes.count <= 8
            || ShortBytes(
              UnsafeBufferPointer(rebasing: bytes[first..<end]), readable: bytes.count - first)
              == key.bytes
        {
          return position
        }
      }
      position += 1
    }
    return nil
  }

  /// Learns the names of `state`: merged into those known, or, were they too many together,
  /// in their place. A name too long to keep or that a key writes with escapes is left out
  /// (its keys are read name by name).
  mutating func learn(_ state: ContentState) {
    var merged: [(String, Key)] = []
    merged.reserveCapacity(min(strings.count + state.fields.count, StateNames.mostKept))
    var known = 0
    for field in state.fields {
      while known < strings.count, strings[known] < field.name {
        merged.append((strings[known], keys[known]))
        known += 1
      }
      if known < strings.count, strings[known] == field.name {
        merged.append((strings[known], keys[known]))
        known += 1
      } else if let key = StateNames.key(field.name) {
        merged.append((field.name, key))
      }
    }
    while known < strings.count {
      merged.append((strings[known], keys[known]))
      known += 1
    }
    if merged.count > StateNames.mostKept {
      merged = Array(
        state.fields.lazy.compactMap { field in StateNames.key(field.name).map { (field.name, $0) }
        }
        .prefix(StateNames.mostKept))
    }
    strings = merged.map(\.0)
    keys = merged.map(\.1)
  }

  /// The key that writes `name`, when it is short enough to keep and a key writes it as it is
  /// (no quote, backslash or control byte).
  private static func key(_ name: String) -> Key? {
    var contiguous = name
    return contiguous.withUTF8 { utf8 in
      guard utf8.count <= RecentStrings.longestKept,
        JSONScanner.firstEscaped(in: utf8, from: 0) == utf8.count
      else { return nil }
      return Key(ShortBytes(utf8, readable: utf8.count))
    }
  }
}
