/// The checks on an event's own fields (Part 2, "Limits and errors": "a malformed URL", "an
/// unknown event or field value"): ids, bundle ids, URLs, field names, relevance, times.
/// Each throws the reason the event breaks; none changes anything.
enum Validation {
  typealias Reason = Rejection.Reason

  /// Part 2, "Limits and errors": "an update or end that changes a field the layout reads as
  /// a static attribute". `name` is a field an update or end changes or adds.
  static func checkNotStaticAttribute(
    _ name: String, of activity: String, in attributes: Set<String>
  ) throws(Reason) {
    if !attributes.isEmpty, attributes.contains(name) {
      throw .attributeChanged(activity: activity, field: name)
    }
  }

  /// 1 to 64 of `A-Z a-z 0-9 . _ - :`.
  static func checkActivityID(_ id: String) throws(Reason) {
    let valid = id.withUTF8Bytes { utf8 in
      !utf8.isEmpty && utf8.count <= 64 && activityIDBytes.containsAll(utf8)
    }
    guard valid else { throw .invalidActivityID(id) }
  }

  /// The bytes of an activity id: `0-9 :`, `A-Z`, `a-z`, `- .` and `_`, as ranges of bytes.
  static let activityIDBytes = ByteRanges(
    0x30...0x3A, 0x41...0x5A, 0x61...0x7A, 0x2D...0x2E, 0x5F...0x5F)

  /// 1 to 155 of `A-Z a-z 0-9 . -` (a bundle id), starting with a letter.
  static func checkApp(_ app: String) throws(Reason) {
    let valid = app.withUTF8Bytes { utf8 in
      guard let first = utf8.first, isLetter(first), utf8.count <= 155 else { return false }
      return bundleIDBytes.containsAll(utf8)
    }
    guard valid else { throw .invalidApp(app) }
  }

  /// The bytes of a bundle id: `0-9`, `A-Z`, `a-z` and `- .`, as ranges of bytes.
  static let bundleIDBytes = ByteRanges(0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D...0x2E)

  /// A scheme (a letter, then letters, digits, `+`, `-`, `.`), a colon, then at least one
  /// character, with no spaces, controls, or characters URLs cannot hold (`<>"{}|\^` and the
  /// backquote). `field` names the URL in the error, spelled only when there is one.
  static func checkURL(_ url: String, field: @autoclosure () -> String) throws(Reason) {
    guard isWellFormedURL(url) else { throw .malformedURL(field: field(), url: url) }
  }

  /// Whether `url` is well formed, as ``checkURL(_:field:)`` describes.
  static func isWellFormedURL(_ url: String) -> Bool {
    url.withUTF8Bytes(isWellFormedURL)
  }

  private static func isWellFormedURL(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var sawColon = false
    var schemeLength = 0
    var restLength = 0
    for byte in utf8 {
      if byte <= 0x20 || byte == 0x7F { return false }
      switch byte {
      case 0x3C, 0x3E, 0x22, 0x7B, 0x7D, 0x7C, 0x5C, 0x5E, 0x60: return false
      default: break
      }
      if sawColon {
        restLength += 1
      } else if byte == 0x3A {
        guard schemeLength > 0 else { return false }
        sawColon = true
      } else {
        let allowed =
          schemeLength == 0
          ? isLetter(byte) : isAlphanumeric(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
        guard allowed else { return false }
        schemeLength += 1
      }
    }
    return sawColon && restLength > 0
  }

  static func checkFieldName(_ name: String) throws(Reason) {
    guard Template.isFieldName(name) else { throw .invalidFieldName(name) }
  }

  static func checkRelevance(_ relevance: Double) throws(Reason) {
    guard relevance.isFinite else { throw .invalidRelevance(relevance) }
  }

  static func checkTime(_ value: Milliseconds?, field: String) throws(Reason) {
    if let value, value < 0 { throw .negativeTime(field: field, value: value) }
  }

  static func checkLinks(_ links: RegionLinks) throws(Reason) {
    guard !links.isEmpty else { return }
    for region in Region.allCases {
      if let link = links[region] { try checkURL(link, field: "\(region.rawValue) link") }
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    isLetter(byte) || (0x30...0x39).contains(byte)
  }

  /// A start's own values, after its id: the app's bundle id, the relevance, the stale
  /// time, the widget URL, the region links and the state's field names, in that order (the
  /// first that fails is the error).
  static func checkStartValues(_ start: Start) throws(Reason) {
    try checkStartValuesBeforeFieldNames(start)
    try checkFieldNames(of: start.state)
  }

  /// ``checkStartValues(_:)`` but the field names.
  static func checkStartValuesBeforeFieldNames(_ start: Start) throws(Reason) {
    try checkApp(start.app)
    try checkRelevance(start.relevance)
    try checkTime(start.stale, field: "stale time")
    if let url = start.url { try checkURL(url, field: "widget URL") }
    try checkLinks(start.links)
  }

  /// The names of the fields of `state`, in order, but those at the positions `known` marks
  /// (bit `i` for position `i`): their names are known to be field names.
  static func checkFieldNames(of state: ContentState, except known: UInt64 = 0) throws(Reason) {
    // The names read in place: a copy of each field would copy its value too.
    for index in state.fields.indices where index >= 64 || known & (1 &<< UInt64(index)) == 0 {
      try checkFieldName(state.fields[index].name)
    }
  }
}
