import Synchronization

/// A Live Activity as the engine tracks it.
public struct Activity: Equatable, Sendable {
  /// What never changes after the start, shared by reference: copying an activity (the
  /// reducer does, to check before it changes) costs one retain, not one per string.
  let profile: ActivityProfile
  /// Where it is in its life.
  public internal(set) var phase: Phase
  /// Its relevance: higher ranks first.
  public internal(set) var relevance: Double
  /// When its content becomes stale, or nil for never.
  public internal(set) var staleAt: Milliseconds?
  /// When it ended, once it has.
  public internal(set) var endedAt: Milliseconds?
  /// When it leaves (or left) the Lock Screen, once it has ended.
  public internal(set) var dismissAt: Milliseconds?
  /// Its content state.
  public internal(set) var content: ContentState
  /// The last alert it received, if any.
  public internal(set) var lastAlert: Alert? {
    get { alertBox?.alert }
    set { alertBox = newValue.map(AlertBox.init) }
  }
  /// The last alert, held in a box: most activities never get one, and an alert kept
  /// inline would make every activity 48 bytes larger for the whole replay.
  private var alertBox: AlertBox?
  /// The newest data timestamp applied to it (Part 2, "Update order"), if any.
  public internal(set) var newestTimestamp: Int64?
  /// The bytes its content state and attributes take (see the payload limit).
  var payloadBytes: Int
  /// Where the layout's first fields are in ``content`` (``LayoutPlan/slots(in:)``), kept
  /// up to date as fields are added.
  var fieldSlots: UInt64
  /// The widths and JSON lengths of the layout's first fields, kept up to date as they
  /// change.
  var fieldMeasures: FieldMeasures

  /// The activity's id.
  public var id: String { profile.id }
  /// The app's bundle id.
  public var app: String { profile.app }
  /// The sequence number of its start: the tie-break of the ranking (earlier first).
  public var startSeq: Int { profile.startSeq }
  /// When it started.
  public var startedAt: Milliseconds { profile.startedAt }
  /// Its layout, resolved (a named layout looked up, or the default one).
  public var layout: Layout { profile.layout }
  /// The name of the built-in layout it uses, or nil for one given inline or the default.
  public var layoutName: String? { profile.layoutName }
  /// Its widget URL, or nil for the app's default.
  public var url: String? { profile.url }
  /// Its per-region deep links.
  public var links: RegionLinks { profile.links }

  /// Whether the island may show it: active or stale.
  public var isEligible: Bool { phase == .active || phase == .stale }

  /// The URL a tap opens when nothing more specific applies: `<app>://`.
  public var appDefaultURL: String { profile.app + "://" }

  init(
    profile: ActivityProfile, relevance: Double, staleAt: Milliseconds?,
    content: ContentState, payloadBytes: Int, fieldSlots: UInt64, fieldMeasures: FieldMeasures
  ) {
    self.profile = profile
    self.phase = .active
    self.relevance = relevance
    self.staleAt = staleAt
    self.content = content
    self.payloadBytes = payloadBytes
    self.fieldSlots = fieldSlots
    self.fieldMeasures = fieldMeasures
  }

  /// Its content's fields, numbered as its layout plan's roles.
  var fields: ActivityFields {
    ActivityFields(plan: profile.plan, content: content, slots: fieldSlots)
  }
}

/// The parts of an activity fixed at its start, and what the reducer derives from its layout
/// once rather than on every update.
final class ActivityProfile: Equatable, Sendable {
  let id: String
  let app: String
  let startSeq: Int
  let startedAt: Milliseconds
  let url: String?
  /// The per-region deep links, held only when there are some (most activities have none,
  /// and four empty optional strings are 64 bytes kept for the whole replay).
  private let someLinks: Links?

  /// The per-region deep links.
  var links: RegionLinks { someLinks?.links ?? RegionLinks() }

  private final class Links: Sendable {
    let links: RegionLinks
    init(_ links: RegionLinks) { self.links = links }
  }
  let layoutName: String?
  /// The layout and what the reducer derives from it (shared by every activity of a
  /// built-in layout).
  let plan: LayoutPlan
  /// The bytes the attributes take (id, app, URL, links as JSON strings).
  let attributeBytes: Int

