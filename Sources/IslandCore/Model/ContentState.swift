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

  /// Removes every field, keeping the storage for the next ones: for a state that is filled
  /// again and again (the journal decoder's, line after line).
  package mutating func removeAll() {
    // One by one from the end: cheaper than the general range removal for a few fields.
    while !fields.isEmpty { fields.removeLast() }
  }

  /// The same state in storage of its own, no larger than its fields: what a state filled in
  /// reused storage hands on to be kept.
  package func copied() -> ContentState {
    var copy = ContentState()
    copy.fields = fields.withUnsafeBufferPointer { Array($0) }
    return copy
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

  /// Merges `patch` into this state, as ``merge(_:)`` does, and hands `replaced` each field
  /// it changes (its index in the patch) with its value before (nil for a field it adds).
  /// Returns whether it added a field (the positions of later fields then moved).
  ///
  /// `positions` may say where the patch's first fields already are, as the reducer's check
  /// found them, and `changed` (bits by patch index) which of those change, as the check
  /// compared them: none of them is compared again. Once a field is added, the positions
  /// after it have moved and are not used.
  @discardableResult
  mutating func mergeChanges(
    _ patch: ContentState, positions: FieldPositions = FieldPositions(), changed: UInt8 = 0xFF,
    replaced: (_ patchIndex: Int, _ before: consuming ContentValue?) -> Void = { _, _ in }
  ) -> Bool {
    var added = false
    for patchIndex in patch.fields.indices {
      if !added, let position = positions[patchIndex] {
        // Positions are only known for the first eight fields.
        guard changed & (1 &<< UInt8(patchIndex)) != 0 else { continue }
        var value = patch.fields[patchIndex].value
        swap(&value, &fields[position].value)
        // The value before is handed on, not copied.
        replaced(patchIndex, consume value)
        continue
      }
      let field = patch.fields[patchIndex]
      let index = insertionIndex(of: field.name)
      if index < fields.count, fields[index].name == field.name {
        if fields[index].value != field.value {
          var value = field.value
          swap(&value, &fields[index].value)
          replaced(patchIndex, consume value)
        }
      } else {
        replaced(patchIndex, nil)
        fields.insert(field, at: index)
        added = true
      }
    }
    return added
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

  private func insertionIndex(of name: String) -> Int {
    var low = 0
    var high = fields.count
    while low < high {
      let middle = (low + high) / 2
      if fields[middle].name < name { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// Where up to eight fields of a patch are in a content state's fields, a byte each, with no
/// storage to allocate (`0xFF`: not known).
struct FieldPositions: Equatable, Sendable {
  private var bytes = UInt64.max

  /// The position of the patch's field number `index`, if known.
  subscript(index: Int) -> Int? {
    guard index < 8 else { return nil }
    let byte = Int(truncatingIfNeeded: bytes &>> UInt64(8 * index)) & 0xFF
    return byte == 0xFF ? nil : byte
  }

  /// Records that the patch's field number `index` (below 8) is at `position`, if that
  /// fits in a byte.
  mutating func set(_ index: Int, _ position: Int) {
    guard index < 8, position < 0xFF else { return }
    bytes &= ~(0xFF &<< UInt64(8 * index))
    bytes |= UInt64(position) &<< UInt64(8 * index)
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
