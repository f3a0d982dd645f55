/// The width each zone has, by island class.
///
/// Compact zones are Apple's figures (HIG table). Apple gives no widths for the expanded
/// regions; the engine's rule: the content area is the expanded width less 16 pt of padding
/// on each side; leading and trailing take 30 % of it each, center 40 %, bottom all of it.
public enum ZoneBudget {
  /// The expanded presentation's padding on each side, in points.
  public static let expandedPadding = 16.0

  /// The width of `zone` on an island of class `islandClass`; nil for minimal (whose limit,
  /// 45 pt, is an error, not a truncation).
  public static func width(of zone: Zone, in islandClass: IslandClass) -> Double? {
    let content = islandClass.expandedWidth - 2 * expandedPadding
    switch zone {
    case .compactLeading, .compactTrailing: return islandClass.compactZoneWidth
    case .minimal: return nil
    case .leading, .trailing: return (content * 0.3 * 100).rounded() / 100
    case .center: return (content * 0.4 * 100).rounded() / 100
    case .bottom: return content
    }
  }
}

/// The island's outline on screen, in points.
public struct Geometry: Equatable, Hashable, Sendable {
  /// The island's width.
  public var width: Double
  /// The island's height.
  public var height: Double
  /// Its distance from the top of the screen.
  public var top: Double
  /// Its corner radius.
  public var cornerRadius: Double
  /// The detached bubble's size, in minimal.
  public var detached: Size?

  /// A width and a height.
  public struct Size: Equatable, Hashable, Sendable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double
  }
}

/// What the island shows: its outline and the zones on it, each rendered.
public struct Presentation: Equatable, Hashable, Sendable {
  /// The presentation's mode.
  public var mode: Mode
  /// The island's outline; nil on a device without an island.
  public var geometry: Geometry?
  /// The zones shown, in the order of ``Zone``: compact leading and trailing; the attached
  /// then the detached minimal view; or the four expanded regions.
  public var zones: [RenderedZone]
}

extension IslandState {
  /// What the island shows now: its outline and every shown zone, rendered at ``t``.
  public var presentation: Presentation {
    guard let islandClass = configuration.device.islandClass else {
      return Presentation(mode: mode, geometry: nil, zones: [])
    }
    func render(_ zone: Zone, _ index: Int) -> RenderedZone? {
      let activity = activities[index]
      return ZoneRenderer.render(
        zone, of: activity.layout, activity: activity.id, content: activity.content, now: t,
        budget: ZoneBudget.width(of: zone, in: islandClass))
    }
    let zoneHeight = IslandMetrics.zoneHeight
    switch mode {
    case .idle:
      let geometry = Geometry(
        width: IslandMetrics.idleWidth, height: IslandMetrics.idleHeight, top: IslandMetrics.top,
        cornerRadius: IslandMetrics.idleHeight / 2, detached: nil)
      return Presentation(mode: .idle, geometry: geometry, zones: [])
    case .compact:
      let zones = placement.island.map { index in
        [Zone.compactLeading, .compactTrailing].compactMap { render($0, index) }
      }
      let geometry = Geometry(
        width: islandClass.islandWidth, height: zoneHeight, top: IslandMetrics.top,
        cornerRadius: zoneHeight / 2, detached: nil)
      return Presentation(mode: .compact, geometry: geometry, zones: zones ?? [])
    case .minimal:
      let attached = placement.island.flatMap { render(.minimal, $0) }
      let detached = placement.detached.flatMap { render(.minimal, $0) }
      let bubbleWidth = min(
        IslandMetrics.minimalMaximumWidth,
        max(IslandMetrics.minimalMinimumWidth, detached?.width ?? 0))
      let geometry = Geometry(
        width: islandClass.islandWidth, height: zoneHeight, top: IslandMetrics.top,
        cornerRadius: zoneHeight / 2,
        detached: Geometry.Size(width: bubbleWidth, height: zoneHeight))
      return Presentation(
        mode: .minimal, geometry: geometry, zones: [attached, detached].compactMap { $0 })
    case .expanded:
      let zones =
        expansion.map { expansion in
          Region.allCases.compactMap { render(Zone($0), expansion.activity) }
        } ?? []
      let geometry = Geometry(
        width: islandClass.expandedWidth, height: Presentation.expandedHeight(of: zones),
        top: IslandMetrics.top, cornerRadius: IslandMetrics.expandedCornerRadius, detached: nil)
      return Presentation(mode: .expanded, geometry: geometry, zones: zones)
    }
  }
}

extension Presentation {
  /// The expanded height for these regions: the camera band (the compact height), the
  /// tallest of leading, trailing and center, 8 pt and the bottom region if any, and 12 pt of
  /// padding; clamped to 84-160 pt.
  public static func expandedHeight(of zones: [RenderedZone]) -> Double {
    let top = zones.filter { $0.zone != .bottom }.map(\.height).max() ?? 0
    let bottom = zones.first { $0.zone == .bottom }.map { 8 + $0.height } ?? 0
    let height = IslandMetrics.zoneHeight + top + bottom + 12
    let clamped = min(
      IslandMetrics.expandedMaximumHeight, max(IslandMetrics.expandedMinimumHeight, height))
    return (clamped * 100).rounded() / 100
  }
}
