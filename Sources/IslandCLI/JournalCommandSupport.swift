import Foundation
import IslandCore
import IslandJournal

extension JournalError {
  /// The sysexits code of the error: 66 for a file that cannot be opened, 65 for bad data
  /// in it, 74 for a failed read or write (and a journal locked by another writer).
  var exitCode: Int32 {
    switch self {
    case .cannotOpen: return ExitCode.noInput
    case .badLine, .empty, .tornTail, .outOfOrder, .outOfRange, .entryTooLong:
      return ExitCode.dataError
    case .io, .locked, .alreadyExists, .writerClosed: return ExitCode.ioError
    }
  }
}

/// Buffered writing to standard output and standard error, for commands that print a lot
/// (a timeline of a million states).
struct StandardStream {
  private let descriptor: Int32
  private var buffer: [UInt8] = []

  /// Standard output.
  static var output: StandardStream { StandardStream(descriptor: 1) }
  /// Standard error.
  static var error: StandardStream { StandardStream(descriptor: 2) }
  /// A stream that only collects, for output printed later (``append(_:)``).
  static func buffer() -> StandardStream { StandardStream(descriptor: -1) }

  /// Appends what `other` collected.
  mutating func append(_ other: StandardStream) {
    buffer.append(contentsOf: other.buffer)
    if buffer.count >= 1 << 16 { flush() }
  }

  private init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(1 << 16)
  }

  /// Appends `text`, with no newline.
  mutating func append(_ text: String) {
    buffer.append(contentsOf: text.utf8)
  }

  /// Appends `text` and a newline.
  mutating func line(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    buffer.append(0x0A)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Appends `bytes`, with no newline.
  mutating func append<Bytes: Collection<UInt8>>(bytes: Bytes) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Appends `data` as it is (a PNG), with no newline.
  mutating func bytes(_ data: Data) {
    buffer.append(contentsOf: data)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Appends `bytes` and a newline.
  mutating func line(bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    buffer.append(0x0A)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes out what is buffered (a collecting stream keeps it).
  mutating func flush() {
    guard descriptor >= 0 else { return }
    var written = 0
    while written < buffer.count {
      let count = buffer.withUnsafeBytes { raw in
        write(descriptor, raw.baseAddress.map { $0 + written }, buffer.count - written)
      }
      if count < 0 && errno == EINTR { continue }
      // A closed pipe (`island replay ... | head`) ends the output; nothing more to do.
      if count <= 0 { break }
      written += count
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Appends a message and a newline, its control characters escaped (text quoted from a
  /// journal, an activity id `\u{1b}[31mX`, never reaches the terminal as it is).
  mutating func message(_ text: String) {
    line(TerminalText.quotedLines(text))
  }

  /// Writes one message to standard error at once, as ``message(_:)`` does.
  static func report(_ message: String) {
    var stream = StandardStream.error
    stream.message(message)
    stream.flush()
  }
}

/// Reads `--name VALUE` and `--name=VALUE` options and positional arguments.
struct ArgumentList {
  private(set) var positional: [String] = []
  private(set) var options: [(name: String, value: String?)] = []

  /// Splits `arguments`; `valued` names the options that take a value, `optionalValue`
  /// those that may take one after an `=` (`--color`, `--color=never`).
  init(_ arguments: [String], valued: Set<String>, optionalValue: Set<String> = [])
    throws(UsageError)
  {
    var index = 0
    var onlyPositional = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
        positional.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositional = true
        continue
      }
      if let equals = argument.firstIndex(of: "=") {
        let name = String(argument[..<equals])
        guard valued.contains(name) || optionalValue.contains(name) else {
          throw .unexpectedValue(option: name)
        }
        options.append((name, String(argument[argument.index(after: equals)...])))
      } else if valued.contains(argument) {
        guard index < arguments.count else { throw .missingValue(option: argument) }
        options.append((argument, arguments[index]))
        index += 1
      } else {
        options.append((argument, nil))
      }
    }
  }

  /// The last value given to `name`, if any.
  func value(_ name: String) -> String? {
    options.last { $0.name == name }?.value
  }

  /// Whether the flag `name` was given.
  func has(_ name: String) -> Bool { options.contains { $0.name == name } }

  /// The first option not in `known`.
  func unknownOption(known: Set<String>) -> String? {
    options.first { !known.contains($0.name) }?.name
  }
}

/// A mistake in how a command was called (exit 64).
enum UsageError: Error {
  /// An option that takes no value was given one.
  case unexpectedValue(option: String)
  /// An option that takes a value was given none.
  case missingValue(option: String)
  /// An option the command does not have, and the one it is closest to.
  case unknownOption(String, suggestion: String? = nil)
  /// Too few or too many arguments.
  case arguments(String)
  /// An option with a value it does not take.
  case invalidValue(option: String, value: String, expected: String)

  /// The mistake, in lowercase words.
  var message: String { unescapedMessage.escapingControlCharacters() }

  /// The message as written, before its control characters are escaped.
  private var unescapedMessage: String {
    switch self {
    case .unexpectedValue(let option): return "\(option) takes no value"
    case .missingValue(let option): return "\(option) needs a value"
    case .unknownOption(let option, let suggestion):
      return "unknown option \(TerminalText.quoted(option))"
        + (suggestion.map { "; did you mean \($0)?" } ?? "")
    case .arguments(let what): return what
    case .invalidValue(let option, let value, let expected):
      return "\(option) \(TerminalText.quoted(value)): expected \(expected)"
    }
  }
}

extension ArgumentList {
  /// `--columns N`, a width of at least 20 columns.
  func columns() throws(UsageError) -> Int? {
    guard let text = value("--columns") else { return nil }
    guard let columns = Int(text), columns >= 20 else {
      throw .invalidValue(option: "--columns", value: text, expected: "a width from 20 columns")
    }
    return columns
  }
}

extension ColorChoice {
  /// `--color` (always), `--color=WHEN`, or never.
  static func parse(_ list: ArgumentList) throws(UsageError) -> ColorChoice {
    guard list.has("--color") else { return .never }
    let value = list.value("--color") ?? "always"
    guard let choice = ColorChoice(rawValue: value) else {
      throw .invalidValue(option: "--color", value: value, expected: "auto, always or never")
    }
    return choice
  }
}

/// Standard input copied to a temporary file, for `-`: a journal is read from a file (its
/// size decides how it is decoded), and a pipe can be read only once.
struct StandardInputFile {
  /// The copy's path.
  let path: String

  /// Why standard input could not be copied.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Copies standard input to its end.
  init() throws(Failure) {
    path = NSTemporaryDirectory() + "island-stdin-\(getpid())-\(UUID().uuidString).jsonl"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw Failure(
        description: "cannot copy standard input to \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        if count < 0 {
          throw Failure(
            description: "cannot read standard input: \(String(cString: strerror(errno)))")
        }
        return
      }
      var written = 0
      while written < count {
        let step = buffer.withUnsafeBytes { raw in
          Glibc.write(descriptor, raw.baseAddress.map { $0 + written }, count - written)
        }
        if step < 0 && errno == EINTR { continue }
        guard step > 0 else {
          throw Failure(
            description:
              "cannot copy standard input to \(path): \(String(cString: strerror(errno)))")
        }
        written += step
      }
    }
  }

  /// Removes the copy.
  func remove() { unlink(path) }
}
