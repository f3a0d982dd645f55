/// The running sums of an activity's zones where their last exact measures left them: at
/// each checkpoint of a zone's program (each measured field, countdown and piece's end,
/// ``ZoneWidth/checkpoints(of:)``), the sum of the piece's widths in ems so far. An update
/// that changes some of a zone's fields then sums again only the text from the changed
/// fields on, and of that only what it must (``ZoneWidth/sum(from:before:after:)``): the rest
/// is the same chain of additions as before, whose sums are kept here.
///
/// Derived, like the other measures (``ContentMeasures``): a zone's sums are current while
/// its fields are as they were at its last measure, or changed by the change the measure is
/// about to read; the budget check (``IslandState/checkChangedZoneBudgets(seq:t:)``), the one
/// place that measures a live activity's changed zones, forgets those it does not measure.
struct ZoneSums: Sendable {
  /// Every zone's sums, one zone after another (``LayoutPlan``'s checkpoint numbering); empty
  /// until a zone of the activity is first measured.
  private var sums: [Double] = []
  /// The zones whose sums are current.
  private(set) var current: ZoneSet = []

  /// No sums: the activity's zones are measured in full the first time.
  init() {}

  /// Forgets the sums of `zones`: their fields changed and they were not measured.
  mutating func forget(_ zones: ZoneSet) { current.subtract(zones) }

  /// Hands `body` the sums of the checkpoints `range` of `zone` (of `count` checkpoints in
  /// all, by the plan's numbering) to read and write, and whether they are current; `zone`'s
  /// are current after it: the measure `body` makes keeps its sums there.
  mutating func keep<Result>(
    _ zone: Zone, at range: Range<Int>, count: Int,
    _ body: (UnsafeMutableBufferPointer<Double>, _ current: Bool) -> Result
  ) -> Result {
    if sums.count != count {
      sums = Array(repeating: 0, count: count)
      current = []
    }
    let wasCurrent = current.contains(zone)
    current.insert(ZoneSet(zone))
    return sums.withUnsafeMutableBufferPointer { sums in
      body(UnsafeMutableBufferPointer(rebasing: sums[range]), wasCurrent)
    }
  }
}
