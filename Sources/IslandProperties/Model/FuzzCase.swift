import IslandCore

/// One generated test case: events to fold, after a fixed prefix, under one configuration.
public struct FuzzCase: Equatable, Sendable {
  /// The seed the case was generated from: `island fuzz --seed SEED --runs 1` generates it
  /// again.
  public var seed: UInt64
  /// Where the events start: a configuration, and a user's journal already folded (or none).
  public var prefix: Prefix
  /// The generated events, in order.
  public var steps: [Step]

  /// A case of `steps` after `prefix`.
  public init(seed: UInt64, prefix: Prefix, steps: [Step]) {
    self.seed = seed
    self.prefix = prefix
    self.steps = steps
  }

  /// The configuration the case folds under.
  public var configuration: Configuration { prefix.state.configuration }
}

/// One generated event: when it happens, what it is, and what the generator meant by it.
public struct Step: Equatable, Hashable, Sendable {
  /// The time, on the journal's clock.
  public var t: Milliseconds
  /// The event.
  public var event: Event
  /// Whether the generator meant it to be accepted, meant it to break a rule, or made no
  /// promise (a shuffled sequence).
  public var intent: Intent

  /// A step at `t`.
  public init(t: Milliseconds, event: Event, intent: Intent = .unconstrained) {
    self.t = t
    self.event = event
    self.intent = intent
  }
}

/// What the generator meant an event to be.
public enum Intent: Equatable, Hashable, Sendable {
  /// Valid where it stands: the engine must accept it.
  case valid
  /// Breaking one rule on purpose: the engine must reject it.
  case invalid(Defect)
  /// No promise: moved by a shuffle or a shrink; the rules alone decide.
  case unconstrained

  /// Whether the intent is a defect.
  public var isInvalid: Bool {
    if case .invalid = self { return true }
    return false
  }
}

/// The rule a deliberately invalid event breaks.
public enum Defect: String, CaseIterable, Equatable, Hashable, Sendable {
  /// An update or end of an id never started.
  case unknownActivity
  /// An update or end of an activity that has ended.
  case endedActivity
  /// A start reusing an id.
  case duplicateStart
  /// A start past the app's limit of live activities.
  case appLimit
  /// A start past the device's limit of live activities.
  case deviceLimit
  /// A state over the payload limit.
  case payloadTooLarge
  /// A time before the current time.
  case backwardsTime
  /// A tap or long press on something not on screen.
  case notShown
  /// A start with an id the rules do not allow.
  case invalidActivityID
  /// A start with a bundle id the rules do not allow.
  case invalidApp
  /// A widget URL or region link that is not a URL.
  case malformedURL
  /// A negative stale time or dismissal time.
  case negativeTime
  /// A state field name the rules do not allow.
  case invalidFieldName
}

/// The island a case starts from: a configuration, and the entries of a user's journal
/// already folded into a state.
///
/// The log is held in a box shared by every copy: a generator and each case it makes carry
/// the prefix by one reference, rather than by each of the log's and its state's.
public struct Prefix: Equatable, Sendable {
  /// The log of the entries folded (all accepted), and the state after them.
  public var log: EventLog { box.value }
  private let box: Frozen<EventLog>

  /// An empty island under `configuration`.
  public init(configuration: Configuration = Configuration()) {
    box = Frozen(EventLog(configuration: configuration, caches: AppProfile.caches))
  }

  /// The island after `entries` under `configuration`; throws the first rejection (with its
  /// entry) if one of them is refused.
  public init(entries: [LogEntry], configuration: Configuration) throws(PrefixError) {
    var log = EventLog(configuration: configuration, caches: AppProfile.caches)
    for entry in entries {
      do {
        try log.append(entry.event, at: entry.t)
      } catch {
        throw PrefixError(seq: entry.seq, rejection: error)
      }
    }
    box = Frozen(log)
  }

  /// The entries folded.
  public var entries: [LogEntry] { log.entries }
  /// The state after them.
  public var state: IslandState { log.state }

  /// Whether two prefixes hold the same log.
  public static func == (left: Prefix, right: Prefix) -> Bool {
    left.box === right.box || left.log == right.log
  }
}

/// Why a prefix could not be folded.
public struct PrefixError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The sequence number of the refused entry.
  public var seq: Int
  /// Why it was refused.
  public var rejection: Rejection

  /// `prefix event 3 rejected: ...`.
  public var description: String { "prefix event \(seq): \(rejection)" }
}
