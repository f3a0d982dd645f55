/// The most recent part of a series that only grows (the state's effects and warnings): at
/// rest, its last ``capacity`` elements, each at its position in the whole series.
///
/// A state keeps this window, not the whole series, so that its size does not grow with the
/// journal: a zone that truncates on every update would otherwise keep a warning per event.
/// Positions count from the first element ever appended: `startIndex` is the number of
/// elements forgotten, `endIndex` the number ever appended. Elements appended since the last
/// ``forgetBeyondCapacity()`` are all kept, so that an event's own can be taken back.
public struct RecentWindow<Element: Equatable & Sendable>: RandomAccessCollection, Equatable,
  Sendable, ExpressibleByArrayLiteral
{
  /// How many elements the window keeps at rest.
  public static var capacity: Int { 256 }

  /// The kept elements are `storage[head...]`; the ones before `head` are forgotten and
  /// dropped from the storage once there are as many of them as the window keeps.
  private var storage: [Element] = []
  private var head = 0
  /// The number of elements forgotten.
  private var forgotten = 0

  /// An empty window.
  public init() {}

  /// A window holding `elements`, as if appended in order (all kept, up to ``capacity``).
  public init(arrayLiteral elements: Element...) {
    storage = elements
    forgetBeyondCapacity()
  }

  /// The position of the oldest element kept: the number forgotten.
  public var startIndex: Int { forgotten }
  /// The number of elements ever appended.
  public var endIndex: Int { forgotten + storage.count - head }

  /// The element at `position` of the whole series (one that is kept).
  public subscript(position: Int) -> Element {
    precondition(position >= startIndex && position < endIndex, "position not kept")
    return storage[head + position - forgotten]
  }

  /// Appends `element` to the series.
  mutating func append(_ element: Element) { storage.append(element) }

  /// Appends `elements` to the series, in order.
  mutating func append<Elements: Sequence<Element>>(contentsOf elements: Elements) {
    storage.append(contentsOf: elements)
  }

  /// Appends `elements` to the series, in order.
  static func += <Elements: Sequence<Element>>(window: inout Self, elements: Elements) {
    window.append(contentsOf: elements)
  }

  /// Takes back the last `count` elements appended (never more than were appended since
  /// the last ``forgetBeyondCapacity()``).
  mutating func removeLast(_ count: Int) {
    precondition(count <= storage.count - head, "taking back elements not kept")
    storage.removeLast(count)
  }

  /// Forgets the oldest elements beyond ``capacity``, in time proportional to the number
  /// appended since the last call (the storage is compacted once per ``capacity`` elements
  /// forgotten).
  @inline(__always)
  mutating func forgetBeyondCapacity() {
    let excess = storage.count - head - Self.capacity
    guard excess > 0 else { return }
    forget(excess)
  }

  /// Forgets the oldest `excess` elements kept (out of line: the fold calls
  /// ``forgetBeyondCapacity()`` twice an event, and nearly always there is nothing to forget).
  @inline(never)
  private mutating func forget(_ excess: Int) {
    head += excess
    forgotten += excess
    if head >= Self.capacity {
      storage.removeFirst(head)
      head = 0
    }
  }

  /// Whether two windows hold the same elements at the same positions.
  public static func == (left: RecentWindow, right: RecentWindow) -> Bool {
    left.startIndex == right.startIndex && left.elementsEqual(right)
  }
}
