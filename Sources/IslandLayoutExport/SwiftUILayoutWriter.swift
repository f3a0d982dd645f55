import IslandCore

/// Layouts as a widget extension's SwiftUI: written here, with no parser, so that `island`
/// can export them itself; read by IslandLayoutImport's `read(_:file:lenient:)`, in the
/// `island-swiftui` process (it needs the toolchain's SwiftParser).
public enum SwiftUILayout {
  /// `layout` written as a widget's SwiftUI: its attributes type (fields typed from
  /// `sampleState` where it has them) and an `ActivityConfiguration` whose `dynamicIsland:`
  /// closure declares the layout. IslandLayoutImport reads it back to `layout`.
  public static func write(_ layout: Layout, name: String, sampleState: ContentState = [:])
    -> String
  {
    var writer = LayoutWriter(layout: layout, sample: sampleState)
    return writer.file(named: name)
  }
}

extension View {
  fileprivate var isRow: Bool {
    if case .row = self { return true }
    return false
  }
}

/// Writes one layout as SwiftUI, two spaces a level.
private struct LayoutWriter {
  let layout: Layout
  let sample: ContentState
  var lines: [String] = []
  var depth = 0

  init(layout: Layout, sample: ContentState) {
    self.layout = layout
    self.sample = sample
  }

  mutating func line(_ text: String) {
    lines.append(String(repeating: "  ", count: depth) + text)
  }

  mutating func open(_ text: String) {
    line(text)
    depth += 1
  }

  mutating func close(_ text: String = "}") {
    depth -= 1
    line(text)
  }

  /// The type name made from `name`: `delivery` gives `Delivery`, `my-ride` `MyRide`.
  static func typeName(_ name: String) -> String {
    var result = ""
    var upper = true
    for character in name {
      guard character.isLetter || character.isNumber, character.isASCII else {
        upper = true
        continue
      }
      result += upper ? character.uppercased() : String(character)
      upper = false
    }
    if result.first?.isNumber ?? true { result = "Island" + result }
    return result
  }

  mutating func file(named name: String) -> String {
    let type = Self.typeName(name)
    line("// Island's `\(Self.comment(name))` layout as SwiftUI (island layout export).")
    line("import ActivityKit")
    line("import SwiftUI")
    line("import WidgetKit")
    line("")
    attributesType(type)
    if layout.pulse != nil {
      line("")
      open("struct PulseValues {")
      line("var scale = 1.0")
      close()
    }
    line("")
    open("struct \(type)LiveActivity: Widget {")
    open("var body: some WidgetConfiguration {")
    open("ActivityConfiguration(for: \(type)Attributes.self) { context in")
    line("// The Lock Screen's view: Island simulates the Dynamic Island only.")
    line("EmptyView()")
    close("} dynamicIsland: { context in")
    depth += 1
    island()
    close()
    close()
    close()
    return lines.joined(separator: "\n") + "\n"
  }

  static func comment(_ text: String) -> String {
    String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
  }

  /// Every field the layout reads, in zone order, then the pulse's.
  var fields: [String] {
    var names: [String] = []
    for zone in Zone.allCases {
      for name in layout[zone]?.view.fields ?? [] where !names.contains(name) {
        names.append(name)
      }
    }
    if let pulse = layout.pulse, !names.contains(pulse.field) { names.append(pulse.field) }
    return names
  }

  func swiftType(of field: String) -> String {
    var countdowns: [String] = []
    for zone in Zone.allCases {
      guard let view = layout[zone]?.view else { continue }
      countdowns += Self.countdownFields(view)
    }
    if countdowns.contains(field) { return "Date" }
    switch sample[field] {
    case .number: return "Double"
    case .bool: return "Bool"
    case .string, nil: return "String"
    }
  }

  static func countdownFields(_ view: View) -> [String] {
    switch view {
    case .countdown(let field, _, _): return [field]
    case .row(let views): return views.flatMap(countdownFields)
    case .symbol, .text, .label, .progress: return []
    }
  }

  mutating func attributesType(_ type: String) {
    open("struct \(type)Attributes: ActivityAttributes {")
    open("public struct ContentState: Codable, Hashable {")
    for name in fields where !layout.attributes.contains(name) {
      line("var \(Self.identifier(name)): \(swiftType(of: name))")
    }
    close()
    for name in layout.attributes {
      line("var \(Self.identifier(name)): \(swiftType(of: name))")
    }
    close()
  }

  /// A field name as a Swift identifier (in backquotes when it is a keyword).
  static func identifier(_ name: String) -> String {
    let keywords: Set<String> = [
      "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else",
      "enum", "extension", "false", "for", "func", "guard", "if", "import", "in", "init",
      "inout", "internal", "is", "let", "nil", "operator", "private", "protocol", "public",
      "repeat", "return", "self", "static", "struct", "subscript", "super", "switch", "throw",
      "throws", "true", "try", "typealias", "var", "where", "while",
    ]
    return keywords.contains(name) ? "`" + name + "`" : name
  }

