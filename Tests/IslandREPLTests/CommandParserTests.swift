import IslandCore
import IslandREPL
import Testing

@Suite struct CommandParserTests {
  private func command(_ line: String, now: Milliseconds = 0) throws -> Command {
    try CommandParser.parse(line, now: now).command
  }

  @Test(arguments: CommandReference.all.flatMap(\.names))
  func everyCommandOfTheReferenceIsParsed(name: String) {
    do {
      _ = try command(name)
    } catch {
      if case ParseError.unknownCommand = error { Issue.record("\(name) is not parsed: \(error)") }
    }
  }

  @Test func startTakesFieldsAndOptions() throws {
    let line =
      deliveryStart
      + " --relevance 50 --link leading=food://map --link bottom=food://order/42/details"
      + " --stale 10m"
    var start = Start(
      activity: "pizza", app: "com.example.food", relevance: 50, stale: 660_000,
      state: [
        "orderStatusIcon": "flame.fill", "minutesLeft": 20, "restaurantName": "Pizza Roma",
        "deliveryProgress": 0.1, "statusText": "Cooking",
      ], layout: .named("delivery"), url: "food://order/42")
    start.links = RegionLinks(leading: "food://map", bottom: "food://order/42/details")
    #expect(try command(line, now: 60_000) == .event(.start(start), at: 60_000))
  }

  @Test func optionsTakeTheirValueAfterASpaceOrAnEqualsSign() throws {
    let spaced = try command("update pizza --relevance 50 --alert \"On its way\"")
    let joined = try command("update pizza --relevance=50 --alert=\"On its way\"")
    #expect(spaced == joined)
    let update = Update(
      activity: "pizza", relevance: 50, alert: Alert(title: "On its way", body: ""))
    #expect(spaced == .event(.update(update), at: 0))
  }

  @Test func anAlertHasATitleABodyAndASound() throws {
    let line = "update chat unread=1 --alert Hi --alert-body \"Two words\" --alert-sound default"
    let update = Update(
      activity: "chat", state: ["unread": 1],
      alert: Alert(title: "Hi", body: "Two words", sound: "default"))
    #expect(try command(line) == .event(.update(update), at: 0))
  }

