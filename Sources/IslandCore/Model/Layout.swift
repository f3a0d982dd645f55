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

/// The zones an activity draws into.
public enum Zone: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Compact, left of the camera.
  case compactLeading
  /// Compact, right of the camera.
  case compactTrailing
  /// Minimal, attached or detached.
  case minimal
  /// Expanded, leading region.
  case leading
  /// Expanded, trailing region.
  case trailing
  /// Expanded, center region.
  case center
  /// Expanded, bottom region.
  case bottom

  /// The expanded region this zone is, if it is one.
  public var region: Region? {
    switch self {
    case .compactLeading, .compactTrailing, .minimal: return nil
    case .leading: return .leading
    case .trailing: return .trailing
    case .center: return .center
    case .bottom: return .bottom
    }
  }

  /// The zone's position in ``allCases``.
  public var ordinal: Int {
    switch self {
    case .compactLeading: return 0
    case .compactTrailing: return 1
    case .minimal: return 2
    case .leading: return 3
    case .trailing: return 4
    case .center: return 5
    case .bottom: return 6
    }
  }

  /// The zone's bit in a set of zones held as a byte.
  var bit: UInt8 { 1 << UInt8(ordinal) }

  /// The zone at position `ordinal` in ``allCases`` (0 to 6).
  init(ordinal: Int) {
    switch ordinal {
    case 0: self = .compactLeading
    case 1: self = .compactTrailing
    case 2: self = .minimal
    case 3: self = .leading
    case 4: self = .trailing
    case 5: self = .center
    default: self = .bottom
    }
  }

  /// The zone of an expanded region.
  public init(_ region: Region) {
    switch region {
    case .leading: self = .leading
    case .trailing: self = .trailing
    case .center: self = .center
    case .bottom: self = .bottom
    }
  }
}

/// The view of one zone, with what the zone adds to it.
public struct ZoneView: Equatable, Hashable, Sendable {
  /// What the zone shows.
  public var view: View
  /// How a change of the zone's text animates: automatically (numeric text when only
  /// digits changed, else a crossfade) or with no animation (`.identity`).
  public var transition: TransitionChoice
  /// The deep link of an expanded region (a `Link` around the region); nil elsewhere.
  public var link: String?
  /// Whether the zone pads its content on both sides (`.padding(.horizontal)`).
  public var horizontalPadding: Bool
  /// The priority an expanded region is given (`DynamicIslandExpandedRegion(_:priority:)`),
  /// kept as written; nil elsewhere, and where none is given.
  public var priority: Double?

  /// A zone showing `view`.
  public init(
    _ view: View, transition: TransitionChoice = .automatic, link: String? = nil,
    horizontalPadding: Bool = false, priority: Double? = nil
  ) {
    self.view = view
    self.transition = transition
    self.link = link
    self.horizontalPadding = horizontalPadding
    self.priority = priority
  }
}

/// What a layout asks of a zone's content transition.
public enum TransitionChoice: String, Equatable, Hashable, Sendable {
  /// `numericText` when only digits changed, otherwise `crossfade`.
  case automatic
  /// `.contentTransition(.identity)`: the new text replaces the old with no animation.
  case identity
}

/// A small declarative view.
public indirect enum View: Equatable, Hashable, Sendable {
  /// An SF Symbol (`Image(systemName:)`); its name may be a template such as
  /// `{orderStatusIcon}`.
  case symbol(name: Template, tint: Tint?, font: Font?)
  /// Text from a template such as `{minutesLeft}м`.
  case text(Template, font: Font, bold: Bool, lineLimit: Int?)
  /// A label: a symbol followed by text (`Label(_:systemImage:)`).
  case label(Template, symbol: String, font: Font, bold: Bool)
  /// A progress bar on a state field from 0 to 1 (`ProgressView(value:)`).
  case progress(field: String, tint: Tint?)
  /// The time left until a state field's time (milliseconds on the journal's clock), as
  /// `m:ss` or `h:mm:ss` (`Text(timerInterval:)`).
  case countdown(field: String, font: Font, bold: Bool)
  /// Views side by side (`HStack`).
  case row([View])

  /// The state fields the view reads, in the order it reads them, each once.
  public var fields: [String] {
    var names: [String] = []
    collectFields(into: &names)
    return names
  }

  /// The fields the view shows as progress bars or countdowns, which must be numbers.
  public var numericFields: [String] {
    switch self {
    case .progress(let field, _), .countdown(let field, _, _): return [field]
    case .row(let views): return views.flatMap(\.numericFields)
    case .symbol, .text, .label: return []
    }
  }

  /// The fields the view takes symbol names from (`{orderStatusIcon}`): each must hold an SF
  /// Symbol name.
  public var symbolFields: [String] {
    switch self {
    case .symbol(let name, _, _): return name.fields
    case .row(let views): return views.flatMap(\.symbolFields)
    case .text, .label, .progress, .countdown: return []
    }
  }

  /// Whether the view shows a countdown (its text then moves with time).
  public var hasCountdown: Bool {
    switch self {
    case .countdown: return true
    case .row(let views): return views.contains { $0.hasCountdown }
    case .symbol, .text, .label, .progress: return false
    }
  }

  private func collectFields(into names: inout [String]) {
    func add(_ name: String) { if !names.contains(name) { names.append(name) } }
    switch self {
    case .symbol(let name, _, _): name.fields.forEach(add)
    case .text(let template, _, _, _): template.fields.forEach(add)
    case .label(let template, _, _, _): template.fields.forEach(add)
    case .progress(let field, _): add(field)
    case .countdown(let field, _, _): add(field)
    case .row(let views): for view in views { view.collectFields(into: &names) }
    }
  }
}

