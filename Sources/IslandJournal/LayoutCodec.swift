import IslandCore

/// The journal's `layout` field: a string names a catalogue layout, an object gives one in
/// full.
///
/// An object has a member per zone it fills (`compactLeading`, `compactTrailing`, `minimal`,
/// `leading`, `trailing`, `center`, `bottom`) and may have `pulse`. A zone is a view with,
/// optionally, `"transition":"identity"`, `"link":URL` (expanded regions only) and
/// `"padding":"horizontal"` and `"priority":NUMBER` (expanded regions only). A view is one of:
///
///     {"symbol":"bag.fill","tint":"orange","font":"title2"}
///     {"text":"{minutesLeft}м","font":"caption2","bold":true,"lineLimit":1}
///     {"label":"{minutesLeft} мин","symbol":"clock","font":"caption","bold":false}
///     {"progress":"deliveryProgress","tint":"orange"}
///     {"progress":"done","total":12}
///     {"countdown":"endsAt","font":"caption","bold":false}
///     {"row":[view, ...]}
///
/// `font` defaults to `body` where a view needs one; `tint`, `bold` and `lineLimit` are
/// optional; a progress bar's `total` (a finite number above 0) defaults to 1. `pulse` is a field name (seed 000's keyframes) or
/// `{"field":..,"keyframes":[{"scale":1.0,"duration":100,"curve":"linear"},...]}`. A layout
/// may also have `"widgetURL":URL` (the widget URL when the start gives none) and
/// `"attributes":[NAME, ...]` (fields that are static attributes, which no update changes).
/// Unknown keys, fonts, tints and curves are errors naming the zone and the value.
public enum LayoutCodec {
  /// The zone keys, in the order they are written.
  public static let zoneKeys = Zone.allCases.map(\.rawValue)

  // MARK: - Decoding

  /// Decodes a `layout` field: a name or an inline layout.
  public static func decodeReference(_ value: JSONValue) throws(LayoutCodingError)
    -> LayoutReference
  {
    switch value {
    case .string(let name): return .named(name)
    case .object: return .inline(try decode(value))
    case .null, .bool, .number, .integer, .array: throw .notALayout(found: value.kindName)
    }
  }

  /// Decodes an inline layout object.
  public static func decode(_ value: JSONValue) throws(LayoutCodingError) -> Layout {
    guard case .object(let members) = value else { throw .notALayout(found: value.kindName) }
    var layout = Layout()
    for (key, member) in members {
      if key == "pulse" {
        layout.pulse = try decodePulse(member)
      } else if key == "widgetURL" {
        layout.widgetURL = try string(member, zone: key, key: key)
      } else if key == "attributes" {
        guard case .array(let elements) = member else {
          throw .wrongType(zone: key, key: key, expected: "array", found: member.kindName)
        }
        var names: Set<String> = []
        for element in elements { names.insert(try string(element, zone: key, key: key)) }
        layout.attributes = names.sorted()
      } else if let zone = Zone(rawValue: key) {
        layout[zone] = try decodeZone(member, zone: zone)
      } else {
        throw .unknownZone(key)
      }
    }
    return layout
  }

  private static func decodeZone(_ value: JSONValue, zone: Zone) throws(LayoutCodingError)
    -> ZoneView
  {
    let context = zone.rawValue
    guard case .object(let members) = value else {
      throw .wrongType(zone: context, key: nil, expected: "object", found: value.kindName)
    }
    var viewMembers: [(String, JSONValue)] = []
    var zoneView = ZoneView(.row([]))
    for (key, member) in members {
      switch key {
      case "transition":
        let name = try string(member, zone: context, key: key)
        guard let choice = TransitionChoice(rawValue: name) else {
          throw .unknownValue(zone: context, key: key, value: name, expected: "automatic, identity")
        }
        zoneView.transition = choice
      case "link":
        guard zone.region != nil else { throw .linkOutsideRegion(zone: context) }
        zoneView.link = try string(member, zone: context, key: key)
      case "padding":
        let name = try string(member, zone: context, key: key)
        guard name == "horizontal" else {
          throw .unknownValue(zone: context, key: key, value: name, expected: "horizontal")
        }
        zoneView.horizontalPadding = true
      case "priority":
        guard zone.region != nil else { throw .priorityOutsideRegion(zone: context) }
        guard let number = member.numberValue else {
          throw .wrongType(zone: context, key: key, expected: "number", found: member.kindName)
        }
        zoneView.priority = number
      default:
        viewMembers.append((key, member))
      }
    }
    zoneView.view = try decodeView(viewMembers, zone: context)
    return zoneView
  }

  /// The keys that say what kind of view an object is, in the order they are looked for
  /// (`label` first: a label has a `symbol` key too).
  private static let viewKinds = ["label", "symbol", "text", "progress", "countdown", "row"]