  /// The layout.
  var layout: Layout { plan.layout }

  init(
    id: String, app: String, startSeq: Int, startedAt: Milliseconds, url: String?,
    links: RegionLinks, plan: LayoutPlan, layoutName: String?
  ) {
    self.id = id
    self.app = app
    self.startSeq = startSeq
    self.startedAt = startedAt
    self.url = url
    someLinks = links.isEmpty ? nil : Links(links)
    self.plan = plan
    self.layoutName = layoutName
    attributeBytes = Validation.attributeBytes(id: id, app: app, url: url, links: links)
  }

  static func == (left: ActivityProfile, right: ActivityProfile) -> Bool {
    left === right
      || (left.id == right.id && left.app == right.app && left.startSeq == right.startSeq
        && left.startedAt == right.startedAt && left.url == right.url
        && left.links == right.links && left.layout == right.layout
        && left.layoutName == right.layoutName)
  }
}

/// A layout, and what the reducer needs to know of it on every update: its zones compiled,
/// which zones read which field, which fields must stay numbers or symbol names, which
/// zones move with time.
final class LayoutPlan: Sendable {
  let layout: Layout
  /// Each zone's view, by ``Zone/ordinal``.
  let zoneViews: [ZoneView?]
  /// Each zone's view compiled, by ``Zone/ordinal``; field numbers index ``roles``.
  let programs: [ZoneProgram?]
  /// Every zone's steps, one zone after another, ``literals`` shared.
  private let steps: [ZoneProgram.Step]
  /// Where each zone's steps start in ``steps``, by ``Zone/ordinal``, and where they end.
  private let stepStarts: [Int]
  /// The literal bytes of every zone's steps.
  private let literals: [UInt8]
  /// The zones with a view (bits by ``Zone/ordinal``).
  let shownZones: UInt8
  /// The zones whose text changes with no animation.
  let identityZones: UInt8
  /// The zones that pad their content.
  private let paddedZones: UInt8
  /// The zones (bits by ``Zone/ordinal``) that show a countdown: their text moves with time.
  let countdownZones: UInt8
  /// Every field the layout reads or pulses on, with what it does there, numbered as the
  /// programs number them.
  let roles: [FieldRole]
  /// Each zone's width as a sum of parts, by ``Zone/ordinal`` (nil for a zone it cannot
  /// model: see ``WidthModel``).
  let widthModels: [WidthModel?]
  /// Whether the layout's own parts pass the layout checks
  /// (``Validation/partsAreValid(_:)``).
  let partsAreValid: Bool
  /// The fields (by number) whose values name symbols, when every symbol that takes its name
  /// from the state takes it from one field alone (`{icon}`); nil when one mixes text and
  /// fields.
  let symbolNameFields: [Int]?

  /// What a layout does with one state field.
  struct FieldRole: Sendable {
    /// The field's name.
    let name: String
    /// Its length in UTF-8 (names of other lengths are not compared).
    let nameLength: Int
    /// The zones that read it (bits by ``Zone/ordinal``).
    var zones: UInt8 = 0
    /// Whether a progress bar or a countdown shows it: it must stay a number.
    var isNumeric = false
    /// Whether a symbol takes its name from it: it must stay a symbol name.
    var namesSymbol = false
    /// Whether a change of it pulses the leading icon.
    var pulses = false
  }

  /// The plan of the default layout for `content`, made once for each set of field names:
  /// the default layout depends on nothing else, and an activity started without a layout
  /// would otherwise make its plan anew. A memo of a pure function, so a fold's results do
  /// not depend on it; it keeps at most 256 plans (then starts again), under a lock, so that
  /// folds on other threads share it.
  static func `default`(for content: ContentState) -> LayoutPlan {
    let names = content.names
    if let plan = defaultPlans.withLock({ $0[names] }) { return plan }
    let plan = LayoutPlan(.default(for: content))
    defaultPlans.withLock { plans in
      if plans.count >= 256 { plans.removeAll() }
      plans[names] = plan
    }
    return plan
  }

  private static let defaultPlans = Mutex<[[String]: LayoutPlan]>([:])

