import Foundation
import IslandCore
import IslandJournal
import IslandProperties
import IslandTerminal

/// `island fuzz`: checks the property kit's properties on generated event sequences and
/// saves the first failure of each, shrunk, as a journal that `island replay` reproduces.
/// Cases are checked on `--jobs` threads; what it prints depends on the seed alone.
enum FuzzCommand {
  static var usage: String {
    IslandCommandLine.subcommand("fuzz").map { HelpText.help(of: $0) } ?? ""
  }

  /// The properties' names, as `--property` takes them.
  static let propertyNames = Property.allCases.map(\.rawValue)

  struct Options {
    var seed: UInt64?
    var runs = 1_000
    var length = 60
    var journalOut = Options.defaultJournalOut

    /// `$TMPDIR/island-fuzz-failures` (`/tmp` without `TMPDIR`): failing cases are written
    /// outside the working tree unless asked, never into a tracked folder.
    static var defaultJournalOut: String {
      var directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
      while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
      return (directory.isEmpty ? "/tmp" : directory) + "/island-fuzz-failures"
    }
    var prefixPath: String?
    var properties: [Property] = []
    var saveCases: String?
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Hidden, for the tests: an extra invariant that fails when six activities are hidden,
    /// rare enough to fail far into a run, so that a failure, its shrinking and its journal can be compared across `--jobs`.
    var failOnSixHidden = false
  }

  /// Why the arguments could not be read.
  enum UsageError: Error, CustomStringConvertible {
    /// An option the command does not have.
    case unknownOption(String)
    /// An option given without its value.
    case missingValue(String)
    /// A value that is not what the option takes.
    case badValue(option: String, value: String, expected: String)

    var description: String {
      switch self {
      case .unknownOption(let option):
        let guess = IslandCommandLine.subcommand("fuzz")?.suggestion(forOption: option)
        return "unknown option '\(TerminalText.quoted(option))'"
          + (guess.map { "; did you mean \($0)?" } ?? "")
      case .missingValue(let option): return "\(option) needs a value"
      case .badValue(let option, let value, let expected):
        return "\(option) '\(value)': expected \(expected)"
      }
    }
  }

  static func run(_ arguments: [String]) -> Int32 {
    let options: Options
    do {
      options = try parse(arguments)
    } catch {
      let usageLine = IslandCommandLine.subcommand("fuzz")?.usageLine() ?? ""
      printError("island fuzz: \(error)\n\(usageLine)")
      return ExitCode.usage
    }
    var prefix: Prefix?
    if let path = options.prefixPath {
      do {
        let journal = try Journal.read(path: path)
        prefix = try Prefix(entries: journal.entries, configuration: journal.header.configuration)
      } catch let error as JournalError {
        printError("island fuzz: \(error)")
        if case .cannotOpen = error { return ExitCode.noInput }
        return ExitCode.dataError
      } catch {
        printError("island fuzz: \(path): \(error)")
        return ExitCode.dataError
      }
    }
    var systemRandom = SystemRandomNumberGenerator()
    let seed = options.seed ?? systemRandom.next()
    let properties = options.properties.isEmpty ? Property.allCases : options.properties
    if let directory = options.saveCases {
      return saveCases(into: directory, seed: seed, prefix: prefix, options: options)
    }
    var output = StandardStream.output
    output.line(
      "island fuzz: seed \(seed), \(options.runs) cases per property, up to \(options.length) "
        + "events each" + (options.prefixPath.map { ", after \($0)" } ?? ""))
    output.flush()

    Interruption.install()
    let progress = isatty(STDERR_FILENO) == 1 ? Progress() : nil
    var failed = false
    var totalCases = 0
    var totalEvents = 0
    var totalTime = Duration.zero
    let generation = GenerationOptions(maximumLength: options.length)
    let extras =
      options.failOnSixHidden
      ? [
        IslandInvariants.Extra(name: "neverSixHidden") { state in
          state.hiddenActivities.count < 6 ? nil : "six activities hidden"
        }
      ]
      : []
    for property in properties {
      let runner = PropertyRunner(
        property: property, options: generation, prefix: prefix, extras: extras)
      let clock = ContinuousClock()
      let start = clock.now
      let result = ParallelRun.run(
        runner, seed: seed, runs: options.runs, jobs: options.jobs,
        progress: progress.map { progress in
          { done in progress.show(property.rawValue, done: done, of: options.runs, since: start) }
        })
      progress?.clear()
      let elapsed = clock.now - start
      totalCases += result.cases
      totalEvents += result.events
      totalTime += elapsed
      let name = property.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
      let figures =
        "\(pad(result.cases, 7)) cases \(pad(result.events, 9)) events "
        + "\(pad(perSecond(result.cases, elapsed), 8)) cases/s"
      if result.interrupted {
        output.line("  \(name) \(figures)  interrupted")
        output.line(
          "island fuzz: interrupted: \(totalCases) cases, \(totalEvents) events checked"
            + (failed ? ", a property failed" : ", every property held so far")
            + " (seed \(seed))")
        output.flush()
        return ExitCode.interrupted
      }
      guard let counterexample = result.counterexample else {
        output.line("  \(name) \(figures)  ok")
        output.flush()
        continue
      }
      failed = true
      output.line("  \(name) \(figures)  FAILED")
      output.flush()
      report(counterexample, options: options)
    }
    output.line(
      failed
        ? "island fuzz: a property failed (seed \(seed))"
        : "island fuzz: every property held: \(totalCases) cases, \(totalEvents) events, "
          + "\(perSecond(totalCases, totalTime)) cases/s (seed \(seed))")
    output.flush()
    return failed ? ExitCode.failure : ExitCode.ok
  }

