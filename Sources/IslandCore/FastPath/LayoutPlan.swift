/// A layout, and what the reducer needs to know of it on every update: its zones compiled,
/// which zones read which field, which fields must stay numbers or symbol names, each
/// zone's width as a sum of its fields' widths.
final class LayoutPlan: Sendable {
  let layout: Layout
  /// Each zone's view, by ``Zone/ordinal``.
  let zoneViews: [ZoneView?]
  /// Every zone's steps, one zone after another, ``literals`` shared.
  private let steps: [ZoneProgram.Step]
  /// Where each zone's steps start in ``steps``, by ``Zone/ordinal``, and where they end.
  private let stepStarts: [Int]
  /// The literal bytes of every zone's steps.
  private let literals: [UInt8]
  /// Every zone's checkpoints (``ZoneWidth/checkpoints(of:)``), one zone after another, as an
  /// activity's ``ZoneSums`` number them.
  private let checkpoints: [ZoneWidth.Checkpoint]
  /// Where each zone's checkpoints start in ``checkpoints``, by ``Zone/ordinal``, and where
  /// they end.
  private let checkpointStarts: [Int]
  /// The fields each zone's text shows, by ``Zone/ordinal`` (``textChange``).
  private let shownFields: [ShownFields]
  /// Each zone's line limit (``ZoneRenderer/lineLimit(of:_:)``), by ``Zone/ordinal``.
  private let lineLimits: [Int?]
  /// The zones with a view.
  let shownZones: ZoneSet
  /// The zones whose text changes with no animation.
  let identityZones: ZoneSet
  /// The zones that pad their content.
  private let paddedZones: ZoneSet
  /// Every field the layout reads or pulses on, with what it does there, numbered as the
  /// programs number them.
  let roles: [FieldRole]
  /// The roles' numbers by name, for a layout of many fields (nil for a few, scanned).
  let roleNumbers: FieldNames?
  /// Each zone's width as a sum of parts, by ``Zone/ordinal`` (not ``WidthModel/isModeled``
  /// for a zone it cannot model).
  let widthModels: [WidthModel]
  /// The terms of every zone's width model, one zone after another.
  private let widthTerms: [WidthModel.Term]
  /// The fields (bits by number, all under ``FieldMeasures/capacity``) whose widths some
  /// zone's estimate reads: the others' string values are measured for their JSON length
  /// alone.
  let estimatedFields: UInt8
  /// Whether the layout's own parts pass the layout checks
  /// (``LayoutChecks/partsAreValid(_:)``).
  let partsAreValid: Bool
  /// The fields (by number) whose values name symbols, when every symbol that takes its name
  /// from the state takes it from one field alone (`{icon}`); nil when one mixes text and
  /// fields.
  let symbolNameFields: [Int]?
  /// The fields no update may change (``Layout/attributes``), to look up in constant time.
  let staticAttributes: Set<String>
  /// The fields the layout reads, in zone order, each once (``UnreadFieldRule/fieldsRead(by:)``):
  /// what an update that adds a field tells it from.
  let fieldsRead: [String]

  /// What a layout does with one state field.
  struct FieldRole: Sendable {
    /// The field's name.
    let name: String
    /// Its length in UTF-8 (names of other lengths are not compared).
    let nameLength: Int
    /// The zones that read it.
    var zones: ZoneSet = []
    /// Whether a progress bar or a countdown shows it: it must stay a number.
    var isNumeric = false
    /// Whether a symbol takes its name from it: it must stay a symbol name.
    var namesSymbol = false
    /// Whether a change of it pulses the leading icon.
    var pulses = false
    /// Its place among the roles' names in name order: its position in a content that
    /// holds the layout's fields and no other (a content keeps its fields in name order),
    /// where a start looks for it first.
    var rankByName = 0
  }

