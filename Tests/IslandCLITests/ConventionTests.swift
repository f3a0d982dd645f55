import Foundation
import Testing

/// The habits of command-line tools: `--version`, `--help` and `help X` everywhere,
/// completion scripts, a man page, did-you-mean.
@Suite struct ConventionTests {
  /// Every subcommand, and the one that has sub-subcommands.
  static let subcommands: [[String]] = [
    ["replay"], ["render"], ["check"], ["run"], ["journal"], ["journal", "repair"], ["fuzz"],
    ["layout"], ["layout", "import"], ["layout", "check"], ["layout", "export"], ["completions"],
    ["help"],
  ]

  @Test func versionPrintsTheVersion() throws {
    let run = try IslandProcess.run(["--version"])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("island "))
    #expect(run.output.split(separator: "\n").count == 1)
  }

  @Test(arguments: subcommands)
  func everySubcommandHasHelpWithItsArgumentsOptionsAndAnExample(words: [String]) throws {
    let help = try IslandProcess.run(words + ["--help"])
    #expect(help.status == 0, "\(help.error)")
    #expect(help.output.hasPrefix("usage: island " + words.joined(separator: " ")))
    #expect(help.output.contains("\nOptions:\n"))
    #expect(help.output.contains("  -h, --help "))
    #expect(help.output.contains("\nExamples:\n  "), "\(help.output)")
    // Each line fits an 80-column terminal.
    for line in help.output.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
    let short = try IslandProcess.run(words + ["-h"])
    #expect(short.output == help.output)
    let named = try IslandProcess.run(["help"] + words)
    #expect(named.status == 0)
    #expect(named.output == help.output)
  }

  @Test func theOverviewListsEverySubcommand() throws {
    let run = try IslandProcess.run(["--help"])
    #expect(run.status == 0)
    for words in Self.subcommands where words.count == 1 {
      #expect(run.output.contains("\n  \(words[0]) "), "\(words[0])")
    }
    #expect(try IslandProcess.run(["help"]).output == run.output)
  }

  @Test func aMistypedSubcommandOrAFileSaysWhatWasMeant() throws {
    let typo = try IslandProcess.run(["replya"])
    #expect(typo.status == 64)
    #expect(typo.error.hasPrefix("island: 'replya' is not a subcommand; did you mean 'replay'?"))
    let journal = try IslandProcess.run(["Journals/stale.jsonl"], in: IslandProcess.packageRoot)
    #expect(journal.status == 64)
    #expect(
      journal.error.hasPrefix(
        "island: 'Journals/stale.jsonl' is not a subcommand; to replay the journal: "
          + "island replay Journals/stale.jsonl"))
    let option = try IslandProcess.run(["run", "x.island", "--keep-gong"])
    #expect(option.status == 64)
    #expect(option.error.contains("unknown option '--keep-gong'; did you mean --keep-going?"))
  }

  @Test func colorTakesAutoAlwaysOrNever() throws {
    let journal = IslandProcess.packageRoot + "/Journals/stale.jsonl"
    let escape = "\u{1B}["
    let always = try IslandProcess.run(["replay", journal, "--color=always"], noColor: false)
    #expect(always.output.contains(escape))
    // Standard output is a pipe: auto means no colour.
    let auto = try IslandProcess.run(["replay", journal, "--color=auto"], noColor: false)
    #expect(auto.status == 0)
    #expect(!auto.output.contains(escape))
    let never = try IslandProcess.run(["replay", journal, "--color=never"], noColor: false)
    #expect(!never.output.contains(escape))
    let wrong = try IslandProcess.run(["replay", journal, "--color=sometimes"])
    #expect(wrong.status == 64)
    #expect(wrong.error.hasPrefix("island replay: --color sometimes: expected auto, always"))
  }

  @Test func columnsChoosesTheScaleAndAPipeKeepsTodays() throws {
    let script =
      "start a com.x --layout delivery orderStatusIcon=flame.fill minutesLeft=20 "
      + "restaurantName=Roma deliveryProgress=0.1 statusText=Cooking\nlongpress island\n"
    let piped = try IslandProcess.run([], input: Data(script.utf8))
    let widest = piped.output.split(separator: "\n").map(\.count).max() ?? 0
    #expect(widest > 80)
    let fitted = try IslandProcess.run(["--columns", "80"], input: Data(script.utf8))
    let lines = fitted.output.split(separator: "\n").filter { $0.contains("│") || $0.contains("╭") }
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(fitted.output)")
  }

  // MARK: - Completion scripts

  private func bash(_ script: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["--norc", "--noprofile", "-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: IslandProcess.packageRoot)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func theBashScriptParsesAndCompletesInARealBash() throws {
    let scratch = Scratch()
    let script = scratch.write(
      "island.bash", try IslandProcess.run(["completions", "bash"]).output)
    #expect(try bash("bash -n \(script)").status == 0)
    func complete(_ words: [String]) throws -> String {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let run = try bash(
        "source \(script); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _island; "
          + "printf '%s\\n' \"${COMPREPLY[@]}\"")
      return run.output
    }
    #expect(
      try bash("source \(script); complete -p island").output == "complete -F _island island\n")
    #expect(try complete(["island", "rep"]) == "replay\n")
    #expect(try complete(["island", "replay", "--fo"]) == "--format\n")
    #expect(try complete(["island", "replay", "--format", "j"]) == "json\njsonl\n")
    #expect(try complete(["island", "fuzz", "--property", "inv"]) == "invariants\n")
    #expect(try complete(["island", "--profile", "tap-o"]) == "tap-opens\n")
    #expect(try complete(["island", "--device", "iPhone 16 Pro M"]) == "iPhone\\ 16\\ Pro\\ Max\n")
    #expect(try complete(["island", "journal", "r"]) == "repair\n")
    // A group's children each complete their own options and arguments.
    #expect(try complete(["island", "layout", "ch"]) == "check\n")
    #expect(try complete(["island", "layout", "check", "W.swift", "--s"]) == "--sample\n")
    #expect(try complete(["island", "layout", "import", "W.swift", "--"]) == "--lenient\n--help\n")
    #expect(try complete(["island", "layout", "export", "deliv"]) == "delivery\n")
    #expect(try complete(["island", "render", "j.jsonl", "--ht"]) == "--html\n")
    #expect(try complete(["island", "completions", "z"]) == "zsh\n")
    #expect(
      try complete(["island", "replay", "Journals/stale."]).contains("Journals/stale.jsonl\n"))
  }

  @Test(arguments: ["zsh", "fish"])
  func theZshAndFishScriptsAreWrittenAndParseWhereTheShellIsInstalled(shell: String) throws {
    let run = try IslandProcess.run(["completions", shell])
    #expect(run.status == 0)
    // fish names options without their dashes (`-l format`).
    let format = shell == "fish" ? "-l format" : "--format"
    for word in ["replay", "check", format, "invariants", "tap-opens", "iPhone 15 Pro"] {
      #expect(run.output.contains(word), "\(word)")
    }
    let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let path else { return }
    let scratch = Scratch()
    let script = scratch.write("island.\(shell)", run.output)
    let check = try bash("\(path) -n \(script)")
    #expect(check.status == 0, "\(check.output)")
  }

  @Test func completionsRefusesAnotherShell() throws {
    let run = try IslandProcess.run(["completions", "tcsh"])
    #expect(run.status == 64)
    #expect(run.error.hasPrefix("island completions: expected one of bash, zsh, fish"))
  }

  // MARK: - The man page

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man")))
  func theManPageRendersWithoutWarnings() throws {
    let scratch = Scratch()
    let page = scratch.write("island.1", try IslandProcess.run(["help", "--man"]).output)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/man")
    process.arguments = ["--warnings", "-P", "cat", "-l", page]
    var environment = ProcessInfo.processInfo.environment
    environment["MANWIDTH"] = "80"
    process.environment = environment
    let (status, output, errors) = try IslandProcess.runToTheEnd(process)
    let text = String(decoding: output, as: UTF8.self)
    let warnings = String(decoding: errors, as: UTF8.self)
    #expect(status == 0)
    #expect(warnings == "")
    #expect(text.hasPrefix("ISLAND(1)"))
    for section in ["NAME", "SYNOPSIS", "OPTIONS", "SUBCOMMANDS", "EXIT STATUS"] {
      #expect(text.contains("\n\(section)\n"), "\(section)")
    }
    #expect(text.contains("island replay"))
    #expect(text.contains("island journal repair"))
    for words in Self.subcommands {
      #expect(text.contains("\n   island \(words.joined(separator: " "))\n"), "\(words)")
    }
    // A group's synopsis names its children, as its usage line does.
    #expect(text.contains("island layout import|check|export ..."))
  }
}
