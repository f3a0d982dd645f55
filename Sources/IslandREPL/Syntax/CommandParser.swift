import IslandCore

/// Reads a line of the REPL's syntax into a ``Command``.
///
/// The syntax keeps the three kinds of argument apart by their look: options start with two
/// dashes (`--relevance 50`, or `--relevance=50`), state fields are `NAME=VALUE` with no
/// dashes, and anything else is a positional argument (an id, an app, a target). Parsing is
/// pure: it needs only the session's current time, which events happen at.
public enum CommandParser {
  /// Parses `line`; an event happens at `now`, or `--after` later.
  public static func parse(_ line: String, now: Milliseconds) throws(ParseError) -> ParsedLine {
    var tokens = try Token.split(line)
    let expectsFailure = isMarkedToFail(line)
    if expectsFailure {
      tokens[0].text.removeFirst()
      tokens[0].quotedFrom = tokens[0].quotedFrom.map { $0 - 1 }
      if tokens[0].text.isEmpty && tokens[0].quotedFrom == nil { tokens.removeFirst() }
    }
    guard let head = tokens.first else {
      if expectsFailure { throw .missingArgument(command: "!", argument: "a command") }
      return ParsedLine(.nothing)
    }
    let word = head.text.lowercased()
    guard let reference = CommandReference.named(word) else {
      throw .unknownCommand(head.text, suggestion: suggestion(for: word))
    }
    // Every reference has its name among the commands (CommandParserTests).
    guard let name = CommandName(rawValue: reference.name) else {
      throw .unknownCommand(head.text, suggestion: nil)
    }
    let arguments = try Arguments(tokens.dropFirst(), of: reference)
    let command = try parse(arguments, of: name, now: now)
    return ParsedLine(command, expectsFailure: expectsFailure)
  }

  /// Whether `line` is marked with `!`: its first character past the indentation, unquoted.
  public static func isMarkedToFail(_ line: String) -> Bool {
    line.drop { $0 == " " || $0 == "\t" }.hasPrefix("!")
  }

  // MARK: - Commands

  /// The commands, by the name their ``CommandReference`` gives them.
  enum CommandName: String, CaseIterable {
    case start, update, end, tap, longpress, wait, show, state, log, at, diff, explain, help
    case save, load, run, push, reset, device, profile, quit
  }

