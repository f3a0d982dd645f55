/// The pulse of the leading icon when a state field changes (seed 000's keyframe animation).
public struct Pulse: Equatable, Hashable, Sendable {
  /// The field whose change starts the pulse.
  public var field: String
  /// The keyframes, in order.
  public var keyframes: [Keyframe]

  /// Seed 000's keyframes: scale 1.0 over 0.1 s (linear), 1.1 over 0.3 s (spring), 1.0 over
  /// 0.2 s (spring).
  public static let seedKeyframes: [Keyframe] = [
    Keyframe(scale: 1.0, duration: 100, curve: .linear),
    Keyframe(scale: 1.1, duration: 300, curve: .spring),
    Keyframe(scale: 1.0, duration: 200, curve: .spring),
  ]

  /// A pulse on `field` with `keyframes` (seed 000's by default).
  public init(field: String, keyframes: [Keyframe] = Pulse.seedKeyframes) {
    self.field = field
    self.keyframes = keyframes
  }
}

/// One keyframe of a scale animation.
public struct Keyframe: Equatable, Hashable, Sendable {
  /// The scale reached at the keyframe's end.
  public var scale: Double
  /// How long it takes, in milliseconds.
  public var duration: Milliseconds
  /// How it gets there.
  public var curve: Curve

  /// The timing curve of a keyframe (`LinearKeyframe`, `SpringKeyframe`, `CubicKeyframe`).
  public enum Curve: String, CaseIterable, Equatable, Hashable, Sendable {
    /// Linear interpolation.
    case linear
    /// A spring.
    case spring
    /// A cubic curve through the neighbouring keyframes.
    case cubic
  }

  /// A keyframe reaching `scale` over `duration` milliseconds.
  public init(scale: Double, duration: Milliseconds, curve: Curve) {
    self.scale = scale
    self.duration = duration
    self.curve = curve
  }
}
