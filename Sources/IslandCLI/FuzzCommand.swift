import Foundation
import IslandCore
import IslandJournal
import IslandProperties

/// `island fuzz`: checks the property kit's properties on generated event sequences and
/// saves the first failure of each, shrunk, as a journal that `island replay` reproduces.
///
///     island fuzz [--seed N] [--runs N] [--length N] [--journal-out DIR] [--prefix JOURNAL]
///                 [--property NAME]... [--save-cases DIR]
enum FuzzCommand {
  static let usage = """
    usage: island fuzz [--seed N] [--runs N] [--length N] [--journal-out DIR]
                       [--prefix JOURNAL] [--property NAME]... [--save-cases DIR]
      --seed N          the run's seed (default: drawn at random, and printed)
      --runs N          cases per property (default 1000)
      --length N        the most events per case (default 60)
      --journal-out DIR where failing cases are saved as journals (default fuzz-failures)
      --prefix JOURNAL  start every case from this journal's island
      --property NAME   check only this property (repeatable): rules, rejection,
                        invariants, determinism, snapshot, round-trip, event-order,
                        journal-file
      --save-cases DIR  check nothing: write the generated cases (their accepted events) as
                        journals into DIR, for reading or as a fuzzing corpus
    """

  struct Options {
    var seed: UInt64?
    var runs = 1_000
    var length = 60
    var journalOut = "fuzz-failures"
    var prefixPath: String?
    var properties: [Property] = []
    var saveCases: String?
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
      case .unknownOption(let option): return "unknown option '\(option)'"
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
      printError("island fuzz: \(error)\n\(usage)")
      return ExitCode.usage
    }
    if arguments.contains("--help") || arguments.contains("-h") {
      print(usage)
      return ExitCode.ok
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
    print(
      "island fuzz: seed \(seed), \(options.runs) cases per property, up to \(options.length) "
        + "events each" + (options.prefixPath.map { ", after \($0)" } ?? ""))

    var failed = false
    var totalCases = 0
    var totalEvents = 0
    var totalTime = Duration.zero
    let generation = GenerationOptions(maximumLength: options.length)
    for property in properties {
      let runner = PropertyRunner(property: property, options: generation, prefix: prefix)
      let clock = ContinuousClock()
      var result: PropertyResult?
      let elapsed = clock.measure { result = runner.run(seed: seed, runs: options.runs) }
      guard let result else { continue }
      totalCases += result.cases
      totalEvents += result.events
      totalTime += elapsed
      let name = property.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
      let figures =
        "\(pad(result.cases, 7)) cases \(pad(result.events, 9)) events "
        + "\(pad(perSecond(result.cases, elapsed), 8)) cases/s"
      guard let counterexample = result.counterexample else {
        print("  \(name) \(figures)  ok")
        continue
      }
      failed = true
      print("  \(name) \(figures)  FAILED")
      report(counterexample, options: options)
    }
    print(
      failed
        ? "island fuzz: a property failed (seed \(seed))"
        : "island fuzz: every property held: \(totalCases) cases, \(totalEvents) events, "
          + "\(perSecond(totalCases, totalTime)) cases/s (seed \(seed))")
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
    let original = counterexample.originalFailure
    let shrunk = counterexample.failure
    print(
      "    case \(counterexample.caseIndex + 1), case seed \(counterexample.caseSeed): "
        + original.description)
    print(
      "    shrunk from \(counterexample.original.steps.count) to "
        + "\(counterexample.shrunk.steps.count) events (\(counterexample.shrinkChecks) checks): "
        + shrunk.description)
    do {
      let path = try counterexample.write(into: options.journalOut)
      print("    saved: \(path)")
      print("    replay: island replay \(path)")
    } catch {
      printError("island fuzz: cannot save the failing case: \(error)")
      print(counterexample.journalText, terminator: "")
    }
    var again = "island fuzz --seed \(counterexample.caseSeed) --runs 1 --length \(options.length)"
    again += " --property \(counterexample.property.rawValue)"
    if let prefix = options.prefixPath { again += " --prefix \(prefix)" }
    print("    again: \(again)")
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
      case "--help", "-h": break
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
