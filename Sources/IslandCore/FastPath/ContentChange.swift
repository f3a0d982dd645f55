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
  /// The fields a patch being merged has changed so far, in the patch's order, the first
  /// ``mergedCount`` entries: they become the change once the patch is accepted, or are put
  /// back if it is rejected. Not part of the change.
  private var merging: [Before] = []
  private var mergedCount = 0
  /// Whether a field of ``merging`` is one the layout does not read.
  private var mergedUnreadFields = false

  /// The value before the change of each changed field the layout reads.
  var before: ArraySlice<Before> { storage[..<count] }

  /// A field's value before the change: nil for a field the change added.
  struct Before: Equatable, Sendable {
    /// The field's number in the layout plan (``LayoutPlan/roles``); while a patch is merged,
    /// -1 for a field the layout does not read.
    let field: Int
    let value: ContentValue?
    /// Where the field is in the content: where its value was replaced, or where it was
    /// inserted. What puts a rejected patch back; not part of what the change records.
    let position: Int

    static func == (left: Before, right: Before) -> Bool {
      left.field == right.field && left.value == right.value
    }
  }

  /// No change: the last event made no transition.
  mutating func clear() {
    zones = []
    count = 0
  }

  /// Records that field `field` (its number in the layout plan) was `value` before the
  /// change (nil: it was added): a change made field by field, as the tests of the zone
  /// measures make theirs. An update records its change as it merges its patch
  /// (``merged(at:field:before:)``, ``recordMerged()``).
  mutating func record(_ field: Int, before value: consuming ContentValue?) {
    ContentChange.put(Before(field: field, value: value, position: 0), in: &storage, at: &count)
  }

  /// Puts `entry` at `count` in `entries`, room kept between changes, and counts it.
  @inline(__always)
  private static func put(
    _ entry: consuming Before, in entries: inout [Before], at count: inout Int
  ) {
    if count < entries.count {
      entries[count] = entry
    } else {
      entries.append(entry)
    }
    count += 1
  }

  /// Starts the record of a patch being merged (see
  /// ``IslandState/merge(_:into:attributes:payloadLimit:now:recording:)``).
  mutating func startMerging() {
    mergedCount = 0
    mergedUnreadFields = false
  }

  /// Notes that the patch being merged changed the field at `position` of the content (its
  /// number in the layout plan `field`, if any), which was `value` (nil: it was added there).
  mutating func merged(at position: Int, field: Int?, before value: consuming ContentValue?) {
    if field == nil { mergedUnreadFields = true }
    ContentChange.put(
      Before(field: field ?? -1, value: value, position: position), in: &merging,
      at: &mergedCount)
  }

  /// The patch merged is accepted: it becomes the change, the values it replaced in fields
  /// the layout reads recorded (its zones and activity are set after).
  mutating func recordMerged() {
    if mergedUnreadFields {
      // Only the fields the layout reads are recorded.
      var kept = 0
      for index in 0..<mergedCount where merging[index].field >= 0 {
        merging.swapAt(kept, index)
        kept += 1
      }
      mergedCount = kept
    }
    zones = []
    swap(&storage, &merging)
    count = mergedCount
    mergedCount = 0
  }

  /// The patch merged is rejected: what it changed in `content` is put back, last first, and
  /// this change is left as it was.
  mutating func takeBackMerged(from content: inout ContentState) {
    for index in (0..<mergedCount).reversed() {
      let position = merging[index].position
      if var value = merging[index].value {
        content.swapValue(at: position, with: &value)
      } else {
        content.removeField(at: position)
      }
    }
    mergedCount = 0
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