  private static func decodeView(_ members: [(String, JSONValue)], zone: String)
    throws(LayoutCodingError) -> View
  {
    let keys = members.map(\.0)
    guard let kind = viewKinds.first(where: { keys.contains($0) }) else {
      throw .noView(zone: zone)
    }
    let allowed: [String]
    switch kind {
    case "label": allowed = ["label", "symbol", "font", "bold"]
    case "symbol": allowed = ["symbol", "tint", "font"]
    case "text": allowed = ["text", "font", "bold", "lineLimit"]
    case "progress": allowed = ["progress", "total", "tint"]
    case "countdown": allowed = ["countdown", "font", "bold"]
    default: allowed = ["row"]
    }
    if let unknown = keys.first(where: { !allowed.contains($0) }) {
      throw .unknownKey(zone: zone, key: unknown, view: kind)
    }
    func member(_ key: String) -> JSONValue? { members.first { $0.0 == key }?.1 }
    func text(_ key: String) throws(LayoutCodingError) -> String? {
      guard let value = member(key) else { return nil }
      return try string(value, zone: zone, key: key)
    }
    func font() throws(LayoutCodingError) -> Font? {
      guard let name = try text("font") else { return nil }
      guard let font = Font(rawValue: name) else {
        throw .unknownValue(
          zone: zone, key: "font", value: name,
          expected: Font.allCases.map(\.rawValue).joined(separator: ", "))
      }
      return font
    }
    func tint() throws(LayoutCodingError) -> Tint? {
      guard let name = try text("tint") else { return nil }
      guard let tint = Tint(rawValue: name) else {
        throw .unknownValue(
          zone: zone, key: "tint", value: name,
          expected: Tint.allCases.map(\.rawValue).joined(separator: ", "))
      }
      return tint
    }
    func bold() throws(LayoutCodingError) -> Bool {
      guard let value = member("bold") else { return false }
      guard case .bool(let flag) = value else {
        throw .wrongType(zone: zone, key: "bold", expected: "boolean", found: value.kindName)
      }
      return flag
    }
    func template(_ key: String) throws(LayoutCodingError) -> Template {
      let source = try text(key) ?? ""
      do {
        return try Template(source)
      } catch {
        throw .badTemplate(zone: zone, template: source, error: error)
      }
    }
    switch kind {
    case "label":
      guard let symbol = try text("symbol") else { throw .missingKey(zone: zone, key: "symbol") }
      return .label(
        try template("label"), symbol: symbol, font: try font() ?? .body, bold: try bold())
    case "symbol":
      return .symbol(name: try template("symbol"), tint: try tint(), font: try font())
    case "text":
      var lineLimit: Int?
      if let value = member("lineLimit") {
        guard case .integer(let number) = value, number >= 1, number <= 100 else {
          throw .wrongType(
            zone: zone, key: "lineLimit", expected: "whole number from 1 to 100",
            found: value.kindName == "number" ? value.compactText : value.kindName)
        }
        lineLimit = Int(number)
      }
      return .text(
        try template("text"), font: try font() ?? .body, bold: try bold(), lineLimit: lineLimit)
    case "progress":
      var total = 1.0
      if let value = member("total") {
        guard let number = value.numberValue else {
          throw .wrongType(zone: zone, key: "total", expected: "number", found: value.kindName)
        }
        guard number.isFinite, number > 0 else {
          throw .badProgressTotal(zone: zone, total: value.compactText)
        }
        total = number
      }
      return .progress(field: try text("progress") ?? "", total: total, tint: try tint())
    case "countdown":
      return .countdown(
        field: try text("countdown") ?? "", font: try font() ?? .body, bold: try bold())
    default:
      guard let value = member("row"), case .array(let elements) = value else {
        throw .wrongType(
          zone: zone, key: "row", expected: "array", found: member("row")?.kindName ?? "null")
      }
      var views: [View] = []
      for element in elements {
        guard case .object(let elementMembers) = element else {
          throw .wrongType(
            zone: zone, key: "row", expected: "array of views", found: element.kindName)
        }
        views.append(try decodeView(elementMembers, zone: zone))
      }
      return .row(views)
    }
  }

  private static func string(_ value: JSONValue, zone: String, key: String)
    throws(LayoutCodingError) -> String
  {
    guard case .string(let text) = value else {
      throw .wrongType(zone: zone, key: key, expected: "string", found: value.kindName)
    }
    return text
  }

