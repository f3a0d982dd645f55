/// Formatting of point values: at most two decimals, no trailing zeros.
public enum Points {
  /// `52.33`, `126`, `36.67`.
  public static func format(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    let whole = Int64(hundredths) / 100
    let fraction = abs(Int64(hundredths) % 100)
    let sign = hundredths < 0 && whole == 0 ? "-" : ""
    if fraction == 0 { return sign + String(whole) }
    if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
    return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
  }
}
