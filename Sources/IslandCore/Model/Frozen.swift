/// A value in a box that never changes once made, shared by every copy of what holds it.
///
/// Events and activities keep their large or rarely present parts this way (a start's fields,
/// an update's extras, an activity's last alert): a copy of the holder copies one reference,
/// and a change makes a new box, so that no copy sees another's change.
package final class Frozen<Value: Sendable>: Sendable {
  /// The value.
  package let value: Value
  /// A box holding `value`.
  package init(_ value: Value) { self.value = value }
}

/// What one kind of event carries only sometimes: each of its parts has a value that means
/// "not carried".
protocol EventExtras: Hashable, Sendable {
  /// Extras that carry nothing.
  init()
  /// Whether they carry nothing.
  var isEmpty: Bool { get }
}

/// An event's extras, held in a box only an event that carries some of them has: without
/// the box, every event would have room for all of them.
struct RareExtras<Extras: EventExtras>: Hashable, Sendable {
  /// The extras, nil when the event carries none.
  private var box: Frozen<Extras>?

  /// These extras, boxed unless they carry nothing.
  init(_ extras: Extras) { box = extras.isEmpty ? nil : Frozen(extras) }

  /// The extras, or nil when the event carries none.
  var value: Extras? { box?.value }

  /// Changes the extras: in a new box, as other copies may share this one, or in none when
  /// nothing is left.
  mutating func change(_ body: (inout Extras) -> Void) {
    var extras = box?.value ?? Extras()
    body(&extras)
    self = RareExtras(extras)
  }

  /// Whether both carry the same extras (the same box, or equal ones).
  static func == (left: RareExtras, right: RareExtras) -> Bool {
    left.box === right.box || left.box?.value == right.box?.value
  }

  /// Hashes what ``==`` compares.
  func hash(into hasher: inout Hasher) { hasher.combine(box?.value) }
}
