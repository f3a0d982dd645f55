import IslandProperties
import Testing

@testable import IslandCore

/// Deterministic draws (IslandProperties' SplitMix64), so that a failure replays.
struct Draws {
  var random: SplitMix64

  init(state: UInt64) { random = SplitMix64(seed: state) }

  mutating func next() -> UInt64 { random.next() }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  static let words = [
    "Pizza", "Roma", "é", "配達", "iiii", "WWWW", "12", " ", "🍕", "Готовится", "a\"b", "\\", "\n",
  ]

  /// A value of any kind: a text of words, an integer, a fraction, a large or tiny number,
  /// a flag.
  mutating func value() -> ContentValue {
    switch below(7) {
    case 0, 1:
      var text = ""
      for _ in 0..<below(6) { text += Draws.words[below(Draws.words.count)] }
      return .string(text)
    case 2: return .number(Double(below(2_000_000)) - 1_000_000)
    case 3: return .number(Double(below(1_000)) / 20)
    case 4: return .number(Double(below(1_000)) * 1e17)
    case 5: return .number(1 / Double(1 + below(100_000)))
    default: return .bool(below(2) == 0)
    }
  }

  /// `sample`, the sample state of the catalogue layout `layout`, with about two fields in
  /// three drawn anew, and a moment to show it at. A countdown reads a number: the timer's
  /// `endsAt` stays one, from the past to hours ahead.
  mutating func content(varying sample: ContentState, of layout: String) -> (
    ContentState, Milliseconds
  ) {
    var content = sample
    for field in content.fields where below(3) > 0 {
      content[field.name] =
        layout == "timer" && field.name == "endsAt"
        ? .number(Double(below(20_000_000)) - 1_000_000) : value()
    }
    return (content, Milliseconds(below(5_000_000)))
  }

  /// Each catalogue layout's plan, `count` times with its sample state varied
  /// (``content(varying:of:)``) and a moment to show it at: the cases the fast path's zone
  /// tests compare with the plain definitions. `body` is handed these draws for its own.
  mutating func catalogueCases(
    _ count: Int,
    _ body: (
      _ draws: inout Draws, _ name: String, _ plan: LayoutPlan, _ content: ContentState,
      _ now: Milliseconds
    ) throws -> Void
  ) throws {
    for named in Layout.catalogue {
      let plan = try #require(LayoutPlan.named(named.name))
      for _ in 0..<count {
        let (content, now) = content(varying: named.sampleState, of: named.name)
        try body(&self, named.name, plan, content, now)
      }
    }
  }

  /// `sample` with each of its strings drawn anew, as any kind of value.
  mutating func content(redrawingTheStringsOf sample: ContentState) -> ContentState {
    var content = sample
    for field in content.fields {
      guard case .string = field.value else { continue }
      content[field.name] = value()
    }
    return content
  }
}

extension LayoutFields {
  /// `content`'s fields as `plan` numbers them, their slots found.
  init(plan: LayoutPlan, content: ContentState) {
    self.init(plan: plan, content: content, slots: plan.slots(in: content))
  }
}
