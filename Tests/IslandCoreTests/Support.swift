import IslandCore
import Testing

/// A test's island: applies events at given times and fails the test on a rejection.
struct Island {
  var state: IslandState

  init(
    device: String = Device.defaultName, profile: InteractionProfile = .tapExpands,
    policy: Policy = Policy()
  ) {
    let device = Device.named(device) ?? .default
    state = IslandState(
      configuration: Configuration(device: device, profile: profile, policy: policy))
  }

  @discardableResult
  mutating func at(
    _ t: Milliseconds, _ event: Event, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Outcome? {
    do {
      return try state.apply(event, at: t)
    } catch {
      Issue.record("rejected: \(error)", sourceLocation: sourceLocation)
      return nil
    }
  }

  /// Applies an event that must be rejected, checks the message, and that nothing changed.
  mutating func rejects(
    _ t: Milliseconds, _ event: Event, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let before = state
    do {
      try state.apply(event, at: t)
      Issue.record("accepted, expected: \(message)", sourceLocation: sourceLocation)
    } catch {
      #expect(error.description == message, sourceLocation: sourceLocation)
    }
    #expect(state == before, "a rejected event changed the state", sourceLocation: sourceLocation)
  }

  var mode: Mode { state.mode }
  var island: String? { state.islandActivity?.id }
  var detached: String? { state.detachedActivity?.id }
  var hidden: [String] { state.hiddenActivities.map(\.id) }
  func phase(_ id: String) -> Phase? { state.activity(id)?.phase }
  var openedURLs: [String] {
    state.effects.compactMap {
      if case .openURL(let url, _, _) = $0.kind { return url }
      return nil
    }
  }
}

func start(
  _ id: String, app: String = "com.example.food", relevance: Double = 0,
  stale: Milliseconds? = nil, state: ContentState = ["minutesLeft": 20],
  layout: LayoutReference? = nil, url: String? = nil, links: RegionLinks = RegionLinks()
) -> Event {
  .start(
    Start(
      activity: id, app: app, relevance: relevance, stale: stale, state: state, layout: layout,
      url: url, links: links))
}

/// The start of "pizza", the delivery layout with its sample state: where many scenarios open.
let pizzaDelivery = start(
  "pizza", state: Layout.catalogue[0].sampleState, layout: .named("delivery"))

func update(
  _ id: String, state: ContentState = [:], relevance: Double? = nil,
  stale: Milliseconds? = nil, alert: Alert? = nil
) -> Event {
  .update(Update(activity: id, state: state, relevance: relevance, stale: stale, alert: alert))
}

func end(_ id: String, state: ContentState? = nil, dismissal: Dismissal = .default) -> Event {
  .end(End(activity: id, state: state, dismissal: dismissal))
}

let second: Milliseconds = 1_000
let minute: Milliseconds = 60_000
let hour: Milliseconds = 3_600_000