  init(_ layout: Layout) {
    self.layout = layout
    zoneViews = Zone.allCases.map { layout[$0] }
    var names: [String] = []
    programs = Zone.allCases.map { zone in
      layout[zone].map { ZoneProgram($0, fields: &names) }
    }
    var steps: [ZoneProgram.Step] = []
    var stepStarts: [Int] = []
    var literals: [UInt8] = []
    var shownZones: UInt8 = 0
    var identityZones: UInt8 = 0
    var paddedZones: UInt8 = 0
    for zone in Zone.allCases {
      stepStarts.append(steps.count)
      guard let program = programs[zone.ordinal], let zoneView = layout[zone] else { continue }
      steps += program.steps(rebasedBy: literals.count)
      literals += program.literals
      shownZones |= zone.bit
      if zoneView.transition == .identity { identityZones |= zone.bit }
      if zoneView.horizontalPadding { paddedZones |= zone.bit }
    }
    stepStarts.append(steps.count)
    self.steps = steps
    self.stepStarts = stepStarts
    self.literals = literals
    self.shownZones = shownZones
    self.identityZones = identityZones
    self.paddedZones = paddedZones
    if let pulse = layout.pulse, !names.contains(pulse.field) { names.append(pulse.field) }
    var roles = names.map { FieldRole(name: $0, nameLength: $0.utf8.count) }
    var countdownZones: UInt8 = 0
    for zone in Zone.allCases {
      guard let view = layout[zone]?.view else { continue }
      if view.hasCountdown { countdownZones |= zone.bit }
      for index in roles.indices {
        let name = roles[index].name
        if view.fields.contains(name) { roles[index].zones |= zone.bit }
        if view.numericFields.contains(name) { roles[index].isNumeric = true }
        if view.symbolFields.contains(name) { roles[index].namesSymbol = true }
      }
    }
    for index in roles.indices where roles[index].name == layout.pulse?.field {
      roles[index].pulses = true
    }
    self.countdownZones = countdownZones
    self.roles = roles
    partsAreValid = Validation.partsAreValid(layout)
    symbolNameFields = LayoutPlan.symbolNameFields(of: layout, roles: roles)
    widthModels = Zone.allCases.map { zone in
      steps.withUnsafeBufferPointer { steps in
        literals.withUnsafeBufferPointer { literals in
          WidthModel(
            steps: UnsafeBufferPointer(
              rebasing: steps[stepStarts[zone.ordinal]..<stepStarts[zone.ordinal + 1]]),
            literals: literals, horizontalPadding: paddedZones & zone.bit != 0)
        }
      }
    }
  }

  /// The text of the zone at `ordinal` (which has a view) for `fields` at `now`, and the
  /// width it needs.
  func render<Source: FieldSource>(
    _ ordinal: Int, _ fields: Source, now: Milliseconds
  ) -> (text: String, width: Double) {
    write(ordinal, fields, now: now) { writer, width in (writer.text, width) }
  }

  /// The width the zone at `ordinal` (which has a view) needs for `fields` at `now`, its
  /// text written on the stack and never made a string: what the reducer checks budgets with.
  func width<Source: FieldSource>(
    _ ordinal: Int, _ fields: Source, now: Milliseconds
  ) -> Double {
    write(ordinal, fields, now: now) { _, width in width }
  }

