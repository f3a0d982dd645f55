/// The zones an activity draws into.
public enum Zone: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Compact, left of the camera.
  case compactLeading
  /// Compact, right of the camera.
  case compactTrailing
  /// Minimal, attached or detached.
  case minimal
  /// Expanded, leading region.
  case leading
  /// Expanded, trailing region.
  case trailing
  /// Expanded, center region.
  case center
  /// Expanded, bottom region.
  case bottom

  /// The expanded region this zone is, if it is one.
  public var region: Region? {
    switch self {
    case .compactLeading, .compactTrailing, .minimal: return nil
    case .leading: return .leading
    case .trailing: return .trailing
    case .center: return .center
    case .bottom: return .bottom
    }
  }

  /// The zone's position in ``allCases``.
  public var ordinal: Int {
    switch self {
    case .compactLeading: return 0
    case .compactTrailing: return 1
    case .minimal: return 2
    case .leading: return 3
    case .trailing: return 4
    case .center: return 5
    case .bottom: return 6
    }
  }

  /// The zone at position `ordinal` in ``allCases`` (0 to 6).
  init(ordinal: Int) {
    switch ordinal {
    case 0: self = .compactLeading
    case 1: self = .compactTrailing
    case 2: self = .minimal
    case 3: self = .leading
    case 4: self = .trailing
    case 5: self = .center
    default: self = .bottom
    }
  }

  /// The zone of an expanded region.
  public init(_ region: Region) {
    switch region {
    case .leading: self = .leading
    case .trailing: self = .trailing
    case .center: self = .center
    case .bottom: self = .bottom
    }
  }
}

/// A set of zones.
struct ZoneSet: OptionSet, Hashable, Sendable {
  let rawValue: UInt8

  init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The set of `zone` alone.
  init(_ zone: Zone) { rawValue = 1 << UInt8(zone.ordinal) }

  /// Whether `zone` is in the set.
  func contains(_ zone: Zone) -> Bool { contains(ZoneSet(zone)) }

  /// The zones of the set, in zone order.
  var zones: Zones { Zones(bits: rawValue) }

  /// The first zone of the set, in zone order.
  var first: Zone? {
    var zones = zones.makeIterator()
    return zones.next()
  }

  /// The zones of a set, in zone order, read from its bits: no array is made.
  struct Zones: Sequence, IteratorProtocol {
    /// The bits of the zones not yet handed out.
    fileprivate var bits: UInt8

    mutating func next() -> Zone? {
      guard bits != 0 else { return nil }
      let zone = Zone(ordinal: bits.trailingZeroBitCount)
      bits &= bits &- 1
      return zone
    }
  }
}