  private static func decodePulse(_ value: JSONValue) throws(LayoutCodingError) -> Pulse {
    switch value {
    case .string(let field): return Pulse(field: field)
    case .object(let members):
      var field: String?
      var keyframes = Pulse.seedKeyframes
      for (key, member) in members {
        switch key {
        case "field": field = try string(member, zone: "pulse", key: key)
        case "keyframes":
          guard case .array(let elements) = member else {
            throw .wrongType(zone: "pulse", key: key, expected: "array", found: member.kindName)
          }
          keyframes = []
          for element in elements { keyframes.append(try decodeKeyframe(element)) }
        default: throw .unknownKey(zone: "pulse", key: key, view: "pulse")
        }
      }
      guard let field else { throw .missingKey(zone: "pulse", key: "field") }
      return Pulse(field: field, keyframes: keyframes)
    case .null, .bool, .number, .integer, .array:
      throw .wrongType(zone: "pulse", key: nil, expected: "string or object", found: value.kindName)
    }
  }

  private static func decodeKeyframe(_ value: JSONValue) throws(LayoutCodingError) -> Keyframe {
    guard case .object(let members) = value else {
      throw .wrongType(zone: "pulse", key: "keyframes", expected: "object", found: value.kindName)
    }
    var scale: Double?
    var duration: Milliseconds?
    var curve: Keyframe.Curve?
    for (key, member) in members {
      switch key {
      case "scale":
        guard let number = member.numberValue, number > 0 else {
          throw .wrongType(
            zone: "pulse", key: key, expected: "positive number",
            found: member.kindName == "number" ? member.compactText : member.kindName)
        }
        scale = number
      case "duration":
        guard case .integer(let number) = member, number >= 0, number <= 86_400_000 else {
          throw .wrongType(
            zone: "pulse", key: key, expected: "whole number of milliseconds up to 86400000",
            found: member.kindName == "number" ? member.compactText : member.kindName)
        }
        duration = number
      case "curve":
        let name = try string(member, zone: "pulse", key: key)
        guard let parsed = Keyframe.Curve(rawValue: name) else {
          throw .unknownValue(
            zone: "pulse", key: key, value: name,
            expected: Keyframe.Curve.allCases.map(\.rawValue).joined(separator: ", "))
        }
        curve = parsed
      default: throw .unknownKey(zone: "pulse", key: key, view: "keyframe")
      }
    }
    guard let scale else { throw .missingKey(zone: "pulse", key: "scale") }
    guard let duration else { throw .missingKey(zone: "pulse", key: "duration") }
    return Keyframe(scale: scale, duration: duration, curve: curve ?? .linear)
  }

  // MARK: - Encoding

  /// The `layout` field of a start.
  public static func encode(_ reference: LayoutReference) -> JSONValue {
    switch reference {
    case .named(let name): return .string(name)
    case .inline(let layout): return encode(layout)
    }
  }

  /// An inline layout: its zones in ``Zone`` order, then `pulse`.
  public static func encode(_ layout: Layout) -> JSONValue {
    var members: [(String, JSONValue)] = []
    for zone in Zone.allCases {
      guard let zoneView = layout[zone] else { continue }
      var zoneMembers = encodeView(zoneView.view)
      if zoneView.transition != .automatic {
        zoneMembers.append(("transition", .string(zoneView.transition.rawValue)))
      }
      if let link = zoneView.link { zoneMembers.append(("link", .string(link))) }
      if zoneView.horizontalPadding { zoneMembers.append(("padding", "horizontal")) }
      if let priority = zoneView.priority { zoneMembers.append(("priority", .number(priority))) }
      members.append((zone.rawValue, .object(zoneMembers)))
    }
    if let pulse = layout.pulse {
      if pulse.keyframes == Pulse.seedKeyframes {
        members.append(("pulse", .string(pulse.field)))
      } else {
        let keyframes = pulse.keyframes.map { keyframe -> JSONValue in
          [
            "scale": .number(keyframe.scale), "duration": JSONValue(keyframe.duration),
            "curve": .string(keyframe.curve.rawValue),
          ]
        }
        members.append(("pulse", ["field": .string(pulse.field), "keyframes": .array(keyframes)]))
      }
    }
    if let url = layout.widgetURL { members.append(("widgetURL", .string(url))) }
    if !layout.attributes.isEmpty {
      members.append(("attributes", .array(layout.attributes.map { .string($0) })))
    }
    return .object(members)
  }