  /// Writes the zone at `ordinal` for `fields` at `now` into a buffer on the stack and hands
  /// `body` the writer and the zone's width.
  private func write<Source: FieldSource, Result>(
    _ ordinal: Int, _ fields: Source, now: Milliseconds,
    _ body: (borrowing ZoneTextWriter, Double) -> Result
  ) -> Result {
    steps.withUnsafeBufferPointer { steps in
      literals.withUnsafeBufferPointer { literals in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
          var writer = ZoneTextWriter(buffer: buffer)
          writer.run(
            UnsafeBufferPointer(rebasing: steps[stepStarts[ordinal]..<stepStarts[ordinal + 1]]),
            literals: literals, fields, now: now)
          let width = writer.totalWidth(
            horizontalPadding: paddedZones & (1 << UInt8(ordinal)) != 0)
          return body(writer, width)
        }
      }
    }
  }

  /// Whether the zone at `ordinal`, estimated from `fields` (and, for a countdown, the value
  /// `value` gives for its field) at `now`, is surely no wider than `limit`: false when the
  /// zone has no model, or its estimate is too close to say (then it must be measured).
  func isSurelyWithin(
    _ ordinal: Int, _ limit: Double, _ fields: FieldMeasures, now: Milliseconds,
    value: (Int) -> ContentValue?
  ) -> Bool {
    // Read in place: a model is too large to copy out on every update.
    let estimate = widthModels.withUnsafeBufferPointer { models in
      models[ordinal]?.width(fields, now: now, value: value)
    }
    return estimate.map { WidthModel.isSurelyWithin($0, limit) } ?? false
  }

  /// ``symbolNameFields`` for `layout`, its fields numbered as `roles`.
  private static func symbolNameFields(of layout: Layout, roles: [FieldRole]) -> [Int]? {
    var fields: [Int] = []
    func collect(_ view: View) -> Bool {
      switch view {
      case .symbol(let name, _, _):
        guard !name.fields.isEmpty else { return true }
        guard name.parts.count == 1, case .field(let field) = name.parts[0],
          let number = roles.firstIndex(where: { $0.name == field })
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

  /// The number of field `name` among ``roles``, or nil when the layout does nothing with it.
  func role(of name: String) -> Int? {
    let length = name.utf8.count
    for index in roles.indices where roles[index].nameLength == length && roles[index].name == name
    {
      return index
    }
    return nil
  }

  /// Where the first eight fields of ``roles`` are in `content`'s fields, a byte each
  /// (`0xFF`: not there, or too far in to say in a byte).
  func slots(in content: ContentState) -> UInt64 {
    var slots = UInt64.max
    for index in roles.indices.prefix(8) {
      guard let position = content.position(of: roles[index].name), position < 0xFF else {
        continue
      }
      slots &= ~(0xFF << UInt64(8 * index))
      slots |= UInt64(position) << UInt64(8 * index)
    }
    return slots
  }

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

/// The fields of an activity's content, numbered as its layout plan's ``LayoutPlan/roles``.
struct ActivityFields: FieldSource {
  let plan: LayoutPlan
  let content: ContentState
  /// ``LayoutPlan/slots(in:)`` for `content`.
  let slots: UInt64

  func value(_ field: Int) -> ContentValue? {
    if field < 8 {
      let slot = Int(truncatingIfNeeded: slots >> UInt64(8 * field)) & 0xFF
      if slot != 0xFF { return content.fields[slot].value }
    }
    return content[plan.roles[field].name]
  }
}

/// An activity's content fields read in place, numbered as its layout plan's roles: what the
/// reducer renders from, retaining nothing.
struct BorrowedFields: FieldSource {
  let fields: UnsafeBufferPointer<ContentState.Field>
  /// ``LayoutPlan/slots(in:)`` for these fields.
  let slots: UInt64
  unowned(unsafe) let plan: LayoutPlan

  func value(_ field: Int) -> ContentValue? {
    if field < 8 {
      let slot = Int(truncatingIfNeeded: slots >> UInt64(8 * field)) & 0xFF
      if slot != 0xFF { return fields[slot].value }
    }
    return ContentState.position(of: plan.roles[field].name, in: fields).map { fields[$0].value }
  }
}

/// A patch seen over an activity's content, as it will be once merged, without merging it:
/// what the reducer checks before it changes anything.
struct PatchedFields: FieldSource {
  let fields: ActivityFields
  let patch: ContentState

  func value(_ field: Int) -> ContentValue? {
    patch[fields.plan.roles[field].name] ?? fields.value(field)
  }

  /// The value of field `name`, or nil.
  func value(named name: String) -> ContentValue? { patch[name] ?? fields.content[name] }
}

/// An alert, boxed (see ``Activity/lastAlert``); equal when the alerts are.
private final class AlertBox: Equatable, Sendable {
  let alert: Alert
  init(_ alert: Alert) { self.alert = alert }
  static func == (left: AlertBox, right: AlertBox) -> Bool { left.alert == right.alert }
}

/// Where an activity is in its life (ActivityKit's `ActivityState`).
public enum Phase: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Running and current.
  case active
  /// Running, but its stale date has passed.
  case stale
  /// Ended: no more updates; it may stay on the Lock Screen until dismissed.
  case ended
  /// Gone.
  case dismissed
}