  init(_ layout: Layout) {
    self.layout = layout
    staticAttributes = Set(layout.attributes)
    fieldsRead = UnreadFieldRule.fieldsRead(by: layout)
    zoneViews = Zone.allCases.map { layout[$0] }
    lineLimits = Zone.allCases.map { zone in
      layout[zone].flatMap { ZoneRenderer.lineLimit(of: zone, $0) }
    }
    var fieldNames = FieldNames()
    let programs = Zone.allCases.map { zone in
      layout[zone].map { ZoneProgram($0, fields: &fieldNames) }
    }
    var steps: [ZoneProgram.Step] = []
    var stepStarts: [Int] = []
    var literals: [UInt8] = []
    var shownZones: ZoneSet = []
    var identityZones: ZoneSet = []
    var paddedZones: ZoneSet = []
    for zone in Zone.allCases {
      stepStarts.append(steps.count)
      guard let program = programs[zone.ordinal], let zoneView = layout[zone] else { continue }
      steps += program.steps(rebasedBy: literals.count)
      literals += program.literals
      shownZones.insert(ZoneSet(zone))
      if zoneView.transition == .identity { identityZones.insert(ZoneSet(zone)) }
      if zoneView.horizontalPadding { paddedZones.insert(ZoneSet(zone)) }
    }
    stepStarts.append(steps.count)
    shownFields = Zone.allCases.map { zone in
      ShownFields(steps[stepStarts[zone.ordinal]..<stepStarts[zone.ordinal + 1]])
    }
    var checkpoints: [ZoneWidth.Checkpoint] = []
    var checkpointStarts = [0]
    steps.withUnsafeBufferPointer { steps in
      for zone in Zone.allCases {
        let zoneSteps = steps[stepStarts[zone.ordinal]..<stepStarts[zone.ordinal + 1]]
        checkpoints += ZoneWidth.checkpoints(of: .init(rebasing: zoneSteps))
        checkpointStarts.append(checkpoints.count)
      }
    }
    self.checkpoints = checkpoints
    self.checkpointStarts = checkpointStarts
    self.steps = steps
    self.stepStarts = stepStarts
    self.literals = literals
    self.shownZones = shownZones
    self.identityZones = identityZones
    self.paddedZones = paddedZones
    if let pulse = layout.pulse { fieldNames.add(pulse.field) }
    var roles = fieldNames.names.map { FieldRole(name: $0, nameLength: $0.utf8.count) }
    // Each zone's fields looked up by name: linear in the fields, not their square.
    var numbers = FieldNames()
    for name in fieldNames.names { numbers.add(name) }
    for zone in Zone.allCases {
      guard let view = layout[zone]?.view else { continue }
      for name in view.fields {
        if let index = numbers.number(of: name) { roles[index].zones.insert(ZoneSet(zone)) }
      }
      for name in view.numericFields {
        if let index = numbers.number(of: name) { roles[index].isNumeric = true }
      }
      for name in view.symbolFields {
        if let index = numbers.number(of: name) { roles[index].namesSymbol = true }
      }
    }
    if let pulse = layout.pulse, let index = numbers.number(of: pulse.field) {
      roles[index].pulses = true
    }
    let byName = roles.indices.sorted { roles[$0].name < roles[$1].name }
    for (rank, index) in byName.enumerated() { roles[index].rankByName = rank }
    self.roles = roles
    roleNumbers = roles.count > FieldNames.scanned ? numbers : nil
    partsAreValid = LayoutChecks.partsAreValid(layout)
    symbolNameFields = LayoutPlan.symbolNameFields(
      of: layout, roles: roles, roleNumbers: roleNumbers)
    var widthTerms: [WidthModel.Term] = []
    widthModels = Zone.allCases.map { zone in
      steps.withUnsafeBufferPointer { steps in
        literals.withUnsafeBufferPointer { literals in
          WidthModel(
            steps: UnsafeBufferPointer(
              rebasing: steps[stepStarts[zone.ordinal]..<stepStarts[zone.ordinal + 1]]),
            literals: literals, horizontalPadding: paddedZones.contains(zone),
            terms: &widthTerms)
        }
      }
    }
    self.widthTerms = widthTerms
    estimatedFields = widthModels.reduce(0) { $0 | $1.measuredFields }
  }

