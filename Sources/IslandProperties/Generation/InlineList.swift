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
    index(weightedBy: FixedWeights(weights))
  }

  /// An index chosen with probability proportional to its weight in `weights`: the same
  /// draw as ``index(weightedBy:)`` on the same weights. Inlined: it is drawn at every step,
  /// over a few weights.
  @inline(__always)
  mutating func index<let count: Int>(weightedBy weights: FixedWeights<count>) -> Int {
    guard weights.total > 0 else { return 0 }
    var draw = next(below: weights.total)
    for index in weights.weights.indices where weights.weights[index] > 0 {
      if draw < weights.weights[index] { return index }
      draw -= weights.weights[index]
    }
    return count - 1
  }
}

/// Weights held inline with their total (weights not positive count for nothing): the
/// weights of a choice made at every step, summed once rather than at each draw.
struct FixedWeights<let count: Int> {
  /// The weights, by index.
  let weights: InlineArray<count, Int>
  /// The sum of the positive weights.
  let total: Int

  /// `weights` and their total (inlined, as the weights of a step are made at every step).
  @inline(__always)
  init(_ weights: InlineArray<count, Int>) {
    self.weights = weights
    var total = 0
    for index in weights.indices { total += max(0, weights[index]) }
    self.total = total
  }
}
