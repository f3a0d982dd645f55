import Foundation
import IslandCore
import IslandJournal
import IslandLayoutExport
import IslandREPL

/// `island layout import|check|export`: layouts from and to the user's SwiftUI code.
enum LayoutCommand {
  /// The usage lines of `import`, `check` and `export`, from the subcommand table.
  static var usage: String {
    let children = IslandCommandLine.subcommand("layout")?.subcommands ?? []
    return children.map { $0.usageLine(parent: "layout") }.joined(separator: "\n")
      .replacingOccurrences(of: "\nusage: ", with: "\n       ")
  }

  static func run(_ arguments: [String]) -> Int32 {
    guard let action = arguments.first else {
      StandardStream.report("island layout: expected import, check or export\n\(usage)")
      return ExitCode.usage
    }
    if ["--help", "-h", "help"].contains(action) {
      print(usage)
      return ExitCode.ok
    }
    let rest = Array(arguments.dropFirst())
    switch action {
    case "import": return importLayout(rest)
    case "check": return check(rest)
    case "export": return export(rest)
    default:
      let guess = Spelling.suggestion(for: action, among: ["import", "check", "export"])
      StandardStream.report(
        "island layout: unknown action '\(action)'"
          + (guess.map { "; did you mean '\($0)'?" } ?? "") + "\n\(usage)")
      return ExitCode.usage
    }
  }

  /// Parses `arguments`, printing usage on `--help` or a mistake; nil then, with the exit code.
  private static func arguments(
    _ arguments: [String], valued: Set<String>, flags: Set<String>,
    positional: ClosedRange<Int>, action: String
  ) -> Result<ArgumentList, ExitStatus> {
    do throws(UsageError) {
      let list = try ArgumentList(arguments, valued: valued)
      if list.has("--help") || list.has("-h") {
        print(usage)
        return .failure(ExitStatus(code: ExitCode.ok))
      }
      if let unknown = list.unknownOption(known: valued.union(flags)) {
        let reference = IslandCommandLine.subcommand("layout")?.subcommands.first {
          $0.name == action
        }
        throw UsageError.unknownOption(
          unknown, suggestion: reference?.suggestion(forOption: unknown))
      }
      guard positional.contains(list.positional.count) else {
        throw UsageError.arguments(
          list.positional.isEmpty ? "expected a file or a name" : "expected one file or name")
      }
      return .success(list)
    } catch {
      StandardStream.report("island layout \(action): \(error.message)\n\(usage)")
      return .failure(ExitStatus(code: ExitCode.usage))
    }
  }

  /// An exit code carried as an error.
  struct ExitStatus: Error {
    var code: Int32
  }

  // MARK: - import

  private static func importLayout(_ arguments: [String]) -> Int32 {
    let list: ArgumentList
    switch Self.arguments(
      arguments, valued: [], flags: ["--lenient"], positional: 1...1, action: "import")
    {
    case .success(let parsed): list = parsed
    case .failure(let status): return status.code
    }
    do throws(LayoutSource.Failure) {
      let loaded = try LayoutSource.load(list.positional[0], lenient: list.has("--lenient"))
      for warning in loaded.warnings { StandardStream.report(warning) }
      var output = StandardStream.output
      output.line(LayoutCodec.encode(loaded.layout).indentedText)
      output.flush()
      return ExitCode.ok
    } catch {
      StandardStream.report(error.message)
      return error.exitCode
    }
  }

  // MARK: - export

  private static func export(_ arguments: [String]) -> Int32 {
    let list: ArgumentList
    switch Self.arguments(arguments, valued: [], flags: [], positional: 1...1, action: "export") {
    case .success(let parsed): list = parsed
    case .failure(let status): return status.code
    }
    let name = list.positional[0]
    if name.hasSuffix(".json") || name.hasSuffix(".swift") || !LayoutSource.isNamedFile(name) {
      // A layout file: written as SwiftUI under the file's name.
      do throws(LayoutSource.Failure) {
        let loaded = try LayoutSource.load(name)
        for warning in loaded.warnings { StandardStream.report(warning) }
        let base = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
        var output = StandardStream.output
        output.line(String(SwiftUILayout.write(loaded.layout, name: base).dropLast()))
        output.flush()
        return ExitCode.ok
      } catch {
        StandardStream.report(error.message)
        return error.exitCode
      }
    }
    guard let named = Layout.catalogue.first(where: { $0.name == name }) else {
      StandardStream.report(
        "island layout export: no layout called '\(TerminalText.quoted(name))' (the catalogue: "
          + Layout.catalogue.map(\.name).joined(separator: ", ") + ")")
      return ExitCode.dataError
    }
    var output = StandardStream.output
    output.line(
      String(
        SwiftUILayout.write(named.layout, name: named.name, sampleState: named.sampleState)
          .dropLast()))
    output.flush()
    return ExitCode.ok
  }