  private static func encodeView(_ view: View) -> [(String, JSONValue)] {
    switch view {
    case .symbol(let name, let tint, let font):
      var members: [(String, JSONValue)] = [("symbol", .string(name.source))]
      if let tint { members.append(("tint", .string(tint.rawValue))) }
      if let font { members.append(("font", .string(font.rawValue))) }
      return members
    case .text(let template, let font, let bold, let lineLimit):
      var members: [(String, JSONValue)] = [
        ("text", .string(template.source)), ("font", .string(font.rawValue)),
      ]
      if bold { members.append(("bold", true)) }
      if let lineLimit { members.append(("lineLimit", JSONValue(Int64(lineLimit)))) }
      return members
    case .label(let template, let symbol, let font, let bold):
      var members: [(String, JSONValue)] = [
        ("label", .string(template.source)), ("symbol", .string(symbol)),
        ("font", .string(font.rawValue)),
      ]
      if bold { members.append(("bold", true)) }
      return members
    case .progress(let field, let total, let tint):
      var members: [(String, JSONValue)] = [("progress", .string(field))]
      if total != 1 { members.append(("total", .number(total))) }
      if let tint { members.append(("tint", .string(tint.rawValue))) }
      return members
    case .countdown(let field, let font, let bold):
      var members: [(String, JSONValue)] = [
        ("countdown", .string(field)), ("font", .string(font.rawValue)),
      ]
      if bold { members.append(("bold", true)) }
      return members
    case .row(let views):
      return [("row", .array(views.map { .object(encodeView($0)) }))]
    }
  }
}

/// Why a `layout` field could not be read. Each names the zone (or `pulse`) and the value.
public enum LayoutCodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The field is neither a layout name nor an object.
  case notALayout(found: String)
  /// A key that is no zone and not `pulse`.
  case unknownZone(String)
  /// A key a zone's view (or the pulse, or a keyframe) does not have.
  case unknownKey(zone: String, key: String, view: String)
  /// A zone with none of `symbol`, `text`, `label`, `progress`, `countdown`, `row`.
  case noView(zone: String)
  /// A key the view needs is missing.
  case missingKey(zone: String, key: String)
  /// A value of the wrong JSON type.
  case wrongType(zone: String, key: String?, expected: String, found: String)
  /// A font, tint, curve, transition or padding the engine does not know.
  case unknownValue(zone: String, key: String, value: String, expected: String)
  /// A template that does not parse.
  case badTemplate(zone: String, template: String, error: TemplateError)
  /// A `link` on a zone that is not an expanded region.
  case linkOutsideRegion(zone: String)
  /// A `priority` on a zone that is not an expanded region.
  case priorityOutsideRegion(zone: String)
  /// A progress bar's `total` that is not a finite number above 0.
  case badProgressTotal(zone: String, total: String)

  /// The problem, naming the zone and the value.
  public var description: String { unescapedDescription.escapingControlCharacters() }

  /// The description as written, before its control characters are escaped.
  private var unescapedDescription: String {
    switch self {
    case .notALayout(let found):
      return "layout must be a layout name or an object, not \(article(found))"
    case .unknownZone(let key):
      return "layout has an unknown zone \"\(key)\" (expected "
        + (LayoutCodec.zoneKeys + ["pulse", "widgetURL", "attributes"]).joined(separator: ", ")
        + ")"
    case .unknownKey(let zone, let key, let view):
      return "layout zone \(zone): unknown key \"\(key)\" for a \(view)"
    case .noView(let zone):
      return "layout zone \(zone): no view (give one of symbol, text, label, progress, "
        + "countdown, row)"
    case .missingKey(let zone, let key):
      return "layout zone \(zone): missing \"\(key)\""
    case .wrongType(let zone, let key, let expected, let found):
      let place = key.map { "\"\($0)\"" } ?? "the zone"
      return "layout zone \(zone): \(place) must be \(article(expected)), not \(article(found))"
    case .unknownValue(let zone, let key, let value, let expected):
      return "layout zone \(zone): unknown \(key) \"\(value)\" (expected \(expected))"
    case .badTemplate(let zone, let template, let error):
      let why: String
      switch error {
      case .unclosedPlaceholder: why = "a { is never closed"
      case .strayBrace: why = "a } closes nothing (write }} for a literal one)"
      case .badFieldName(_, let name): why = "\"\(name)\" is not a field name"
      }
      return "layout zone \(zone): bad template \"\(template)\": \(why)"
    case .linkOutsideRegion(let zone):
      return "layout zone \(zone): \"link\" is only for the expanded regions "
        + "(leading, trailing, center, bottom)"
    case .priorityOutsideRegion(let zone):
      return "layout zone \(zone): \"priority\" is only for the expanded regions "
        + "(leading, trailing, center, bottom)"
    case .badProgressTotal(let zone, let total):
      return "layout zone \(zone): progress \"total\" must be a number above 0, not \(total)"
    }
  }
}

/// `an object`, `a string`, `a whole number ...`: a kind of value with its article.
func article(_ kind: String) -> String {
  if kind.first == "-" || kind.first?.isNumber == true { return kind }
  guard let first = kind.first else { return kind }
  // "an update"; but "a unique ...", were there one: only `update` starts with a vowel sound.
  let vowel = "aeio".contains(first) || kind.hasPrefix("update")
  return (vowel ? "an " : "a ") + kind
}
