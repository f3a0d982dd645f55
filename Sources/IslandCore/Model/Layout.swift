/// The views an activity shows in each zone of the island, as a small declarative tree.
///
/// It mirrors a `DynamicIsland { ... } compactLeading: { ... } compactTrailing: { ... }
/// minimal: { ... }` declaration: seed 000's delivery layout is ``Layout/delivery``.
public struct Layout: Equatable, Hashable, Sendable {
  /// The view left of the camera in compact.
  public var compactLeading: ZoneView?
  /// The view right of the camera in compact.
  public var compactTrailing: ZoneView?
  /// The one small view of minimal (attached or detached).
  public var minimal: ZoneView?
  /// The expanded leading region.
  public var leading: ZoneView?
  /// The expanded trailing region.
  public var trailing: ZoneView?
  /// The expanded center region.
  public var center: ZoneView?
  /// The expanded bottom region.
  public var bottom: ZoneView?
  /// A state field whose change pulses the leading icon, and the pulse's keyframes.
  public var pulse: Pulse?
  /// The widget URL the layout sets (`.widgetURL(_:)`), used when the start gives none.
  public var widgetURL: String?
  /// The fields read as static attributes (`context.attributes.NAME`) rather than content
  /// state: given at the start, counted in the payload, never changed by an update. Sorted
  /// by name.
  public var attributes: [String]

  /// A layout with the views given; a zone left nil shows nothing.
  public init(
    compactLeading: ZoneView? = nil, compactTrailing: ZoneView? = nil, minimal: ZoneView? = nil,
    leading: ZoneView? = nil, trailing: ZoneView? = nil, center: ZoneView? = nil,
    bottom: ZoneView? = nil, pulse: Pulse? = nil, widgetURL: String? = nil,
    attributes: [String] = []
  ) {
    self.compactLeading = compactLeading
    self.compactTrailing = compactTrailing
    self.minimal = minimal
    self.leading = leading
    self.trailing = trailing
    self.center = center
    self.bottom = bottom
    self.pulse = pulse
    self.widgetURL = widgetURL
    self.attributes = attributes
  }

  /// The view of `zone`.
  public subscript(zone: Zone) -> ZoneView? {
    get {
      switch zone {
      case .compactLeading: return compactLeading
      case .compactTrailing: return compactTrailing
      case .minimal: return minimal
      case .leading: return leading
      case .trailing: return trailing
      case .center: return center
      case .bottom: return bottom
      }
    }
    set {
      switch zone {
      case .compactLeading: compactLeading = newValue
      case .compactTrailing: compactTrailing = newValue
      case .minimal: minimal = newValue
      case .leading: leading = newValue
      case .trailing: trailing = newValue
      case .center: center = newValue
      case .bottom: bottom = newValue
      }
    }
  }
}

/// A layout named from the catalogue, or given in full.
public enum LayoutReference: Equatable, Hashable, Sendable {
  /// A built-in layout by name (see ``Layout/catalogue``).
  case named(String)
  /// A layout given in full. Boxed: nearly no event carries one, and every event would
  /// otherwise be as large as a layout, and be copied at that size.
  indirect case inline(Layout)
}