  // MARK: - check

  private static func check(_ arguments: [String]) -> Int32 {
    let list: ArgumentList
    switch Self.arguments(
      arguments, valued: ["--sample"], flags: ["--lenient"], positional: 1...Int.max,
      action: "check")
    {
    case .success(let parsed): list = parsed
    case .failure(let status): return status.code
    }
    var samples: [(name: String, values: [ContentValue])] = []
    // `--sample a=1 b=2`: the words after the file are samples too.
    let texts =
      list.options.filter { $0.name == "--sample" }.map { $0.value ?? "" }
      + list.positional.dropFirst()
    for text in texts {
      guard let equals = text.firstIndex(of: "="), Template.isFieldName(String(text[..<equals]))
      else {
        StandardStream.report(
          "island layout check: --sample \(TerminalText.quoted(text)): expected NAME=VALUE\n\(usage)"
        )
        return ExitCode.usage
      }
      let name = String(text[..<equals])
      let value = ValueSyntax.fieldValue(String(text[text.index(after: equals)...]), quoted: false)
      if let index = samples.firstIndex(where: { $0.name == name }) {
        samples[index].values.append(value)
      } else {
        samples.append((name, [value]))
      }
    }
    let source = list.positional[0]
    let layout: Layout
    let fallback: ContentState
    if let named = Layout.catalogue.first(where: { $0.name == source }),
      !FileManager.default.fileExists(atPath: source)
    {
      layout = named.layout
      fallback = named.sampleState
    } else {
      do throws(LayoutSource.Failure) {
        let loaded = try LayoutSource.load(source, lenient: list.has("--lenient"))
        for warning in loaded.warnings { StandardStream.report(warning) }
        layout = loaded.layout
        fallback = Layout.catalogue.first { $0.layout == loaded.layout }?.sampleState ?? [:]
      } catch {
        StandardStream.report(error.message)
        return error.exitCode
      }
    }
    let report = LayoutCheck.run(
      layout, samples: samples.map { ($0.name, $0.values) }, fallback: fallback)
    var output = StandardStream.output
    for line in report.lines { output.line(TerminalText.quoted(line)) }
    output.flush()
    return report.overBudget ? ExitCode.failure : ExitCode.ok
  }
}

/// Checks a layout's zones against their budgets on both sizes of island, with the longest
/// value given for each field, through the engine itself (a start's truncation warnings and
/// rejections).
enum LayoutCheck {
  /// The report's lines, and whether a zone is over its budget (or the start is refused).
  struct Report {
    var lines: [String] = []
    var overBudget = false
  }

  /// The models checked: one of each island class.
  static let devices = ["iPhone 15 Pro", "iPhone 15 Pro Max"]

