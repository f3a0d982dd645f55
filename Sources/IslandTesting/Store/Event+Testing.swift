import IslandCore

extension Event {
  /// A start of activity `id` of app `app`: ``Event/start(_:)`` without spelling out
  /// ``Start``.
  public static func start(
    _ id: String, app: String, relevance: Double = 0, stale: Milliseconds? = nil,
    state: ContentState = ContentState(), layout: LayoutReference? = nil, url: String? = nil,
    links: RegionLinks = RegionLinks()
  ) -> Event {
    .start(
      Start(
        activity: id, app: app, relevance: relevance, stale: stale, state: state,
        layout: layout, url: url, links: links))
  }

  /// An update of activity `id`: ``Event/update(_:)`` without spelling out ``Update``.
  public static func update(
    _ id: String, state: ContentState = ContentState(), relevance: Double? = nil,
    stale: Milliseconds? = nil, alert: Alert? = nil
  ) -> Event {
    .update(Update(activity: id, state: state, relevance: relevance, stale: stale, alert: alert))
  }

  /// An end of activity `id`: ``Event/end(_:)`` without spelling out ``End``.
  public static func end(
    _ id: String, state: ContentState? = nil, dismissal: Dismissal = .default
  ) -> Event {
    .end(End(activity: id, state: state, dismissal: dismissal))
  }
}
