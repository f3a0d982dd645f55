/// The fast check of a patch (an update's or an end's content): the rules are the start's
/// (``Validation``, ``LayoutChecks``, ``PayloadSize``) applied to the content the patch
/// would leave, but the content before passed them all, so only what the changed fields can
/// affect is checked, from the measures the activity keeps (``ContentMeasures``), and
/// nothing is copied or merged until everything passed.
extension IslandState {
  /// What merging a patch would change, once checked.
  struct CheckedPatch {
    /// Whether any field's value changes.
    var changesContent = false
    /// The zones that read a changed field.
    var zones: ZoneSet = []
    /// Whether a changed field pulses the leading icon.
    var pulses = false
    /// The changed fields the activity keeps measures of (numbered under
    /// ``FieldMeasures/capacity``, bits by number).
    var fields: UInt8 = 0
    /// Those fields' new values measured.
    var measures = FieldMeasures()
    /// The payload's size after the merge.
    var payloadBytes: Int
    /// Where the patch's first fields are in the content.
    var positions = FieldPositions()
    /// Which of those change (bits by patch index).
    var changed: UInt8 = 0
    /// The roles the check found for the patch's first fields: the merge does not look their
    /// names up again.
    var roles = PatchRoles()
  }

  /// The role (its number in ``LayoutPlan/roles``, or none) of each of a patch's first eight
  /// fields, a byte each, with no storage to allocate.
  struct PatchRoles {
    /// `0xFF`: not looked up; `0xFE`: no role.
    private var bytes = UInt64.max

    /// The role of the patch's field number `index`, named `name`, in `plan`: as recorded,
    /// else looked up.
    func role(of index: Int, named name: String, in plan: LayoutPlan) -> Int? {
      guard index < 8 else { return plan.role(of: name) }
      switch Int(truncatingIfNeeded: bytes &>> UInt64(8 * index)) & 0xFF {
      case 0xFF: return plan.role(of: name)
      case 0xFE: return nil
      case let role: return role
      }
    }

    /// Records that the patch's field number `index` has role `role` (nil: none), when both
    /// fit in a byte.
    mutating func set(_ index: Int, _ role: Int?) {
      guard index < 8 else { return }
      let byte = role ?? 0xFE
      guard byte <= 0xFE else { return }
      bytes &= ~(0xFF &<< UInt64(8 * index))
      bytes |= UInt64(byte) &<< UInt64(8 * index)
    }
  }

