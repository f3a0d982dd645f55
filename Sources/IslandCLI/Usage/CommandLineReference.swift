import IslandCore

/// What the command line knows about each subcommand: its arguments, its options, a line of
/// description for each, and examples. `island help`, `--help`, the completion scripts and
/// the man page are all written from ``IslandCommandLine/subcommands``, so adding a
/// subcommand there is all it takes for every one of them to know it.
struct SubcommandReference: Sendable {
  /// Its name (`replay`); empty for `island` itself, the REPL.
  let name: String
  /// One line on what it does.
  let summary: String
  /// A paragraph on how it behaves, for `--help` and the man page.
  let description: String
  /// Its positional arguments, in order.
  let arguments: [ArgumentReference]
  /// Its options (`--help` is added to every one).
  let options: [OptionReference]
  /// Example command lines, each with what it does.
  let examples: [(command: String, says: String)]
  /// Sub-subcommands (`journal repair`), each with its own reference.
  let subcommands: [SubcommandReference]
  /// What runs it (the arguments after its name).
  let run: @Sendable ([String]) -> Int32

  init(
    name: String, summary: String, description: String,
    arguments: [ArgumentReference] = [], options: [OptionReference] = [],
    examples: [(command: String, says: String)] = [],
    subcommands: [SubcommandReference] = [],
    run: @escaping @Sendable ([String]) -> Int32
  ) {
    self.name = name
    self.summary = summary
    self.description = description
    self.arguments = arguments
    self.options = options
    self.examples = examples
    self.subcommands = subcommands
    self.run = run
  }

  /// `island replay`, `island journal repair`: the words that call it.
  func invocation(parent: String? = nil) -> String {
    (["island"] + (parent.map { [$0] } ?? []) + (name.isEmpty ? [] : [name]))
      .joined(separator: " ")
  }

  /// Every option, `--help` included.
  var allOptions: [OptionReference] { options + [.help] }

  /// The option called `name` (`--format`, or `-h`).
  func option(_ name: String) -> OptionReference? {
    allOptions.first { $0.name == name || $0.short == name }
  }

  /// The names of the options that take a value.
  var valuedOptions: Set<String> {
    Set(options.filter { $0.value != nil && !$0.optionalValue }.map(\.name))
  }

  /// The names of the options whose value may be left out (`--color`).
  var optionalValueOptions: Set<String> { Set(options.filter(\.optionalValue).map(\.name)) }

  /// The names of every option.
  var optionNames: Set<String> {
    Set(allOptions.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) })
  }

  /// The option closest to a mistyped `option`, for a did-you-mean.
  func suggestion(forOption option: String) -> String? {
    let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
    return Spelling.suggestion(for: name, among: allOptions.map(\.name))
  }

  /// `usage: island replay FILE... [--format FORMAT] ...`.
  func usageLine(parent: String? = nil) -> String {
    var words = [invocation(parent: parent)]
    if !subcommands.isEmpty {
      words.append(subcommands.map(\.name).joined(separator: "|"))
      words.append("...")
    }
    words += arguments.map(\.synopsis)
    words += options.map { "[\($0.synopsis)]" }
    return "usage: " + words.joined(separator: " ")
  }
}

/// A positional argument.
struct ArgumentReference: Sendable {
  /// Its placeholder (`FILE`).
  let name: String
  /// What it is.
  let summary: String
  /// What completes it.
  let values: ValueKind
  /// Whether it may be given several times (`FILE...`).
  var repeats = false
  /// Whether it may be left out (`[SUBCOMMAND]`).
  var optional = false

  /// `FILE...`, `[SUBCOMMAND]`.
  var synopsis: String {
    let word = name + (repeats ? "..." : "")
    return optional ? "[\(word)]" : word
  }
}

/// An option.
struct OptionReference: Sendable {
  /// Its long name, with its dashes (`--format`).
  let name: String
  /// Its one-letter name, if any (`-h`).
  var short: String?
  /// The placeholder of its value (`FORMAT`), nil for a flag.
  let value: String?
  /// What it does.
  let summary: String
  /// What completes its value.
  var values: ValueKind = .none
  /// Whether its value may be left out (`--color` alone is `--color=always`); then it is
  /// written `--color[=WHEN]` and a value must follow an `=`.
  var optionalValue = false

  /// `--format FORMAT`, `--color[=WHEN]`, `--keep-going`.
  var synopsis: String {
    guard let value else { return name }
    return optionalValue ? "\(name)[=\(value)]" : "\(name) \(value)"
  }

  /// `-h, --help`, shown once for every subcommand.
  static let help = OptionReference(
    name: "--help", short: "-h", value: nil, summary: "show this help and exit")
}

/// What a value is, for completion.
enum ValueKind: Sendable, Equatable {
  /// Nothing to complete (a number, a text).
  case none
  /// A file name, of those ending so if any are named (`jsonl`).
  case file(extensions: [String])
  /// A directory.
  case directory
  /// A file or a directory.
  case fileOrDirectory
  /// One of these words.
  case choices([String])
  /// A device name (`iPhone 15 Pro`).
  case device
  /// An interaction profile.
  case profile
  /// A layout: a built-in name, or `@FILE`.
  case layout
  /// A subcommand's name.
  case subcommand

  /// The words it completes to, when they are a fixed list.
  var words: [String] {
    switch self {
    case .choices(let words): return words
    case .device: return Device.all.map(\.name)
    case .profile: return InteractionProfile.allCases.map(\.rawValue)
    case .layout: return Layout.catalogue.map(\.name)
    case .subcommand: return IslandCommandLine.subcommands.map(\.name)
    case .none, .file, .directory, .fileOrDirectory: return []
    }
  }
}
