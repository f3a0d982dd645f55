import Testing

@testable import IslandCore

/// The attributes' count a start keeps (``PayloadSize/checkedAttributeBytes``) is the rule's
/// for every attribute that passes its checks.
@Suite("Payload size of checked attributes")
struct CheckedAttributeBytesTests {
  @Test(
    arguments: [
      ("a", "com.a", nil, RegionLinks()),
      ("order-42:x_y.z", "com.example.food-app", "food://order/42?x=%20&y=1#top", RegionLinks()),
      (
        "A", "z9", nil,
        RegionLinks(leading: "a:b", trailing: "x+y.z:/p", center: nil, bottom: "m:é")
      ),
    ] as [(String, String, String?, RegionLinks)])
  func checkedAttributesCountAsTheRule(
    id: String, app: String, url: String?, links: RegionLinks
  ) throws {
    try Validation.checkActivityID(id)
    try Validation.checkApp(app)
    if let url { try Validation.checkURL(url, field: "widget URL") }
    try Validation.checkLinks(links)
    #expect(
      PayloadSize.checkedAttributeBytes(id: id, app: app, url: url, links: links)
        == PayloadSize.attributeBytes(id: id, app: app, url: url, links: links))
  }
}