  /// Writes the accepted events of each generated case as a journal: `case-SEED.jsonl`.
  private static func saveCases(
    into directory: String, seed: UInt64, prefix: Prefix?, options: Options
  ) -> Int32 {
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
      for index in 0..<options.runs {
        let caseSeed = PropertyRunner.caseSeed(run: seed, index: index)
        let fuzzCase = EventGenerator.generate(
          seed: caseSeed, prefix: prefix,
          options: GenerationOptions(maximumLength: options.length))
        var log = fuzzCase.prefix.log
        for step in fuzzCase.steps { _ = try? log.append(step.event, at: step.t) }
        try Journal.write(
          header: JournalHeader(configuration: fuzzCase.configuration), entries: log.entries,
          to: directory + "/case-\(caseSeed).jsonl")
      }
    } catch {
      printError("island fuzz: \(directory): \(error)")
      return ExitCode.ioError
    }
    print("island fuzz: seed \(seed): wrote \(options.runs) cases into \(directory)")
    return ExitCode.ok
  }

  private static func report(_ counterexample: Counterexample, options: Options) {
    var output = StandardStream.output
    defer { output.flush() }
    let original = counterexample.originalFailure
    let shrunk = counterexample.failure
    output.line(
      "    case \(counterexample.caseIndex + 1), case seed \(counterexample.caseSeed): "
        + original.description)
    output.line(
      "    shrunk from \(counterexample.original.steps.count) to "
        + "\(counterexample.shrunk.steps.count) events (\(counterexample.shrinkChecks) checks): "
        + shrunk.description)
    do {
      let path = try counterexample.write(into: options.journalOut)
      output.line("    saved: \(path)")
      output.line("    replay: island replay \(path)")
    } catch {
      output.flush()
      printError("island fuzz: cannot save the failing case: \(error)")
      output.append(counterexample.journalText)
    }
    var again = "island fuzz --seed \(counterexample.caseSeed) --runs 1 --length \(options.length)"
    again += " --property \(counterexample.property.rawValue)"
    if let prefix = options.prefixPath { again += " --prefix \(prefix)" }
    if options.failOnSixHidden { again += " --test-fail-on-six-hidden" }
    output.line("    again: \(again)")
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var index = 0
    func value(_ option: String) throws(UsageError) -> String {
      index += 1
      guard index < arguments.count else { throw .missingValue(option) }
      return arguments[index]
    }
    func count(_ option: String, minimum: Int) throws(UsageError) -> Int {
      let text = try value(option)
      guard let number = Int(text), number >= minimum else {
        throw .badValue(option: option, value: text, expected: "a whole number from \(minimum)")
      }
      return number
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--seed":
        let text = try value(argument)
        guard let seed = parseSeed(text) else {
          throw .badValue(
            option: argument, value: text, expected: "a number from 0 to \(UInt64.max)")
        }
        options.seed = seed
      case "--runs": options.runs = try count(argument, minimum: 1)
      case "--length": options.length = try count(argument, minimum: 1)
      case "--journal-out": options.journalOut = try value(argument)
      case "--prefix": options.prefixPath = try value(argument)
      case "--property":
        let text = try value(argument)
        guard let property = Property(rawValue: text) else {
          throw .badValue(
            option: argument, value: text,
            expected: "one of " + Property.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if !options.properties.contains(property) { options.properties.append(property) }
      case "--save-cases": options.saveCases = try value(argument)
      case "--jobs": options.jobs = try count(argument, minimum: 1)
      case "--test-fail-on-six-hidden": options.failOnSixHidden = true
      default: throw .unknownOption(argument)
      }
      index += 1
    }
    return options
  }

  /// A decimal seed, or a hexadecimal one written `0x...`.
  static func parseSeed(_ text: String) -> UInt64? {
    if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
  }

  private static func perSecond(_ count: Int, _ elapsed: Duration) -> Int {
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return seconds > 0 ? Int((Double(count) / seconds).rounded()) : 0
  }

  private static func pad(_ number: Int, _ width: Int) -> String {
    let text = String(number)
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }

  private static func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