  private static func parse(
    _ arguments: Arguments, of name: CommandName, now: Milliseconds
  ) throws(ParseError) -> Command {
    var time = now
    if let after = arguments.option("--after") {
      guard let offset = ValueSyntax.duration(after.text) else {
        throw .badDuration(argument: "--after", text: after.text)
      }
      time = try advance(now, by: offset, argument: "--after", text: after.text)
    }
    switch name {
    case .start:
      try arguments.expectPositionals(["the activity id", "the app bundle id, after the id"])
      return .event(.start(try start(arguments, at: time)), at: time)
    case .update:
      try arguments.expectPositionals(["the activity id"])
      return .event(.update(try update(arguments, at: time)), at: time)
    case .end:
      try arguments.expectPositionals(["the activity id"])
      let dismissal = try arguments.option("--dismissal").map { (token) throws(ParseError) in
        try self.dismissal(token.text, at: time)
      }
      let end = End(
        activity: arguments.positionals[0].text,
        state: arguments.fields.isEmpty ? nil : arguments.fields,
        dismissal: dismissal ?? .default, timestamp: try timestamp(arguments))
      return .event(.end(end), at: time)
    case .tap:
      try arguments.expectPositionals(["a target (" + targetList(TapTarget.self) + ")"])
      let text = arguments.positionals[0].text
      guard let target = TapTarget(rawValue: text) else {
        throw .unknownTarget(
          command: name.rawValue, target: text, known: TapTarget.allCases.map(\.rawValue))
      }
      return .event(.tap(target), at: time)
    case .longpress:
      try arguments.expectPositionals(["a target (" + targetList(LongPressTarget.self) + ")"])
      let text = arguments.positionals[0].text
      guard let target = LongPressTarget(rawValue: text) else {
        throw .unknownTarget(
          command: name.rawValue, target: text, known: LongPressTarget.allCases.map(\.rawValue))
      }
      return .event(.longPress(target), at: time)
    case .wait:
      try arguments.expectPositionals(["a duration, such as 2.5s, or a clock time, such as @2h"])
      let text = arguments.positionals[0].text
      // `@TIME`: until that time on the session's clock (the engine refuses one gone by).
      if text.hasPrefix("@") {
        guard let moment = ValueSyntax.duration(String(text.dropFirst())) else {
          throw .badDuration(argument: "wait", text: text)
        }
        return .event(.tick, at: moment)
      }
      guard let duration = ValueSyntax.duration(text) else {
        throw .badDuration(argument: "wait", text: text)
      }
      return .event(.tick, at: try advance(now, by: duration, argument: "wait", text: text))
    case .at:
      try arguments.expectPositionals(["an event number"])
      return .at(seq: try seq(arguments.positionals[0], argument: "at"))
    case .diff:
      try arguments.expectPositionals(["an event number"], optional: 1)
      let from = try seq(arguments.positionals[0], argument: "diff")
      let to = try arguments.positionals.dropFirst().first.map { (token) throws(ParseError) in
        try seq(token, argument: "diff")
      }
      return .diff(from: from, to: to)
    case .help:
      try arguments.expectPositionals([], optional: 1)
      guard let topic = arguments.positionals.first?.text else { return .help(topic: nil) }
      guard CommandReference.named(topic.lowercased()) != nil || topic == "layouts" else {
        throw .unknownHelpTopic(topic)
      }
      return .help(topic: CommandReference.named(topic.lowercased())?.name ?? topic)
    case .save, .load, .run, .push:
      try arguments.expectPositionals(["a file name"])
      let path = arguments.positionals[0].text
      guard !path.isEmpty else {
        throw .missingArgument(command: name.rawValue, argument: "a file name")
      }
      if name == .save { return .save(path: path) }
      if name == .load { return .load(path: path) }
      return name == .push ? .push(path: path) : .run(path: path)
    case .device:
      guard !arguments.positionals.isEmpty else { return .device(nil) }
      let deviceName = arguments.positionals.map(\.text).joined(separator: " ")
      guard let device = Device.named(deviceName) else { throw .unknownDevice(deviceName) }
      return .device(device)
    case .profile:
      try arguments.expectPositionals([], optional: 1)
      guard let text = arguments.positionals.first?.text else { return .profile(nil) }
      guard let profile = InteractionProfile(rawValue: text) else {
        throw .unknownProfile(text)
      }
      return .profile(profile)
    case .show:
      try arguments.expectPositionals([])
      guard let path = arguments.option("--svg") else { return .show }
      return .showSVG(path: path.text)
    case .state:
      try arguments.expectPositionals([])
      return .state
    case .log:
      try arguments.expectPositionals([])
      return .log
    case .explain:
      try arguments.expectPositionals([])
      return .explain
    case .reset:
      try arguments.expectPositionals([])
      return .reset
    case .quit:
      try arguments.expectPositionals([])
      return .quit
    }
  }

  private static func start(_ arguments: Arguments, at time: Milliseconds) throws(ParseError)
    -> Start
  {
    var start = Start(
      activity: arguments.positionals[0].text, app: arguments.positionals[1].text,
      state: arguments.fields)
    if let relevance = arguments.option("--relevance") {
      start.relevance = try number(relevance, argument: "--relevance")
    }
    start.url = arguments.option("--url")?.text
    for token in arguments.options(named: "--link") {
      let parts = token.text.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, let region = Region(rawValue: parts[0]) else {
        throw .badLink(token.text)
      }
      guard start.links[region] == nil else { throw .repeatedOption("--link " + parts[0]) }
      start.links[region] = parts[1]
    }
    if let stale = arguments.option("--stale") {
      start.stale = try moment(stale, argument: "--stale", at: time)
    }
    if let layout = arguments.option("--layout") {
      start.layout = try self.layout(layout.text)
    }
    return start
  }

