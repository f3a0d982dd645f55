import IslandCore
import IslandJournal

/// Turns a push log's pushes, one line at a time, into the events the device applies, and
/// applies them: the import of `island push import`, `replay` and `check` of a push log, and
/// the REPL's `push`.
///
/// Each push is read whole when its line is given (``read(_:line:)``): a malformed one is an
/// error at that line, before anything after it is applied. Its dates are converted then:
/// `timestamp` stays UNIX seconds (the events' `timestamp`), `stale-date` and
/// `dismissal-date` become times on the journal's clock (milliseconds after the epoch; a
/// date before the log began is 0), and so do the content-state fields the activity's layout
/// shows as countdowns, read as the app's decoder reads dates (``ContentDates``).
///
/// Pushes the engine refuses (an update of an activity the device does not have, or of one
/// that ended; a start over a limit) are ignored, as the device ignores them, and noted with
/// their line; so are updates older than the last one applied (the engine's rule, Part 2).
/// With a priority budget, a priority-10 push over it is held back until the budget allows
/// it, and applied then, marked `arrived` (the state's warnings call it throttled).
public struct PushImporter {
  /// The header read.
  public let header: PushLogHeader
  /// The state after the pushes applied so far.
  public private(set) var state: IslandState
  /// The events applied, in order.
  public private(set) var entries: [LogEntry] = []
  /// What was noticed about single pushes: ignored, held back. By line.
  public private(set) var notes: [(line: Int, message: String)] = []

  private let budget: Int?
  private let dates: ContentDates
  private let offset: Milliseconds
  private let onEvent: ((LogEntry, Outcome, IslandState) -> Void)?
  private var epoch: Double?
  private var lastAt: Milliseconds?
  /// The content-state fields each activity's layout shows as countdowns, by activity.
  private var countdownFields: [String: Set<String>] = [:]
  /// When the last priority-10 pushes were (or will be) applied, oldest first: the budget's
  /// window.
  private var priorityTimes: [Milliseconds] = []
  /// Pushes held back by the budget, in the order they will be applied.
  private var held: [Ready] = []
  private var heldStart = 0

  /// A push read and converted, waiting to be applied.
  private struct Ready {
    var due: Milliseconds
    var arrived: Milliseconds
    var line: Int
    var events: [Event]
  }

  /// An importer of a log with `header`, into `state` (a fresh island for the header's
  /// configuration by default), its pushes `offset` milliseconds after the state's start
  /// (the REPL's clock); `budget` and `dates` override the header's. `onEvent` sees each
  /// event applied with what it did.
  public init(
    header: PushLogHeader, into state: IslandState? = nil, offset: Milliseconds = 0,
    budget: Int?? = nil, dates: ContentDates? = nil,
    onEvent: ((LogEntry, Outcome, IslandState) -> Void)? = nil
  ) {
    self.header = header
    self.state = state ?? IslandState(configuration: header.configuration)
    self.offset = offset
    self.budget = budget ?? header.priorityBudget
    self.dates = dates ?? header.dates
    self.epoch = header.epoch
    self.onEvent = onEvent
  }

