import IslandCore
import Testing

// Rules/Update.swift and FastPath/ContentChange.swift: Part 2, "Update transitions".

@Suite("Content transitions")
struct ContentTransitionTests {
  @Test("only digits changed: numericText, in every zone that shows them")
  func numericText() {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    island.at(1, update("pizza", state: ["minutesLeft": 9]))
    #expect(
      island.state.transitions == [
        Transition(
          activity: "pizza", zone: .compactTrailing, kind: .numericText, from: "20м", to: "9м"),
        Transition(
          activity: "pizza", zone: .trailing, kind: .numericText, from: "[clock] 20 мин",
          to: "[clock] 9 мин"),
      ])
  }

  @Test("a progress bar that moves is numeric text too")
  func progressIsNumeric() {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    island.at(1, update("pizza", state: ["deliveryProgress": 0.5]))
    #expect(
      island.state.transitions == [
        Transition(
          activity: "pizza", zone: .bottom, kind: .numericText, from: "[progress 10%] Cooking",
          to: "[progress 50%] Cooking")
      ])
  }

  @Test("text that changes otherwise: crossfade")
  func crossfade() {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    island.at(
      1, update("pizza", state: ["statusText": "On the way", "orderStatusIcon": "bicycle"]))
    #expect(
      island.state.transitions == [
        Transition(
          activity: "pizza", zone: .leading, kind: .crossfade, from: "[flame.fill]",
          to: "[bicycle]"),
        Transition(
          activity: "pizza", zone: .bottom, kind: .crossfade, from: "[progress 10%] Cooking",
          to: "[progress 10%] On the way"),
      ])
  }

  @Test("identity when the layout asks for it, even when only digits changed")
  func identity() {
    var layout = Layout.delivery
    layout.compactTrailing?.transition = .identity
    var island = Island()
    island.at(0, PresentationFixture.delivery(layout: .inline(layout)))
    island.at(1, update("pizza", state: ["minutesLeft": 19]))
    #expect(island.state.transitions.map(\.kind) == [.identity, .numericText])
    #expect(island.state.transitions.map(\.zone) == [.compactTrailing, .trailing])
  }

  @Test("no transition when no shown text changes; only the last event's are kept")
  func noTransition() {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    island.at(1, update("pizza", state: ["minutesLeft": 19]))
    #expect(island.state.transitions.count == 2)
    island.at(2, update("pizza", state: ["minutesLeft": 19, "unshown": "x"]))
    #expect(island.state.transitions.isEmpty)
    island.at(3, update("pizza", state: ["minutesLeft": 18]))
    island.at(4, .tick)
    #expect(island.state.transitions.isEmpty)
  }

  @Test(
    "only digits differ: digits taken out, the rest is equal",
    arguments: [
      ("9м", "10м", true), ("1:05", "1:04", true), ("0.5", "0.75", true), ("5", "5", false),
      ("9 min", "9 mins", false), ("Cooking", "Ready", false), ("1", "one", false),
    ])
  func onlyDigitsDiffer(before: String, after: String, expected: Bool) {
    #expect(Transitions.onlyDigitsDiffer(before, after) == expected)
  }
}
