import IslandCore

/// Why a line could not be read as a command. A line that fails to parse changes nothing.
public enum ParseError: Error, Equatable, Sendable {
  /// A quote that is never closed: its character, the column it opens at, and the text from it.
  case unclosedQuote(quote: Character, column: Int, text: String)
  /// A first word that names no command, and the command it is closest to, if any.
  case unknownCommand(String, suggestion: String?)
  /// A required argument is missing.
  case missingArgument(command: String, argument: String)
  /// A word the command does not take.
  case unexpectedArgument(command: String, argument: String)
  /// An option the command does not take, with those it does.
  case unknownOption(command: String, option: String, known: [String])
  /// An option given without its value.
  case missingValue(option: String, expected: String)
  /// An option given twice.
  case repeatedOption(String)
  /// A state field given twice.
  case repeatedField(String)
  /// A `key=value` whose key is not a state field name.
  case badFieldName(String)
  /// A command that takes no state fields was given one.
  case fieldNotAllowed(command: String, field: String)
  /// A number that does not read as a finite decimal number.
  case badNumber(argument: String, text: String)
  /// A duration that does not read as one.
  case badDuration(argument: String, text: String)
  /// A duration or time that would put an event's time beyond the largest a journal holds.
  case beyondLargestTime(argument: String, text: String, time: Milliseconds)
  /// A sequence number outside the log.
  case badSeq(argument: String, text: String)
  /// A target a tap or long press cannot land on, with those it can.
  case unknownTarget(command: String, target: String, known: [String])
  /// A `--link` that is not `REGION=URL`, or names no region.
  case badLink(String)
  /// A `--dismissal` that is none of `default`, `immediate`, a duration or `@TIME`.
  case badDismissal(String)
  /// An inline `--layout` that could not be read.
  case badLayout(why: String)
  /// A device name the engine does not know.
  case unknownDevice(String)
  /// A profile name the engine does not know.
  case unknownProfile(String)
  /// `--alert-body` or `--alert-sound` without `--alert`.
  case alertWithoutTitle(option: String)
  /// `help` about something that is not a command.
  case unknownHelpTopic(String)

  /// What is wrong, naming the bad part of the line.
  public var message: String { unescapedMessage.escapingControlCharacters() }

  /// The message as written, before its control characters are escaped.
  private var unescapedMessage: String {
    switch self {
    case .unclosedQuote(let quote, let column, let text):
      let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
      return "unclosed \(quote) quote at column \(column): \(shown)"
    case .unknownCommand(let word, _):
      return "unknown command '\(word)'"
    case .missingArgument(let command, let argument):
      return "\(command): missing \(argument)"
    case .unexpectedArgument(let command, let argument):
      return "\(command): unexpected argument '\(argument)'"
    case .unknownOption(let command, let option, _):
      return "\(command): unknown option '\(option)'"
    case .missingValue(let option, let expected):
      return "\(option): missing its value (\(expected))"
    case .repeatedOption(let option): return "\(option) is given twice"
    case .repeatedField(let field): return "state field '\(field)' is given twice"
    case .badFieldName(let text):
      return "'\(text)' is not a state field name"
    case .fieldNotAllowed(let command, let field):
      return "\(command) takes no state fields: '\(field)'"
    case .badNumber(let argument, let text):
      return "\(argument): '\(text)' is not a number"
    case .badDuration(let argument, let text):
      return "\(argument): '\(text)' is not a duration"
    case .beyondLargestTime(let argument, let text, let time):
      return "\(argument): '\(text)' would be at \(time) ms, beyond the largest time a journal "
        + "holds (\(EventBounds.largestTime) ms, "
        + "@\(ValueSyntax.write(duration: EventBounds.largestTime)))"
    case .badSeq(let argument, let text):
      return "\(argument): '\(text)' is not an event number"
    case .unknownTarget(let command, let target, _):
      return "\(command): unknown target '\(target)'"
    case .badLink(let text): return "--link: '\(text)' is not REGION=URL"
    case .badDismissal(let text): return "--dismissal: '\(text)' is not a dismissal"
    case .badLayout(let why): return "--layout: \(why)"
    case .unknownDevice(let name): return "unknown device '\(name)'"
    case .unknownProfile(let name): return "unknown profile '\(name)'"
    case .alertWithoutTitle(let option): return "\(option) needs --alert TITLE"
    case .unknownHelpTopic(let topic): return "help: no command '\(topic)'"
    }
  }

  /// What would make the line valid.
  public var hint: String {
    switch self {
    case .unclosedQuote(let quote, _, _): return "close it with another \(quote)"
    case .unknownCommand(_, let suggestion):
      return suggestion.map { "did you mean '\($0)'? (`help` lists every command)" }
        ?? "`help` lists every command"
    case .missingArgument(let command, _), .unexpectedArgument(let command, _),
      .fieldNotAllowed(let command, _):
      return "`help \(command)` shows its syntax"
    case .unknownOption(_, let option, let known):
      guard !known.isEmpty else { return "it takes no options" }
      let guess = Spelling.suggestion(for: option, among: known)
      return (guess.map { "did you mean \($0)? " } ?? "") + "its options: "
        + known.joined(separator: ", ")
    case .missingValue(let option, _): return "write \(option) VALUE"
    case .repeatedOption: return "give each option once"
    case .repeatedField: return "give each state field once"
    case .badFieldName: return "state fields are NAME=VALUE, NAME of letters, digits and _"
    case .badNumber: return "write a number such as 50, -2 or 0.25"
    case .badDuration:
      return "write a number and a unit: 500ms, 2.5s, 10m, 8h (or @TIME for a clock time)"
    case .beyondLargestTime:
      return "the journal's clock ends there: write a shorter duration"
    case .badSeq: return "`log` lists the events and their numbers"
    case .unknownTarget(_, _, let known): return "targets: " + known.joined(separator: ", ")
    case .badLink: return "write --link REGION=URL, REGION one of leading, trailing, center, bottom"
    case .badDismissal: return "write default, immediate, a duration such as 30m, or @TIME"
    case .badLayout:
      return "give a layout name (`help layouts`), the layout as JSON in single quotes, or "
        + "@FILE.json"
    case .unknownDevice: return "`device` with no name lists the devices"
    case .unknownProfile: return "profiles: tap-expands, tap-opens"
    case .alertWithoutTitle: return "write --alert TITLE before it"
    case .unknownHelpTopic: return "`help` lists every command"
    }
  }
}
