import IslandCore

extension JSONValue {
  /// The value laid out for a diff: objects by key; arrays of objects that carry an `"id"`
  /// string by that id (`activities["pizza"]`), other arrays of objects by position
  /// (`zones[0]`); arrays of plain values, and plain values, as one line of JSON.
  var diffTree: DiffTree {
    switch self {
    case .object(let members):
      return .node(members.map { DiffTree.Child(key: .field($0.0), tree: $0.1.diffTree) })
    case .array(let elements):
      guard elements.contains(where: \.isContainer) else { return .leaf(compactText) }
      let ids = elements.map { $0["id"]?.stringValue }
      let byID = ids.allSatisfy { $0 != nil } && Set(ids).count == ids.count
      return .node(
        elements.enumerated().map { index, element in
          let key: PathKey = byID ? .id(ids[index] ?? "") : .index(index)
          return DiffTree.Child(key: key, tree: element.diffTree)
        })
    case .null, .bool, .number, .integer, .string:
      return .leaf(compactText)
    }
  }

  private var isContainer: Bool {
    switch self {
    case .object, .array: return true
    case .null, .bool, .number, .integer, .string: return false
    }
  }
}
