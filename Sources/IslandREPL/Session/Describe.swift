import IslandCore

/// One-line descriptions of what an event caused, as the REPL prints them.
public enum Describe {
  /// `open food://map (region link of pizza)`.
  public static func effect(_ effect: Effect) -> String {
    switch effect.kind {
    case .openURL(let url, let rule, let activity):
      let why: String
      switch rule {
      case .regionLink: why = "region link"
      case .widgetURL: why = "widget URL"
      case .appDefault: why = "app default"
      }
      return "open \(url) (\(why) of \(activity))"
    case .banner(let activity, let alert):
      let body = alert.body.isEmpty ? "" : ": " + Token.quote(alert.body)
      let sound = alert.sound.map { ", sound \($0)" } ?? ""
      return "banner for \(activity): \(Token.quote(alert.title))\(body)\(sound)"
    }
  }

  /// `pizza compactTrailing 20м -> 19м (numericText)`.
  public static func transition(_ transition: Transition) -> String {
    "\(transition.activity) \(transition.zone.rawValue) \(Token.quote(transition.from)) -> "
      + "\(Token.quote(transition.to)) (\(transition.kind.rawValue))"
  }

  /// `pulse pizza (keyframes 1.0/1.1/1.0 over 100+300+200 ms)`.
  public static func animation(_ animation: Animation) -> String {
    let clamped = animation.clamped ? ", clamped" : ""
    switch animation.timing {
    case .spring(let response, let damping):
      return "\(animation.kind.rawValue) \(animation.activity) (spring response \(response) ms, "
        + "damping \(ContentValue.format(damping)): \(animation.duration) ms\(clamped))"
    case .keyframes(let keyframes, let zone):
      let scales = keyframes.map { ContentValue.format($0.scale) }.joined(separator: "/")
      let durations = keyframes.map { String($0.duration) }.joined(separator: "+")
      return "\(animation.kind.rawValue) \(animation.activity) \(zone.rawValue) (scale "
        + "\(scales) over \(durations) ms\(clamped))"
    }
  }
}
