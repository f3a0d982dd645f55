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
    let unread: [String]
    let candidates: [String]
    // Most layouts read a handful of fields and most patches add one or two: searching the
    // lists is then cheaper than hashing them. When both are long (an inline layout may read
    // thousands), the names are hashed, so that the work stays linear in the two.
    if added.count <= 4 || read.count <= 16 {
      unread = added.filter { !read.contains($0) }
      guard !unread.isEmpty else { return [] }
      candidates = read.filter { !added.contains($0) }
    } else {
      let readNames = Set(read)
      let addedNames = Set(added)
      unread = added.filter { !readNames.contains($0) }
      guard !unread.isEmpty else { return [] }
      candidates = read.filter { !addedNames.contains($0) }
    }
    return unread.map { field in
      Warning(
        seq: seq,
        kind: .unreadField(
          activity: activity, field: field,
          suggestion: Spelling.suggestion(for: field, among: candidates)))
    }
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
