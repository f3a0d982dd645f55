/// An activity's content state: named values, kept sorted by name.
///
/// A sorted array rather than a dictionary: states are small (a handful of fields), a
/// sorted array is faster to search and copy at that size, and its order never depends on
/// hashing, so every encoding of a state is the same in every process.
public struct ContentState: Equatable, Hashable, Sendable {
  /// The fields, sorted by name, each name once.
  public private(set) var fields: [Field]

  /// One named value.
  public struct Field: Equatable, Hashable, Sendable {
    /// The field's name.
    public var name: String
    /// The field's value.
    public var value: ContentValue

    /// A field named `name` holding `value`.
    public init(name: String, value: ContentValue) {
      self.name = name
      self.value = value
    }
  }

  /// An empty state.
  public init() { fields = [] }

  /// A state holding these fields; a later field replaces an earlier one of the same name.
  public init(_ pairs: [(String, ContentValue)]) {
    fields = []
    fields.reserveCapacity(pairs.count)
    for (name, value) in pairs { self[name] = value }
  }

  /// Makes room for `count` fields, so that filling a state field by field allocates once.
  public mutating func reserveCapacity(_ count: Int) {
    fields.reserveCapacity(count)
  }

  /// Whether the state has no fields.
  public var isEmpty: Bool { fields.isEmpty }

  /// The field names, sorted.
  public var names: [String] { fields.map(\.name) }

  /// The value named `name`, or nil; setting nil removes the field.
  public subscript(name: String) -> ContentValue? {
    get {
      let index = insertionIndex(of: name)
      return index < fields.count && fields[index].name == name ? fields[index].value : nil
    }
    set {
      let index = insertionIndex(of: name)
      let found = index < fields.count && fields[index].name == name
      switch (found, newValue) {
      case (true, .some(let value)): fields[index].value = value
      case (true, .none): fields.remove(at: index)
      case (false, .some(let value)): fields.insert(Field(name: name, value: value), at: index)
      case (false, .none): break
      }
    }
  }

  /// Merges `patch` into this state: each of its fields replaces or adds one here.
  /// Returns the names whose value actually changed, sorted.
  @discardableResult
  public mutating func merge(_ patch: ContentState) -> [String] {
    var changed: [String] = []
    for field in patch.fields where self[field.name] != field.value {
      self[field.name] = field.value
      changed.append(field.name)
    }
    return changed
  }

  /// Swaps `value` with the value of the field at `position`.
  mutating func swapValue(at position: Int, with value: inout ContentValue) {
    swap(&value, &fields[position].value)
  }

  /// Inserts `field` at `position`, which must keep the fields sorted by name
  /// (``insertionIndex(of:)``), each name once.
  mutating func insert(_ field: Field, at position: Int) {
    fields.insert(field, at: position)
  }

  /// Removes the field at `position`.
  mutating func removeField(at position: Int) {
    fields.remove(at: position)
  }

  /// Whether the state has a field named `name`: at once when `name` comes after every
  /// name held (as a journal's sorted keys do), else by a search.
  package func contains(_ name: String) -> Bool {
    guard comesBeforeLast(name) else { return false }
    return position(of: name) != nil
  }

  /// Adds field `name`, which the state does not hold: appended when it comes after every
  /// name held, else inserted in order.
  package mutating func add(_ name: consuming String, _ value: consuming ContentValue) {
    if comesBeforeLast(name) {
      let index = insertionIndex(of: name)
      fields.insert(Field(name: name, value: value), at: index)
    } else {
      fields.append(Field(name: name, value: value))
    }
  }

  /// Appends field `name`, which comes after every name the state holds (a decoder that
  /// read the names in order knows it without comparing them).
  package mutating func append(_ name: consuming String, _ value: consuming ContentValue) {
    assert(!comesBeforeLast(name), "a field appended out of name order")
    fields.append(Field(name: name, value: value))
  }

  /// Whether `name` does not come after every name held (false when none is held).
  private func comesBeforeLast(_ name: String) -> Bool {
    !fields.isEmpty && !(fields[fields.count - 1].name < name)
  }

  /// The position of field `name` in ``fields``, or nil.
  func position(of name: String) -> Int? {
    let index = insertionIndex(of: name)
    return index < fields.count && fields[index].name == name ? index : nil
  }

  /// The position of field `name` in `fields` (sorted by name), or nil.
  static func position(of name: String, in fields: UnsafeBufferPointer<Field>) -> Int? {
    var low = 0
    var high = fields.count
    while low < high {
      let middle = (low + high) / 2
      if fields[middle].name < name { low = middle + 1 } else { high = middle }
    }
    return low < fields.count && fields[low].name == name ? low : nil
  }

  /// Where field `name` is, or would be inserted, in ``fields``.
  func insertionIndex(of name: String) -> Int {
    var low = 0
    var high = fields.count
    while low < high {
      let middle = (low + high) / 2
      if fields[middle].name < name { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension ContentState: ExpressibleByDictionaryLiteral {
  /// A state from a literal, for tests and examples.
  public init(dictionaryLiteral elements: (String, ContentValue)...) {
    self.init(elements)
  }
}

extension ContentValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
  /// A string value from a literal.
  public init(stringLiteral value: String) { self = .string(value) }
  /// A number value from an integer literal.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  /// A number value from a floating-point literal.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// A boolean value from a literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}
