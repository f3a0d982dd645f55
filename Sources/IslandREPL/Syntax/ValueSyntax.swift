import IslandCore

/// How the REPL reads and writes values: state field values, numbers, durations and times.
public enum ValueSyntax {
  /// A state field value: `true` and `false` are booleans, a decimal number is a number,
  /// anything else (or anything quoted) is a string.
  public static func fieldValue(_ text: String, quoted: Bool) -> ContentValue {
    if quoted { return .string(text) }
    if text == "true" { return .bool(true) }
    if text == "false" { return .bool(false) }
    if let number = number(text) { return .number(number) }
    return .string(text)
  }

  /// A value as a state field writes it: `20`, `0.25`, `true`, `"Pizza Roma"`, `"20"` for the
  /// string 20.
  public static func write(_ value: ContentValue) -> String {
    switch value {
    case .number(let number): return ContentValue.format(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .string(let text): return Token.quote(text, asString: true)
    }
  }

  /// Whether unquoted `text` would read as something other than a string.
  static func readsAsNonString(_ text: String) -> Bool {
    text == "true" || text == "false" || number(text) != nil
  }

  /// A finite decimal number: `20`, `-3`, `0.25`, `.5`, `1e-05`, `1.5E+20`; nil otherwise.
  public static func number(_ text: String) -> Double? {
    var scalars = Substring(text).unicodeScalars[...]
    if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
    let digits = scalars.prefix { ("0"..."9").contains($0) }
    scalars = scalars.dropFirst(digits.count)
    var fraction = Substring.UnicodeScalarView.SubSequence()
    if scalars.first == "." {
      scalars = scalars.dropFirst()
      fraction = scalars.prefix { ("0"..."9").contains($0) }
      scalars = scalars.dropFirst(fraction.count)
    }
    guard !digits.isEmpty || !fraction.isEmpty else { return nil }
    if scalars.first == "e" || scalars.first == "E" {
      scalars = scalars.dropFirst()
      if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
      let exponent = scalars.prefix { ("0"..."9").contains($0) }
      guard !exponent.isEmpty else { return nil }
      scalars = scalars.dropFirst(exponent.count)
    }
    guard scalars.isEmpty, let value = Double(text), value.isFinite else { return nil }
    return value
  }

  // MARK: - Durations and times

  /// The longest duration the REPL reads: about 31 700 years, far from overflowing the clock.
  public static let longestDuration: Milliseconds = 1_000_000_000_000_000

  private static let units: [(suffix: String, milliseconds: Double)] = [
    ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000),
  ]

  /// A duration: a number with a unit (`500ms`, `2.5s`, `10m`, `8h`), or several
  /// (`1h30m`); nil when `text` is not one or is not a whole number of milliseconds.
  public static func duration(_ text: String) -> Milliseconds? {
    var rest = Substring(text)
    var total = 0.0
    guard !rest.isEmpty else { return nil }
    while !rest.isEmpty {
      let numberText = rest.prefix { ("0"..."9").contains($0) || $0 == "." }
      rest = rest.dropFirst(numberText.count)
      let unitText = rest.prefix { $0.isLetter }
      rest = rest.dropFirst(unitText.count)
      guard let amount = Double(numberText),
        let unit = units.first(where: { $0.suffix == unitText })
      else { return nil }
      total += amount * unit.milliseconds
    }
    let rounded = total.rounded()
    guard abs(total - rounded) < 1e-6, rounded <= Double(longestDuration) else { return nil }
    return Milliseconds(rounded)
  }

  /// A duration in hours, minutes and seconds, each only when not zero: `8h`, `1h30m`,
  /// `1m2.5s`, `500ms`, `0s`.
  public static func write(duration: Milliseconds) -> String {
    if duration == 0 { return "0s" }
    if duration < 1_000 { return "\(duration)ms" }
    var text = ""
    if duration >= 3_600_000 { text += "\(duration / 3_600_000)h" }
    if duration % 3_600_000 >= 60_000 { text += "\(duration % 3_600_000 / 60_000)m" }
    let milliseconds = duration % 60_000
    guard milliseconds > 0 else { return text }
    text += String(milliseconds / 1_000)
    if milliseconds % 1_000 > 0 {
      var fraction = String(milliseconds % 1_000)
      fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return text + "s"
  }

  /// A moment as an option gives it: a duration from `now` (`10m`), or a time on the
  /// session's clock after `@` (`@1h`).
  public static func moment(_ text: String, now: Milliseconds) -> Milliseconds? {
    if text.hasPrefix("@") { return duration(String(text.dropFirst())) }
    guard let offset = duration(text) else { return nil }
    let (sum, overflow) = now.addingReportingOverflow(offset)
    return overflow ? nil : sum
  }

  /// A moment written for an event at `now`: a duration from it when it is not before it,
  /// else a clock time after `@`.
  public static func write(moment: Milliseconds, now: Milliseconds) -> String {
    moment >= now ? write(duration: moment - now) : "@" + write(duration: moment)
  }
}
