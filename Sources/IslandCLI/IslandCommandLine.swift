import Foundation
import IslandCore

/// The `island` command line: picks the subcommand named by the first argument and runs it.
///
/// Each subcommand lives in a file of its own (`ReplayCommand.swift`, ...); this file holds
/// the table of them (``subcommands``), which help, the completion scripts and the man page
/// are written from, and dispatches. Exit codes follow sysexits.h.
public enum IslandCommandLine {
  /// The version `island --version` prints.
  public static let version = "0.9.0"

  /// `island` itself: the REPL, and the options it shares with `island run`.
  static let repl = SubcommandReference(
    name: "", summary: "open the REPL (or run the lines of standard input)",
    description: """
      On a terminal, a prompt with line editing, history and Tab completion; `help` lists \
      the REPL's commands. When standard input is not a terminal, its lines run as a \
      script (see `island run`). Ctrl-C cancels the line being typed or stops a running \
      script; Ctrl-D or `quit` leaves.
      """,
    options: scriptOptions + [
      OptionReference(name: "--version", value: nil, summary: "print the version and exit")
    ],
    examples: [
      ("island", "open the REPL on an iPhone 15 Pro"),
      ("island --journal pizza.jsonl", "record every accepted event, resuming the journal"),
      ("island --device \"iPhone 14\" < Playground/notification.island", "run a script"),
    ],
    run: REPLCommand.run)

  /// The options of the REPL and `island run`.
  static let scriptOptions: [OptionReference] = [
    OptionReference(
      name: "--journal", value: "FILE",
      summary: "append every accepted event to FILE, synced, resuming its events",
      values: .file(extensions: ["jsonl"])),
    OptionReference(
      name: "--keep-going", value: nil,
      summary: "run every line of a script, even after one fails (still exits 65)"),
    OptionReference(
      name: "--device", value: "NAME", summary: "the device to simulate (default iPhone 15 Pro)",
      values: .device),
    OptionReference(
      name: "--profile", value: "NAME", summary: "the interaction profile (default tap-expands)",
      values: .profile),
    color, columns,
  ]

  /// `--color[=WHEN]`, as git and ls spell it.
  static let color = OptionReference(
    name: "--color", value: "WHEN",
    summary: "colour the drawing: auto (on a terminal), always (--color alone), never; "
      + "never when NO_COLOR is set",
    values: .choices(["auto", "always", "never"]), optionalValue: true)

  /// `--scale N` and `--dark`: the options every picture takes (``PictureSupport``).
  static let pictureOptions: [OptionReference] = [
    OptionReference(
      name: "--scale", value: "N",
      summary: "pixels per point of a picture (default 3, at most 20)"),
    OptionReference(name: "--dark", value: nil, summary: "a picture on a dark wallpaper"),
  ]

  /// `--columns N`.
  static let columns = OptionReference(
    name: "--columns", value: "N",
    summary: "draw the island to fit N columns (default: the terminal's width; piped: 4 pt a "
      + "column)")

