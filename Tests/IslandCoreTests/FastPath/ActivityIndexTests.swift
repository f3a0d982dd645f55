import IslandCore
import Testing

/// The id index finds an activity at its start's rank less the activities forgotten, and
/// searches the list when an activity forgotten started after it.
@Suite struct ActivityIndexTests {
  /// Ended activities kept on the Lock Screen, then `late`, then `after`, dismissed at once
  /// and the first forgotten: `late` is no longer at its rank less the one forgotten.
  @Test func anActivityIsFoundWhenOneStartedAfterItIsForgotten() {
    var island = Island()
    let kept = 40
    for index in 1...kept {
      island.at(Milliseconds(index), start("old\(index)", app: "com.old\(index)"))
      island.at(Milliseconds(index), end("old\(index)"))
    }
    island.at(100, start("late", app: "com.late"))
    island.at(100, start("after", app: "com.after"))
    island.at(100, end("after", dismissal: .immediate))
    for index in 1...IslandState.retainedDismissedActivities {
      island.at(200, start("short\(index)", app: "com.short"))
      island.at(200, end("short\(index)", dismissal: .immediate))
    }
    #expect(island.state.isForgotten("after"))
    #expect(island.state.activities[kept].id == "late")
    island.at(300, update("late", state: ["minutesLeft": 5]))
    #expect(island.state.activity("late")?.content["minutesLeft"] == 5)
    for index in 1...kept {
      #expect(island.state.activity("old\(index)")?.id == "old\(index)")
    }
    #expect(island.state.activity("after") == nil)
    let last = "short\(IslandState.retainedDismissedActivities)"
    #expect(island.state.activity(last)?.id == last)
  }
}
