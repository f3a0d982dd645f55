/// Where an activity is in its life (ActivityKit's `ActivityState`).
public enum Phase: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Running and current.
  case active
  /// Running, but its stale date has passed.
  case stale
  /// Ended: no more updates; it may stay on the Lock Screen until dismissed.
  case ended
  /// Gone.
  case dismissed
}