  /// Every subcommand, in the order help lists them.
  static let subcommands: [SubcommandReference] = [
    SubcommandReference(
      name: "replay", summary: "fold journals and print the island after their last event",
      description: """
        Reads each journal (JSON Lines: a header, then one event a line), folds its events \
        and prints the state after the last one, or after event SEQ. Several journals are \
        replayed in parallel and printed in the order given, each after a `==> FILE <==` \
        line (with --format json, one JSON document each, naming its file). Expected \
        timelines (*.expected.jsonl) are skipped, as `island check DIR` does.
        """,
      arguments: [
        ArgumentReference(
          name: "FILE", summary: "a journal; - reads standard input",
          values: .file(extensions: ["jsonl"]), repeats: true)
      ],
      options: [
        OptionReference(
          name: "--format", value: "FORMAT",
          summary: "text draws the island (the default), json prints the state, jsonl one "
            + "state per event, svg and png a picture (one journal)",
          values: .choices(ReplayCommand.Format.allCases.map(\.rawValue))),
        OptionReference(
          name: "--until", value: "SEQ", summary: "stop after event SEQ (0: before any)"),
        color, columns, PushCommand.budget,
      ] + pictureOptions,
      examples: [
        ("island replay Journals/stale.jsonl", "draw the island after the last event"),
        ("island replay Journals/*.jsonl --format json | jq .state.mode", "read the states"),
        ("island replay a.jsonl --format jsonl --until 10", "the timeline of the first 10"),
        ("island replay a.jsonl --format png --scale 2 > island.png", "a picture"),
      ],
      run: ReplayCommand.run),
    SubcommandReference(
      name: "render", summary: "a journal as a filmstrip (SVG) or an animated page (HTML)",
      description: """
        Folds a journal (up to event SEQ) and draws it as pictures: a filmstrip, one frame \
        per event or one every DURATION of the journal's time, and a page that plays it, \
        animated. With --keep-going, events the engine rejects are shown as rejected and \
        the rest go on (exit 65).
        """,
      arguments: [
        ArgumentReference(
          name: "JOURNAL", summary: "the journal", values: .file(extensions: ["jsonl"]))
      ],
      options: [
        OptionReference(
          name: "--filmstrip", value: "OUT.svg", summary: "write the filmstrip to OUT.svg",
          values: .file(extensions: ["svg"])),
        OptionReference(
          name: "--every", value: "DURATION",
          summary: "a frame every DURATION of the journal's time (500ms, 1s, 10m), not per event"),
        OptionReference(
          name: "--html", value: "OUT.html", summary: "write the animated page to OUT.html",
          values: .file(extensions: ["html"])),
        OptionReference(
          name: "--until", value: "SEQ", summary: "stop after event SEQ (1, 2, 3, ...)"),
        OptionReference(
          name: "--keep-going", value: nil,
          summary: "show rejected events as rejected and go on (exit 65)"),
      ] + pictureOptions,
      examples: [
        ("island render Journals/stale.jsonl --filmstrip stale.svg", "one frame per event"),
        ("island render a.jsonl --html a.html --every 1s", "a page that plays it"),
      ],
      run: RenderCommand.run),
    SubcommandReference(
      name: "check", summary: "validate journals: format, order, and every event",
      description: """
        Checks each journal, on every core: its header and lines, sequence numbers and \
        times in order, and every event against the engine. A directory stands for every \
        *.jsonl under it but expected timelines (*.expected.jsonl). Errors go to standard \
        error as FILE:LINE: message; exit 65 when one is invalid.
        """,
      arguments: [
        ArgumentReference(
          name: "FILE|DIR", summary: "a journal, a directory of journals, or - (standard input)",
          values: .fileOrDirectory, repeats: true)
      ],
      options: [
        OptionReference(
          name: "--format", value: "FORMAT",
          summary: "text (the default), or json: one JSON document per journal",
          values: .choices(["text", "json"]))
      ],
      examples: [
        ("island check Journals", "check every journal in the folder"),
        ("island check --format json a.jsonl b.jsonl | jq .valid", "for machines"),
      ],
      run: CheckCommand.run),
    SubcommandReference(
      name: "run", summary: "run a REPL script",
      description: """
        Runs the lines of a script as the REPL would, echoing each after `> ` and printing \
        what it did. Stops at the first line that fails (exit 65) unless --keep-going. A \
        line starting with ! must fail.
        """,
      arguments: [
        ArgumentReference(
          name: "FILE", summary: "the script; - reads standard input",
          values: .file(extensions: ["island"]))
      ],
      options: scriptOptions,
      examples: [
        ("island run Playground/delivery.island", "run a scenario"),
        ("island run s.island --keep-going --journal s.jsonl", "run every line, record"),
      ],
      run: RunCommand.run),
    SubcommandReference(
      name: "journal", summary: "journal maintenance: repair a torn last line",
      description: """
        `island journal repair FILE` cuts a torn last line (a write cut short) off a \
        journal, keeping the file as it was in FILE.bak.
        """,
      examples: [("island journal repair session.jsonl", "cut a torn last line")],
      subcommands: [
        SubcommandReference(
          name: "repair", summary: "cut a torn last line off a journal (FILE.bak keeps it)",
          description: """
            A journal whose last line has no newline was cut short while it was written: \
            repair cuts that line off, and keeps the journal as it was in FILE.bak.
            """,
          arguments: [
            ArgumentReference(
              name: "FILE", summary: "the journal", values: .file(extensions: ["jsonl"]))
          ],
          examples: [("island journal repair session.jsonl", "cut a torn last line")],
          run: JournalCommand.repair)
      ],
      run: JournalCommand.run),
    SubcommandReference(
      name: "layout", summary: "layouts from and to SwiftUI: import, check, export",
      description: """
        Reads the `DynamicIsland { ... }` builder of a widget extension's SwiftUI code into \
        the engine's layout, checks a layout's zones against their budgets for the longest \
        contents you give, and writes a built-in layout as SwiftUI.
        """,
      examples: [
        ("island layout import DeliveryLiveActivity.swift", "print the layout's JSON"),
        ("island layout export delivery", "the delivery layout as SwiftUI"),
      ],
      subcommands: [
        SubcommandReference(
          name: "import", summary: "print the layout a SwiftUI file's DynamicIsland builds",
          description: """
            Finds the `DynamicIsland` builder (inside an `ActivityConfiguration` or on its \
            own) and prints its layout as the journal's JSON. What it cannot read is an \
            error at FILE:LINE:COLUMN; with --lenient, a placeholder and a warning.
            """,
          arguments: [
            ArgumentReference(
              name: "FILE.swift", summary: "the SwiftUI source",
              values: .file(extensions: ["swift"]))
          ],
          options: [
            OptionReference(
              name: "--lenient", value: nil,
              summary: "draw what cannot be read as a placeholder, with a warning each")
          ],
          examples: [("island layout import Widget.swift", "the layout's JSON")],
          run: { LayoutCommand.run(["import"] + $0) }),
        SubcommandReference(
          name: "check", summary: "report every zone over budget for the longest contents given",
          description: """
            Renders every zone of the layout with the longest value given for each field \
            (--sample NAME=VALUE, or NAME=VALUE alone) and reports each zone over its budget \
            on both sizes of island (iPhone 15 Pro, iPhone 15 Pro Max), with its width, and a \
            minimal view wider than 45 pt.
            """,
          arguments: [
            ArgumentReference(
              name: "FILE.swift|FILE.json|NAME", summary: "a layout file, or a built-in layout",
              values: .file(extensions: ["swift", "json"]))
          ],
          options: [
            OptionReference(
              name: "--sample", value: "NAME=VALUE", summary: "a field's longest value (repeat)"),
            OptionReference(
              name: "--lenient", value: nil,
              summary: "draw what cannot be read as a placeholder, with a warning each"),
          ],
          examples: [
            (
              "island layout check Widget.swift --sample minutesLeft=120",
              "zones over budget with minutesLeft at 120"
            )
          ],
          run: { LayoutCommand.run(["check"] + $0) }),
        SubcommandReference(
          name: "export", summary: "write a built-in layout (or a layout file) as SwiftUI",
          description: """
            Prints a built-in layout, or the layout in FILE.json, as a widget's SwiftUI whose \
            `DynamicIsland { ... }` builder `island layout import` reads back to the same \
            layout.
            """,
          arguments: [
            ArgumentReference(
              name: "NAME|FILE.json", summary: "a built-in layout, or a layout file",
              values: .layout)
          ],
          examples: [("island layout export delivery", "the delivery layout as SwiftUI")],
          run: { LayoutCommand.run(["export"] + $0) }),
      ],
      run: LayoutCommand.run),
    SubcommandReference(
      name: "fuzz", summary: "check the engine's properties on generated event orders",
      description: """
        Generates event sequences from a seed, checks every property on them, on every \
        core (--jobs), and saves the first failure of each property, shrunk, as a journal \
        that `island replay` reproduces. The results depend on the seed only, not on \
        --jobs. On a terminal, progress goes to standard error; Ctrl-C stops and prints \
        what ran.
        """,
      options: [
        OptionReference(
          name: "--seed", value: "N", summary: "the run's seed (default: drawn, and printed)"),
        OptionReference(name: "--runs", value: "N", summary: "cases per property (default 1000)"),
        OptionReference(
          name: "--length", value: "N", summary: "the most events per case (default 60)"),
        OptionReference(
          name: "--jobs", value: "N", summary: "cases checked at once (default: every core)"),
        OptionReference(
          name: "--journal-out", value: "DIR",
          summary: "where failing cases are saved (default $TMPDIR/island-fuzz-failures, outside "
            + "the working tree)", values: .directory),
        OptionReference(
          name: "--prefix", value: "JOURNAL",
          summary: "start every case from this journal's island",
          values: .file(extensions: ["jsonl"])),
        OptionReference(
          name: "--property", value: "NAME", summary: "check only this property (repeatable)",
          values: .choices(FuzzCommand.propertyNames)),
        OptionReference(
          name: "--save-cases", value: "DIR",
          summary: "check nothing: write the generated cases as journals into DIR",
          values: .directory),
      ],
      examples: [
        ("island fuzz --seed 42 --runs 5000", "the same 5,000 cases on every machine"),
        ("island fuzz --property invariants --length 200", "one property, longer cases"),
      ],
      run: FuzzCommand.run),
    PushCommand.reference,
    SubcommandReference(
      name: "completions", summary: "print a completion script for bash, zsh or fish",
      description: """
        Prints a script that completes island's subcommands, options, file names, devices, \
        profiles and layouts. Load it from your shell's startup file.
        """,
      arguments: [
        ArgumentReference(
          name: "SHELL", summary: "bash, zsh or fish",
          values: .choices(CompletionScript.Shell.allCases.map(\.rawValue)))
      ],
      examples: [
        ("source <(island completions bash)", "in ~/.bashrc"),
        ("island completions zsh > ~/.zfunc/_island", "with ~/.zfunc in $fpath"),
        ("island completions fish > ~/.config/fish/completions/island.fish", "for fish"),
      ],
      run: CompletionsCommand.run),
    SubcommandReference(
      name: "help", summary: "show the help of island or of a subcommand",
      description: "`island help SUBCOMMAND` is `island SUBCOMMAND --help`.",
      arguments: [
        ArgumentReference(
          name: "SUBCOMMAND", summary: "the subcommand", values: .subcommand, optional: true)
      ],
      options: [
        OptionReference(
          name: "--man", value: nil,
          summary: "print the manual page (roff), which `make install` installs")
      ],
      examples: [("island help replay", "replay's arguments, options and examples")],
      run: { help($0) }),
  ]

