/// The plans of the default layouts made so far, by the content's field names: the default
/// layout depends on nothing else, and an activity started without a layout would otherwise
/// compile its plan anew, and keep a copy of its own.
///
/// A memo of a pure function, owned by the state it serves (no state is shared between
/// folds): which plans it holds changes no result. It keeps at most
/// ``DefaultPlans/capacity`` plans, then starts again.
struct DefaultPlans: Sendable {
  private var plans: [[String]: LayoutPlan] = [:]

  /// How many plans it keeps at most.
  static let capacity = 256

  /// The plan of the default layout for `content`.
  mutating func plan(for content: ContentState) -> LayoutPlan {
    let names = content.names
    if let plan = plans[names] { return plan }
    let plan = LayoutPlan(.default(for: content))
    if plans.count >= DefaultPlans.capacity { plans.removeAll() }
    plans[names] = plan
    return plan
  }
}