  @Test(arguments: [
    ("end pizza", Dismissal.default), ("end pizza --dismissal immediate", .immediate),
    ("end pizza --dismissal 30m", .after(1_860_000)),
    ("end pizza --dismissal @2h", .after(7_200_000)),
  ])
  func endTakesADismissal(line: String, dismissal: Dismissal) throws {
    #expect(
      try command(line, now: 60_000)
        == .event(.end(End(activity: "pizza", dismissal: dismissal)), at: 60_000))
  }

  @Test func eventsHappenNowOrAfterADelay() throws {
    #expect(try command("tap island", now: 5_000) == .event(.tap(.island), at: 5_000))
    #expect(
      try command("longpress detached --after 2.5s", now: 5_000)
        == .event(.longPress(.detached), at: 7_500))
    #expect(try command("long-press island") == .event(.longPress(.island), at: 0))
    #expect(try command("LongPress island") == .event(.longPress(.island), at: 0))
    #expect(try command("wait 2.5s", now: 1_000) == .event(.tick, at: 3_500))
  }

  @Test func inspectionAndSessionCommands() throws {
    #expect(try command("show") == .show)
    #expect(try command("show --svg island.svg") == .showSVG(path: "island.svg"))
    #expect(try command("state") == .state)
    #expect(try command("log") == .log)
    #expect(try command("at 3") == .at(seq: 3))
    #expect(try command("diff 1 3") == .diff(from: 1, to: 3))
    #expect(try command("diff 1") == .diff(from: 1, to: nil))
    #expect(try command("explain") == .explain)
    #expect(try command("help") == .help(topic: nil))
    #expect(try command("help long-press") == .help(topic: "longpress"))
    #expect(try command("help layouts") == .help(topic: "layouts"))
    #expect(try command("save 'my session.jsonl'") == .save(path: "my session.jsonl"))
    #expect(try command("load a.jsonl") == .load(path: "a.jsonl"))
    #expect(
      try command("run Playground/delivery.island") == .run(path: "Playground/delivery.island"))
    #expect(try command("reset") == .reset)
    #expect(try command("device iPhone 16 Pro Max") == .device(Device.named("iPhone 16 Pro Max")))
    #expect(try command("device \"iPhone 14\"") == .device(Device.named("iPhone 14")))
    #expect(try command("device") == .device(nil))
    #expect(try command("profile tap-opens") == .profile(.tapOpens))
    #expect(try command("quit") == .quit)
    #expect(try command("exit") == .quit)
    #expect(try command("   # a comment") == .nothing)
    #expect(try command("") == .nothing)
  }

  @Test func aQuotedValueIsAlwaysAString() throws {
    let update = Update(activity: "a", state: ["code": "20", "n": 20, "flag": true])
    #expect(try command("update a code=\"20\" n=20 flag=true") == .event(.update(update), at: 0))
  }

  @Test func aQuotedEqualsSignIsNotAField() throws {
    #expect(try command("save \"a=b.jsonl\"") == .save(path: "a=b.jsonl"))
  }

  @Test func aBangMarksALineThatMustFail() throws {
    #expect(try CommandParser.parse("! tap island", now: 0).expectsFailure)
    #expect(try CommandParser.parse("!tap island", now: 0).expectsFailure)
    #expect(try CommandParser.parse("tap island", now: 0).expectsFailure == false)
  }

  /// Every class of malformed line, and the part of it the error must name.
  static let malformed: [(line: String, names: String)] = [
    ("update", "missing the activity id"),
    ("start pizza", "missing the app bundle id"),
    ("tap", "missing a target"),
    ("update pizza --relevance abc", "'abc' is not a number"),
    ("update pizza --relevance nan", "'nan' is not a number"),
    ("update pizza --colour red", "unknown option '--colour'"),
    ("start a com.x --relevance", "--relevance: missing its value"),
    ("update a --relevance 1 --relevance 2", "--relevance is given twice"),
    ("update a n=1 n=2", "state field 'n' is given twice"),
    ("start a com.x 1bad=2", "'1bad=2' is not a state field name"),
    ("start a com.x =2", "'=2' is not a state field name"),
    ("tap sideways", "unknown target 'sideways'"),
    ("longpress leading", "unknown target 'leading'"),
    ("tap island x=1", "tap takes no state fields: 'x=1'"),
    (#"update pizza title="Pizza"#, "unclosed \" quote at column 20"),
    ("frobnicate", "unknown command 'frobnicate'"),
    ("wait 5", "'5' is not a duration"),
    ("wait soon", "'soon' is not a duration"),
    ("tap island --after -1s", "'-1s' is not a duration"),
    ("start a com.x --stale later", "--stale: 'later' is not a duration"),
    ("start a com.x --link nowhere=x://y", "'nowhere=x://y' is not REGION=URL"),
    ("start a com.x --link leading=x://a --link leading=x://b", "--link leading is given twice"),
    ("end a --dismissal later", "'later' is not a dismissal"),
    ("update a --alert-body text", "--alert-body needs --alert TITLE"),
    ("at -1", "'-1' is not an event number"),
    ("diff 1 x", "'x' is not an event number"),
    ("device iPhone 99", "unknown device 'iPhone 99'"),
    ("profile sideways", "unknown profile 'sideways'"),
    ("show extra", "unexpected argument 'extra'"),
    ("start a com.x extra", "unexpected argument 'extra'"),
    ("help nothing", "no command 'nothing'"),
    ("!", "missing a command"),
  ]

  @Test(arguments: malformed)
  func aMalformedLineIsAnErrorNamingTheBadPart(line: String, names: String) {
    do {
      let parsed = try CommandParser.parse(line, now: 0)
      Issue.record("\(line) parsed as \(parsed)")
    } catch {
      #expect(error.message.contains(names), "\(error.message)")
      #expect(!error.hint.isEmpty)
    }
  }

  @Test func anUnknownCommandSuggestsTheClosest() {
    #expect(CommandParser.suggestion(for: "updte") == "update")
    #expect(CommandParser.suggestion(for: "strat") == "start")
    #expect(CommandParser.suggestion(for: "expl") == "explain")
    #expect(CommandParser.suggestion(for: "frobnicate") == nil)
    #expect(CommandParser.suggestion(for: "q") == "quit")
  }

  @Test(arguments: CommandReference.all)
  func everyHelpExampleParses(reference: CommandReference) throws {
    let parsed = try CommandParser.parse(reference.example, now: 0)
    #expect(parsed.command != .nothing)
  }
}
