import IslandCore

/// Shuffles a sequence of events the way concurrent sources could have delivered it: each
/// activity's own events (its start, updates and end) keep their order, everything else
/// (taps, long presses, ticks) may move anywhere, and the times, taken in their original
/// order, are dealt out again so that they never decrease.
///
/// Every interleaving is equally likely: at each position the next event comes from a lane
/// (one per activity, one per free event) chosen with probability proportional to what it
/// has left.
public enum Interleaving {
  /// A shuffle of `steps` drawn from `random`; every step's intent becomes unconstrained.
  public static func shuffle(_ steps: [Step], using random: inout Xoshiro256StarStar) -> [Step] {
    var lanes: [[Step]] = []
    var laneOfActivity: [String: Int] = [:]
    for step in steps {
      if let id = step.event.activityID {
        if let lane = laneOfActivity[id] {
          lanes[lane].append(step)
        } else {
          laneOfActivity[id] = lanes.count
          lanes.append([step])
        }
      } else {
        lanes.append([step])
      }
    }
    var next = Array(repeating: 0, count: lanes.count)
    var remaining = lanes.map(\.count)
    let times = steps.map(\.t).sorted()
    var shuffled: [Step] = []
    shuffled.reserveCapacity(steps.count)
    while shuffled.count < steps.count {
      let lane = random.index(weightedBy: remaining)
      var step = lanes[lane][next[lane]]
      next[lane] += 1
      remaining[lane] -= 1
      step.t = times[shuffled.count]
      step.intent = .unconstrained
      shuffled.append(step)
    }
    return shuffled
  }
}
