/// The fast check of a patch (an update's or an end's content), merged as it is checked: the
/// rules are the start's (``Validation``, ``LayoutChecks``, ``PayloadSize``) applied to the
/// content the patch leaves, but the content before passed them all, so only what the changed
/// fields can affect is checked, from the measures the activity keeps (``ContentMeasures``).
/// Each changed field is checked and then merged in place, and the content it leaves is
/// checked last; a patch rejected part way is taken back out (``ContentChange``), so that a
/// rejected event leaves the activity as it was and an accepted patch is read once.
extension IslandState {
  /// What merging a patch changed.
  struct MergedPatch {
    /// Whether any field's value changed.
    var changesContent = false
    /// The zones that read a changed field.
    var zones: ZoneSet = []
    /// Whether a changed field pulses the leading icon.
    var pulses = false
    /// The names of the fields it added, in order (for ``UnreadFieldRule``).
    var addedNames: [String] = []
  }

  /// Merges `patch` into `activity`, whose attributes are `attributes` (the caller's, read
  /// once), checking each changed field before it is merged (its name, the layout's numeric
  /// fields) and the content it leaves after (symbol names, the minimal view's width, the
  /// payload limit `payloadLimit`), and keeps the activity's measures up to date. Once all
  /// passed, `change` records the values the merge replaced in fields the layout reads; a
  /// rejected patch is taken back out first, leaving `activity` and `change` as they were.
  static func merge(
    _ patch: ContentState, into activity: inout Activity, attributes: ActivityAttributes,
    payloadLimit: Int, now: Milliseconds, recording change: inout ContentChange
  ) throws(Rejection.Reason) -> MergedPatch {
    // The measures the merge changes before its last check: the payload's size is kept only
    // once all passed, and the zones' running sums are not the merge's.
    let slotsBefore = activity.derived.fieldSlots
    let measuresBefore = activity.derived.fieldMeasures
    change.startMerging()
    do {
      let merged = try mergeChecking(
        patch, into: &activity, attributes: attributes, payloadLimit: payloadLimit, now: now,
        recording: &change)
      change.recordMerged()
      return merged
    } catch {
      change.takeBackMerged(from: &activity.content)
      activity.derived.fieldSlots = slotsBefore
      activity.derived.fieldMeasures = measuresBefore
      // Which strings are plain is forgotten, not put back: a rejection is rare, and an
      // unmarked string is only counted again.
      activity.derived.plainStrings = PlainStrings()
      throw error
    }
  }

