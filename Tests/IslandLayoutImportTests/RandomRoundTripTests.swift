import IslandCore
import IslandLayoutExport
import IslandLayoutImport
import IslandProperties
import Testing

/// Random layouts, written as SwiftUI and read back, are themselves: the writer and the
/// reader agree on every view, modifier and value the layout can hold.
struct RandomRoundTripTests {
  @Test(arguments: 0..<8)
  func randomLayoutsReadBackToThemselves(batch: Int) throws {
    for index in 0..<40 {
      var random = LayoutRandom(seed: UInt64(batch * 1_000 + index))
      let layout = random.layout()
      let source = SwiftUILayout.write(layout, name: "random")
      let imported = try SwiftUILayout.read(source, file: "random.swift")
      #expect(imported.layout == layout, "seed \(batch * 1_000 + index):\n\(source)")
      #expect(imported.warnings.isEmpty)
    }
  }
}

/// Draws layouts from a SplitMix64 stream.
struct LayoutRandom {
  var generator: SplitMix64
  /// The fields drawn, in order.
  var fields: [String] = []

  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  static let names = [
    "minutesLeft", "status", "driver", "default", "operator", "имя", "eta2", "_count", "in",
  ]
  static let literals = [
    "", " ", "мин", "{", "}", "\"", "\\", "\n", "\t", "a\u{1}b", "«Большая»", "🍕", "\\(x)",
    "#\"", "é", "100%",
  ]

  mutating func below(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
  mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

  mutating func field() -> String {
    let name = pick(Self.names)
    if !fields.contains(name) { fields.append(name) }
    return name
  }

  mutating func template(literalOnly: Bool = false) -> Template {
    var source = ""
    for _ in 0..<below(4) {
      if !literalOnly && chance(50) {
        source += "{" + field() + "}"
      } else {
        for character in pick(Self.literals) {
          source.append(character)
          if character == "{" || character == "}" { source.append(character) }
        }
      }
    }
    return (try? Template(source)) ?? Template(literal: source)
  }

  mutating func symbolName() -> String { pick(["bag.fill", "clock", "car.fill", "a.b.c"]) }

  mutating func view(depth: Int) -> View {
    switch below(depth > 2 ? 5 : 6) {
    case 0:
      let name = chance(50) ? (try? Template(symbolName())) : (try? Template("{" + field() + "}"))
      return .symbol(
        name: name ?? Template(literal: "x"), tint: chance(50) ? pick(Tint.allCases) : nil,
        font: chance(50) ? pick(Font.allCases) : nil)
    case 1:
      return .text(
        template(), font: pick(Font.allCases), bold: chance(50),
        lineLimit: chance(50) ? 1 + below(100) : nil)
    case 2:
      return .label(
        template(), symbol: symbolName(), font: pick(Font.allCases), bold: chance(50))
    case 3:
      return .progress(
        field: field(), total: chance(50) ? 1 : pick([12, 0.25, 250]),
        tint: chance(50) ? pick(Tint.allCases) : nil)
    case 4:
      return .countdown(field: field(), font: pick(Font.allCases), bold: chance(50))
    default:
      return .row((0..<below(4)).map { _ in view(depth: depth + 1) })
    }
  }

  mutating func layout() -> Layout {
    var layout = Layout()
    for zone in Zone.allCases where chance(80) {
      var zoneView = ZoneView(view(depth: 0))
      zoneView.transition = chance(30) ? .identity : .automatic
      zoneView.horizontalPadding = chance(30)
      if zone.region != nil {
        if chance(40) { zoneView.link = "app://" + zone.rawValue + pick(["", "?a=\"b\"", "/é"]) }
        if chance(40) { zoneView.priority = pick([0, 1, -0.5, 2.25, 1e-05, 1_000]) }
      }
      layout[zone] = zoneView
    }
    if chance(50) { layout.widgetURL = pick(["app://widget", "app://\\\"q\""]) }
    let pulseField = chance(50) ? field() : nil
    if let pulseField {
      layout.pulse = Pulse(
        field: pulseField,
        keyframes: (0..<1 + below(3)).map { _ in
          Keyframe(
            scale: pick([1.0, 1.1, 0.9, 1.25, 2]), duration: pick([0, 100, 1_234, 86_400_000]),
            curve: pick([.linear, .spring, .cubic]))
        })
    }
    let shown = Set(Zone.allCases.flatMap { layout[$0]?.view.fields ?? [] })
    layout.attributes = fields.filter { shown.contains($0) && $0 != pulseField && chance(30) }
      .sorted()
    return layout
  }
}