  private static func update(_ arguments: Arguments, at time: Milliseconds) throws(ParseError)
    -> Update
  {
    var update = Update(activity: arguments.positionals[0].text, state: arguments.fields)
    if let relevance = arguments.option("--relevance") {
      update.relevance = try number(relevance, argument: "--relevance")
    }
    if let stale = arguments.option("--stale") {
      update.stale = try moment(stale, argument: "--stale", at: time)
    }
    update.timestamp = try timestamp(arguments)
    if let title = arguments.option("--alert") {
      update.alert = Alert(
        title: title.text, body: arguments.option("--alert-body")?.text ?? "",
        sound: arguments.option("--alert-sound")?.text)
    } else if let orphan = ["--alert-body", "--alert-sound"].first(where: {
      arguments.option($0) != nil
    }) {
      throw .alertWithoutTitle(option: orphan)
    }
    return update
  }

  /// A layout by name, or inline as JSON when it starts with `{`.
  private static func layout(_ text: String) throws(ParseError) -> LayoutReference {
    guard text.hasPrefix("{") else { return .named(text) }
    do {
      return .inline(try InlineLayout.decode(text))
    } catch {
      throw .badLayout(why: error.message)
    }
  }

  // MARK: - Values

  /// `--timestamp N`: when the data was generated (a whole number, such as a push's UNIX
  /// seconds).
  private static func timestamp(_ arguments: Arguments) throws(ParseError) -> Int64? {
    guard let token = arguments.option("--timestamp") else { return nil }
    let value = try number(token, argument: "--timestamp")
    guard value >= 0, value <= 9_007_199_254_740_991, value == value.rounded(.down) else {
      throw .badNumber(argument: "--timestamp", text: token.text)
    }
    return Int64(value)
  }

  private static func number(_ token: Token, argument: String) throws(ParseError) -> Double {
    guard let value = ValueSyntax.number(token.text) else {
      throw .badNumber(argument: argument, text: token.text)
    }
    return value
  }

  private static func moment(_ token: Token, argument: String, at time: Milliseconds)
    throws(ParseError) -> Milliseconds
  {
    guard let value = ValueSyntax.moment(token.text, now: time) else {
      throw .badDuration(argument: argument, text: token.text)
    }
    guard EventBounds.holds(value) else {
      throw .beyondLargestTime(argument: argument, text: token.text, time: value)
    }
    return value
  }

  private static func dismissal(_ text: String, at time: Milliseconds) throws(ParseError)
    -> Dismissal
  {
    switch text {
    case "default": return .default
    case "immediate": return .immediate
    default:
      guard let moment = ValueSyntax.moment(text, now: time) else { throw .badDismissal(text) }
      guard EventBounds.holds(moment) else {
        throw .beyondLargestTime(argument: "--dismissal", text: text, time: moment)
      }
      return .after(moment)
    }
  }

  private static func seq(_ token: Token, argument: String) throws(ParseError) -> Int {
    guard let value = Int(token.text), value >= 0 else {
      throw .badSeq(argument: argument, text: token.text)
    }
    return value
  }

  private static func advance(
    _ now: Milliseconds, by offset: Milliseconds, argument: String, text: String
  ) throws(ParseError) -> Milliseconds {
    let (sum, overflow) = now.addingReportingOverflow(offset)
    guard !overflow else { throw .badDuration(argument: argument, text: text) }
    guard EventBounds.holds(sum) else {
      throw .beyondLargestTime(argument: argument, text: text, time: sum)
    }
    return sum
  }

