/// The bytes of a short string (up to ``RecentStrings/longestKept``) and their count, as
/// words, zero after their end: plain data, so that comparing two copies and counts no
/// reference.
struct ShortBytes: Equatable {
  /// The bytes of a string of up to ``RecentStrings/longestKept`` bytes, the first lowest.
  typealias Words = (UInt64, UInt64, UInt64, UInt64)

  /// The number of bytes; -1 for no bytes at all, which no string has.
  private(set) var count = -1
  private(set) var words: Words = (0, 0, 0, 0)

  /// No bytes at all: equal to no string's.
  init() {}

  /// The bytes (up to ``RecentStrings/longestKept``), where the `readable` bytes from their
  /// start (as many or more: the rest of the line they are in) may be read: each word is
  /// loaded in place when they hold it whole, else copied out.
  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int) {
    count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else {
      words = (0, 0, 0, 0)
      return
    }
    guard (count + 7) / 8 * 8 <= readable else {
      withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
      return
    }
    let raw = UnsafeRawPointer(base)
    func load(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    words.0 = load(0)
    if count > 8 { words.1 = load(8) }
    if count > 16 { words.2 = load(16) }
    if count > 24 { words.3 = load(24) }
    // The bytes after the end, in the last word, are cleared.
    let kept = count - (count - 1) / 8 * 8
    let mask: UInt64 = kept == 8 ? ~0 : 1 << UInt64(8 * kept) &- 1
    switch (count - 1) / 8 {
    case 0: words.0 &= mask
    case 1: words.1 &= mask
    case 2: words.2 &= mask
    default: words.3 &= mask
    }
  }

  static func == (left: ShortBytes, right: ShortBytes) -> Bool {
    left.count == right.count && left.words == right.words
  }
}
