/// Writes JSON values as UTF-8 bytes: compact (no spaces, for journal lines and timelines) or
/// indented (two spaces, for people and expected files).
///
/// The bytes depend on the value only: members in their order, numbers in their shortest
/// form that reads back as the same `Double` (integral ones without a fraction), strings
/// escaped only where RFC 8259 requires it (`"`, `\` and control characters).
public struct JSONWriter: Sendable {
  /// The bytes written so far.
  public private(set) var bytes: [UInt8] = []
  /// Whether values are indented, one member or element a line.
  public let indented: Bool

  /// A writer, compact unless `indented`.
  public init(indented: Bool = false) {
    self.indented = indented
  }

  /// Appends `value`.
  public mutating func write(_ value: JSONValue) {
    write(value, depth: 0)
  }

  /// Appends raw bytes (a newline between lines, say).
  public mutating func writeRaw(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Forgets the bytes written so far (to write the next part of a stream in the same
  /// storage).
  public mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  /// Appends `value` as a value nested `depth` levels deep: when indented, its inner lines
  /// are indented for that depth (a list's elements written one by one).
  public mutating func write(_ value: JSONValue, depth: Int) {
    switch value {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let number): JSONWriter.appendNumber(number, to: &bytes)
    case .integer(let integer): bytes.append(contentsOf: String(integer).utf8)
    case .string(let text): JSONWriter.appendString(text, to: &bytes)
    case .array(let elements):
      guard !elements.isEmpty else {
        bytes.append(contentsOf: "[]".utf8)
        return
      }
      bytes.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        newline(depth: depth + 1)
        write(element, depth: depth + 1)
      }
      newline(depth: depth)
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else {
        bytes.append(contentsOf: "{}".utf8)
        return
      }
      bytes.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        newline(depth: depth + 1)
        JSONWriter.appendString(member.0, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if indented { bytes.append(UInt8(ascii: " ")) }
        write(member.1, depth: depth + 1)
      }
      newline(depth: depth)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  private mutating func newline(depth: Int) {
    guard indented else { return }
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
  }

  // MARK: - Scalars

  /// Appends `number` as ``NumberText`` writes it: whole numbers below 10^17 as integers
  /// (`20`, `-3`, `9007199254740992`), others in their shortest round-trip form (`0.1`,
  /// `1e+17`, `5e-324`), all valid JSON. JSON has no infinity or NaN: they are written as
  /// `null`.
  public static func appendNumber(_ number: Double, to bytes: inout [UInt8]) {
    guard number.isFinite else {
      bytes.append(contentsOf: "null".utf8)
      return
    }
    NumberText.write(number) { bytes.append(contentsOf: $0) }
  }

  /// Appends `text` as a JSON string: quoted, with `"`, `\` and control characters escaped
  /// (`\n`, `\t`, ... where JSON has a short form, `\u00XX` otherwise); everything else,
  /// non-ASCII included, as its UTF-8 bytes.
  public static func appendString(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendString(utf8: $0, to: &bytes) }
  }

  /// ``appendString(_:to:)`` of the UTF-8 bytes `utf8`: the bytes between two that need an
  /// escape are appended as one run (``JSONScanner/firstEscaped(in:from:)``), not byte by
  /// byte.
  static func appendString(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    while runStart < utf8.count {
      let stop = JSONScanner.firstEscaped(in: utf8, from: runStart)
      if stop > runStart {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<stop]))
      }
      guard stop < utf8.count else { break }
      appendEscape(of: utf8[stop], to: &bytes)
      runStart = stop + 1
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the escape of `byte`, a quote, a backslash or a control character.
  private static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
    if let letter = shortEscape(of: byte) {
      bytes.append(contentsOf: [0x5C, letter])
    } else {
      let hex = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30])
      bytes.append(hex[Int(byte >> 4)])
      bytes.append(hex[Int(byte & 0xF)])
    }
  }

  /// The letter after the backslash of the short escape JSON has for `byte` (`\"`, `\\`,
  /// `\n`, `\r`, `\t`, `\b`, `\f`); nil for a byte JSON escapes only as `\u00XX`, or
  /// needs no escape for. The writer writes it and the payload count counts it.
  static func shortEscape(of byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "\""): return UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): return UInt8(ascii: "\\")
    case 0x0A: return UInt8(ascii: "n")
    case 0x0D: return UInt8(ascii: "r")
    case 0x09: return UInt8(ascii: "t")
    case 0x08: return UInt8(ascii: "b")
    case 0x0C: return UInt8(ascii: "f")
    default: return nil
    }
  }
}

extension JSONValue {
  /// The value as compact JSON text: no spaces, keys in order.
  public var compactText: String {
    var writer = JSONWriter()
    writer.write(self)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The value as indented JSON text, two spaces a level, no newline at the end.
  public var indentedText: String {
    var writer = JSONWriter(indented: true)
    writer.write(self)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}
