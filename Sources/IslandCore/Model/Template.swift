/// A text template: literal text with `{field}` placeholders taken from the content state.
public struct Template: Equatable, Hashable, Sendable {
  /// The template as written.
  public let source: String
  /// The template split into literal text and fields.
  public let parts: [Part]

  /// One piece of a template.
  public enum Part: Equatable, Hashable, Sendable {
    /// Literal text.
    case literal(String)
    /// The value of a state field.
    case field(String)
  }

  /// Parses `source`; `{{` and `}}` stand for literal braces.
  public init(_ source: String) throws(TemplateError) {
    self.source = source
    let characters = Array(source)
    var parts: [Part] = []
    var literal = ""
    var index = 0
    func peek(_ offset: Int) -> Character? {
      index + offset < characters.count ? characters[index + offset] : nil
    }
    while index < characters.count {
      let character = characters[index]
      if (character == "{" || character == "}") && peek(1) == character {
        literal.append(character)
        index += 2
        continue
      }
      if character == "}" { throw TemplateError.strayBrace(template: source) }
      if character != "{" {
        literal.append(character)
        index += 1
        continue
      }
      guard let close = characters[index...].firstIndex(of: "}") else {
        throw TemplateError.unclosedPlaceholder(template: source)
      }
      let name = String(characters[(index + 1)..<close])
      guard Template.isFieldName(name) else {
        throw TemplateError.badFieldName(template: source, name: name)
      }
      if !literal.isEmpty {
        parts.append(.literal(literal))
        literal = ""
      }
      parts.append(.field(name))
      index = close + 1
    }
    if !literal.isEmpty { parts.append(.literal(literal)) }
    self.parts = parts
  }

  /// A template already split: `source` as written, and its parts.
  init(source: String, parts: [Part]) {
    self.source = source
    self.parts = parts
  }

  /// A template of literal text only.
  public init(literal text: String) {
    var escaped = ""
    for character in text {
      escaped.append(character)
      if character == "{" || character == "}" { escaped.append(character) }
    }
    source = escaped
    parts = text.isEmpty ? [] : [.literal(text)]
  }

  /// The fields the template reads, in order, each once.
  public var fields: [String] {
    var names = FieldNames()
    for case .field(let name) in parts { names.add(name) }
    return names.names
  }

  /// The ASCII bytes of a field name: letters, digits and `_`.
  private static let asciiFieldNameBytes = ASCIISet {
    switch $0 {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: true
    default: false
    }
  }

  /// Whether `name` can name a field: letters, digits and `_`, not starting with a digit.
  public static func isFieldName(_ name: String) -> Bool {
    let ascii = name.withUTF8Bytes { utf8 in
      guard let first = utf8.first, !(0x30...0x39).contains(first) else { return false }
      return asciiFieldNameBytes.containsAll(utf8)
    }
    if ascii { return true }
    guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
    return name.unicodeScalars.allSatisfy {
      $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
    }
  }
}

/// Why a template could not be read.
public enum TemplateError: Error, Equatable, Sendable {
  /// A `{` with no `}` after it.
  case unclosedPlaceholder(template: String)
  /// A `}` that closes nothing (write `}}` for a literal one).
  case strayBrace(template: String)
  /// A placeholder whose name is not a field name.
  case badFieldName(template: String, name: String)
}

/// Field names in the order first met, each once, numbered: linear in the names however
/// many there are (an index beside the list once it is long), so that a state of thousands of
/// fields is read in linear time.
struct FieldNames {
  /// The names, in order.
  private(set) var names: [String] = []
  private var numbers: [String: Int] = [:]

  /// The number of `name`, added at the end if it is new.
  @discardableResult
  mutating func add(_ name: String) -> Int {
    if names.count <= FieldNames.scanned {
      if let index = names.firstIndex(of: name) { return index }
    } else {
      if numbers.isEmpty {
        for (index, known) in names.enumerated() { numbers[known] = index }
      }
      if let index = numbers[name] { return index }
      numbers[name] = names.count
    }
    names.append(name)
    return names.count - 1
  }

  /// The number of `name`, if it is there.
  func number(of name: String) -> Int? {
    numbers.isEmpty ? names.firstIndex(of: name) : numbers[name]
  }

  /// Up to this many names, a scan is quicker than hashing.
  static let scanned = 16
}
