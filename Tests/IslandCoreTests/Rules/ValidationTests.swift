import Testing

@testable import IslandCore

/// Rules/Validation.swift: the characters an activity id and a bundle id may hold, each
/// ASCII character tried alone and inside a valid one, against the rule as Part 2 spells it.
@Suite struct ValidationTests {
  static let letters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
  static let digits = Set("0123456789")

  @Test func anActivityIDHoldsLettersDigitsAndDotUnderscoreHyphenColon() {
    let allowed = Self.letters.union(Self.digits).union(".-_:")
    for code in UInt8(0)..<0x80 {
      let character = Character(Unicode.Scalar(code))
      for id in [String(character), "a\(character)b"] {
        let accepted = (try? Validation.checkActivityID(id)) != nil
        #expect(accepted == allowed.contains(character), "\(id.debugDescription)")
      }
    }
    #expect((try? Validation.checkActivityID(String(repeating: "a", count: 64))) != nil)
    #expect((try? Validation.checkActivityID(String(repeating: "a", count: 65))) == nil)
    #expect((try? Validation.checkActivityID("")) == nil)
    #expect((try? Validation.checkActivityID("é")) == nil)
  }

  @Test func aBundleIDHoldsLettersDigitsDotAndHyphenAndStartsWithALetter() {
    let allowed = Self.letters.union(Self.digits).union(".-")
    for code in UInt8(0)..<0x80 {
      let character = Character(Unicode.Scalar(code))
      let inside = (try? Validation.checkApp("a\(character)b")) != nil
      #expect(inside == allowed.contains(character), "\(character.debugDescription)")
      let first = (try? Validation.checkApp("\(character)b")) != nil
      #expect(first == Self.letters.contains(character), "\(character.debugDescription)")
    }
    #expect((try? Validation.checkApp("c" + String(repeating: "a", count: 154))) != nil)
    #expect((try? Validation.checkApp("c" + String(repeating: "a", count: 155))) == nil)
  }
}
