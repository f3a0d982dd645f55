#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The curves of the engine's animations, as values over time: what a picture or a page plays
/// so that it moves the way the engine says, with no rules of its own.
///
/// A spring is the damped oscillator SwiftUI's `response` and `dampingFraction` describe:
/// ω₀ = 2π / response, ζ the damping fraction (clamped to 0.05...1 as
/// ``Transitions/springSettlingTime(_:_:)`` clamps it), released at rest from 0 towards 1:
/// x(t) = 1 - e^(-ζω₀t) (cos(ω_d t) + ζω₀ / ω_d · sin(ω_d t)), ω_d = ω₀ √(1 - ζ²); for ζ = 1,
/// x(t) = 1 - e^(-ω₀t) (1 + ω₀t). Seed 001's spring (0.7 s, 0.7) overshoots by about 4.6 %
/// near 490 ms and is within 2 % of its target from its settling time, 637 ms, on.
public enum Motion {
  /// How far a spring of `response` (milliseconds) and `damping` has gone from 0 towards 1,
  /// `elapsed` milliseconds after it started (0 before it starts).
  public static func springProgress(
    at elapsed: Double, response: Milliseconds, damping: Double
  ) -> Double {
    guard elapsed > 0, response > 0 else { return elapsed > 0 ? 1 : 0 }
    let zeta = min(1, max(0.05, damping))
    let omega = 2 * Double.pi / Double(response)
    let t = elapsed
    if zeta >= 1 { return 1 - exp(-omega * t) * (1 + omega * t) }
    let damped = omega * (1 - zeta * zeta).squareRoot()
    let envelope = exp(-zeta * omega * t)
    return 1 - envelope * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
  }

  /// How far `animation` has gone, `elapsed` milliseconds after its event: for a spring its
  /// progress from 0 to 1, exactly 1 from its (possibly clamped) duration on; for keyframes
  /// the icon's scale (1 before and after). `policy` gives the spring that spring keyframes
  /// follow.
  public static func value(
    of animation: Animation, at elapsed: Double, policy: Policy
  ) -> Double {
    switch animation.timing {
    case .spring(let response, let damping):
      guard elapsed < Double(animation.duration) else { return 1 }
      return springProgress(at: elapsed, response: response, damping: damping)
    case .keyframes(let keyframes, _):
      return scale(of: keyframes, at: elapsed, policy: policy)
    }
  }

  /// The scale keyframes give `elapsed` milliseconds after they start, from a scale of 1:
  /// each keyframe moves from the previous one's scale to its own over its duration, a
  /// `linear` one in a straight line, a `cubic` one easing in and out (3f² - 2f³), a `spring`
  /// one along the policy's spring, sped up so that it settles in the keyframe's duration,
  /// and landing exactly on its scale at the end.
  public static func scale(of keyframes: [Keyframe], at elapsed: Double, policy: Policy) -> Double {
    var from = 1.0
    var start = 0.0
    for keyframe in keyframes {
      let duration = Double(keyframe.duration)
      let end = start + duration
      if elapsed < end, duration > 0 {
        let fraction = max(0, elapsed - start) / duration
        let progress: Double
        switch keyframe.curve {
        case .linear: progress = fraction
        case .cubic: progress = fraction * fraction * (3 - 2 * fraction)
        case .spring:
          let settling = Double(
            Transitions.springSettlingTime(policy.springResponse, policy.springDamping))
          progress = springProgress(
            at: fraction * settling, response: policy.springResponse,
            damping: policy.springDamping)
        }
        return from + (keyframe.scale - from) * progress
      }
      from = keyframe.scale
      start = end
    }
    return keyframes.last?.scale ?? 1
  }

  /// ``value(of:at:policy:)`` every `step` milliseconds from 0 through the animation's
  /// duration (the last sample at the duration itself): what a page interpolates between.
  public static func samples(of animation: Animation, every step: Milliseconds, policy: Policy)
    -> [Double]
  {
    let step = max(1, step)
    let count = Int(animation.duration / step) + 1
    var values = (0..<count).map {
      value(of: animation, at: Double(Milliseconds($0) * step), policy: policy)
    }
    if animation.duration % step != 0 {
      values.append(value(of: animation, at: Double(animation.duration), policy: policy))
    }
    return values
  }

  /// How long a content transition of `kind` plays, in milliseconds: `numericText` and the
  /// crossfade move with the update's spring (the policy's, so its settling time), `identity`
  /// not at all.
  public static func duration(of kind: Transition.Kind, policy: Policy) -> Milliseconds {
    switch kind {
    case .numericText, .crossfade:
      return min(
        policy.maximumAnimationDuration,
        Transitions.springSettlingTime(policy.springResponse, policy.springDamping))
    case .identity: return 0
    }
  }
}

extension IslandState {
  /// When a timer the engine set next comes due (a stale date, an alert's end, the 8-hour
  /// limit, a dismissal), or nil with none pending. A timer that no longer applies (an alert
  /// another replaced) is still listed until a later event passes it: folding a `tick` at
  /// this time shows what, if anything, it changes.
  public var nextTimerDue: Milliseconds? { timers.first?.due }
}