  static func run(
    _ layout: Layout, samples: [(name: String, values: [ContentValue])], fallback: ContentState
  ) -> Report {
    var report = Report()
    var fields: [String] = []
    for zone in Zone.allCases {
      for name in layout[zone]?.view.fields ?? [] where !fields.contains(name) {
        fields.append(name)
      }
    }
    if let pulse = layout.pulse, !fields.contains(pulse.field) { fields.append(pulse.field) }
    let numeric = Set(Zone.allCases.flatMap { layout[$0]?.view.numericFields ?? [] })
    let countdowns = Set(
      fields.filter { field in Zone.allCases.contains { isCountdown(field, in: layout[$0]?.view) } }
    )
    let symbols = Set(Zone.allCases.flatMap { layout[$0]?.view.symbolFields ?? [] })
    let longestLife = Policy().maximumActiveDuration
    var state = ContentState()
    var unsampled: [String] = []
    for name in fields {
      if let values = samples.first(where: { $0.name == name })?.values,
        let longest = values.max(by: { $0.displayText.count < $1.displayText.count })
      {
        // The first of the longest: `max` keeps the last of equals, so look again.
        let length = longest.displayText.count
        state[name] = values.first { $0.displayText.count == length } ?? longest
      } else if let value = fallback[name] {
        state[name] = value
        unsampled.append("\(name)=\(ValueSyntax.write(value))")
      } else if countdowns.contains(name) {
        state[name] = .number(Double(longestLife))
        unsampled.append("\(name)=\(ValueSyntax.write(.number(Double(longestLife))))")
      } else if numeric.contains(name) {
        state[name] = .number(1)
        unsampled.append("\(name)=1")
      } else if symbols.contains(name) {
        state[name] = .string("circle.fill")
        unsampled.append("\(name)=circle.fill")
      } else {
        state[name] = .string(name)
        unsampled.append("\(name)=\(name)")
      }
    }
    for (name, _) in samples where !fields.contains(name) {
      report.lines.append("note: the layout reads no field \(name)")
    }
    if !unsampled.isEmpty {
      report.lines.append(
        "note: not sampled (give --sample NAME=VALUE): " + unsampled.joined(separator: ", "))
    }
    for deviceName in devices {
      guard let device = Device.named(deviceName), let islandClass = device.islandClass else {
        continue
      }
      let place = "on the \(islandClass.rawValue) island (\(deviceName))"
      var checked = layout
      var island = IslandState()
      // A minimal view too wide refuses the start: it is said, and the other zones are
      // checked without it.
      while true {
        island = IslandState(configuration: Configuration(device: device))
        var start = Start(activity: "check", app: "com.example.check", state: state)
        start.layout = .inline(checked)
        do {
          _ = try island.apply(.start(start), at: 0)
          break
        } catch {
          report.overBudget = true
          if case .minimalTooWide(_, let width, let maximum) = error.reason, checked.minimal != nil
          {
            report.lines.append(
              "minimal: too wide \(place): \(points(width)) pt, over the \(points(maximum)) pt "
                + "a minimal view may take" + sampled(checked.minimal?.view, state))
            checked.minimal = nil
            continue
          }
          report.lines.append("\(place): \(error.description)")
          break
        }
      }
      for warning in island.warnings {
        guard case .truncated(_, let zone, let needed, let budget) = warning.kind else { continue }
        report.lines.append(
          "\(zone.rawValue): over budget \(place): needs \(points(needed)) pt of "
            + "\(points(budget)) pt" + sampled(layout[zone]?.view, state))
        report.overBudget = true
      }
    }
    if !report.overBudget { report.lines.append("every zone is within its budget") }
    return report
  }

  /// ` with NAME=VALUE, ...`: the values a zone's view was checked with.
  static func sampled(_ view: View?, _ state: ContentState) -> String {
    let values = (view?.fields ?? []).compactMap { name in
      state[name].map { "\(name)=\(ValueSyntax.write($0))" }
    }
    return values.isEmpty ? "" : " with " + values.joined(separator: ", ")
  }

  /// A width in points, to two decimals.
  static func points(_ width: Double) -> String {
    ContentValue.format((width * 100).rounded() / 100)
  }

  static func isCountdown(_ field: String, in view: View?) -> Bool {
    switch view {
    case .countdown(let name, _, _): return name == field
    case .row(let views): return views.contains { isCountdown(field, in: $0) }
    case .symbol, .text, .label, .progress, nil: return false
    }
  }
}

/// A layout from a file named as `@PATH` (REPL `start --layout @FILE.swift`) or given to
/// `island layout`: SwiftUI source (`.swift`, read by ``SwiftUIReader``) or the journal's
/// JSON form (`.json`, ``LayoutCodec``).
enum LayoutSource {
  /// Why the file gave no layout.
  struct Failure: Error {
    /// The file.
    var path: String
    /// Why, when one reason applies to the whole file.
    var why: String?
    /// The import's diagnostics (`FILE:LINE:COLUMN: error: ...`), one a line, otherwise.
    var diagnostics: [String] = []
    /// The exit code (sysexits.h).
    var exitCode: Int32

    /// Every problem, one a line, each starting with the file's name.
    var message: String {
      if let why { return "\(TerminalText.quoted(path)): \(TerminalText.quotedLines(why))" }
      return diagnostics.joined(separator: "\n")
    }
  }

  /// Makes `repl` read `start --layout @FILE` with ``load(_:lenient:)``.
  static func reading(_ repl: REPL) {
    repl.layoutFiles = { path throws(SessionError) in
      do throws(Failure) {
        return try load(path)
      } catch {
        if error.exitCode == ExitCode.noInput || error.exitCode == ExitCode.usage {
          throw SessionError.file(path: TerminalText.quoted(path), why: error.why ?? "")
        }
        throw SessionError.layoutFile(
          path: TerminalText.quoted(path),
          why: error.why.map(TerminalText.quotedLines) ?? "no layout:\n" + error.message)
      }
    }
  }

