import IslandCore
import Testing

/// The HIG table of the reference ("Size"): each class, its models, its figures.
struct HIGRow: Sendable, CustomTestStringConvertible {
  var islandClass: IslandClass
  var models: [String]
  var screen: (width: Double, height: Double)
  var compactZone: Double
  var islandWidth: Double
  var expandedWidth: Double

  var testDescription: String { islandClass.rawValue }

  static let table = [
    HIGRow(
      islandClass: .large,
      models: [
        "iPhone 14 Pro Max", "iPhone 15 Plus", "iPhone 15 Pro Max", "iPhone 16 Plus",
        "iPhone 16 Pro Max", "iPhone 17 Pro Max", "iPhone Air",
      ], screen: (430, 932), compactZone: 62.33, islandWidth: 250, expandedWidth: 408),
    HIGRow(
      islandClass: .standard,
      models: [
        "iPhone 14 Pro", "iPhone 15", "iPhone 15 Pro", "iPhone 16", "iPhone 16 Pro", "iPhone 17",
        "iPhone 17 Pro",
      ], screen: (393, 852), compactZone: 52.33, islandWidth: 230, expandedWidth: 371),
  ]
}

@Suite("Device geometry against the HIG table")
struct GeometryTests {
  @Test(
    "every listed model is known by name, in its class, with its screen", arguments: HIGRow.table)
  func models(row: HIGRow) throws {
    for name in row.models {
      let device = try #require(Device.named(name), "\(name) is missing")
      #expect(device.islandClass == row.islandClass, "\(name)")
      #expect(device.screenWidth == row.screen.width, "\(name)")
      #expect(device.screenHeight == row.screen.height, "\(name)")
    }
    let inClass = Device.all.filter { $0.islandClass == row.islandClass }.map(\.name)
    #expect(inClass == row.models)
  }

  @Test("the class's widths: compact zones, island, expanded", arguments: HIGRow.table)
  func classFigures(row: HIGRow) {
    #expect(row.islandClass.compactZoneWidth == row.compactZone)
    #expect(row.islandClass.islandWidth == row.islandWidth)
    #expect(row.islandClass.expandedWidth == row.expandedWidth)
    #expect(ZoneBudget.width(of: .compactLeading, in: row.islandClass) == row.compactZone)
    #expect(ZoneBudget.width(of: .compactTrailing, in: row.islandClass) == row.compactZone)
    #expect(ZoneBudget.width(of: .minimal, in: row.islandClass) == nil)
  }

  @Test("idle: the resting pill, 126 x 37.33 pt, 11 pt from the top", arguments: HIGRow.table)
  func idle(row: HIGRow) throws {
    let island = Island(device: row.models[0])
    let geometry = try #require(island.state.presentation.geometry)
    #expect(island.state.presentation.mode == .idle)
    #expect(geometry.width == 126)
    #expect(geometry.height == 37.33)
    #expect(geometry.top == 11)
    #expect(geometry.cornerRadius == 37.33 / 2)
    #expect(geometry.detached == nil)
    #expect(island.state.presentation.zones.isEmpty)
  }

  @Test(
    "compact: the island's width, 36.67 pt high, two zones at the class's budget",
    arguments: HIGRow.table)
  func compact(row: HIGRow) throws {
    var island = Island(device: row.models[0])
    island.at(0, PresentationFixture.delivery())
    let presentation = island.state.presentation
    let geometry = try #require(presentation.geometry)
    #expect(presentation.mode == .compact)
    #expect(geometry.width == row.islandWidth)
    #expect(geometry.height == 36.67)
    #expect(geometry.top == 11)
    #expect(presentation.zones.map(\.zone) == [.compactLeading, .compactTrailing])
    #expect(presentation.zones.map(\.budget) == [row.compactZone, row.compactZone])
  }

  @Test(
    "minimal: the island's width, and a detached bubble 36.67 to 45 pt wide",
    arguments: HIGRow.table)
  func minimal(row: HIGRow) throws {
    var island = Island(device: row.models[0])
    island.at(0, PresentationFixture.delivery(relevance: 5))
    island.at(
      1,
      start(
        "ride", app: "com.ride",
        state: ["minutesAway": 5, "driver": "Ana", "car": "Blue", "progress": 0.2],
        layout: .named("ride")))
    let geometry = try #require(island.state.presentation.geometry)
    #expect(island.state.presentation.mode == .minimal)
    #expect(geometry.width == row.islandWidth)
    #expect(geometry.height == 36.67)
    #expect(geometry.detached?.width == 36.67)
    #expect(geometry.detached?.height == 36.67)
    #expect(island.state.presentation.zones.map(\.activity) == ["pizza", "ride"])
  }

