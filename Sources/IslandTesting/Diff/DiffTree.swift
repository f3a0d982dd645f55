/// A value laid out for comparison: a leaf holding its text, or a node of named children.
///
/// Both the step-by-step store (an ``IslandSnapshot``) and the journal assertion (a JSON
/// state) lay their values out as trees, so that one diff names the differing fields the
/// same way in both: `activities["pizza"].content.minutesLeft`.
indirect enum DiffTree: Equatable, Sendable {
  /// A value shown as one line of text.
  case leaf(String)
  /// Named children, in the order the value lists them.
  case node([Child])

  /// A named child of a node.
  struct Child: Equatable, Sendable {
    var key: PathKey
    var tree: DiffTree
  }

  /// A node of the named fields given, in order.
  static func record(_ children: KeyValuePairs<PathKey, DiffTree>) -> DiffTree {
    .node(children.map { Child(key: $0.key, tree: $0.value) })
  }

  /// The whole tree on one line: a leaf's text, or `{key: value, ...}`, `[a, b]`.
  var summary: String {
    switch self {
    case .leaf(let text): return text
    case .node(let children):
      if children.isEmpty { return "[]" }
      let isList = children.allSatisfy {
        if case .index = $0.key { return true }
        return false
      }
      if isList { return "[" + children.map(\.tree.summary).joined(separator: ", ") + "]" }
      let members = children.map { $0.key.label + ": " + $0.tree.summary }
      return "{" + members.joined(separator: ", ") + "}"
    }
  }
}

/// One step of a path into a ``DiffTree``.
enum PathKey: Equatable, Hashable, Sendable {
  /// A named field: `.mode`.
  case field(String)
  /// An element of a list by position: `[0]`.
  case index(Int)
  /// An element of a list by its id: `["pizza"]`.
  case id(String)

  /// The key as a path writes it after its parent.
  var pathComponent: String {
    switch self {
    case .field(let name): return "." + name
    case .index(let index): return "[" + String(index) + "]"
    case .id(let id): return "[\"" + id + "\"]"
    }
  }

  /// The key as a one-line summary writes it.
  var label: String {
    switch self {
    case .field(let name): return name
    case .index(let index): return String(index)
    case .id(let id): return "\"" + id + "\""
    }
  }
}

/// One field that differs between an expected and an actual tree.
struct FieldDifference: Equatable, Sendable {
  /// The path of the field: `activities["pizza"].phase`.
  var path: String
  /// The expected value on one line; nil when the expected tree lacks the field.
  var expected: String?
  /// The actual value on one line; nil when the actual tree lacks the field.
  var actual: String?

  /// The difference as a failure message shows it: the path, then the expected and the
  /// actual value, each on its own line.
  var lines: [String] {
    [
      path,
      "  − expected: " + (expected ?? "(absent)"),
      "  + actual:   " + (actual ?? "(absent)"),
    ]
  }
}

extension DiffTree {
  /// Every field that differs between `expected` and `actual`, in the order the trees list
  /// them (fields only the actual tree has come after the others of their level). A field
  /// one side lacks is reported once, whole, not field by field.
  static func differences(expected: DiffTree, actual: DiffTree) -> [FieldDifference] {
    var found: [FieldDifference] = []
    compare(expected, actual, path: "", into: &found)
    return found
  }

  private static func compare(
    _ expected: DiffTree, _ actual: DiffTree, path: String, into found: inout [FieldDifference]
  ) {
    guard case .node(let expectedChildren) = expected, case .node(let actualChildren) = actual
    else {
      if expected != actual {
        found.append(
          FieldDifference(path: display(path), expected: expected.summary, actual: actual.summary))
      }
      return
    }
    for child in expectedChildren {
      let childPath = path + child.key.pathComponent
      if let other = actualChildren.first(where: { $0.key == child.key }) {
        compare(child.tree, other.tree, path: childPath, into: &found)
      } else {
        found.append(
          FieldDifference(path: display(childPath), expected: child.tree.summary, actual: nil))
      }
    }
    for child in actualChildren where !expectedChildren.contains(where: { $0.key == child.key }) {
      found.append(
        FieldDifference(
          path: display(path + child.key.pathComponent), expected: nil,
          actual: child.tree.summary))
    }
  }

  /// A path without the leading dot of its first field; the root is `state`.
  private static func display(_ path: String) -> String {
    if path.isEmpty { return "state" }
    return path.hasPrefix(".") ? String(path.dropFirst()) : path
  }
}
