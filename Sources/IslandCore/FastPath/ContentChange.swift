/// What the last update changed in one activity's content: the zones that read a changed
/// field and each changed field's value before. The state keeps this, not the transitions:
/// they are rendered from it only when asked for (``IslandState/transitions``), so that a
/// fold that never reads them never renders a text.
struct ContentChange: Equatable, Sendable {
  /// The index of the activity changed.
  var activity = 0
  /// The shown zones that read a changed field; empty when the last event changed no
  /// content.
  var zones: ZoneSet = []
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
    zones = []
    count = 0
  }

  /// Records that field `field` (its number in the layout plan) was `value` before the
  /// change (nil: it was added).
  mutating func record(_ field: Int, before value: consuming ContentValue?) {
    let entry = Before(field: field, value: value)
    if count < storage.count {
      storage[count] = entry
    } else {
      storage.append(entry)
    }
    count += 1
  }

  /// Equal when they record the same change (the storage past ``count`` is not part of it).
  static func == (left: ContentChange, right: ContentChange) -> Bool {
    if left.zones.isEmpty && right.zones.isEmpty { return true }
    return left.zones == right.zones && left.activity == right.activity
      && left.before == right.before
  }

  /// The texts of `zone` of the activity changed, its fields now `fields`, at `t`, before
  /// and after the change, when they differ (byte for byte); nil when the change left it as
  /// it was.
  func texts(of zone: Zone, in fields: LayoutFields, at t: Milliseconds) -> (
    old: String, new: String
  )? {
    fields.plan.texts(
      zone, before: FieldsBeforeChange(after: fields, before: before), after: fields, now: t)
  }

  /// The transitions of the change: one per zone whose text changed, in zone order.
  func transitions(of activity: Activity, at t: Milliseconds) -> [Transition] {
    let plan = activity.attributes.plan
    var transitions: [Transition] = []
    for zone in zones.zones {
      guard let (old, new) = texts(of: zone, in: activity.fields, at: t) else { continue }
      let kind: Transition.Kind
      if plan.identityZones.contains(zone) {
        kind = .identity
      } else if new.withUTF8Bytes({ Transitions.onlyDigitsDiffer(old, $0) }) {
        kind = .numericText
      } else {
        kind = .crossfade
      }
      transitions.append(
        Transition(
          activity: activity.id, zone: zone, kind: kind, from: old, to: new))
    }
    return transitions
  }
}

extension IslandState {
  /// The content transitions the last event caused (only an update causes them), in zone
  /// order.
  public var transitions: [Transition] {
    guard !contentChange.zones.isEmpty else { return [] }
    return contentChange.transitions(of: activities[contentChange.activity], at: t)
  }
}
