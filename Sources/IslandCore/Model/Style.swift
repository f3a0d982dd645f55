/// A text style, with the point size and weight of Dynamic Type's default (Large) setting.
public enum Font: String, CaseIterable, Equatable, Hashable, Sendable {
  /// 11 pt.
  case caption2
  /// 12 pt.
  case caption
  /// 13 pt.
  case footnote
  /// 15 pt.
  case subheadline
  /// 16 pt.
  case callout
  /// 17 pt.
  case body
  /// 17 pt semibold.
  case headline
  /// 20 pt.
  case title3
  /// 22 pt.
  case title2
  /// 28 pt.
  case title
  /// 34 pt.
  case largeTitle

  /// The point size (Apple HIG, "Typography", iOS Dynamic Type sizes at Large).
  public var pointSize: Double {
    switch self {
    case .caption2: return 11
    case .caption: return 12
    case .footnote: return 13
    case .subheadline: return 15
    case .callout: return 16
    case .body: return 17
    case .headline: return 17
    case .title3: return 20
    case .title2: return 22
    case .title: return 28
    case .largeTitle: return 34
    }
  }

  /// Whether the style is semibold by default.
  public var isSemibold: Bool { self == .headline }
}

/// A tint colour (`.foregroundColor`, `.tint`): SwiftUI's named system colours.
public enum Tint: String, CaseIterable, Equatable, Hashable, Sendable {
  /// `.red`.
  case red
  /// `.orange`.
  case orange
  /// `.yellow`.
  case yellow
  /// `.green`.
  case green
  /// `.mint`.
  case mint
  /// `.teal`.
  case teal
  /// `.cyan`.
  case cyan
  /// `.blue`.
  case blue
  /// `.indigo`.
  case indigo
  /// `.purple`.
  case purple
  /// `.pink`.
  case pink
  /// `.brown`.
  case brown
  /// `.gray`.
  case gray
  /// `.white`.
  case white
  /// `.primary`.
  case primary
  /// `.secondary`.
  case secondary
}