  @Test("a detached view between 36.67 and 45 pt gives a bubble as wide as it")
  func widerBubble() throws {
    var layout = Layout.score
    layout.minimal = ZoneView(
      .text(PresentationFixture.template("{home}-{away}"), font: .caption, bold: true, lineLimit: 1)
    )
    var island = Island()
    island.at(0, PresentationFixture.delivery(relevance: 5))
    island.at(
      1,
      start(
        "match", app: "com.score",
        state: ["home": 100, "away": 12, "homeTeam": "A", "awayTeam": "B", "clock": "1'"],
        layout: .inline(layout)))
    let bubble = try #require(island.state.presentation.geometry?.detached)
    let expected = TextMetrics.width(of: "100-12", font: .caption, bold: true)
    #expect(expected > 36.67 && expected <= 45)
    #expect(bubble.width == expected)
  }

  @Test(
    "expanded: the class's width, corner radius 44, height from content", arguments: HIGRow.table)
  func expanded(row: HIGRow) throws {
    var island = Island(device: row.models[0])
    island.at(0, PresentationFixture.delivery())
    island.at(1, .longPress(.island))
    let geometry = try #require(island.state.presentation.geometry)
    #expect(geometry.width == row.expandedWidth)
    #expect(geometry.cornerRadius == 44)
    // Camera band 36.67, the tallest top region (title2 symbol, 26.4), 8, the bottom (18), 12.
    #expect(geometry.height == 101.07)
    let content = row.expandedWidth - 32
    #expect(ZoneBudget.width(of: .bottom, in: row.islandClass) == content)
    #expect(ZoneBudget.width(of: .leading, in: row.islandClass) == (content * 30).rounded() / 100)
    #expect(ZoneBudget.width(of: .center, in: row.islandClass) == (content * 40).rounded() / 100)
  }

  @Test("expanded height is clamped to 84-160 pt")
  func expandedClamp() throws {
    var small = Island()
    small.at(
      0,
      start(
        "tiny", state: [:],
        layout: .inline(
          Layout(
            leading: ZoneView(
              .symbol(name: PresentationFixture.template("star"), tint: nil, font: .caption2))))))
    small.at(1, .longPress(.island))
    #expect(small.state.presentation.geometry?.height == 84)

    let long = String(repeating: "All the news that fits, and then some more. ", count: 12)
    var tall = Island()
    tall.at(
      0,
      start(
        "news", state: ["body": .string(long)],
        layout: .inline(
          Layout(
            bottom: ZoneView(
              .text(
                PresentationFixture.template("{body}"), font: .body, bold: false, lineLimit: nil))))
      ))
    tall.at(1, .longPress(.island))
    let bottom = try #require(tall.state.presentation.zones.first)
    #expect(bottom.lines > 5)
    #expect(tall.state.presentation.geometry?.height == 160)
  }

  @Test("a device without an island has no geometry and no zones")
  func withoutIsland() {
    for device in Device.all where !device.hasIsland {
      var island = Island(device: device.name)
      island.at(0, PresentationFixture.delivery())
      #expect(island.state.presentation.geometry == nil, "\(device.name)")
      #expect(island.state.presentation.zones.isEmpty, "\(device.name)")
    }
    #expect(Device.named("iPhone 14")?.hasIsland == false)
    #expect(Device.named("iPhone SE")?.hasIsland == false)
  }

  @Test("the default device is the iPhone 15 Pro, a standard island")
  func defaultDevice() {
    #expect(Device.default.name == "iPhone 15 Pro")
    #expect(Device.default.islandClass == .standard)
    #expect(Configuration().device == Device.default)
    #expect(Device.named("iphone 15 pro") == Device.default)
  }

  @Test("fixed figures: zone height 36.67, minimal 36.67-45, expanded 84-160")
  func metrics() {
    #expect(IslandMetrics.zoneHeight == 36.67)
    #expect(IslandMetrics.minimalMinimumWidth == 36.67)
    #expect(IslandMetrics.minimalMaximumWidth == 45)
    #expect(IslandMetrics.expandedMinimumHeight == 84)
    #expect(IslandMetrics.expandedMaximumHeight == 160)
  }
}