  /// `context.state.NAME`, or `context.attributes.NAME` for a static attribute.
  func reference(_ name: String) -> String {
    let part = layout.attributes.contains(name) ? "attributes" : "state"
    return "context.\(part).\(Self.identifier(name))"
  }

  // MARK: - The builder

  mutating func island() {
    open("DynamicIsland {")
    for region in [Region.leading, .trailing, .center, .bottom] {
      guard let zoneView = layout[Zone(region)] else { continue }
      let priority = zoneView.priority.map { ", priority: " + Self.number($0) } ?? ""
      open("DynamicIslandExpandedRegion(.\(region.rawValue)\(priority)) {")
      zone(zoneView)
      close()
    }
    for zone in [Zone.compactLeading, .compactTrailing, .minimal] {
      depth -= 1
      line("} \(zone.rawValue): {")
      depth += 1
      if let zoneView = layout[zone] { self.zone(zoneView) } else { line("EmptyView()") }
    }
    close()
    if let url = layout.widgetURL { line(".widgetURL(URL(string: \(Self.literal(url)))!)") }
    if let pulse = layout.pulse {
      line(".keyframeAnimator(")
      depth += 1
      line("initialValue: PulseValues(), trigger: \(reference(pulse.field))")
      depth -= 1
      open(") { content, value in")
      line("content.scaleEffect(value.scale)")
      close("} keyframes: { _ in")
      depth += 1
      open("KeyframeTrack(\\.scale) {")
      for keyframe in pulse.keyframes {
        let kind: String
        switch keyframe.curve {
        case .linear: kind = "LinearKeyframe"
        case .spring: kind = "SpringKeyframe"
        case .cubic: kind = "CubicKeyframe"
        }
        line(
          "\(kind)(\(Self.number(keyframe.scale)), duration: "
            + "\(Self.number(Double(keyframe.duration) / 1000)))")
      }
      close()
      close()
    }
  }

  mutating func zone(_ zoneView: ZoneView) {
    var modifiers: [String] = []
    if zoneView.horizontalPadding { modifiers.append(".padding(.horizontal)") }
    if zoneView.transition == .identity { modifiers.append(".contentTransition(.identity)") }
    if let link = zoneView.link {
      open("Link(destination: URL(string: \(Self.literal(link)))!) {")
      view(zoneView.view, modifiers: [])
      close()
      for modifier in modifiers { line(modifier) }
    } else {
      view(zoneView.view, modifiers: modifiers)
    }
  }

  mutating func view(_ view: View, modifiers extra: [String]) {
    var modifiers: [String] = []
    func font(_ font: Font?, always: Bool = false) {
      if let font, font != .body || always { modifiers.append(".font(.\(font.rawValue))") }
    }
    switch view {
    case .symbol(let name, let tint, let symbolFont):
      line("Image(systemName: \(value(name, bare: true)))")
      font(symbolFont, always: true)
      if let tint { modifiers.append(".foregroundColor(.\(tint.rawValue))") }
    case .text(let template, let textFont, let bold, let lineLimit):
      line("Text(\(value(template, bare: true)))")
      font(textFont)
      if bold { modifiers.append(".bold()") }
      if let lineLimit { modifiers.append(".lineLimit(\(lineLimit))") }
    case .label(let template, let symbol, let labelFont, let bold):
      line("Label(\(value(template, bare: true)), systemImage: \(Self.literal(symbol)))")
      font(labelFont)
      if bold { modifiers.append(".bold()") }
    case .progress(let field, let total, let tint):
      let totalArgument = total != 1 ? ", total: " + Self.number(total) : ""
      line("ProgressView(value: \(reference(field))\(totalArgument))")
      if let tint { modifiers.append(".tint(.\(tint.rawValue))") }
    case .countdown(let field, let countdownFont, let bold):
      line("Text(timerInterval: Date.now...\(reference(field)), countsDown: true)")
      font(countdownFont)
      if bold { modifiers.append(".bold()") }
    case .row(let views):
      open("HStack {")
      for inner in views { self.view(inner, modifiers: []) }
      close()
    }
    // Modifiers go one level in after a view on one line, at the level of a closing brace.
    let inset = view.isRow ? 0 : 1
    depth += inset
    for modifier in modifiers + extra { line(modifier) }
    depth -= inset
  }

  // MARK: - Values

  /// A template as a Swift value: a field alone (`bare`, when it holds text), or a string
  /// literal with the fields interpolated.
  func value(_ template: Template, bare: Bool) -> String {
    if bare, template.parts.count == 1, case .field(let name) = template.parts[0],
      swiftType(of: name) == "String"
    {
      return reference(name)
    }
    var text = "\""
    for part in template.parts {
      switch part {
      case .literal(let literal): text += Self.escaped(literal)
      case .field(let name): text += "\\(" + reference(name) + ")"
      }
    }
    return text + "\""
  }

  static func literal(_ text: String) -> String { "\"" + escaped(text) + "\"" }

  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// A number as Swift writes it: `1.0`, `0.3`.
  static func number(_ value: Double) -> String { "\(value)" }
}
