/// The plans of the default layouts made so far, by the content's field names: the default
/// layout depends on nothing else, and an activity started without a layout would otherwise
/// compile its plan anew, and keep a copy of its own.
///
/// A memo of a pure function, owned by the state it serves (no state is shared between
/// folds): which plans it holds changes no result. It keeps at most
/// ``DefaultPlans/capacity`` plans, then starts again.
struct DefaultPlans: Sendable {
  private var plans: [[String]: LayoutPlan] = [:]
  /// The field names and plan of the last look-up: an app's starts carry the same fields one
  /// after another, and are matched here without making the list of names or hashing it.
  private var last: (names: [String], plan: LayoutPlan)?
  /// Those of the look-up before, of other names: the starts of two apps of the default
  /// layout, one after the other, are matched here in turn.
  private var earlier: (names: [String], plan: LayoutPlan)?

  /// How many plans it keeps at most.
  static let capacity = 256

  /// The plan of the default layout for `content`.
  mutating func plan(for content: ContentState) -> LayoutPlan {
    if let last, DefaultPlans.fields(of: content, areNamed: last.names) { return last.plan }
    if let earlier, DefaultPlans.fields(of: content, areNamed: earlier.names) {
      return earlier.plan
    }
    let names = content.names
    let plan: LayoutPlan
    if let known = plans[names] {
      plan = known
    } else {
      plan = LayoutPlan(.default(for: content))
      if plans.count >= DefaultPlans.capacity { plans.removeAll() }
      plans[names] = plan
    }
    earlier = last
    last = (names, plan)
    return plan
  }

  /// Whether the fields of `content` are named `names`, in order.
  private static func fields(of content: ContentState, areNamed names: [String]) -> Bool {
    guard content.fields.count == names.count else { return false }
    for index in names.indices where content.fields[index].name != names[index] {
      return false
    }
    return true
  }
}
