import Foundation
import Testing

/// `island layout import|check|export`, and `start --layout @FILE.swift`, as a user runs them.
@Suite struct LayoutCommandTests {
  static let fixtures = IslandProcess.packageRoot + "/Tests/IslandLayoutImportTests/Fixtures/"

  static func fixture(_ name: String) throws -> String {
    try String(contentsOfFile: fixtures + name, encoding: .utf8)
  }

  @Test func importPrintsTheLayoutsJSONAndWarnsOnStandardError() throws {
    let scratch = Scratch()
    scratch.write("seed000.swift", try Self.fixture("seed000.swift.txt"))
    let run = try IslandProcess.run(["layout", "import", "seed000.swift"], in: scratch.path)
    #expect(run.status == 0)
    #expect(run.output == (try Self.fixture("seed000.json")))
    #expect(
      run.error
        == "seed000.swift:36:1: warning: keyframeAnimator has no trigger: pulsing when "
        + "`statusText` changes (the shown text named like a status); write trigger: "
        + "context.state.NAME to choose\n")
  }

  @Test func importErrorsSayWhereAndExit65() throws {
    let scratch = Scratch()
    scratch.write(
      "gauge.swift",
      """
      DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
          GaugeView(value: context.state.speed)
        }
      } compactLeading: {
        Text("\\(context.state.speed)")
      } compactTrailing: {
      } minimal: {
      }
      """)
    let run = try IslandProcess.run(["layout", "import", "gauge.swift"], in: scratch.path)
    #expect(run.status == 65)
    #expect(run.output == "")
    #expect(
      run.error
        == "gauge.swift:3:5: error: custom view `GaugeView` is not supported (supported: "
        + "Image(systemName:), Text, Text(timerInterval:countsDown:), Text(_:style: .timer), "
        + "Label(_:systemImage:), ProgressView(value:), HStack, VStack, ZStack, Spacer, Link)\n")
    let lenient = try IslandProcess.run(
      ["layout", "import", "--lenient", "gauge.swift"], in: scratch.path)
    #expect(lenient.status == 0)
    #expect(lenient.output.contains(#""text": "[GaugeView]""#))
    #expect(lenient.error.hasPrefix("gauge.swift:3:5: warning: custom view `GaugeView`"))
    let missing = try IslandProcess.run(["layout", "import", "none.swift"], in: scratch.path)
    #expect(missing.status == 66)
    #expect(missing.error == "none.swift: cannot read it: no such file or directory\n")
  }

  /// `island layout export delivery | island layout import -` (or `/dev/stdin`), and back.
  @Test func standardInputIsALayoutFileToo() throws {
    let export = try IslandProcess.run(["layout", "export", "delivery"])
    for path in ["-", "/dev/stdin"] {
      let imported = try IslandProcess.run(
        ["layout", "import", path], input: Data(export.output.utf8))
      #expect(imported.status == 0, "\(imported.error)")
      #expect(imported.output == (try Self.fixture("seed000.json")))
      // The JSON, piped, is read as JSON (its first character says so).
      let again = try IslandProcess.run(["layout", "export", path], input: imported.outputBytes)
      #expect(again.status == 0, "\(again.error)")
      #expect(again.output.contains("DynamicIsland {"))
      let checked = try IslandProcess.run(
        ["layout", "check", path, "--sample", "minutesLeft=120"], input: imported.outputBytes)
      #expect(checked.status == 0, "\(checked.error)")
    }
    let custom = try IslandProcess.run(
      ["layout", "import", "-"],
      input: Data(
        "DynamicIsland {\n  DynamicIslandExpandedRegion(.leading) { Foo() }\n}\n".utf8))
    #expect(custom.status == 65)
    #expect(custom.error.hasPrefix("<stdin>:2:43: error: custom view `Foo` is not supported"))
  }

  @Test func everyCatalogueLayoutExportedImportsBackToItself() throws {
    let scratch = Scratch()
    for name in ["delivery", "score", "timer", "ride"] {
      let export = try IslandProcess.run(["layout", "export", name])
      #expect(export.status == 0)
      #expect(export.output.contains("DynamicIsland {"))
      scratch.write(name + ".swift", export.output)
      let imported = try IslandProcess.run(
        ["layout", "import", name + ".swift"], in: scratch.path)
      #expect(imported.status == 0)
      #expect(imported.error == "")
      if name == "delivery" { #expect(imported.output == (try Self.fixture("seed000.json"))) }
    }
    // A layout file is written under its own name.
    scratch.write("my-ride.json", try Self.fixture("ride-share.json"))
    let file = try IslandProcess.run(["layout", "export", "my-ride.json"], in: scratch.path)
    #expect(file.status == 0)
    #expect(file.output.contains("ActivityConfiguration(for: MyRideAttributes.self)"))
    scratch.write("my-ride.swift", file.output)
    let back = try IslandProcess.run(["layout", "import", "my-ride.swift"], in: scratch.path)
    #expect(back.output == (try Self.fixture("ride-share.json")))
    let unknown = try IslandProcess.run(["layout", "export", "nope"])
    #expect(unknown.status == 65)
    #expect(
      unknown.error
        == "island layout export: no layout called 'nope' (the catalogue: delivery, score, "
        + "timer, ride)\n")
  }

  @Test func checkReportsEveryZoneOverBudgetForTheLongestSamples() throws {
    let scratch = Scratch()
    scratch.write("seed000.swift", try Self.fixture("seed000.swift.txt"))
    let run = try IslandProcess.run(
      [
        "layout", "check", "seed000.swift", "--sample", "minutesLeft=5",
        "--sample", "minutesLeft=120", "--sample", "restaurantName=Ресторан «Большая Тарелка»",
        "--sample", "restaurantName=Пицца", "--sample", "statusText=Готовится",
        "--sample", "orderStatusIcon=flame.fill", "--sample", "deliveryProgress=0.5",
      ], in: scratch.path)
    #expect(run.status == 1)
    #expect(
      run.output == """
        center: over budget on the standard island (iPhone 15 Pro): needs 236.03 pt of 135.6 pt \
        with restaurantName="Ресторан «Большая Тарелка»"
        center: over budget on the large island (iPhone 15 Pro Max): needs 236.03 pt of 150.4 pt \
        with restaurantName="Ресторан «Большая Тарелка»"

        """)
    // As the issue writes it: one --sample, then the values.
    let issue = try IslandProcess.run(
      [
        "layout", "check", "seed000.swift", "--sample", "minutesLeft=120",
        "restaurantName=Ресторан «Большая Тарелка»",
      ], in: scratch.path)
    #expect(issue.status == 1)
    #expect(issue.output.hasPrefix("note: not sampled (give --sample NAME=VALUE): "))
    #expect(issue.output.contains("center: over budget on the standard island"))
    let within = try IslandProcess.run(["layout", "check", "delivery"])
    #expect(within.status == 0)
    #expect(
      within.output == """
        note: not sampled (give --sample NAME=VALUE): minutesLeft=20, \
        orderStatusIcon=flame.fill, restaurantName="Pizza Roma", deliveryProgress=0.1, \
        statusText=Cooking
        every zone is within its budget

        """)
  }

  @Test func checkReportsACompactZoneAndATooWideMinimalView() throws {
    let scratch = Scratch()
    scratch.write(
      "wide.swift",
      """
      DynamicIsland {
      } compactLeading: {
        Text(context.state.title).font(.headline)
      } compactTrailing: {
        Text("\\(context.state.eta) min")
      } minimal: {
        Text(context.state.eta)
      }
      """)
    let run = try IslandProcess.run(
      ["layout", "check", "wide.swift", "--sample", "title=Ana", "--sample", "eta=12345"],
      in: scratch.path)
    #expect(run.status == 1)
    #expect(
      run.output == """
        minimal: too wide on the standard island (iPhone 15 Pro): 49.3 pt, over the 45 pt a \
        minimal view may take with eta=12345
        compactTrailing: over budget on the standard island (iPhone 15 Pro): needs 75.31 pt of \
        52.33 pt with eta=12345
        minimal: too wide on the large island (iPhone 15 Pro Max): 49.3 pt, over the 45 pt a \
        minimal view may take with eta=12345
        compactTrailing: over budget on the large island (iPhone 15 Pro Max): needs 75.31 pt of \
        62.33 pt with eta=12345

        """)
  }

  @Test func aStartTakesALayoutFromSwiftUIAndTheJournalKeepsItsJSON() throws {
    let scratch = Scratch()
    scratch.write("seed000.swift", try Self.fixture("seed000.swift.txt"))
    let run = try IslandProcess.run(
      ["--journal", "session.jsonl"], in: scratch.path,
      input: Data(
        ("start order com.example.food --layout @seed000.swift orderStatusIcon=flame.fill "
          + "minutesLeft=20 restaurantName=Roma deliveryProgress=0.1 statusText=Cooking\n")
          .utf8))
    #expect(run.status == 0)
    #expect(run.output.contains("warning: keyframeAnimator has no trigger"))
    let journal = scratch.read("session.jsonl").split(separator: "\n")
    #expect(journal.count == 2)
    #expect(journal.last?.contains(#""layout":{"compactLeading":{"symbol":"bag.fill""#) == true)
    #expect(journal.last?.contains(#""pulse":"statusText""#) == true)
  }

  @Test func aStartsSwiftUIErrorsSayWhere() throws {
    let scratch = Scratch()
    scratch.write(
      "gauge.swift",
      "DynamicIsland {\n  DynamicIslandExpandedRegion(.leading) { GaugeView() }\n}\n")
    let run = try IslandProcess.run(
      [], in: scratch.path,
      input: Data("start car com.example.car --layout @gauge.swift speed=88\n".utf8))
    #expect(run.status == 65)
    #expect(
      run.output.contains(
        "error: <stdin>:1: gauge.swift: no layout:\\ngauge.swift:2:43: error: custom view "
          + "`GaugeView` is not supported (supported: Image(systemName:), Text, "))
  }

  /// `island` never loads SwiftSyntax (every run would map its libraries): it reads SwiftUI
  /// through `island-swiftui`, the one executable that links the parser.
  @Test func onlyTheSwiftUIReaderLinksSwiftSyntax() throws {
    let library = Data("libSwiftSyntax".utf8)
    let island = try Data(contentsOf: URL(fileURLWithPath: IslandProcess.executable))
    let reader = try Data(contentsOf: URL(fileURLWithPath: IslandProcess.executable + "-swiftui"))
    #expect(island.range(of: library) == nil)
    #expect(reader.range(of: library) != nil)
  }

  /// Without `island-swiftui` beside it, `island` names what is missing (and still reads a
  /// layout's JSON); a reader that fails is named with how it ended.
  @Test func aMissingOrFailingSwiftUIReaderIsNamed() throws {
    let scratch = Scratch()
    let folder = URL(fileURLWithPath: scratch.path + "/bin").resolvingSymlinksInPath().path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let island = folder + "/island"
    try FileManager.default.copyItem(atPath: IslandProcess.executable, toPath: island)
    scratch.write("seed000.swift", try Self.fixture("seed000.swift.txt"))
    scratch.write("seed000.json", try Self.fixture("seed000.json"))
    let reader = folder + "/island-swiftui"

    let missing = try IslandProcess.run(
      ["layout", "import", "seed000.swift"], in: scratch.path, copy: island)
    #expect(missing.status == 69)
    #expect(
      missing.error
        == "seed000.swift: cannot read SwiftUI: island's SwiftUI reader \(reader) is missing "
        + "(`swift build` builds it beside island, `make install` installs it there)\n")
    let json = try IslandProcess.run(
      ["layout", "import", "seed000.json"], in: scratch.path, copy: island)
    #expect(json.status == 0)
    #expect(json.output == (try Self.fixture("seed000.json")))
    let start = try IslandProcess.run(
      [], in: scratch.path,
      input: Data("start order com.example.food --layout @seed000.swift minutesLeft=5\n".utf8),
      copy: island)
    #expect(start.status == 65)
    #expect(
      start.output.contains(
        "error: <stdin>:1: seed000.swift: cannot read SwiftUI: island's SwiftUI reader \(reader) "
          + "is missing"))

    for (script, says) in [
      ("echo 'out of memory' >&2; exit 3", "failed (exit 3): out of memory"),
      ("kill -9 $$", "failed (signal 9)"),
      ("echo '{'", "answered no layout: not JSON: "),
    ] {
      #expect(
        FileManager.default.createFile(
          atPath: reader, contents: Data("#!/bin/sh\n\(script)\n".utf8),
          attributes: [.posixPermissions: 0o755]))
      let failed = try IslandProcess.run(
        ["layout", "import", "seed000.swift"], in: scratch.path, copy: island)
      #expect(failed.status == 70)
      #expect(failed.error.hasPrefix("seed000.swift: \(reader) \(says)"), "\(failed.error)")
    }
  }

  @Test func aLenientPlaceholderIsDrawn() throws {
    let scratch = Scratch()
    scratch.write(
      "gauge.swift",
      """
      DynamicIsland {
      } compactLeading: {
        Gauge(value: context.state.speed) { Text("km/h") }
          .font(.caption2)
      } compactTrailing: {
        Text("\\(context.state.speed)")
      } minimal: {
      }
      """)
    let imported = try IslandProcess.run(
      ["layout", "import", "--lenient", "gauge.swift"], in: scratch.path)
    #expect(imported.status == 0)
    scratch.write("gauge.json", imported.output)
    let run = try IslandProcess.run(
      [], in: scratch.path,
      input: Data("start car com.example.car --layout @gauge.json speed=88\n".utf8))
    #expect(run.status == 0)
    #expect(run.output.contains("│ [Gauge]"))
    #expect(run.output.contains(" 88 │"))
    #expect(!run.output.contains("truncated"))
  }

  @Test func usage() throws {
    let none = try IslandProcess.run(["layout"])
    #expect(none.status == 64)
    #expect(none.output == "")
    #expect(none.error.hasPrefix("island layout: expected import, check or export\nusage: "))
    let typo = try IslandProcess.run(["layout", "chek", "delivery"])
    #expect(typo.error.hasPrefix("island layout: unknown action 'chek'; did you mean 'check'?"))
    let option = try IslandProcess.run(["layout", "check", "delivery", "--smaple", "a=1"])
    #expect(option.status == 64)
    #expect(
      option.error.hasPrefix(
        "island layout check: unknown option --smaple; did you mean --sample?\n"
          + "usage: island layout import FILE.swift [--lenient]\n"
          + "       island layout check FILE.swift|FILE.json|NAME [--sample NAME=VALUE]"))
    let unknown = try IslandProcess.run(["layout", "draw"])
    #expect(unknown.status == 64)
    #expect(unknown.error.hasPrefix("island layout: unknown action 'draw'\nusage: island layout"))
    let badSample = try IslandProcess.run(["layout", "check", "delivery", "--sample", "x"])
    #expect(badSample.status == 64)
    #expect(badSample.error.hasPrefix("island layout check: --sample x: expected NAME=VALUE"))
    let help = try IslandProcess.run(["layout", "--help"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("usage: island layout import|check|export ..."))
    let importHelp = try IslandProcess.run(["layout", "import", "--help"])
    #expect(importHelp.status == 0)
    #expect(importHelp.output.hasPrefix("usage: island layout import FILE.swift [--lenient]"))
  }
}
