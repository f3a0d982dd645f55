import IslandCore
import IslandJournal
import IslandProperties
import Testing

/// The decoder's recent strings hand out a string made before only for the very same bytes.
@Suite struct RecentStringsTests {
  /// `text`'s string through `strings`, and whether it was made anew.
  static func string(_ text: String, _ strings: inout RecentStrings) -> (String, made: Bool) {
    var made = false
    let string = Array(text.utf8).withUnsafeBufferPointer { bytes in
      strings.string(bytes) { () -> String in
        made = true
        return String(decoding: bytes, as: UTF8.self)
      }
    }
    return (string, made)
  }

  @Test func theSameBytesGiveTheStringMadeBefore() {
    var strings = RecentStrings(slotBits: 4)
    #expect(Self.string("Out for delivery", &strings) == ("Out for delivery", true))
    #expect(Self.string("Out for delivery", &strings) == ("Out for delivery", false))
    #expect(Self.string("", &strings) == ("", true))
    #expect(Self.string("", &strings) == ("", false))
  }

  /// Strings that differ only in their last bytes (`com.example.app1` to `app9`, `wide1` to
  /// `wide9`) hash to slots of their own, so that each keeps being found while the others
  /// come and go.
  @Test func stringsThatDifferInTheirLastByteKeepSlotsOfTheirOwn() {
    var strings = RecentStrings(slotBits: 10)
    for prefix in ["com.example.app", "wide", "order-256a9d25fc7e"] {
      let texts = (1...9).map { prefix + String($0) }
      for text in texts { _ = Self.string(text, &strings) }
      for text in texts { #expect(!Self.string(text, &strings).made, "\(text)") }
    }
  }

  @Test func otherBytesNeverGetAnotherString() {
    // Few slots, so that strings share them; lengths around the word sizes and the limit.
    var strings = RecentStrings(slotBits: 2)
    var random = SplitMix64(seed: 7)
    let letters = Array("ab\u{0}é".utf8)
    for _ in 0..<20_000 {
      let count = Int(random.next() % 36)
      let bytes = (0..<count).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(Self.string(text, &strings).0 == text)
    }
  }

  /// Bytes read in place, with more readable bytes after them (the rest of a line), are
  /// told apart by themselves alone: what follows them never makes a string found again,
  /// nor keeps one from being found.
  @Test func bytesReadInPlaceAreToldApartByThemselvesAlone() {
    var inPlace = RecentStrings(slotBits: 2)
    var copied = RecentStrings(slotBits: 2)
    var random = SplitMix64(seed: 8)
    let letters = Array("ab\u{0}é\"".utf8)
    for _ in 0..<20_000 {
      let count = Int(random.next() % 36)
      let line = (0..<count + Int(random.next() % 12)).map { _ in
        letters[Int(random.next() % UInt64(letters.count))]
      }
      let text = String(decoding: line[..<count], as: UTF8.self)
      let (string, made, madeCopied) = line.withUnsafeBufferPointer { buffer in
        let bytes = UnsafeBufferPointer(rebasing: buffer[..<count])
        var made = false
        var madeCopied = false
        let string = inPlace.string(bytes, readable: buffer.count) { () -> String in
          made = true
          return text
        }
        _ = copied.string(bytes) { () -> String in
          madeCopied = true
          return text
        }
        return (string, made, madeCopied)
      }
      #expect(string == text)
      #expect(made == madeCopied, "\(text)")
    }
  }

  @Test func longStringsAndNoSlotsAreAlwaysMadeAnew() {
    var long = RecentStrings(slotBits: 4)
    let sentence = String(repeating: "x", count: RecentStrings.longestKept + 1)
    #expect(Self.string(sentence, &long).made)
    #expect(Self.string(sentence, &long).made)
    var none = RecentStrings(slotBits: 0)
    #expect(Self.string("act1", &none).made)
    #expect(Self.string("act1", &none).made)
  }
}