  /// The text of `zone` (which has a view) for `fields` at `now`, and the width it needs.
  func render<Source: FieldSource>(
    _ zone: Zone, _ fields: Source, now: Milliseconds
  ) -> (text: String, width: Double) {
    (write(zone, fields, now: now) { writer in writer.text }, width(zone, fields, now: now))
  }

  /// The width `zone` (which has a view) needs for `fields` at `now`, worked out without
  /// writing its text: what the reducer checks budgets with.
  func width<Source: FieldSource>(_ zone: Zone, _ fields: Source, now: Milliseconds) -> Double {
    let ordinal = zone.ordinal
    return steps.withUnsafeBufferPointer { steps in
      literals.withUnsafeBufferPointer { literals in
        ZoneWidth.of(
          UnsafeBufferPointer(rebasing: steps[stepStarts[ordinal]..<stepStarts[ordinal + 1]]),
          literals: literals, fields, now: now, horizontalPadding: paddedZones.contains(zone))
      }
    }
  }

  /// The texts of `zone` (which has a view) for `before` and for `after` at `now`, when they
  /// differ (byte for byte; compared on the stack, made strings only when they differ).
  func texts<Before: FieldSource, After: FieldSource>(
    _ zone: Zone, before: Before, after: After, now: Milliseconds
  ) -> (old: String, new: String)? {
    write(zone, before, now: now) { old in
      write(zone, after, now: now) { new in
        old.wroteTheSameText(as: new) ? nil : (old.text, new.text)
      }
    }
  }

  /// The width `zone` (which has a view) needs for `content`, whose fields `slots` locates,
  /// at `now`, and whether its text differs from its text before the change `before` (the
  /// changed fields' old values): compared only when `compares` says the width calls for it,
  /// false otherwise. The width is worked out without writing the text, summing the zone's
  /// text again only from its changed fields on where `sums` holds the activity's sums of
  /// `zone` from before the change (a fresh ``ZoneSums`` holds none), and keeping the new
  /// ones there; the texts are written (on the stack, no string made) only when the changed
  /// fields' texts cannot tell whether the zone's changed (``textChange``).
  func measureChange(
    _ zone: Zone, content: ContentState, slots: FieldSlots,
    before: ArraySlice<ContentChange.Before>, now: Milliseconds, keeping sums: inout ZoneSums,
    comparingWhen compares: (Double) -> Bool
  ) -> (width: Double, textChanged: Bool) {
    // The changed fields, bits by number (one numbered 64 or more is looked up, or summed).
    var change: UInt64 = 0
    for entry in before where entry.field < 64 { change |= 1 &<< UInt64(entry.field) }
    return content.fields.withUnsafeBufferPointer { fields in
      let after = BorrowedFields(fields: fields, slots: slots, plan: self)
      let width = self.width(zone, after, now: now, keeping: &sums, after: change)
      guard compares(width) else { return (width, false) }
      if let changed = textChange(zone, after: after, before: before, fields: change) {
        return (width, changed)
      }
      let old = FieldsBeforeChange(after: after, before: before)
      let changed = write(zone, old, now: now) { old in
        write(zone, after, now: now) { new in !old.wroteTheSameText(as: new) }
      }
      return (width, changed)
    }
  }

  /// ``width(_:_:now:)``, keeping the zone's running sums in `sums`, and resuming from them
  /// when they are current: from before the change of the fields `change` (bits by number).
  private func width<Source: FieldSource>(
    _ zone: Zone, _ fields: Source, now: Milliseconds, keeping sums: inout ZoneSums,
    after change: UInt64
  ) -> Double {
    let ordinal = zone.ordinal
    let checkpoints = checkpointStarts[ordinal]..<checkpointStarts[ordinal + 1]
    return sums.keep(zone, at: checkpoints, count: checkpointStarts[Zone.allCases.count]) {
      sums, current in
      steps.withUnsafeBufferPointer { steps in
        literals.withUnsafeBufferPointer { literals in
          self.checkpoints.withUnsafeBufferPointer { marks in
            ZoneWidth.of(
              UnsafeBufferPointer(rebasing: steps[stepStarts[ordinal]..<stepStarts[ordinal + 1]]),
              literals: literals, fields, now: now, horizontalPadding: paddedZones.contains(zone),
              keeping: sums, at: UnsafeBufferPointer(rebasing: marks[checkpoints]),
              after: current ? change : nil)
          }
        }
      }
    }
  }