  /// Whether `path` names a file by its name (not `-`, standard input, nor a pipe such as
  /// `/dev/stdin`), so that its extension says what it holds.
  static func isNamedFile(_ path: String) -> Bool {
    guard path != "-", !path.hasPrefix("/dev/") else { return false }
    var status = stat()
    return stat(path, &status) != 0 || (status.st_mode & S_IFMT) == S_IFREG
  }

  /// Whether the layout at `path` is the journal's JSON: by its extension, or for standard
  /// input and pipes by its first character (SwiftUI never starts with `{`).
  private static func isJSON(_ path: String, _ text: String) -> Bool {
    if path.hasSuffix(".json") { return true }
    if isNamedFile(path) { return false }
    return text.first { !$0.isWhitespace } == "{"
  }

  /// The layout in the file at `path` (`-`: standard input), and the warnings to show.
  static func load(_ path: String, lenient: Bool = false) throws(Failure) -> (
    layout: Layout, warnings: [String]
  ) {
    let text: String
    do throws(TextFile.Problem) {
      text = try TextFile.text(path == "-" ? "/dev/stdin" : path)
    } catch {
      let exitCode: Int32
      switch error {
      case .unreadable: exitCode = ExitCode.noInput
      case .notUTF8: exitCode = ExitCode.dataError
      }
      throw Failure(path: path, why: error.why, exitCode: exitCode)
    }
    if isJSON(path, text) {
      do throws(InlineLayout.Failure) {
        return (try InlineLayout.decode(text), [])
      } catch {
        throw Failure(path: path, why: error.message, exitCode: ExitCode.dataError)
      }
    }
    guard path.hasSuffix(".swift") || !isNamedFile(path) else {
      throw Failure(
        path: path, why: "a layout file is FILE.swift (SwiftUI) or FILE.json",
        exitCode: ExitCode.usage)
    }
    return try SwiftUIReader.read(text, path: path, lenient: lenient)
  }
}

/// SwiftUI source read into a layout by `island-swiftui`, the executable beside `island` that
/// holds the toolchain's SwiftParser, run as a child process: `island` itself never loads
/// SwiftSyntax, which only layout files need.
enum SwiftUIReader {
  /// The reader, in the folder of the running executable (`/proc/self/exe`, links resolved).
  static var executable: URL {
    let running =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: running).deletingLastPathComponent()
      .appendingPathComponent("island-swiftui")
  }

  /// The layout in `text`, SwiftUI source from the file at `path` (`-`: standard input), and
  /// the warnings to show; or its diagnostics (`FILE:LINE:COLUMN: error: ...`), one a line.
  static func read(_ text: String, path: String, lenient: Bool) throws(LayoutSource.Failure)
    -> (layout: Layout, warnings: [String])
  {
    let reader = executable
    guard FileManager.default.isExecutableFile(atPath: reader.path) else {
      throw LayoutSource.Failure(
        path: path,
        why: "cannot read SwiftUI: island's SwiftUI reader \(reader.path) is missing "
          + "(`swift build` builds it beside island, `make install` installs it there)",
        exitCode: ExitCode.unavailable)
    }
    let run: ChildProcess.Run
    do throws(ChildProcess.Failure) {
      run = try ChildProcess.run(
        reader,
        arguments: ["--file", path == "-" ? "<stdin>" : path] + (lenient ? ["--lenient"] : []),
        input: Data(text.utf8))
    } catch {
      throw LayoutSource.Failure(
        path: path, why: "cannot run \(reader.path): \(error.why)",
        exitCode: ExitCode.unavailable)
    }
    let diagnostics = String(decoding: run.error, as: UTF8.self).split(separator: "\n")
      .map(String.init)
    switch (run.status, run.signalled) {
    case (ExitCode.ok, false):
      do throws(InlineLayout.Failure) {
        return (try InlineLayout.decode(String(decoding: run.output, as: UTF8.self)), diagnostics)
      } catch {
        throw LayoutSource.Failure(
          path: path, why: "\(reader.path) answered no layout: \(error.message)",
          exitCode: ExitCode.software)
      }
    case (ExitCode.dataError, false):
      throw LayoutSource.Failure(path: path, diagnostics: diagnostics, exitCode: ExitCode.dataError)
    case (let status, let signalled):
      throw LayoutSource.Failure(
        path: path,
        why: "\(reader.path) failed (\(signalled ? "signal" : "exit") \(status))"
          + (diagnostics.isEmpty ? "" : ": " + diagnostics.joined(separator: "\n")),
        exitCode: ExitCode.software)
    }
  }
}
