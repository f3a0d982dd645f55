/// What the last update changed in one activity's content: the zones that read a changed
/// field and each changed field's value before. The state keeps this, not the transitions:
/// they are rendered from it only when asked for (``IslandState/transitions``), so that a
/// fold that never reads them never renders a text.
struct ContentChange: Equatable, Sendable {
  /// The index of the activity changed.
  var activity = 0
  /// The shown zones that read a changed field (bits by ``Zone/ordinal``); 0 when the last
  /// event changed no content.
  var zones: UInt8 = 0
  /// The value before the change of each changed field the layout reads, in the patch's
  /// order: the first ``count`` entries (the storage is reused from one change to the next).
  private var storage: [Before] = []
  /// How many of ``storage``'s entries are this change's.
  private var count = 0

  /// The value before the change of each changed field the layout reads.
  var before: ArraySlice<Before> { storage[..<count] }

  /// A field's value before the change: nil for a field the change added.
  struct Before: Equatable, Sendable {
    /// The field's number in the layout plan (``LayoutPlan/roles``).
    let field: Int
    let value: ContentValue?
  }

  /// No change: the last event made no transition.
  mutating func clear() {
    zones = 0
    count = 0
  }

  /// Records that field `field` (its number in the layout plan) was `value` before the
  /// change (nil: it was added).
  mutating func record(_ field: Int, before value: ContentValue?) {
    let entry = Before(field: field, value: value)
    if count < storage.count {
      storage[count] = entry
    } else {
      storage.append(entry)
    }
    count += 1
  }

  static func == (left: ContentChange, right: ContentChange) -> Bool {
    if left.zones == 0 && right.zones == 0 { return true }
    return left.zones == right.zones && left.activity == right.activity
      && left.before == right.before
  }

  /// The fields of `activity` as they were before the change.
  func fieldsBefore(_ activity: Activity) -> FieldsBefore {
    FieldsBefore(after: activity.fields, before: before)
  }

  /// The texts of the zone at `ordinal` of `activity` (the one changed) at `t`, before and
  /// after the change, when they differ (byte for byte); nil when the change left it as it
  /// was.
  func texts(of ordinal: Int, in activity: Activity, at t: Milliseconds) -> (
    old: String, new: String
  )? {
    let plan = activity.profile.plan
    let old = plan.render(ordinal, fieldsBefore(activity), now: t).text
    let new = plan.render(ordinal, activity.fields, now: t).text
    return old.utf8.elementsEqual(new.utf8) ? nil : (old, new)
  }

  /// The transitions of the change: one per zone whose text changed, in zone order.
  func transitions(of activity: Activity, at t: Milliseconds) -> [Transition] {
    guard zones != 0 else { return [] }
    let plan = activity.profile.plan
    var transitions: [Transition] = []
    var remaining = zones
    while remaining != 0 {
      let ordinal = remaining.trailingZeroBitCount
      remaining &= remaining - 1
      guard let (old, new) = texts(of: ordinal, in: activity, at: t) else { continue }
      let kind: Transition.Kind
      if plan.identityZones & (1 << UInt8(ordinal)) != 0 {
        kind = .identity
      } else if new.withUTF8Bytes({ Transitions.onlyDigitsDiffer(old, $0) }) {
        kind = .numericText
      } else {
        kind = .crossfade
      }
      transitions.append(
        Transition(
          activity: activity.id, zone: Zone(ordinal: ordinal), kind: kind, from: old, to: new))
    }
    return transitions
  }
}

/// An activity's fields as they were before a ``ContentChange``: the changed fields' old
/// values over the current content.
struct FieldsBefore: FieldSource {
  let after: ActivityFields
  let before: ArraySlice<ContentChange.Before>

  func value(_ field: Int) -> ContentValue? {
    for entry in before where entry.field == field { return entry.value }
    return after.value(field)
  }
}

extension IslandState {
  /// The content transitions the last event caused (only an update causes them), in zone
  /// order.
  public var transitions: [Transition] {
    guard contentChange.zones != 0 else { return [] }
    return contentChange.transitions(of: activities[contentChange.activity], at: t)
  }
}
