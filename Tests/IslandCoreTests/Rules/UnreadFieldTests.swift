import Testing

@testable import IslandCore

@Suite("An update adding a field the layout does not read")
struct UnreadFieldRuleTests {
  @Test("a mistyped field is accepted, with a warning naming the field it was meant to be")
  func mistypedField() throws {
    var island = Island()
    island.at(0, PresentationFixture.delivery("order42"))
    let applied = island.at(1, update("order42", state: ["minutesleft": 3]))
    let outcome = try #require(applied)
    let expected = Warning(
      seq: 2,
      kind: .unreadField(activity: "order42", field: "minutesleft", suggestion: "minutesLeft"))
    #expect(outcome.warnings == [expected])
    #expect(island.state.warnings.last == expected)
    #expect(
      expected.message
        == "update of \"order42\" adds field \"minutesleft\", which its layout does not read: "
        + "nothing shows it (did you mean \"minutesLeft\"?)")
    // The field is in the state, and nothing on screen changed.
    #expect(island.state.activity("order42")?.content["minutesleft"] == 3)
    #expect(island.state.activity("order42")?.content["minutesLeft"] == 20)
    #expect(island.state.transitions.isEmpty)
    // The state's JSON carries it, as every warning.
    #expect(island.state.json.compactText.contains("\"type\":\"unreadField\""))
  }

  @Test("a field far from every field the layout reads is named without a suggestion")
  func unrelatedField() throws {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    let applied = island.at(1, update("pizza", state: ["courierPhone": "555"]))
    let outcome = try #require(applied)
    #expect(
      outcome.warnings == [
        Warning(
          seq: 2, kind: .unreadField(activity: "pizza", field: "courierPhone", suggestion: nil))
      ])
  }

  @Test("fields the layout reads, or that were there already, raise nothing")
  func readOrPresentFields() throws {
    var island = Island()
    island.at(0, start("pizza", app: "com.example.food", state: ["n": 1], layout: nil))
    #expect(island.at(1, update("pizza", state: ["n": 2]))?.warnings == [])
    island.at(2, PresentationFixture.delivery("order", app: "com.example.other"))
    #expect(island.at(3, update("order", state: ["minutesLeft": 3]))?.warnings == [])
  }

  @Test("the default layout is made from the start's fields: one added later is not shown")
  func defaultLayout() throws {
    var island = Island()
    island.at(0, start("a", app: "com.x", state: ["n": 1], layout: nil))
    #expect(
      island.at(1, update("a", state: ["m": 2]))?.warnings == [
        Warning(seq: 2, kind: .unreadField(activity: "a", field: "m", suggestion: nil))
      ])
  }

  @Test("short lists searched and long ones hashed give the warnings the plain definition does")
  func shortAndLongListsAgree() {
    var draws = Draws(state: 31)
    let names = ["eta", "etas", "Eta", "step", "steps", "note0", "note1", "title", "t", "x"]
    for round in 0..<1_000 {
      // Both sides of the lists' bounds: up to 24 added names, up to 40 read.
      let added = (0..<(1 + draws.below(24))).map { _ in names[draws.below(names.count)] }
      var read: [String] = []
      for _ in 0..<draws.below(41) {
        let name = "\(names[draws.below(names.count)])\(draws.below(4))"
        if !read.contains(name) { read.append(name) }
      }
      if round % 2 == 0, let first = added.first { read.append(first) }
      let readNames = Set(read)
      let addedNames = Set(added)
      let candidates = read.filter { !addedNames.contains($0) }
      let expected = added.filter { !readNames.contains($0) }.map { field in
        Warning(
          seq: 7,
          kind: .unreadField(
            activity: "a", field: field,
            suggestion: Spelling.suggestion(for: field, among: candidates)))
      }
      #expect(
        UnreadFieldRule.warnings(added: added, read: read, activity: "a", seq: 7) == expected,
        "added \(added), read \(read)")
    }
  }
}

@Suite("Did-you-mean")
struct SpellingTests {
  @Test("case, a unique prefix, or a few edits away; nothing when none is close")
  func suggestions() {
    #expect(
      Spelling.suggestion(for: "minutesleft", among: ["minutesLeft", "statusText"])
        == "minutesLeft")
    #expect(Spelling.suggestion(for: "q", among: ["?", "quit", "help"]) == "quit")
    #expect(Spelling.suggestion(for: "--stail", among: ["--stale", "--layout"]) == "--stale")
    #expect(Spelling.suggestion(for: "updte", among: ["start", "update"]) == "update")
    #expect(Spelling.suggestion(for: "x", among: ["?", "at"]) == nil)
    #expect(Spelling.suggestion(for: "frobnicate", among: ["start", "update"]) == nil)
    #expect(Spelling.editDistance("kitten", "sitting") == 3)
  }

}
