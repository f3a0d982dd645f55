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

  /// Appends `text` and a newline.
  mutating func line(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    buffer.append(0x0A)
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

  /// Writes one message line to standard error at once.
  /// Each line's control characters are escaped: a message may quote input.
  static func report(_ message: String) {
    var stream = StandardStream.error
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
    stream.line(lines.map { String($0).escapingControlCharacters() }.joined(separator: "\n"))
    stream.flush()
  }
}

/// Reads `--name VALUE` and `--name=VALUE` options and positional arguments.
struct ArgumentList {
  private(set) var positional: [String] = []
  private(set) var options: [(name: String, value: String?)] = []

  /// Splits `arguments`; `valued` names the options that take a value.
  init(_ arguments: [String], valued: Set<String>) throws(UsageError) {
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
        guard valued.contains(name) else { throw .unexpectedValue(option: name) }
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
  /// An option the command does not have.
  case unknownOption(String)
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
    case .unknownOption(let option): return "unknown option \(option)"
    case .arguments(let what): return what
    case .invalidValue(let option, let value, let expected):
      return "\(option) \(value): expected \(expected)"
    }
  }
}