  /// Whether the text of `zone` (which has a view) differs before and after the change
  /// `before` (the changed fields' old values; `after`, the fields now), told from the changed
  /// fields' texts alone: false when each shows as it did (the rest of the zone is as it
  /// was), true when the zone's text is now of another length; nil when only writing both
  /// texts can tell (as long, but some field shows otherwise), or a progress bar or countdown
  /// shows a changed field, or one shows more than once, or too many fields changed to look
  /// each up in turn.
  ///
  /// `changed` holds the changed fields (bits by number, under 64). The zone's fields are
  /// known from its plan (``ShownFields``): only the changed fields are looked at, not the
  /// zone's steps. Inlined where a change is measured, as the width is.
  @inline(__always)
  private func textChange<Source: FieldSource>(
    _ zone: Zone, after: Source, before: ArraySlice<ContentChange.Before>, fields changed: UInt64
  ) -> Bool? {
    guard before.count <= FieldNames.scanned else { return nil }
    let shown = shownFields[zone.ordinal]
    if changed & shown.otherwise != 0 { return nil }
    var lengthChange = 0
    var showsAsBefore = true
    // The old values read in place, never copied out of the change.
    return before.withUnsafeBufferPointer { before -> Bool? in
      for entry in before.indices {
        let field = before[entry].field
        guard field < 64 else {
          if shown.hasFieldsPast64 { return nil }
          continue
        }
        guard shown.once & (1 &<< UInt64(field)) != 0 else { continue }
        let (change, same) = ZoneTextWriter.withText(of: before[entry].value) { old in
          after.withText(of: field) { new in
            (new.count - old.count, ZoneTextWriter.sameBytes(old, new))
          }
        }
        lengthChange += change
        showsAsBefore = showsAsBefore && same
      }
      if showsAsBefore { return false }
      return lengthChange != 0 ? true : nil
    }
  }

  /// The fields a zone's text shows (bits by number, under 64), as its steps read them: what
  /// tells whether a change of some fields changes the zone's text without walking its steps.
  struct ShownFields: Sendable {
    /// The fields it shows once, as text (a template's or a symbol's name).
    private(set) var once: UInt64 = 0
    /// The fields it shows more than once, or as a progress bar or a countdown.
    private(set) var otherwise: UInt64 = 0
    /// Whether it shows a field numbered 64 or more.
    private(set) var hasFieldsPast64 = false

    /// The fields the steps `steps` show.
    init(_ steps: ArraySlice<ZoneProgram.Step>) {
      for step in steps {
        let field: Int32
        let asText: Bool
        switch step {
        case .field(let number, _): (field, asText) = (number, true)
        case .percent(let number, _), .countdown(let number): (field, asText) = (number, false)
        case .separate, .beginPiece, .literal, .endPiece, .addWidth: continue
        }
        guard field < 64 else {
          hasFieldsPast64 = true
          continue
        }
        let bit: UInt64 = 1 &<< UInt64(field)
        if !asText || once & bit != 0 { otherwise |= bit }
        once |= bit
      }
      once &= ~otherwise
    }
  }

