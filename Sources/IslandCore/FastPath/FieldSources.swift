/// Where a zone program's numbered fields come from: the program numbers the fields it
/// reads (``LayoutPlan/roles``), and a source gives each number's value.
protocol FieldSource {
  /// The value of the program's field number `field`, or nil when there is none.
  func value(_ field: Int) -> ContentValue?

  /// Hands `body` the text a zone shows for field number `field`
  /// (``ZoneTextWriter/withText(of:_:)``).
  func withText<Result>(of field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
}

extension FieldSource {
  func withText<Result>(of field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    ZoneTextWriter.withText(of: value(field), body)
  }
}

/// An activity's content, its fields numbered as its layout plan's ``LayoutPlan/roles``.
struct LayoutFields: FieldSource {
  let plan: LayoutPlan
  let content: ContentState
  /// Where the plan's first fields are in `content`.
  let slots: FieldSlots

  func value(_ field: Int) -> ContentValue? {
    if let position = slots.position(of: field) { return content.fields[position].value }
    return content[plan.roles[field].name]
  }
}

/// An activity's content fields read in place, numbered as its layout plan's roles: what
/// the reducer measures zones from on every update, retaining no field (see
/// ``LayoutPlan/measureChange(_:content:slots:before:now:keeping:comparingWhen:)``).
struct BorrowedFields: FieldSource {
  let fields: UnsafeBufferPointer<ContentState.Field>
  let slots: FieldSlots
  let plan: LayoutPlan

  func value(_ field: Int) -> ContentValue? {
    position(of: field).map { fields[$0].value }
  }

  /// The field's text read where the content holds it: no copy of its value is made.
  func withText<Result>(of field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    guard let position = position(of: field) else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return ZoneTextWriter.withText(of: fields[position].value, body)
  }

  /// Whether field number `field` is there, and a number if `asNumber`: told in place, no
  /// copy of its value made.
  func holds(_ field: Int, asNumber: Bool) -> Bool {
    guard let position = position(of: field) else { return false }
    guard asNumber else { return true }
    if case .number = fields[position].value { return true }
    return false
  }

  private func position(of field: Int) -> Int? {
    slots.position(of: field) ?? ContentState.position(of: plan.roles[field].name, in: fields)
  }
}

/// An activity's fields as a patch will leave them, without merging it: what the reducer
/// checks before it changes anything.
struct FieldsAfterPatch: FieldSource {
  let fields: LayoutFields
  let patch: ContentState

  func value(_ field: Int) -> ContentValue? {
    patch[fields.plan.roles[field].name] ?? fields.value(field)
  }

  /// The value of field `name`, or nil.
  func value(named name: String) -> ContentValue? { patch[name] ?? fields.content[name] }
}

/// An activity's fields as they were before a ``ContentChange``: the changed fields' old
/// values over the current content.
struct FieldsBeforeChange<After: FieldSource>: FieldSource {
  let after: After
  let before: ArraySlice<ContentChange.Before>
  /// The entries of ``before`` by field, when there are many: a scan for each field of a
  /// zone would make a change of thousands of fields cost their square.
  private let positions: [Int: Int]?

  init(after: After, before: ArraySlice<ContentChange.Before>) {
    self.after = after
    self.before = before
    guard before.count > FieldNames.scanned else {
      positions = nil
      return
    }
    var positions: [Int: Int] = [:]
    for index in before.indices where positions[before[index].field] == nil {
      positions[before[index].field] = index
    }
    self.positions = positions
  }

  func value(_ field: Int) -> ContentValue? {
    if let positions {
      return positions[field].map { before[$0].value } ?? after.value(field)
    }
    for entry in before where entry.field == field { return entry.value }
    return after.value(field)
  }
}
