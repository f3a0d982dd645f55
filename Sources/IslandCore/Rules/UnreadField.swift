/// Rule: an update that adds a state field which the activity's layout does not read is
/// accepted (the state is the app's, and may carry data for other views), with a warning
/// naming the field and, when one of the layout's fields is close to it, the field it was
/// probably meant to be: `update order42 minutesleft=3` on a `delivery` activity adds
/// `minutesleft`, which nothing shows, and leaves `minutesLeft` as it was.
///
/// What a layout reads is every field its zones' views read, and its pulse field. A start
/// without a layout gets the default one, made from the fields it starts with: a field added
/// later is not in it either.
enum UnreadFieldRule {
  /// The warnings of an update, with sequence number `seq`, that added the fields `added` to
  /// activity `activity`, whose layout is `layout`.
  static func warnings(added: [String], layout: Layout, activity: String, seq: Int)
    -> [Warning]
  {
    warnings(added: added, read: fieldsRead(by: layout), activity: activity, seq: seq)
  }

  /// ``warnings(added:layout:activity:seq:)`` for a layout that reads the fields `read`
  /// (``fieldsRead(by:)``), which the engine's plan of the layout keeps.
  static func warnings(added: [String], read: [String], activity: String, seq: Int)
    -> [Warning]
  {
    let unread = names(added, notIn: read)
    guard !unread.isEmpty else { return [] }
    let candidates = names(read, notIn: added)
    return unread.map { field in
      Warning(
        seq: seq,
        kind: .unreadField(
          activity: activity, field: field,
          suggestion: Spelling.suggestion(for: field, among: candidates)))
    }
  }

  /// The names of `list` that are not in `others`, in `list`'s order. Most layouts read a
  /// handful of fields and most patches add one or two: searching the other list is then
  /// cheaper than hashing it. When both are long (an inline layout may read thousands), it
  /// is hashed, so that the work stays linear in the two.
  private static func names(_ list: [String], notIn others: [String]) -> [String] {
    if list.count <= 16 || others.count <= 16 { return list.filter { !others.contains($0) } }
    let excluded = Set(others)
    return list.filter { !excluded.contains($0) }
  }

  /// The fields `layout` reads, in zone order, each once.
  static func fieldsRead(by layout: Layout) -> [String] {
    var names: [String] = []
    var seen: Set<String> = []
    for zone in Zone.allCases {
      for name in layout[zone]?.view.fields ?? [] where seen.insert(name).inserted {
        names.append(name)
      }
    }
    if let pulse = layout.pulse, seen.insert(pulse.field).inserted { names.append(pulse.field) }
    return names
  }
}
