/// An iPhone model, and the island it has.
public struct Device: Equatable, Hashable, Sendable {
  /// The model's name, such as `iPhone 15 Pro`.
  public let name: String
  /// The island's size class, or nil for a model without a Dynamic Island.
  public let islandClass: IslandClass?
  /// The screen's width in points.
  public let screenWidth: Double
  /// The screen's height in points.
  public let screenHeight: Double

  /// Whether the model has a Dynamic Island (alerts otherwise become banners).
  public var hasIsland: Bool { islandClass != nil }

  /// The default device: the journal format's example, a standard-class island.
  public static let defaultName = "iPhone 15 Pro"

  /// The default device.
  public static var `default`: Device {
    Device.named(defaultName)
      ?? Device(
        name: defaultName, islandClass: .standard, screenWidth: 393, screenHeight: 852)
  }

  /// Every model the engine knows, islands first (Apple HIG, "Live Activities", iOS
  /// dimensions), then models without an island.
  public static let all: [Device] = {
    let standard = [
      "iPhone 14 Pro", "iPhone 15", "iPhone 15 Pro", "iPhone 16", "iPhone 16 Pro", "iPhone 17",
      "iPhone 17 Pro",
    ]
    let large = [
      "iPhone 14 Pro Max", "iPhone 15 Plus", "iPhone 15 Pro Max", "iPhone 16 Plus",
      "iPhone 16 Pro Max", "iPhone 17 Pro Max", "iPhone Air",
    ]
    let withoutIsland: [(String, Double, Double)] = [
      ("iPhone 13 mini", 375, 812), ("iPhone 13", 390, 844), ("iPhone 13 Pro", 390, 844),
      ("iPhone 13 Pro Max", 428, 926), ("iPhone 14", 390, 844), ("iPhone 14 Plus", 428, 926),
      ("iPhone 16e", 390, 844), ("iPhone SE", 375, 667),
    ]
    return standard.map {
      Device(name: $0, islandClass: .standard, screenWidth: 393, screenHeight: 852)
    }
      + large.map { Device(name: $0, islandClass: .large, screenWidth: 430, screenHeight: 932) }
      + withoutIsland.map {
        Device(name: $0.0, islandClass: nil, screenWidth: $0.1, screenHeight: $0.2)
      }
  }()

  /// The model called `name` (letter case and spaces as listed, or ignoring case).
  public static func named(_ name: String) -> Device? {
    all.first { $0.name == name } ?? all.first { $0.name.lowercased() == name.lowercased() }
  }
}

/// The two sizes of island in Apple's HIG table.
public enum IslandClass: String, Equatable, Hashable, Sendable {
  /// 393 x 852 screens: 14 Pro, 15, 15 Pro, 16, 16 Pro, 17, 17 Pro.
  case standard
  /// 430 x 932 screens: the Pro Max and Plus models, and iPhone Air.
  case large

  /// The width of each compact zone (leading, trailing), in points.
  public var compactZoneWidth: Double { self == .standard ? 52.33 : 62.33 }
  /// The island's width in compact and minimal, in points.
  public var islandWidth: Double { self == .standard ? 230 : 250 }
  /// The expanded presentation's width, in points.
  public var expandedWidth: Double { self == .standard ? 371 : 408 }
}

/// The island's fixed figures, common to both classes (Apple HIG; seed 001).
public enum IslandMetrics {
  /// The resting pill's width (seed 001).
  public static let idleWidth = 126.0
  /// The resting pill's height (seed 001).
  public static let idleHeight = 37.33
  /// The island's distance from the top of the screen (seed 001).
  public static let top = 11.0
  /// The height of compact and minimal views.
  public static let zoneHeight = 36.67
  /// The narrowest a minimal view is.
  public static let minimalMinimumWidth = 36.67
  /// The widest a minimal view may be; wider is an error.
  public static let minimalMaximumWidth = 45.0
  /// The expanded presentation's least height.
  public static let expandedMinimumHeight = 84.0
  /// The expanded presentation's greatest height.
  public static let expandedMaximumHeight = 160.0
  /// The corner radius of the expanded presentation.
  public static let expandedCornerRadius = 44.0
}

/// How taps behave: seed 000's (a tap expands) or Apple's documented one (a tap opens the
/// app).
public enum InteractionProfile: String, CaseIterable, Equatable, Hashable, Sendable {
  /// A tap on compact or minimal expands the activity (seed 000). The default.
  case tapExpands = "tap-expands"
  /// A tap on compact or minimal opens the activity's widget URL (Apple's documentation).
  case tapOpens = "tap-opens"
}
