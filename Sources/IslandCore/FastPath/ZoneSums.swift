/// The running sums of an activity's zones where their last exact measures left them: at
/// each checkpoint of a zone's program (each measured field, countdown and piece's end,
/// ``ZoneWidth/checkpoints(of:)``), the sum of the piece's widths in ems so far. An update
/// that changes some of a zone's fields then sums again only the text from the changed
/// fields on, and of that only what it must (``ZoneWidth/sum(from:before:after:)``): the rest
/// is the same chain of additions as before, whose sums are kept here.
///
/// Derived, like the other measures (``ContentMeasures``): a zone's sums are current while
/// its fields are as they were at its last measure, or changed by the change the measure is
/// about to read. The budget check's measure of an update's changed zones
/// (``LayoutPlan/measureChangedZones(of:zones:before:on:now:)``), the one place that measures
/// a live activity's changed zones, forgets those it does not measure; an end's last patch
/// changes an activity that is never measured again.
struct ZoneSums: Sendable {
  /// Every zone's sums, one zone after another (``LayoutPlan``'s checkpoint numbering), then
  /// the bits of the zones whose sums are current (``ZoneSet``, as a double's bit pattern):
  /// in one array, as every activity carries it. Nil until a zone of the activity is first
  /// measured exactly, which most activities never are after their start.
  private var sums: [Double]?

  /// No sums: the activity's zones are measured in full the first time.
  init() {}

  /// The zones whose sums are current.
  var current: ZoneSet { ZoneSums.current(sums?.last) }

  /// Forgets the sums of `zones`: their fields changed and they were not measured.
  /// Changes nothing when none of them is current: most zones are never measured exactly.
  mutating func forget(_ zones: ZoneSet) {
    guard let last = sums?.indices.last else { return }
    let current = ZoneSums.current(sums?[last])
    guard !current.isDisjoint(with: zones) else { return }
    sums?[last] = ZoneSums.element(current.subtracting(zones))
  }

  /// Hands `body` the sums of the checkpoints `range` of `zone` (of `count` checkpoints in
  /// all, by the plan's numbering) to read and write, and whether they are current; `zone`'s
  /// are current after it: the measure `body` makes keeps its sums there.
  mutating func keep<Result>(
    _ zone: Zone, at range: Range<Int>, count: Int,
    _ body: (UnsafeMutableBufferPointer<Double>, _ current: Bool) -> Result
  ) -> Result {
    // Taken out while the measure writes in them, so that they are changed in place.
    var kept = sums ?? []
    sums = nil
    if kept.count != count + 1 { kept = Array(repeating: 0, count: count + 1) }
    let current = ZoneSums.current(kept[count])
    kept[count] = ZoneSums.element(current.union(ZoneSet(zone)))
    defer { sums = kept }
    return kept.withUnsafeMutableBufferPointer { sums in
      body(UnsafeMutableBufferPointer(rebasing: sums[range]), current.contains(zone))
    }
  }

  /// The zones whose bits `element` holds.
  private static func current(_ element: Double?) -> ZoneSet {
    ZoneSet(rawValue: UInt8(truncatingIfNeeded: (element ?? 0).bitPattern))
  }

  /// The element that holds the bits of `zones`.
  private static func element(_ zones: ZoneSet) -> Double {
    Double(bitPattern: UInt64(zones.rawValue))
  }
}