  /// Writes the text of `zone` for `fields` at `now` into a buffer on the stack and hands
  /// `body` the writer.
  private func write<Source: FieldSource, Result>(
    _ zone: Zone, _ fields: Source, now: Milliseconds,
    _ body: (borrowing ZoneTextWriter) -> Result
  ) -> Result {
    let ordinal = zone.ordinal
    return steps.withUnsafeBufferPointer { steps in
      literals.withUnsafeBufferPointer { literals in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer in
          var writer = ZoneTextWriter(buffer: buffer)
          writer.run(
            UnsafeBufferPointer(rebasing: steps[stepStarts[ordinal]..<stepStarts[ordinal + 1]]),
            literals: literals, fields, now: now)
          return body(writer)
        }
      }
    }
  }

  /// The line limit of `zone` (``ZoneRenderer/lineLimit(of:_:)``), nil for a zone with no
  /// limit or no view.
  func lineLimit(of zone: Zone) -> Int? { lineLimits[zone.ordinal] }

  /// The widest `zone` can be within `budget` without truncating: the budget on each line
  /// the zone may take (``ZoneRenderer``'s `fit`). A region that wraps onto two lines fits
  /// in twice its budget, not once.
  func widthBeforeTruncation(_ zone: Zone, budget: Double) -> Double {
    guard budget > 0 else { return budget }
    let lines = lineLimits[zone.ordinal] ?? ZoneRenderer.maximumLines
    return budget * Double(max(1, min(lines, ZoneRenderer.maximumLines)))
  }

  /// Whether the width of `zone` estimated from the measures `fields` (by field number,
  /// ``FieldMeasures/byField``, read in place) and, for a countdown, the value `value` gives
  /// for its field at `now` is under `limit` by more than any rounding: false when the zone
  /// has no model or the estimate is too close to say, and the zone must be measured.
  func estimateFits(
    _ zone: Zone, within limit: Double, _ fields: Span<FieldMeasure>, now: Milliseconds,
    value: (Int) -> ContentValue?
  ) -> Bool {
    estimate(zone, fields, now: now, value: value).map { WidthModel.isClearlyUnder($0, limit) }
      ?? false
  }

  /// The width of `zone` estimated from the measures `fields` (by field number) and, for a
  /// countdown, the value `value` gives for its field at `now`, or nil when the zone has no
  /// model (``WidthModel``).
  func estimate(
    _ zone: Zone, _ fields: Span<FieldMeasure>, now: Milliseconds, value: (Int) -> ContentValue?
  ) -> Double? {
    // Read in place, not copied out of the arrays.
    widthModels.withUnsafeBufferPointer { models in
      widthTerms.withUnsafeBufferPointer { terms in
        models[zone.ordinal].width(fields, terms: terms, now: now, value: value)
      }
    }
  }

  /// ``symbolNameFields`` for `layout`, its fields numbered as `roles`.
  private static func symbolNameFields(
    of layout: Layout, roles: [FieldRole], roleNumbers: FieldNames?
  ) -> [Int]? {
    var fields: [Int] = []
    func collect(_ view: View) -> Bool {
      switch view {
      case .symbol(let name, _, _):
        guard !name.fields.isEmpty else { return true }
        guard name.parts.count == 1, case .field(let field) = name.parts[0],
          let number = roleNumbers?.number(of: field)
            ?? roles.firstIndex(where: { $0.name == field })
        else { return false }
        fields.append(number)
        return true
      case .row(let views): return views.allSatisfy(collect)
      case .text, .label, .progress, .countdown: return true
      }
    }
    for zone in Zone.allCases {
      guard let view = layout[zone]?.view else { continue }
      guard collect(view) else { return nil }
    }
    return fields
  }

  /// Whether some zone's width estimate reads the width of field `number` (under
  /// ``FieldMeasures/capacity``).
  func estimates(_ number: Int) -> Bool { estimatedFields & (1 &<< UInt8(number)) != 0 }

  /// The number of field `name` among ``roles``, or nil when the layout does nothing with it.
  @inline(__always)
  func role(of name: String) -> Int? {
    if let roleNumbers { return roleNumbers.number(of: name) }
    let length = name.utf8.count
    // Read in place, not copied out of the array role by role.
    return roles.withUnsafeBufferPointer { roles in
      for index in roles.indices
      where roles[index].nameLength == length && roles[index].name == name {
        return index
      }
      return nil
    }
  }

  /// Where the first fields of ``roles`` are in `content`.
  func slots(in content: ContentState) -> FieldSlots { FieldSlots(plan: self, content: content) }

  /// The plans of the built-in layouts, made once.
  private static let catalogue: [(name: String, plan: LayoutPlan)] = Layout.catalogue.map {
    ($0.name, LayoutPlan($0.layout))
  }

  /// The plan of the built-in layout called `name`.
  static func named(_ name: String) -> LayoutPlan? {
    for entry in catalogue where entry.name == name { return entry.plan }
    return nil
  }
}
