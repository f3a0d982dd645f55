/// The parts of an activity fixed at its start, and what the reducer derives from its layout
/// once rather than on every update.
@usableFromInline final class ActivityAttributes: Equatable, Sendable {
  /// The id with its hash, made once at the start: forgetting the activity looks it up in
  /// the id index and the forgotten ids again.
  @usableFromInline let hashedID: HashedID
  var id: String { hashedID.id }
  /// The app with its hash, made once at the start: a start counts the live activities of
  /// its app by comparing hashes first, and the names only of those whose hashes match.
  @usableFromInline let hashedApp: HashedID
  var app: String { hashedApp.id }
  @usableFromInline let startSeq: Int
  @usableFromInline let startedAt: Milliseconds
  let url: String?
  /// The per-region deep links, held only when there are some: most activities have none,
  /// and every activity kept would otherwise carry room for four.
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

  convenience init(
    id: String, app: String, startSeq: Int, startedAt: Milliseconds, url: String?,
    links: RegionLinks, plan: LayoutPlan, layoutName: String?
  ) {
    self.init(
      id: HashedID(id), app: HashedID(app), startSeq: startSeq, startedAt: startedAt, url: url,
      links: links, plan: plan, layoutName: layoutName)
  }

  init(
    id: HashedID, app: HashedID, startSeq: Int, startedAt: Milliseconds, url: String?,
    links: RegionLinks, plan: LayoutPlan, layoutName: String?
  ) {
    hashedID = id
    hashedApp = app
    self.startSeq = startSeq
    self.startedAt = startedAt
    self.url = url
    someLinks = links.isEmpty ? nil : Links(links)
    self.plan = plan
    self.layoutName = layoutName
    // Made only for a start that passed its checks.
    attributeBytes = PayloadSize.checkedAttributeBytes(
      id: id.id, app: app.id, url: url, links: links)
  }

  @usableFromInline static func == (left: ActivityAttributes, right: ActivityAttributes) -> Bool {
    left === right
      || (left.id == right.id && left.app == right.app && left.startSeq == right.startSeq
        && left.startedAt == right.startedAt && left.url == right.url
        && left.links == right.links && left.layout == right.layout
        && left.layoutName == right.layoutName)
  }
}