  private static func targetList<Target: CaseIterable & RawRepresentable>(_: Target.Type)
    -> String where Target.RawValue == String
  {
    Target.allCases.map(\.rawValue).joined(separator: ", ")
  }

  // MARK: - Suggestions

  /// The command name closest to `word`, when one is close (``Spelling``): `q` is `quit`.
  /// `?` is left out: it is what no mistyped word means.
  package static func suggestion(for word: String) -> String? {
    Spelling.suggestion(
      for: word, among: CommandReference.all.flatMap(\.names).filter { $0 != "?" })
  }
}

/// A command's words sorted into positional arguments, state fields and options.
private struct Arguments {
  let command: String
  var positionals: [Token] = []
  var fields = ContentState()
  var options: [(name: String, value: Token)] = []

  init(_ tokens: ArraySlice<Token>, of reference: CommandReference) throws(ParseError) {
    command = reference.name
    var iterator = tokens.makeIterator()
    while let token = iterator.next() {
      if token.text.hasPrefix("--") && token.isUnquoted(first: 2) {
        var name = token.text
        var value: Token?
        if let equals = name.firstIndex(of: "="),
          token.isUnquoted(first: name.distance(from: name.startIndex, to: equals) + 1)
        {
          let offset = name.distance(from: name.startIndex, to: equals) + 1
          value = Token(
            String(name[name.index(after: equals)...]),
            quotedFrom: token.quotedFrom.map { $0 - offset }, column: token.column)
          name = String(name[..<equals])
        }
        guard reference.options.contains(name) else {
          throw .unknownOption(command: command, option: name, known: reference.options)
        }
        if value == nil {
          guard let next = iterator.next(),
            !(next.text.hasPrefix("--") && next.isUnquoted(first: 2))
          else { throw .missingValue(option: name, expected: Arguments.expected(name)) }
          value = next
        }
        if name != "--link" && options.contains(where: { $0.name == name }) {
          throw .repeatedOption(name)
        }
        if let value { options.append((name, value)) }
      } else if let equals = token.text.firstIndex(of: "="),
        token.isUnquoted(first: token.text.distance(from: token.text.startIndex, to: equals) + 1)
      {
        let key = String(token.text[..<equals])
        let valueText = String(token.text[token.text.index(after: equals)...])
        guard reference.group == .events, reference.name != "tap", reference.name != "longpress",
          reference.name != "wait"
        else { throw .fieldNotAllowed(command: command, field: token.text) }
        guard Template.isFieldName(key) else { throw .badFieldName(token.text) }
        guard fields[key] == nil else { throw .repeatedField(key) }
        fields[key] = ValueSyntax.fieldValue(valueText, quoted: token.quotedFrom != nil)
      } else {
        positionals.append(token)
      }
    }
  }

  func option(_ name: String) -> Token? {
    options.first { $0.name == name }?.value
  }

  func options(named name: String) -> [Token] {
    options.filter { $0.name == name }.map(\.value)
  }

  /// Checks there are exactly the positional arguments named in `required`, and at most
  /// `optional` more.
  func expectPositionals(_ required: [String], optional: Int = 0) throws(ParseError) {
    if positionals.count < required.count {
      throw .missingArgument(command: command, argument: required[positionals.count])
    }
    if positionals.count > required.count + optional {
      throw .unexpectedArgument(
        command: command, argument: positionals[required.count + optional].text)
    }
  }

  private static func expected(_ option: String) -> String {
    switch option {
    case "--relevance": return "a number"
    case "--url": return "a URL"
    case "--link": return "REGION=URL"
    case "--stale": return "a duration from now, or @TIME"
    case "--dismissal": return "default, immediate, a duration or @TIME"
    case "--timestamp": return "a whole number"
    case "--layout": return "a layout name or JSON"
    case "--after": return "a duration"
    case "--svg": return "a file name"
    case "--alert": return "a title"
    case "--alert-body": return "a text"
    case "--alert-sound": return "a sound name"
    default: return "a value"
    }
  }
}
