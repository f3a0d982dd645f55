import IslandCore

/// How the generator builds a case.
public struct GenerationOptions: Equatable, Sendable {
  /// The most events a case has; each case draws its length from ``minimumLength`` to this.
  public var maximumLength: Int
  /// The fewest events a case has (1 by default; equal to the maximum for a fixed length, as
  /// a benchmark wants).
  public var minimumLength = 1
  /// The share of events made to break a rule (0 to 1).
  public var invalidShare: Double
  /// Whether a case without a prefix draws its configuration (device, profile, tighter
  /// limits) or keeps the default one.
  public var variesConfiguration: Bool

  /// Options: up to `maximumLength` events, `invalidShare` of them invalid.
  public init(
    maximumLength: Int = 60, invalidShare: Double = 0.12, variesConfiguration: Bool = true
  ) {
    self.maximumLength = maximumLength
    self.invalidShare = invalidShare
    self.variesConfiguration = variesConfiguration
  }

  /// The configurations a case may draw, with their weights: mostly the default; the other
  /// profile; a large island; a phone without one (alerts become banners, taps are refused);
  /// and limits small enough that generated cases reach them often.
  static let configurations: [(weight: Int, configuration: Configuration)] = {
    var tight = Policy()
    tight.activitiesPerApp = 2
    tight.activitiesPerDevice = 3
    return [
      (10, Configuration()),
      (3, Configuration(profile: .tapOpens)),
      (2, Configuration(device: Device.named("iPhone 15 Pro Max") ?? .default)),
      (1, Configuration(device: Device.named("iPhone SE") ?? .default)),
      (3, Configuration(policy: tight)),
    ]
  }()

  /// The weights of ``configurations``, in order.
  static let configurationWeights = configurations.map(\.weight)

  /// An empty island under each of ``configurations``, in order (the first under the default
  /// one), made once: every case without a prefix starts from one of them.
  static let emptyPrefixes = configurations.map { Prefix(configuration: $0.configuration) }
}
