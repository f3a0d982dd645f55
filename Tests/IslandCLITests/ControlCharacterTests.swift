import Foundation
import Testing

/// Text quoted from input (an activity id, a file name, a mistyped word) never reaches the
/// terminal with its control characters, whichever command prints it.
@Suite struct ControlCharacterTests {
  static let journal = """
    {"format":"island-journal","version":1,"device":"iPhone 15 Pro","profile":"tap-expands"}
    {"seq":1,"t":0,"event":"start","activity":"\\u001b[31mX","app":"com.example.a","state":{}}
    {"seq":2,"t":0,"event":"end","activity":"\\u001b[32mY"}

    """

  /// Every command that reads the journal, with what it must say (escaped).
  @Test(arguments: [
    ["replay", "evil.jsonl"], ["replay", "evil.jsonl", "--format", "json"],
    ["check", "evil.jsonl"], ["check", "evil.jsonl", "--format", "json"],
    ["render", "evil.jsonl", "--html", "out.html"],
    ["render", "evil.jsonl", "--html", "out.html", "--keep-going"],
  ])
  func anActivityIdFromAJournalIsEscapedInErrors(arguments: [String]) throws {
    let scratch = Scratch()
    scratch.write("evil.jsonl", Self.journal)
    let run = try IslandProcess.run(arguments, in: scratch.path)
    #expect(run.status == 65)
    #expect(run.error.contains(#""\u001b[31mX" is not a valid activity id"#), "\(run.error)")
    #expect(!run.error.contains("\u{1B}"))
    #expect(!run.output.contains("\u{1B}"))
  }

  @Test func theRejectionsOfRenderKeepGoingAreEscapedToo() throws {
    let scratch = Scratch()
    scratch.write("evil.jsonl", Self.journal)
    let run = try IslandProcess.run(
      ["render", "evil.jsonl", "--html", "out.html", "--keep-going"], in: scratch.path)
    #expect(run.error.contains(#"activity "\u001b[32mY" does not exist"#), "\(run.error)")
    #expect(!run.error.contains("\u{1B}"))
  }

  /// Words from the command line that name nothing: a subcommand, a help topic, a journal
  /// or layout action, a missing file.
  @Test(arguments: [
    ["\u{1B}[2J"], ["help", "\u{1B}[2J"], ["journal", "\u{1B}[2J"], ["layout", "\u{1B}[2J"],
    ["layout", "import", "\u{1B}[2J.swift"], ["layout", "export", "\u{1B}[2J"],
    ["render", "\u{1B}[2J.jsonl", "--html", "out.html"], ["replay", "\u{1B}[2J.jsonl"],
    ["check", "\u{1B}[2J.jsonl"], ["run", "\u{1B}[2J.island"], ["fuzz", "--\u{1B}[2J"],
  ])
  func aWordFromTheCommandLineIsEscaped(arguments: [String]) throws {
    let scratch = Scratch()
    let run = try IslandProcess.run(arguments, in: scratch.path)
    #expect(run.status != 0)
    #expect(run.error.contains(#"\u001b[2J"#), "\(run.error)")
    #expect(!run.error.contains("\u{1B}"))
    #expect(!run.output.contains("\u{1B}"))
  }

  @Test func theLayoutImportsDiagnosticsAreEscaped() throws {
    let scratch = Scratch()
    scratch.write(
      "w\u{7}.swift",
      "DynamicIsland {\n  DynamicIslandExpandedRegion(.leading) { My\u{1B}View() }\n}"
        + " compactLeading: {} compactTrailing: {} minimal: {}\n")
    let run = try IslandProcess.run(["layout", "import", "w\u{7}.swift"], in: scratch.path)
    #expect(run.status == 65)
    #expect(run.error.hasPrefix("w\\u0007.swift:2:"), "\(run.error)")
    #expect(!run.error.contains("\u{1B}"))
    #expect(!run.error.contains("\u{7}"))
  }
}
