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

  /// A start names its first field whose name is not a field name, whatever its layout: the
  /// names of the fields a built-in layout reads are not checked again (the layouts name
  /// them with field names), those of the others are, in order, and before the layout is
  /// found unknown.
  @Test func aStartNamesItsFirstFieldWhoseNameIsNotAFieldNameWhateverItsLayout() {
    #expect(IslandState.builtInLayoutsReadFieldNames)
    let score: [(String, ContentValue)] = [
      ("away", .number(0)), ("awayTeam", .string("AWY")), ("clock", .string("1'")),
      ("home", .number(0)), ("homeTeam", .string("HOM")),
    ]
    let layouts: [LayoutReference?] = [.named("score"), .named("ride"), .named("none"), nil]
    for bad in [["9lives"], ["clock-2"], ["zz-z"], ["9lives", "zz-z"], ["é!", "a-b"]] {
      let state = ContentState(score + bad.map { ($0, ContentValue.number(1)) })
      let first = state.fields.first { !Template.isFieldName($0.name) }?.name
      for layout in layouts {
        var island = IslandState()
        let start = Start(activity: "a", app: "com.x", state: state, layout: layout)
        #expect(throws: Rejection(event: "start", reason: .invalidFieldName(first ?? ""))) {
          try island.fold(.start(start), at: 0)
        }
      }
    }
    var island = IslandState()
    let start = Start(
      activity: "a", app: "com.x", state: ContentState(score), layout: .named("score"))
    #expect((try? island.fold(.start(start), at: 0)) != nil)
  }
}