  /// The subcommand called `name`.
  static func subcommand(_ name: String) -> SubcommandReference? {
    subcommands.first { $0.name == name }
  }

  /// Runs the command line `arguments` (without the program name) and returns the exit code.
  public static func main(_ arguments: [String]) -> Int32 {
    let options = arguments.prefix { $0 != "--" }
    guard let first = arguments.first, !first.hasPrefix("-") || first == "-" else {
      if options.contains("--version") {
        print("island \(version)")
        return ExitCode.ok
      }
      if options.contains("--help") || options.contains("-h") {
        print(HelpText.overview)
        return ExitCode.ok
      }
      return REPLCommand.run(arguments)
    }
    guard let subcommand = subcommand(first) else { return unknownSubcommand(first) }
    let rest = Array(arguments.dropFirst())
    // `--help` anywhere before `--`: the help of the subcommand (or of `journal repair`).
    if subcommand.name != "help", rest.prefix(while: { $0 != "--" }).contains(where: isHelp) {
      let child = rest.first.flatMap { name in subcommand.subcommands.first { $0.name == name } }
      print(
        child.map { HelpText.help(of: $0, parent: subcommand.name) }
          ?? HelpText.help(of: subcommand))
      return ExitCode.ok
    }
    return subcommand.run(rest)
  }

