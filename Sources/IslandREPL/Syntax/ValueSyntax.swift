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

  /// The longest duration the REPL reads: the largest time a journal holds (2^53 - 1 ms,
  /// about 285,000 years), so that every gap `log` writes reads back.
  public static let longestDuration: Milliseconds = EventBounds.largestTime

  private static let units: [(suffix: Substring, milliseconds: Int64)] = [
    ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000),
  ]

  /// A duration: a number with a unit (`500ms`, `2.5s`, `10m`, `8h`), or several
  /// (`1h30m`), read exactly (no rounding: `0.0001s` is not a whole number of milliseconds);
  /// nil when `text` is not one, is not a whole number of milliseconds, or is longer than
  /// ``longestDuration``.
  /// Every duration ``write(duration:)`` prints reads back as itself.
  public static func duration(_ text: String) -> Milliseconds? {
    var rest = Substring(text)
    var total: Milliseconds = 0
    guard !rest.isEmpty else { return nil }
    while !rest.isEmpty {
      let whole = rest.prefix { ("0"..."9").contains($0) }
      rest = rest.dropFirst(whole.count)
      var fraction = Substring()
      if rest.first == "." {
        rest = rest.dropFirst()
        fraction = rest.prefix { ("0"..."9").contains($0) }
        rest = rest.dropFirst(fraction.count)
      }
      let unitText = rest.prefix { $0.isLetter }
      rest = rest.dropFirst(unitText.count)
      guard !whole.isEmpty || !fraction.isEmpty,
        let unit = units.first(where: { $0.suffix == unitText })?.milliseconds,
        let amount = milliseconds(whole: whole, fraction: fraction, unit: unit)
      else { return nil }
      let (sum, overflow) = total.addingReportingOverflow(amount)
      guard !overflow, sum <= longestDuration else { return nil }
      total = sum
    }
    return total
  }

  /// `whole.fraction` units in milliseconds, exactly; nil when not whole or too large.
  private static func milliseconds(whole: Substring, fraction: Substring, unit: Int64)
    -> Milliseconds?
  {
    func integer(_ digits: Substring) -> Int64? {
      var value: Int64 = 0
      for digit in digits.drop(while: { $0 == "0" }) {
        let (times, overflow) = value.multipliedReportingOverflow(by: 10)
        guard !overflow, let digitValue = digit.wholeNumberValue else { return nil }
        let (sum, carry) = times.addingReportingOverflow(Int64(digitValue))
        guard !carry else { return nil }
        value = sum
      }
      return value
    }
    guard let wholeValue = integer(whole) else { return nil }
    let (wholePart, overflow) = wholeValue.multipliedReportingOverflow(by: unit)
    guard !overflow else { return nil }
    // A fraction counts only to its last non-zero digit; a unit has at most 5 factors of 10
    // (an hour is 36 x 10^5 ms), so a longer fraction is never whole.
    var digits = fraction
    while digits.last == "0" { digits = digits.dropLast() }
    guard !digits.isEmpty else { return wholePart }
    guard digits.count <= 6, let numerator = integer(digits) else { return nil }
    var scale: Int64 = 1
    for _ in 0..<digits.count { scale *= 10 }
    let product = numerator * unit
    guard product % scale == 0 else { return nil }
    let (sum, carry) = wholePart.addingReportingOverflow(product / scale)
    return carry ? nil : sum
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
  /// Nil when `text` is not one, or when it overflows; a moment beyond the largest time a
  /// journal holds is the caller's to refuse (``EventBounds``).
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
