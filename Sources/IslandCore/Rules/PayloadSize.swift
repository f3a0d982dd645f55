/// The payload limit (Part 2, "Limits and errors": "state plus attributes over 4096
/// bytes"): the payload is the content state as compact JSON, plus the activity id, the app,
/// the widget URL and the region links as JSON strings; over ``Policy/payloadLimit`` bytes,
/// a start or update is rejected.
package enum PayloadSize {
  /// The bytes of the attributes: the id, the app, the widget URL and the links as JSON
  /// strings.
  package static func attributeBytes(id: String, app: String, url: String?, links: RegionLinks)
    -> Int
  {
    var bytes = jsonLength(of: id) + jsonLength(of: app)
    if let url { bytes += jsonLength(of: url) }
    for region in Region.allCases {
      if let link = links[region] { bytes += jsonLength(of: link) }
    }
    return bytes
  }

  /// ``attributeBytes(id:app:url:links:)`` for attributes that passed their checks
  /// (``Validation``): an activity id, a bundle id and a well-formed URL hold no character
  /// JSON escapes, so each takes its bytes and two quotes, and none is read twice.
  static func checkedAttributeBytes(id: String, app: String, url: String?, links: RegionLinks)
    -> Int
  {
    var bytes = id.utf8.count + 2 + app.utf8.count + 2
    if let url { bytes += url.utf8.count + 2 }
    guard !links.isEmpty else { return bytes }
    for region in Region.allCases {
      if let link = links[region] { bytes += link.utf8.count + 2 }
    }
    return bytes
  }

  /// The length of `content` as a compact JSON object.
  static func jsonLength(of content: ContentState) -> Int {
    var bytes = 2 + max(0, content.fields.count - 1)
    for field in content.fields { bytes += jsonLength(of: field) }
    return bytes
  }

  /// The length of one field in a compact JSON object: `"name":value`.
  static func jsonLength(of field: ContentState.Field) -> Int {
    jsonLength(of: field.name) + 1 + jsonLength(of: field.value)
  }

  /// The length of one value as JSON.
  package static func jsonLength(of value: ContentValue) -> Int {
    switch value {
    case .string(let text): return jsonLength(of: text)
    case .number(let number):
      // As the JSON writer writes it (``NumberText``); JSON has no infinity or NaN: `null`.
      return number.isFinite ? NumberText(number).count : 4
    case .bool(let flag): return flag ? 4 : 5
    }
  }

  /// The length of `text` as a JSON string, quotes and escapes included.
  static func jsonLength(of text: String) -> Int {
    text.withUTF8Bytes(jsonLength(of:))
  }

  /// The length of a string of bytes `utf8` as a JSON string, quotes and escapes included:
  /// its bytes and two quotes, and for each byte JSON escapes (a quote, a backslash, a
  /// control character) one more, or five more where it has no short form (`\u00XX`).
  static func jsonLength(of utf8: UnsafeBufferPointer<UInt8>) -> Int {
    var bytes = 2 + utf8.count
    var index = JSONScanner.firstEscaped(in: utf8, from: 0)
    while index < utf8.count {
      bytes += JSONWriter.shortEscape(of: utf8[index]) == nil ? 5 : 1
      index = JSONScanner.firstEscaped(in: utf8, from: index + 1)
    }
    return bytes
  }

  /// Checks `bytes` against the payload limit `limit`.
  static func check(_ bytes: Int, of id: String, limit: Int) throws(Rejection.Reason) {
    guard bytes <= limit else {
      throw .payloadTooLarge(activity: id, bytes: bytes, limit: limit)
    }
  }
}