  /// Reads the push on line `line` and applies it, and every held push due by its arrival.
  public mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, line: Int)
    throws(JournalLineError)
  {
    let push = try Push.decode(bytes)
    if let lastAt, push.at < lastAt {
      throw .invalidValue(
        field: "at", value: String(push.at),
        expected: "at least \(lastAt), the previous push's (arrival times never decrease)")
    }
    let epoch = self.epoch ?? (Double(push.aps.timestamp) - Double(push.at) / 1000)
    self.epoch = epoch
    let events = try self.events(of: push, epoch: epoch)
    let (arrived, overflow) = push.at.addingReportingOverflow(offset)
    guard !overflow, arrived <= Milliseconds(PushFields.largestWholeNumber) else {
      throw .invalidValue(
        field: "at", value: String(push.at), expected: "a time the session's clock can reach")
    }
    lastAt = push.at
    applyHeld(until: arrived)
    let due = schedule(push, arrived: arrived)
    let ready = Ready(due: due, arrived: arrived, line: line, events: events)
    if due > arrived {
      notes.append(
        (
          line,
          "priority-10 push over the budget of \(budget ?? 0) per hour: held from \(arrived) ms "
            + "to \(due) ms"
        ))
      held.append(ready)
    } else {
      apply(ready)
    }
  }

  /// Applies the pushes still held back, each when the budget allows it.
  public mutating func finish() {
    applyHeld(until: .max)
  }

  // MARK: - The budget

  /// When `push`, arrived at `arrived`, is applied: at once, but for a priority-10 push over
  /// the budget, which waits (behind any held before it) until the hour's count allows it.
  private mutating func schedule(_ push: Push, arrived: Milliseconds) -> Milliseconds {
    guard push.priority == 10, let budget else { return arrived }
    var due = max(arrived, priorityTimes.last ?? arrived)
    if priorityTimes.count >= budget {
      due = max(due, priorityTimes[priorityTimes.count - budget] + PushLogFormat.budgetWindow)
    }
    priorityTimes.append(due)
    if priorityTimes.count > budget { priorityTimes.removeFirst(priorityTimes.count - budget) }
    return due
  }

  private mutating func applyHeld(until time: Milliseconds) {
    while heldStart < held.count, held[heldStart].due <= time {
      let ready = held[heldStart]
      heldStart += 1
      apply(ready)
    }
    if heldStart == held.count {
      held.removeAll(keepingCapacity: true)
      heldStart = 0
    }
  }

  // MARK: - Applying

  private mutating func apply(_ ready: Ready) {
    let t = max(ready.due, state.t)
    for var event in ready.events {
      resolve(&event, at: t, arrived: ready.arrived)
      do {
        let outcome = try state.apply(event, at: t)
        entries.append(outcome.entry)
        for warning in outcome.warnings {
          if case .olderUpdateIgnored = warning.kind {
            notes.append((ready.line, "push ignored: " + warning.message))
          }
        }
        onEvent?(outcome.entry, outcome, state)
      } catch {
        notes.append((ready.line, "push ignored: \(error.description)"))
      }
    }
  }

  /// Sets what depends on when the event is applied: `arrived` for a held push, and an end's
  /// dismissal date, which is immediate once it is past.
  private func resolve(_ event: inout Event, at t: Milliseconds, arrived: Milliseconds) {
    let late = t > arrived ? arrived : nil
    switch event {
    case .start(var start):
      start.arrived = late
      event = .start(start)
    case .update(var update):
      update.arrived = late
      event = .update(update)
    case .end(var end):
      end.arrived = late
      if case .after(let time) = end.dismissal, time <= t { end.dismissal = .immediate }
      event = .end(end)
    case .tap, .longPress, .tick:
      break
    }
  }

  // MARK: - Converting

  /// The events a push makes: a start (and, when it has an alert, an update carrying only
  /// the alert, as the island shows it), an update, or an end.
  private mutating func events(of push: Push, epoch: Double) throws(JournalLineError) -> [Event] {
    let aps = push.aps
    let stale = aps.staleDate.map { PushFields.milliseconds(unix: $0, epoch: epoch) + offset }
    switch aps.event {
    case .start:
      let layout = push.layout.flatMap(PushImporter.resolve)
      let fields = layout.map(PushImporter.countdownFields) ?? []
      countdownFields[push.activity] = fields
      let state = try content(aps.contentState, countdowns: fields, epoch: epoch) ?? [:]
      let timestamp = aps.timestamp
      var events: [Event] = [
        .start(
          Start(
            activity: push.activity, app: push.app, relevance: aps.relevanceScore ?? 0,
            stale: stale, state: state, layout: push.layout,
            url: push.url, links: push.links, timestamp: timestamp))
      ]
      if let alert = aps.alert {
        events.append(
          .update(Update(activity: push.activity, alert: alert, timestamp: timestamp)))
      }
      return events
    case .update:
      let fields = countdownFields[push.activity] ?? []
      let state = try content(aps.contentState, countdowns: fields, epoch: epoch) ?? [:]
      return [
        .update(
          Update(
            activity: push.activity, state: state, relevance: aps.relevanceScore, stale: stale,
            alert: aps.alert, timestamp: aps.timestamp))
      ]
    case .end:
      let fields = countdownFields[push.activity] ?? []
      let state = try content(aps.contentState, countdowns: fields, epoch: epoch)
      let dismissal: Dismissal =
        aps.dismissalDate.map { .after(PushFields.milliseconds(unix: $0, epoch: epoch) + offset) }
        ?? .default
      return [
        .end(
          End(
            activity: push.activity, state: state, dismissal: dismissal,
            timestamp: aps.timestamp))
      ]
    }
  }

  /// The content state of a push: scalars as they are, countdown fields as journal times.
  private func content(_ value: JSONValue?, countdowns: Set<String>, epoch: Double)
    throws(JournalLineError) -> ContentState?
  {
    guard let members = value?.objectValue else { return nil }
    var content = ContentState()
    for (name, member) in members {
      let field = "aps.content-state." + name
      if countdowns.contains(name) {
        let seconds = try dates.unixSeconds(of: member, field: field)
        let time = PushFields.milliseconds(unix: seconds, epoch: epoch) + offset
        content[name] = .number(Double(time))
        continue
      }
      switch member {
      case .string(let text): content[name] = .string(text)
      case .number(let number): content[name] = .number(number)
      case .integer(let integer): content[name] = .number(Double(integer))
      case .bool(let flag): content[name] = .bool(flag)
      case .null, .array, .object:
        throw .wrongType(
          field: field, expected: "string, number or boolean", found: member.kindName)
      }
    }
    return content
  }

  /// The layout a reference names, when it names one.
  static func resolve(_ reference: LayoutReference) -> Layout? {
    switch reference {
    case .named(let name): return Layout.named(name)
    case .inline(let layout): return layout
    }
  }

  /// The fields `layout` shows as countdowns (times on the journal's clock).
  static func countdownFields(of layout: Layout) -> Set<String> {
    var fields: Set<String> = []
    func collect(_ view: View) {
      switch view {
      case .countdown(let field, _, _): fields.insert(field)
      case .row(let views): views.forEach(collect)
      case .symbol, .text, .label, .progress: break
      }
    }
    for zone in Zone.allCases {
      if let view = layout[zone]?.view { collect(view) }
    }
    return fields
  }
}
