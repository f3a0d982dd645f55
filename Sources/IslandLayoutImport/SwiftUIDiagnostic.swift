import IslandCore

/// A layout read from SwiftUI source, and what the reader noticed on the way.
public struct SwiftUIImport: Equatable, Sendable {
  /// The layout the `DynamicIsland { ... }` builder declares.
  public var layout: Layout
  /// What was read only in part, or not at all (with `lenient`, each placeholder).
  public var warnings: [SwiftUIDiagnostic]
}

/// One problem with SwiftUI source, at a place in it.
public struct SwiftUIDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// How bad it is.
  public enum Severity: String, Hashable, Sendable {
    /// The layout could not be read.
    case error
    /// The layout was read, but not all of it as written.
    case warning
  }

  /// The file's name as given.
  public var file: String
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in UTF-8 bytes (as the Swift compiler counts).
  public var column: Int
  /// How bad it is.
  public var severity: Severity
  /// What is wrong and what is supported, with quoted source made safe for a terminal.
  public var message: String

  /// `FILE:LINE:COLUMN: error: MESSAGE`, as the Swift compiler writes its own.
  public var description: String {
    "\(Quoting.safe(file)):\(line):\(column): \(severity.rawValue): \(message)"
  }
}

/// Why SwiftUI source gave no layout: every error found, and the warnings before them.
public struct SwiftUIImportFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The errors, in source order.
  public var errors: [SwiftUIDiagnostic]
  /// The warnings.
  public var warnings: [SwiftUIDiagnostic]

  /// One line per error.
  public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Source text quoted in messages, with its control characters escaped.
enum Quoting {
  /// `text` with its control characters escaped (a terminal never receives them), by the
  /// one escaping function every message uses.
  static func safe(_ text: String) -> String { text.escapingControlCharacters() }

  /// A construct as written, on one line, shortened past 60 characters, in backquotes.
  static func code(_ source: String) -> String {
    var line = source.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: " \t")
    }.joined(separator: " ")
    if line.count > 60 { line = String(line.prefix(57)) + "..." }
    return "`" + safe(line) + "`"
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var view = self[...]
    while let first = view.first, set.contains(first) { view = view.dropFirst() }
    while let last = view.last, set.contains(last) { view = view.dropLast() }
    return String(view)
  }
}
