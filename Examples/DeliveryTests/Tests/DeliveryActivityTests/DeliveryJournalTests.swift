import IslandTesting
import Testing

/// The app's recorded flows: each journal in `Journals/` replays, state by state, exactly as
/// its `.expected.jsonl` timeline says. A change of layout, relevance or engine policy that
/// moves anything fails here, naming the seq, the activity and the field.
///
/// `ISLAND_RECORD=1 swift test` records the timelines again after an intended change.
@Suite("Delivery journals")
struct DeliveryJournalTests {
  @Test("the order flow replays as recorded")
  func orderFlow() {
    assertJournal("Journals/order-flow.jsonl")
  }

  @Test("every recorded flow replays as recorded")
  func everyFlow() {
    assertJournals(in: "Journals")
  }
}
