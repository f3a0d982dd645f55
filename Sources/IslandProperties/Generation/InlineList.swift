/// A list of at most eight elements held inline: the generator's small sets of choices (tap
/// targets, apps) without an array allocated for each step.
struct InlineList<Element> {
  private var elements = InlineArray<8, Element?>(repeating: nil)
  /// How many elements it holds.
  private(set) var count = 0

  /// An empty list.
  init() {}

  /// Whether it holds no element.
  var isEmpty: Bool { count == 0 }

  /// Appends `element`; the list must not be full.
  mutating func append(_ element: Element) {
    elements[count] = element
    count += 1
  }

  /// The element at `index`, below ``count``.
  subscript(index: Int) -> Element {
    guard index < count, let element = elements[index] else {
      preconditionFailure("index \(index) out of an inline list of \(count)")
    }
    return element
  }
}

extension Xoshiro256StarStar {
  /// One element of `list`, uniformly; nil when it is empty. The same draw as
  /// ``pick(_:)`` on an array of the same elements.
  mutating func pick<Element>(_ list: borrowing InlineList<Element>) -> Element? {
    list.isEmpty ? nil : list[next(below: list.count)]
  }

  /// An index chosen with probability proportional to its weight: ``index(weightedBy:)``
  /// with the weights held inline.
  mutating func index<let count: Int>(weightedBy weights: InlineArray<count, Int>) -> Int {
    var total = 0
    for index in weights.indices { total += max(0, weights[index]) }
    guard total > 0 else { return 0 }
    var draw = next(below: total)
    for index in weights.indices where weights[index] > 0 {
      if draw < weights[index] { return index }
      draw -= weights[index]
    }
    return count - 1
  }
}