  private static func isHelp(_ argument: String) -> Bool {
    argument == "--help" || argument == "-h"
  }

  /// `island help [SUBCOMMAND [SUBCOMMAND]]`.
  static func help(_ arguments: [String]) -> Int32 {
    if arguments == ["--man"] {
      print(ManPage.text, terminator: "")
      return ExitCode.ok
    }
    if arguments.contains(where: isHelp) {
      print(HelpText.help(of: subcommand("help") ?? repl))
      return ExitCode.ok
    }
    guard let name = arguments.first else {
      print(HelpText.overview)
      return ExitCode.ok
    }
    guard let subcommand = subcommand(name) else {
      let guess = Spelling.suggestion(for: name, among: subcommands.map(\.name))
      StandardStream.report(
        "island help: no subcommand '\(name)'"
          + (guess.map { "; did you mean '\($0)'?" } ?? "") + "\n" + HelpText.overview)
      return ExitCode.usage
    }
    if arguments.count > 1,
      let child = subcommand.subcommands.first(where: {
        $0.name == arguments[1]
      })
    {
      print(HelpText.help(of: child, parent: subcommand.name))
    } else {
      print(HelpText.help(of: subcommand))
    }
    return ExitCode.ok
  }

  /// A first word that names no subcommand: a journal or script given without one, or a typo.
  private static func unknownSubcommand(_ word: String) -> Int32 {
    let shown = TerminalText.quoted(word)
    var message = "island: '\(shown)' is not a subcommand"
    if word.hasSuffix(".jsonl") || word.hasSuffix(".json") {
      message += "; to replay the journal: island replay \(shown)"
    } else if word.hasSuffix(".island") {
      message += "; to run the script: island run \(shown)"
    } else if FileManager.default.fileExists(atPath: word) {
      message +=
        "; to replay a journal: island replay \(shown), to run a script: island run \(shown)"
    } else if let guess = Spelling.suggestion(for: word, among: subcommands.map(\.name)) {
      message += "; did you mean '\(guess)'?"
    }
    StandardStream.report(message + "\n`island --help` lists the subcommands")
    return ExitCode.usage
  }
}

/// Exit codes, as sysexits.h defines them.
public enum ExitCode {
  /// Success.
  public static let ok: Int32 = 0
  /// A failure that is none of the others (a rejected event in a script, a failed property).
  public static let failure: Int32 = 1
  /// The command was used wrongly.
  public static let usage: Int32 = 64
  /// The input data was wrong.
  public static let dataError: Int32 = 65
  /// An input file did not exist or was not readable.
  public static let noInput: Int32 = 66
  /// A service is unavailable (a feature not built).
  public static let unavailable: Int32 = 69
  /// A system error.
  public static let software: Int32 = 70
  /// An input/output error.
  public static let ioError: Int32 = 74
  /// Stopped by Ctrl-C (128 + SIGINT), as shells report it.
  public static let interrupted: Int32 = 130
}

/// Text from the command line or from files, made safe to print on a terminal.
enum TerminalText {
  /// `text` with its control characters written as escapes (`\n`, `\u{1B}`).
  static func quoted(_ text: String) -> String {
    // One escaping function for every message that quotes input (IslandCore's).
    text.escapingControlCharacters()
  }

  /// `text` quoted line by line, its newlines kept (a message of several lines).
  static func quotedLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { quoted(String($0)) }
      .joined(separator: "\n")
  }
}
