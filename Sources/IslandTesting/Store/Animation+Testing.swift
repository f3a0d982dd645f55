import IslandCore

extension Animation {
  /// A spring animation of `activity` (grow, expand or collapse) with the policy's spring,
  /// lasting its settling time: what the engine plays when an activity starts on screen, or
  /// the island expands or collapses.
  public static func spring(
    _ kind: Kind, _ activity: String, policy: Policy = Policy()
  ) -> Animation {
    let timing = Timing.spring(response: policy.springResponse, damping: policy.springDamping)
    return Animation(
      activity: activity, kind: kind, timing: timing,
      duration: Transitions.duration(of: timing), clamped: false)
  }

  /// The pulse of `activity`'s leading icon, shown in `zone`, with `keyframes` (seed 000's by
  /// default), lasting their sum.
  public static func pulse(
    _ activity: String, in zone: Zone, keyframes: [Keyframe] = Pulse.seedKeyframes
  ) -> Animation {
    let timing = Timing.keyframes(keyframes, zone: zone)
    return Animation(
      activity: activity, kind: .pulse, timing: timing,
      duration: Transitions.duration(of: timing), clamped: false)
  }
}
