/// Every number the engine's rules use, with its default, so that journals and tests can
/// change them.
public struct Policy: Equatable, Hashable, Sendable {
  /// How long an alert keeps the island expanded (seed 001: 2.2 s).
  public var alertDuration: Milliseconds = 2_200
  /// How long an activity may stay active before the system ends it (ActivityKit: 8 h).
  public var maximumActiveDuration: Milliseconds = 8 * 3_600_000
  /// How long an ended activity stays on the Lock Screen with the default dismissal
  /// (ActivityKit: 4 h); also the cap of a dismissal after a time.
  public var dismissalDelay: Milliseconds = 4 * 3_600_000
  /// How many live activities one app may have (ActivityKit gives none; about five is the
  /// common figure).
  public var activitiesPerApp = 5
  /// How many live activities the device may have in all.
  public var activitiesPerDevice = 10
  /// The most bytes the content state and attributes may take together (ActivityKit: 4 KB).
  public var payloadLimit = 4_096
  /// The longest an animation may last (WidgetKit: 2 s); longer ones are clamped.
  public var maximumAnimationDuration: Milliseconds = 2_000
  /// The expansion spring's response, in milliseconds (seed 001: 0.7 s).
  public var springResponse: Milliseconds = 700
  /// The expansion spring's damping fraction (seed 001: 0.7).
  public var springDamping = 0.7

  /// The defaults.
  public init() {}
}

/// What the engine is simulating: which device, which interaction profile, which numbers.
public struct Configuration: Equatable, Hashable, Sendable {
  /// The device.
  public var device: Device
  /// How taps behave.
  public var profile: InteractionProfile
  /// The numbers.
  public var policy: Policy

  /// A configuration; the defaults are the default device, `tap-expands`, and the default
  /// policy.
  public init(
    device: Device = .default, profile: InteractionProfile = .tapExpands,
    policy: Policy = Policy()
  ) {
    self.device = device
    self.profile = profile
    self.policy = policy
  }
}