  /// Checks what merging `patch` into the content of activity `index` of `activities`, whose
  /// attributes are `attributes`, would give: field names, the layout's numeric fields, symbol
  /// names and the minimal view's width, the payload limit `payloadLimit`. Writes what it
  /// found into `checked` (made by the caller with the activity's payload size).
  ///
  /// A static function of the parts it reads, not a method: a method that does not mutate,
  /// called from the reducer's mutating ones, is handed a copy of the whole state. The
  /// attributes are the caller's, which reads them once for the check and the merge.
  static func check(
    _ patch: ContentState, of index: Int, in activities: ActivityList,
    attributes: ActivityAttributes, payloadLimit: Int, now: Milliseconds,
    into checked: inout CheckedPatch
  ) throws(Rejection.Reason) {
    // Read part by part: a copy of the whole activity costs more than the check.
    let stored = activities[index].content
    let plan = attributes.plan
    let slots = activities[index].derived.fieldSlots
    let measuresBefore = activities[index].derived.fieldMeasures
    var namesSymbol = false
    // The patch's fields, the content's and the plan's roles are read in place, never copied
    // out of their arrays.
    try patch.fields.withUnsafeBufferPointer { (patchFields) throws(Rejection.Reason) in
      try stored.fields.withUnsafeBufferPointer { (content) throws(Rejection.Reason) in
        try plan.roles.withUnsafeBufferPointer { (roles) throws(Rejection.Reason) in
          var count = content.count
          for patchIndex in patchFields.indices {
            // The name is read where the patch holds it each time, not copied out of it.
            let number = plan.role(of: patchFields[patchIndex].name)
            checked.roles.set(patchIndex, number)
            var position = number.flatMap { slots.position(of: $0) }
            if position == nil {
              position = ContentState.position(of: patchFields[patchIndex].name, in: content)
            }
            if let position {
              if patchIndex < 8 { checked.positions.set(patchIndex, position) }
              guard content[position].value != patchFields[patchIndex].value else { continue }
              try Validation.checkNotStaticAttribute(
                patchFields[patchIndex].name, of: attributes.id, in: plan.staticAttributes)
              if patchIndex < 8 { checked.changed |= 1 &<< UInt8(patchIndex) }
              // Same name: only the value's length changes.
              if let number, number < FieldMeasures.capacity {
                // The new value is measured once, for the payload here and for the zones'
                // widths once merged.
                let measure = FieldMeasure(
                  patchFields[patchIndex].value, width: plan.estimates(number))
                checked.payloadBytes +=
                  measure.jsonLength
                  - measuresBefore.jsonLength(of: number)
                checked.measures[number] = measure
              } else {
                checked.payloadBytes +=
                  PayloadSize.jsonLength(of: patchFields[patchIndex].value)
                  - PayloadSize.jsonLength(of: content[position].value)
              }
            } else {
              try Validation.checkFieldName(patchFields[patchIndex].name)
              try Validation.checkNotStaticAttribute(
                patchFields[patchIndex].name, of: attributes.id, in: plan.staticAttributes)
              if count > 0 { checked.payloadBytes += 1 }
              count += 1
              checked.payloadBytes += PayloadSize.jsonLength(of: patchFields[patchIndex])
              if let number, number < FieldMeasures.capacity {
                checked.measures[number] = FieldMeasure(
                  patchFields[patchIndex].value, width: plan.estimates(number))
              }
            }
            checked.changesContent = true
            guard let number else { continue }
            if roles[number].isNumeric, patchFields[patchIndex].value.numberValue == nil {
              let zone = roles[number].zones.first ?? .bottom
              let name = patchFields[patchIndex].name
              let view = LayoutChecks.numericViewName(
                of: name, in: attributes.layout[zone]?.view)
              throw .fieldNotNumber(zone: zone, field: name, view: view)
            }
            checked.zones.formUnion(roles[number].zones)
            if number < FieldMeasures.capacity { checked.fields |= 1 &<< UInt8(number) }
            namesSymbol = namesSymbol || roles[number].namesSymbol
            checked.pulses = checked.pulses || roles[number].pulses
          }
        }
      }
    }
    guard checked.changesContent else { return }
    var minimalWidth = checked.zones.contains(.minimal)
    // The content as the patch leaves it is read only when a changed field names a symbol or
    // the minimal view shows one.
    if namesSymbol || minimalWidth {
      let patched = FieldsAfterPatch(
        fields: LayoutFields(plan: plan, content: stored, slots: slots), patch: patch)
      // The minimal view's width is measured unless its estimate, from the fields' widths as
      // the patch leaves them, is clearly within its limit.
      if minimalWidth {
        var measures = measuresBefore
        measures.take(checked.fields, from: checked.measures)
        minimalWidth = !plan.estimateFits(
          .minimal, within: IslandMetrics.minimalMaximumWidth, measures, now: now,
          value: patched.value)
      }
      if namesSymbol || minimalWidth {
        try LayoutChecks.checkPatchedLayout(
          plan, content: patched, activity: attributes.id, now: now, symbols: namesSymbol,
          minimalWidth: minimalWidth)
      }
    }
    try PayloadSize.check(checked.payloadBytes, of: attributes.id, limit: payloadLimit)
  }

  /// Merges `state`, checked as `patch`, into `activity`: its content, and the measures kept
  /// of it. The old values of the layout's fields go to `change`. Returns the names of the
  /// fields it added (for ``UnreadFieldRule``).
  @discardableResult
  static func merge(
    _ state: ContentState, _ patch: CheckedPatch, plan: LayoutPlan,
    into activity: inout Activity, recording change: inout ContentChange
  ) -> [String] {
    var addedNames: [String] = []
    let added = activity.content.mergeChanges(
      state, positions: patch.positions, changed: patch.changed
    ) { patchIndex, before in
      if before == nil { addedNames.append(state.fields[patchIndex].name) }
      if let field = patch.roles.role(
        of: patchIndex, named: state.fields[patchIndex].name, in: plan)
      {
        change.record(field, before: before)
      }
    }
    if added { activity.derived.fieldSlots = plan.slots(in: activity.content) }
    activity.derived.fieldMeasures.take(patch.fields, from: patch.measures)
    activity.derived.payloadBytes = patch.payloadBytes
    return addedNames
  }
}