  /// ``merge(_:into:attributes:payloadLimit:now:recording:)`` up to its first rejection,
  /// which it leaves to be taken back.
  private static func mergeChecking(
    _ patch: ContentState, into activity: inout Activity, attributes: ActivityAttributes,
    payloadLimit: Int, now: Milliseconds, recording change: inout ContentChange
  ) throws(Rejection.Reason) -> MergedPatch {
    let plan = attributes.plan
    var merged = MergedPatch()
    var payloadBytes = activity.derived.payloadBytes
    var namesSymbol = false
    // The patch's fields and the plan's roles are read in place, never copied out of their
    // arrays.
    try patch.fields.withUnsafeBufferPointer { (patchFields) throws(Rejection.Reason) in
      try plan.roles.withUnsafeBufferPointer { (roles) throws(Rejection.Reason) in
        for patchIndex in patchFields.indices {
          // The name is read where the patch holds it each time, not copied out of it.
          let number = plan.role(of: patchFields[patchIndex].name)
          // The slots locate fields until one is added before them.
          var position =
            merged.addedNames.isEmpty
            ? number.flatMap { activity.derived.fieldSlots.position(of: $0) } : nil
          if position == nil {
            position = activity.content.position(of: patchFields[patchIndex].name)
          }
          if let position {
            guard activity.content.fields[position].value != patchFields[patchIndex].value else {
              continue
            }
            try Validation.checkNotStaticAttribute(
              patchFields[patchIndex].name, of: attributes.id, in: plan.staticAttributes)
            // Same name: only the value's length changes.
            if let number, number < FieldMeasures.capacity {
              // The new value is measured once, for the payload here and for the zones'
              // widths once merged.
              let measure = FieldMeasure(
                patchFields[patchIndex].value, width: plan.estimates(number))
              payloadBytes +=
                measure.jsonLength - activity.derived.fieldMeasures.jsonLength(of: number)
              activity.derived.fieldMeasures[number] = measure
            } else {
              // The new value is read once; the old one was read when it arrived.
              let length = PayloadSize.jsonLength(of: patchFields[patchIndex].value)
              payloadBytes +=
                length
                - activity.derived.plainStrings.jsonLength(
                  of: activity.content.fields[position].value, at: position)
              activity.derived.plainStrings.note(
                patchFields[patchIndex].value, length: length, at: position)
            }
          } else {
            try Validation.checkFieldName(patchFields[patchIndex].name)
            try Validation.checkNotStaticAttribute(
              patchFields[patchIndex].name, of: attributes.id, in: plan.staticAttributes)
            if !activity.content.isEmpty { payloadBytes += 1 }
            payloadBytes += PayloadSize.jsonLength(of: patchFields[patchIndex])
            if let number, number < FieldMeasures.capacity {
              activity.derived.fieldMeasures[number] = FieldMeasure(
                patchFields[patchIndex].value, width: plan.estimates(number))
            }
          }
          if let number, roles[number].isNumeric, patchFields[patchIndex].value.numberValue == nil {
            let zone = roles[number].zones.first ?? .bottom
            let name = patchFields[patchIndex].name
            let view = LayoutChecks.numericViewName(
              of: name, in: attributes.layout[zone]?.view)
            throw .fieldNotNumber(zone: zone, field: name, view: view)
          }
          // Checked: merged, its value before kept to record, or to put back.
          if let position {
            var value = patchFields[patchIndex].value
            activity.content.swapValue(at: position, with: &value)
            change.merged(at: position, field: number, before: value)
          } else {
            let inserted = activity.content.insertionIndex(of: patchFields[patchIndex].name)
            activity.content.insert(patchFields[patchIndex], at: inserted)
            activity.derived.plainStrings.insert(at: inserted)
            change.merged(at: inserted, field: number, before: nil)
            merged.addedNames.append(patchFields[patchIndex].name)
          }
          merged.changesContent = true
          guard let number else { continue }
          merged.zones.formUnion(roles[number].zones)
          namesSymbol = namesSymbol || roles[number].namesSymbol
          merged.pulses = merged.pulses || roles[number].pulses
        }
      }
    }
    guard merged.changesContent else { return merged }
    if !merged.addedNames.isEmpty { activity.derived.fieldSlots = plan.slots(in: activity.content) }
    var minimalWidth = merged.zones.contains(.minimal)
    // The content as the patch leaves it is read only when a changed field names a symbol or
    // the minimal view shows one.
    if namesSymbol || minimalWidth {
      let patched = FieldsAfterPatch(fields: activity.fields, patch: patch)
      // The minimal view's width is measured unless its estimate, from the fields' widths as
      // the patch leaves them, is clearly within its limit.
      if minimalWidth {
        minimalWidth = !plan.estimateFits(
          .minimal, within: IslandMetrics.minimalMaximumWidth,
          activity.derived.fieldMeasures.byField.span,
          now: now, value: patched.value)
      }
      if namesSymbol || minimalWidth {
        try LayoutChecks.checkPatchedLayout(
          plan, content: patched, activity: attributes.id, now: now, symbols: namesSymbol,
          minimalWidth: minimalWidth)
      }
    }
    try PayloadSize.check(payloadBytes, of: attributes.id, limit: payloadLimit)
    activity.derived.payloadBytes = payloadBytes
    return merged
  }
}
