/// Animations (Part 2, "Limits and errors": "Animations longer than 2 s are clamped, with a
/// warning"; "Update transitions": "A layout may name a state field whose change pulses the
/// leading icon with the seed's keyframes").
extension IslandState {
  /// The zone that shows activity `index`'s leading icon now, if it is on screen.
  func shownLeadingZone(of index: Int) -> Zone? {
    if let expansion { return expansion.activity == index ? .leading : nil }
    if placement.island == index { return placement.mode == .compact ? .compactLeading : .minimal }
    return placement.detached == index ? .minimal : nil
  }

  var springTiming: Animation.Timing {
    .spring(response: policy.springResponse, damping: policy.springDamping)
  }

  mutating func animate(
    _ kind: Animation.Kind, index: Int, timing: Animation.Timing, seq: Int
  ) {
    let id = activities[index].id
    let requested = Transitions.duration(of: timing)
    let maximum = policy.maximumAnimationDuration
    var timing = timing
    if requested > maximum {
      warnings.append(
        Warning(
          seq: seq,
          kind: .animationClamped(
            activity: id, animation: kind.rawValue, requested: requested, maximum: maximum)))
      if case .keyframes(let keyframes, let zone) = timing {
        timing = .keyframes(Transitions.scale(keyframes, to: maximum), zone: zone)
      }
    }
    animations.append(
      Animation(
        activity: id, kind: kind, timing: timing, duration: min(requested, maximum),
        clamped: requested > maximum))
  }
}
