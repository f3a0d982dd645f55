import Foundation
import IslandCore
import IslandJournal
import IslandPush
import Testing

/// A fresh directory under the system's temporary one, removed when the value goes away.
final class TemporaryDirectory {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "island-push-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `text` to `name` in the directory and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) -> String {
    let file = path + "/" + name
    #expect(FileManager.default.createFile(atPath: file, contents: Data(text.utf8)))
    return file
  }
}

/// Lines of push logs for tests.
enum Lines {
  static let header = #"{"format":"island-pushes","version":1,"epoch":1700000000}"#
  static let topic = #""apns-topic":"com.example.food.push-type.liveactivity""#

  /// A push line with `aps` as its payload's `aps` (JSON text).
  static func push(
    at: Int = 0, priority: Int = 10, token: String = "pizza", extra: String = "", aps: String
  ) -> String {
    #"{"at":\#(at),"apns-priority":\#(priority),\#(topic),"token":"\#(token)""# + extra
      + #","payload":{"aps":\#(aps)}}"#
  }

  static func start(at: Int = 0, timestamp: Int = 1_700_000_000, layout: String? = nil) -> String {
    let layoutKey = layout.map { #","layout":"\#($0)""# } ?? ""
    return push(
      at: at, token: "food-start", extra: #","activity-token":"pizza""# + layoutKey,
      aps: #"{"timestamp":\#(timestamp),"event":"start","content-state":{"minutesLeft":20},"#
        + #""attributes-type":"FoodAttributes","attributes":{}}"#)
  }

  static func update(at: Int, timestamp: Int, minutes: Int, priority: Int = 5) -> String {
    push(
      at: at, priority: priority,
      aps:
        #"{"timestamp":\#(timestamp),"event":"update","content-state":{"minutesLeft":\#(minutes)}}"#
    )
  }

  static func log(_ lines: [String]) -> String {
    lines.map { $0 + "\n" }.joined()
  }
}
