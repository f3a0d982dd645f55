import IslandCore

/// Writes events in the REPL's syntax, so that a session's log runs again to the same state.
public enum EventSyntax {
  /// The command for `entry`, for a session whose clock stands at `previous`: a `wait` for a
  /// tick, otherwise the event with `--after` when time moved on before it.
  public static func command(for entry: LogEntry, previous: Milliseconds) -> String {
    let t = entry.t
    var words: [String]
    switch entry.event {
    case .start(let start):
      words = ["start", positional(start.activity), positional(start.app)]
      switch start.layout {
      case .named(let name): words += ["--layout", Token.quote(name)]
      case .inline(let layout): words += ["--layout", InlineLayout.encode(layout)]
      case .none: break
      }
      if start.relevance != 0 {
        words += ["--relevance", ContentValue.format(start.relevance)]
      }
      if let url = start.url { words += ["--url", Token.quote(url)] }
      for region in Region.allCases {
        if let link = start.links[region] {
          words += ["--link", Token.quote(region.rawValue + "=" + link)]
        }
      }
      if let stale = start.stale {
        words += ["--stale", ValueSyntax.write(moment: stale, now: t)]
      }
      words += fields(start.state)
    case .update(let update):
      words = ["update", positional(update.activity)]
      if let relevance = update.relevance {
        words += ["--relevance", ContentValue.format(relevance)]
      }
      if let stale = update.stale {
        words += ["--stale", ValueSyntax.write(moment: stale, now: t)]
      }
      if let alert = update.alert {
        words += ["--alert", Token.quote(alert.title)]
        if !alert.body.isEmpty { words += ["--alert-body", Token.quote(alert.body)] }
        if let sound = alert.sound { words += ["--alert-sound", Token.quote(sound)] }
      }
      if let timestamp = update.timestamp { words += ["--timestamp", String(timestamp)] }
      words += fields(update.state)
    case .end(let end):
      words = ["end", positional(end.activity)]
      switch end.dismissal {
      case .default: break
      case .immediate: words += ["--dismissal", "immediate"]
      case .after(let time): words += ["--dismissal", ValueSyntax.write(moment: time, now: t)]
      }
      if let timestamp = end.timestamp { words += ["--timestamp", String(timestamp)] }
      words += fields(end.state ?? ContentState())
    case .tap(let target):
      words = ["tap", target.rawValue]
    case .longPress(let target):
      words = ["longpress", target.rawValue]
    case .tick:
      // `wait @TIME` may name a moment gone by (the engine refuses it): written so too.
      if t < previous { return "wait @" + ValueSyntax.write(duration: t) }
      return "wait " + ValueSyntax.write(duration: t - previous)
    }
    if t > previous { words += ["--after", ValueSyntax.write(duration: t - previous)] }
    return words.joined(separator: " ")
  }

  /// A positional argument (an id, an app) quoted as it must be: also when it holds a `=`,
  /// which unquoted would read as a state field.
  static func positional(_ text: String) -> String {
    let quoted = Token.quote(text)
    return quoted == text && text.contains("=") ? "\"" + text + "\"" : quoted
  }

  /// The fields of `state` as `NAME=VALUE` words, in name order.
  public static func fields(_ state: ContentState) -> [String] {
    state.fields.map { $0.name + "=" + ValueSyntax.write($0.value) }
  }
}
