import IslandCore
import IslandLayoutExport
import IslandLayoutImport
import Testing

/// Layouts written as SwiftUI (`island layout export`) read back to themselves.
struct RoundTripTests {
  @Test(arguments: Layout.catalogue.map(\.name))
  func catalogueLayoutReadsBackToItself(name: String) throws {
    let named = try #require(Layout.catalogue.first { $0.name == name })
    let source = SwiftUILayout.write(named.layout, name: name, sampleState: named.sampleState)
    let imported = try SwiftUILayout.read(source, file: name + ".swift")
    #expect(imported.layout == named.layout)
    #expect(imported.warnings.isEmpty)
  }

  /// What the catalogue does not use: links, priorities, a widget URL, attributes, an
  /// identity transition, other keyframes, literal braces, quotes and newlines, keywords as
  /// field names, empty zones.
  static let others: [Layout] = [
    Layout(
      compactLeading: ZoneView(
        .label(template("{{\"quoted\"}}"), symbol: "star", font: .caption2, bold: true)),
      compactTrailing: nil,
      minimal: ZoneView(.countdown(field: "endsAt", font: .caption2, bold: false)),
      leading: ZoneView(
        .symbol(name: template("{icon}"), tint: .secondary, font: nil), link: "app://a?b=c",
        priority: 2),
      trailing: ZoneView(
        .text(template("line\none\\two {default}"), font: .body, bold: false, lineLimit: 3),
        transition: .identity, priority: -0.5),
      center: ZoneView(
        .row([
          .row([]), .progress(field: "done", tint: nil),
          .label(template("{who}"), symbol: "person", font: .body, bold: false),
        ]),
        link: "app://center", horizontalPadding: true),
      bottom: nil,
      pulse: Pulse(
        field: "icon",
        keyframes: [
          Keyframe(scale: 0.9, duration: 0, curve: .cubic),
          Keyframe(scale: 1.25, duration: 1_234, curve: .linear),
        ]),
      widgetURL: "app://widget", attributes: ["default", "who"]),
    Layout(),
    Layout(bottom: ZoneView(.text(template(""), font: .largeTitle, bold: true, lineLimit: nil))),
  ]

  @Test(arguments: others.indices)
  func otherLayoutReadsBackToItself(index: Int) throws {
    let layout = Self.others[index]
    let source = SwiftUILayout.write(layout, name: "other \(index)")
    let imported = try SwiftUILayout.read(source, file: "other.swift")
    #expect(imported.layout == layout)
    #expect(imported.warnings.isEmpty)
  }

  @Test func exportedDeliveryReadsLikeAWidget() {
    let source = SwiftUILayout.write(
      .delivery, name: "delivery", sampleState: Layout.catalogue[0].sampleState)
    #expect(source.contains("ActivityConfiguration(for: DeliveryAttributes.self) { context in"))
    #expect(source.contains("    var deliveryProgress: Double\n"))
    #expect(source.contains("Label(\"\\(context.state.minutesLeft) мин\", systemImage: \"clock\")"))
    #expect(source.contains("initialValue: PulseValues(), trigger: context.state.statusText"))
  }
}

private func template(_ source: String) -> Template {
  (try? Template(source)) ?? Template(literal: source)
}