/// The pulse of the leading icon when a state field changes (seed 000's keyframe animation).
public struct Pulse: Equatable, Hashable, Sendable {
  /// The field whose change starts the pulse.
  public var field: String
  /// The keyframes, in order.
  public var keyframes: [Keyframe]

  /// Seed 000's keyframes: scale 1.0 over 0.1 s (linear), 1.1 over 0.3 s (spring), 1.0 over
  /// 0.2 s (spring).
  public static let seedKeyframes: [Keyframe] = [
    Keyframe(scale: 1.0, duration: 100, curve: .linear),
    Keyframe(scale: 1.1, duration: 300, curve: .spring),
    Keyframe(scale: 1.0, duration: 200, curve: .spring),
  ]

  /// A pulse on `field` with `keyframes` (seed 000's by default).
  public init(field: String, keyframes: [Keyframe] = Pulse.seedKeyframes) {
    self.field = field
    self.keyframes = keyframes
  }
}

/// One keyframe of a scale animation.
public struct Keyframe: Equatable, Hashable, Sendable {
  /// The scale reached at the keyframe's end.
  public var scale: Double
  /// How long it takes, in milliseconds.
  public var duration: Milliseconds
  /// How it gets there.
  public var curve: Curve

  /// The timing curve of a keyframe (`LinearKeyframe`, `SpringKeyframe`, `CubicKeyframe`).
  public enum Curve: String, CaseIterable, Equatable, Hashable, Sendable {
    /// Linear interpolation.
    case linear
    /// A spring.
    case spring
    /// A cubic curve through the neighbouring keyframes.
    case cubic
  }

  /// A keyframe reaching `scale` over `duration` milliseconds.
  public init(scale: Double, duration: Milliseconds, curve: Curve) {
    self.scale = scale
    self.duration = duration
    self.curve = curve
  }
}

/// A text template: literal text with `{field}` placeholders taken from the content state.
public struct Template: Equatable, Hashable, Sendable {
  /// The template as written.
  public let source: String
  /// The template split into literal text and fields.
  public let parts: [Part]

  /// One piece of a template.
  public enum Part: Equatable, Hashable, Sendable {
    /// Literal text.
    case literal(String)
    /// The value of a state field.
    case field(String)
  }

  /// Parses `source`; `{{` and `}}` stand for literal braces.
  public init(_ source: String) throws(TemplateError) {
    self.source = source
    let characters = Array(source)
    var parts: [Part] = []
    var literal = ""
    var index = 0
    func peek(_ offset: Int) -> Character? {
      index + offset < characters.count ? characters[index + offset] : nil
    }
    while index < characters.count {
      let character = characters[index]
      if (character == "{" || character == "}") && peek(1) == character {
        literal.append(character)
        index += 2
        continue
      }
      if character == "}" { throw TemplateError.strayBrace(template: source) }
      if character != "{" {
        literal.append(character)
        index += 1
        continue
      }
      guard let close = characters[index...].firstIndex(of: "}") else {
        throw TemplateError.unclosedPlaceholder(template: source)
      }
      let name = String(characters[(index + 1)..<close])
      guard Template.isFieldName(name) else {
        throw TemplateError.badFieldName(template: source, name: name)
      }
      if !literal.isEmpty {
        parts.append(.literal(literal))
        literal = ""
      }
      parts.append(.field(name))
      index = close + 1
    }
    if !literal.isEmpty { parts.append(.literal(literal)) }
    self.parts = parts
  }

  /// A template already split: `source` as written, and its parts.
  init(source: String, parts: [Part]) {
    self.source = source
    self.parts = parts
  }

  /// A template of literal text only.
  public init(literal text: String) {
    var escaped = ""
    for character in text {
      escaped.append(character)
      if character == "{" || character == "}" { escaped.append(character) }
    }
    source = escaped
    parts = text.isEmpty ? [] : [.literal(text)]
  }

  /// The fields the template reads, in order, each once.
  public var fields: [String] {
    var names: [String] = []
    for case .field(let name) in parts where !names.contains(name) { names.append(name) }
    return names
  }

  /// Whether `name` can name a field: letters, digits and `_`, not starting with a digit.
  public static func isFieldName(_ name: String) -> Bool {
    let ascii = name.withUTF8Bytes { utf8 in
      guard let first = utf8.first, !(0x30...0x39).contains(first) else { return false }
      for byte in utf8 {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: continue
        default: return false
        }
      }
      return true
    }
    if ascii { return true }
    guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
    return name.unicodeScalars.allSatisfy {
      $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
    }
  }
}

/// Why a template could not be read.
public enum TemplateError: Error, Equatable, Sendable {
  /// A `{` with no `}` after it.
  case unclosedPlaceholder(template: String)
  /// A `}` that closes nothing (write `}}` for a literal one).
  case strayBrace(template: String)
  /// A placeholder whose name is not a field name.
  case badFieldName(template: String, name: String)
}

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

/// A layout named from the catalogue, or given in full.
public enum LayoutReference: Equatable, Hashable, Sendable {
  /// A built-in layout by name (see ``Layout/catalogue``).
  case named(String)
  /// A layout given in full. Boxed: a layout is some 300 bytes, and every event that does
  /// not carry one (nearly all) would otherwise be that large, and be copied at that size.
  indirect case inline(Layout)
}
