import IslandCore

/// A property found false on a case.
public struct PropertyFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The property.
  public var property: Property
  /// What broke, as a short stable name: the invariant (`noHiddenOutranksShown`), or the
  /// kind of disagreement (`acceptedAgainstRules`, `statesDiffer`, ...). The shrinker keeps
  /// a smaller case only if it fails with the same name, so that it does not slip to
  /// another bug.
  public var kind: String
  /// What was found, in words.
  public var message: String
  /// The index of the step where it was found, when one step is to blame.
  public var stepIndex: Int?

  /// A failure of `property`.
  public init(property: Property, kind: String, message: String, stepIndex: Int? = nil) {
    self.property = property
    self.kind = kind
    self.message = message
    self.stepIndex = stepIndex
  }

  /// `invariants (noHiddenOutranksShown) at step 4: ...`.
  public var description: String {
    "\(property.rawValue) (\(kind))" + (stepIndex.map { " at step \($0 + 1)" } ?? "") + ": "
      + message
  }
}
