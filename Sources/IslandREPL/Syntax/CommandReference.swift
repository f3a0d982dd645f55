import IslandCore

/// What the REPL knows about each command: its names, syntax, options, and an example.
/// `help`, the parser and tab completion all read it, so they never disagree.
public struct CommandReference: Equatable, Sendable {
  /// The command's name.
  public let name: String
  /// Other names it answers to.
  public let aliases: [String]
  /// Its syntax, as `help` shows it.
  public let synopsis: String
  /// One line on what it does.
  public let summary: String
  /// More lines, for `help COMMAND`.
  public let details: [String]
  /// An example line.
  public let example: String
  /// The options it takes, with their leading dashes.
  public let options: [String]
  /// Where it is listed in `help`.
  public let group: Group

  /// The groups of `help`.
  public enum Group: String, CaseIterable, Sendable {
    /// Events for the engine.
    case events = "Events"
    /// Looking at the island and its history.
    case inspection = "Inspection"
    /// The session itself.
    case session = "Session"
  }

  /// Every name it answers to.
  public var names: [String] { [name] + aliases }

  /// The command named `name` (or one of its aliases).
  public static func named(_ name: String) -> CommandReference? {
    all.first { $0.names.contains(name) }
  }

  /// Every command, in the order `help` lists them.
  public static let all: [CommandReference] = [
    CommandReference(
      name: "start", aliases: [], synopsis: "start ID APP [FIELD=VALUE...] [OPTIONS]",
      summary: "start a Live Activity of app APP, with its content state",
      details: [
        "--layout NAME|JSON  a built-in layout (`help layouts`), one given as JSON, or",
        "                    @FILE: a layout file, FILE.json or FILE.swift (SwiftUI's",
        "                    DynamicIsland builder)",
        "--relevance N       its relevance score (default 0): higher ranks first",
        "--url URL           its widget URL, the default deep link (default APP://)",
        "--link REGION=URL   the deep link of one expanded region (repeat for more)",
        "--stale WHEN        when its content becomes stale: 10m from now, or @1h",
        "--after DURATION    happen that long after the current time",
      ],
      example:
        "start pizza com.example.food --layout delivery --url food://order/42 "
        + "orderStatusIcon=flame.fill minutesLeft=20 restaurantName=\"Pizza Roma\" "
        + "deliveryProgress=0.1 statusText=Cooking",
      options: ["--layout", "--relevance", "--url", "--link", "--stale", "--after"],
      group: .events),
    CommandReference(
      name: "update", aliases: [], synopsis: "update ID [FIELD=VALUE...] [OPTIONS]",
      summary: "merge fields into an activity's state; change its relevance; alert",
      details: [
        "--relevance N       its new relevance score",
        "--stale WHEN        its new stale time: 10m from now, or @1h",
        "--alert TITLE       an alert: the island expands for 2.2 s (a banner without one)",
        "--alert-body TEXT   the alert's body",
        "--alert-sound NAME  the alert's sound (default for the system's)",
        "--timestamp N       when its data was generated (UNIX s): older than the last is ignored",
        "--after DURATION    happen that long after the current time",
      ],
      example: "update pizza minutesLeft=12 statusText=\"On its way\" --alert \"On its way\"",
      options: [
        "--relevance", "--stale", "--alert", "--alert-body", "--alert-sound", "--timestamp",
        "--after",
      ],
      group: .events),
    CommandReference(
      name: "end", aliases: [], synopsis: "end ID [FIELD=VALUE...] [--dismissal WHEN]",
      summary: "end an activity: it leaves the island at once",
      details: [
        "--dismissal WHEN    when it leaves the Lock Screen: default (4 h), immediate,",
        "                    a duration from now (30m), or a clock time (@2h)",
        "--timestamp N       when its data was generated (an end applies whatever it is)",
        "--after DURATION    happen that long after the current time",
      ],
      example: "end pizza statusText=Delivered --dismissal immediate",
      options: ["--dismissal", "--timestamp", "--after"], group: .events),
    CommandReference(
      name: "tap", aliases: [], synopsis: "tap TARGET",
      summary: "tap the island, the detached bubble, an expanded region, or outside",
      details: [
        "TARGET: " + TapTarget.allCases.map(\.rawValue).joined(separator: ", "),
        "--after DURATION    happen that long after the current time",
      ],
      example: "tap leading", options: ["--after"], group: .events),
    CommandReference(
      name: "longpress", aliases: ["long-press"], synopsis: "longpress TARGET",
      summary: "long-press the island or the detached bubble: it expands",
      details: [
        "TARGET: " + LongPressTarget.allCases.map(\.rawValue).joined(separator: ", "),
        "--after DURATION    happen that long after the current time",
      ],
      example: "longpress island", options: ["--after"], group: .events),
    CommandReference(
      name: "wait", aliases: [], synopsis: "wait DURATION|@TIME",
      summary: "let time pass (a tick event): timers due by then fire",
      details: [
        "DURATION: a number and a unit, such as 500ms, 2.5s, 10m, 8h or 1h30m",
        "@TIME: until that time on the session's clock, such as @2h",
      ],
      example: "wait 2.5s", options: [], group: .events),
    CommandReference(
      name: "show", aliases: [], synopsis: "show [--svg FILE]", summary: "draw the island",
      details: [
        "--svg FILE          write a picture of it instead, as SVG (as `island replay"
          + " --format svg`)"
      ], example: "show", options: ["--svg"], group: .inspection),
    CommandReference(
      name: "state", aliases: [], synopsis: "state", summary: "print the state as JSON",
      details: ["the same JSON as `island replay --format json`"], example: "state",
      options: [], group: .inspection),
    CommandReference(
      name: "log", aliases: [], synopsis: "log",
      summary: "print the events so far, as commands that run to the same state",
      details: ["each line ends with a comment: its event number and time"],
      example: "log", options: [], group: .inspection),
    CommandReference(
      name: "at", aliases: [], synopsis: "at N",
      summary: "draw the island as it was after event N (0: before any)",
      details: [], example: "at 2", options: [], group: .inspection),
    CommandReference(
      name: "diff", aliases: [], synopsis: "diff N [M]",
      summary: "what changed from after event N to after event M (default: the last)",
      details: [], example: "diff 1 3", options: [], group: .inspection),
    CommandReference(
      name: "explain", aliases: [], synopsis: "explain",
      summary: "why each activity is where it is: rank, relevance, start order, app, phase",
      details: [], example: "explain", options: [], group: .inspection),
    CommandReference(
      name: "help", aliases: ["?"], synopsis: "help [COMMAND|layouts]",
      summary: "list the commands, or show one's syntax and an example",
      details: ["`help layouts` lists the built-in layouts and the fields each reads"],
      example: "help start", options: [], group: .session),
    CommandReference(
      name: "save", aliases: [], synopsis: "save FILE",
      summary: "write the session's events to FILE as a journal (replaces FILE)",
      details: ["`island replay FILE` folds it again; `load FILE` brings it back"],
      example: "save pizza.jsonl", options: [], group: .session),
    CommandReference(
      name: "load", aliases: [], synopsis: "load FILE",
      summary: "replace the session with a journal's device, profile and events",
      details: [], example: "load pizza.jsonl", options: [], group: .session),
    CommandReference(
      name: "run", aliases: [], synopsis: "run FILE",
      summary: "run a script's commands in this session, stopping at its first error",
      details: ["lines starting with ! must fail; `island run FILE` runs one from the shell"],
      example: "run Playground/delivery.island", options: [], group: .session),
    CommandReference(
      name: "push", aliases: [], synopsis: "push FILE",
      summary: "apply a push log's ActivityKit pushes, their `at` counted from now",
      details: [
        "ignored pushes are warnings; a malformed one is an error and applies nothing",
        "the format: docs/pushes.md",
      ],
      example: "push Journals/pushes/out-of-order.jsonl", options: [], group: .session),
    CommandReference(
      name: "reset", aliases: [], synopsis: "reset",
      summary: "forget every event (the device and profile stay)",
      details: [], example: "reset", options: [], group: .session),
    CommandReference(
      name: "device", aliases: [], synopsis: "device [NAME]",
      summary: "show the device and list the others, or switch and fold the events again",
      details: ["the events must all still be accepted on the new device, or nothing changes"],
      example: "device iPhone 16 Pro Max", options: [], group: .session),
    CommandReference(
      name: "profile", aliases: [], synopsis: "profile [tap-expands|tap-opens]",
      summary: "show the interaction profile, or switch and fold the events again",
      details: [
        "tap-expands: a tap on compact or minimal expands it (seed 000; the default)",
        "tap-opens: a tap on compact or minimal opens its widget URL (Apple's docs)",
      ],
      example: "profile tap-opens", options: [], group: .session),
    CommandReference(
      name: "quit", aliases: ["exit"], synopsis: "quit",
      summary: "leave (every accepted event is already in the --journal file, if any)",
      details: [], example: "quit", options: [], group: .session),
  ]
}
