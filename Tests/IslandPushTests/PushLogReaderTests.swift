import IslandCore
import IslandJournal
import IslandPush
import Testing

/// Every malformed push is an error at FILE:LINE that names the key, and nothing after it is
/// applied.
@Suite struct PushLogReaderTests {
  static let good = Lines.update(at: 1_000, timestamp: 1_700_000_001, minutes: 19)
  static let after = Lines.update(at: 2_000, timestamp: 1_700_000_002, minutes: 18)

  /// Replays a log whose line 3 is `bad` (a start on line 2, a good update after the bad
  /// line): the error's text, with the file as `LOG`, and the events applied before it.
  func fail(_ bad: String) -> (message: String, applied: [LogEntry]) {
    let directory = TemporaryDirectory()
    let path = directory.write(
      "log.jsonl", Lines.log([Lines.header, Lines.start(), bad, Self.after]))
    var applied: [LogEntry] = []
    do {
      _ = try PushLog.replay(path: path) { entry, _, _ in applied.append(entry) }
      return ("accepted", applied)
    } catch {
      return (error.description.replacingOccurrences(of: path, with: "LOG"), applied)
    }
  }

  static let update = #"{"timestamp":1700000001,"event":"update","content-state":{"a":1}"#

  @Test(arguments: [
    // Wrong types.
    (
      "at a string",
      #"{"at":"1","apns-priority":5,\#(Lines.topic),"token":"pizza","payload":{"aps":{}}}"#,
      #"LOG:3: field "at" must be an integer, not a string"#
    ),
    (
      "priority not 5 or 10", Lines.push(at: 1, priority: 7, aps: update + "}"),
      #"LOG:3: field "apns-priority" must be 5 (opportunistic) or 10 (immediate), not 7"#
    ),
    (
      "timestamp a string",
      Lines.push(at: 1, aps: #"{"timestamp":"now","event":"update","content-state":{}}"#),
      #"LOG:3: field "aps.timestamp" must be an integer, not a string"#
    ),
    (
      "content-state an array",
      Lines.push(at: 1, aps: #"{"timestamp":1,"event":"update","content-state":[1]}"#),
      #"LOG:3: field "aps.content-state" must be an object, not an array"#
    ),
    (
      "a nested content-state value",
      Lines.push(at: 1, aps: #"{"timestamp":1,"event":"update","content-state":{"eta":{"m":1}}}"#),
      #"LOG:3: field "aps.content-state.eta" must be a string, number or boolean, not an object"#
    ),
    (
      "relevance-score a string", Lines.push(at: 1, aps: update + #","relevance-score":"high"}"#),
      #"LOG:3: field "aps.relevance-score" must be a number, not a string"#
    ),
    (
      "alert title a number", Lines.push(at: 1, aps: update + #","alert":{"title":5}}"#),
      #"LOG:3: field "aps.alert.title" must be a string or object, not a number"#
    ),
    (
      "a token that is not a string",
      #"{"at":1,"apns-priority":5,\#(Lines.topic),"token":7,"payload":{"aps":{}}}"#,
      #"LOG:3: field "token" must be a string, not a number"#
    ),
    // Unknown keys.
    (
      "an unknown aps key", Lines.push(at: 1, aps: update + #","content-available":1}"#),
      #"LOG:3: unknown field "aps.content-available" in an update event"#
    ),
    (
      "a start's key in an update", Lines.push(at: 1, aps: update + #","attributes":{}}"#),
      #"LOG:3: unknown field "aps.attributes" in an update event"#
    ),
    (
      "an unknown alert key",
      Lines.push(at: 1, aps: update + #","alert":{"title":"T","subtitle":"S"}}"#),
      #"LOG:3: unknown field "aps.alert.subtitle""#
    ),
    (
      "an unknown line key",
      #"{"at":1,"apns-priority":5,\#(Lines.topic),"token":"pizza","apns-expiration":0,"payload":{"aps":{}}}"#,
      #"LOG:3: unknown field "apns-expiration""#
    ),
    // Missing keys.
    (
      "a missing event", Lines.push(at: 1, aps: #"{"timestamp":1,"content-state":{}}"#),
      #"LOG:3: missing field "aps.event""#
    ),
    (
      "an unknown event", Lines.push(at: 1, aps: #"{"timestamp":1,"event":"pause"}"#),
      #"LOG:3: field "aps.event" must be "start", "update" or "end", not "pause""#
    ),
    (
      "a missing timestamp", Lines.push(at: 1, aps: #"{"event":"update","content-state":{}}"#),
      #"LOG:3: missing field "aps.timestamp" in an update event"#
    ),
    (
      "a missing aps",
      #"{"at":1,"apns-priority":5,\#(Lines.topic),"token":"pizza","payload":{"data":1}}"#,
      #"LOG:3: missing field "payload.aps""#
    ),
    (
      "a start without attributes-type",
      Lines.push(
        at: 1, extra: #","activity-token":"b""#,
        aps: #"{"timestamp":1,"event":"start","content-state":{},"attributes":{}}"#),
      #"LOG:3: missing field "aps.attributes-type" in a start event"#
    ),
    (
      "a start without activity-token",
      Lines.push(
        at: 1,
        aps:
          #"{"timestamp":1,"event":"start","content-state":{},"attributes-type":"A","attributes":{}}"#
      ),
      #"LOG:3: missing field "activity-token" in a start event"#
    ),
    // Bad dates.
    (
      "a negative stale-date", Lines.push(at: 1, aps: update + #","stale-date":-5}"#),
      #"LOG:3: field "aps.stale-date" must be UNIX seconds from 0 to 1e11, not -5"#
    ),
    (
      "a stale-date string", Lines.push(at: 1, aps: update + #","stale-date":"tomorrow"}"#),
      #"LOG:3: field "aps.stale-date" must be a number, not a string"#
    ),
    (
      "a dismissal-date of an update", Lines.push(at: 1, aps: update + #","dismissal-date":1}"#),
      #"LOG:3: unknown field "aps.dismissal-date" in an update event"#
    ),
    (
      "a dismissal-date too far",
      Lines.push(at: 1, aps: #"{"timestamp":1,"event":"end","dismissal-date":1e12}"#),
      #"LOG:3: field "aps.dismissal-date" must be UNIX seconds from 0 to 1e11, not 1000000000000"#
    ),
    // The topic.
    (
      "a topic without the suffix",
      #"{"at":1,"apns-priority":5,"apns-topic":"com.example.food","token":"pizza","payload":{"aps":{}}}"#,
      #"LOG:3: field "apns-topic" must be <bundle id>.push-type.liveactivity (a Live Activity "#
        + #"push's topic), not "com.example.food""#
    ),
    (
      "a topic that is only the suffix",
      #"{"at":1,"apns-priority":5,"apns-topic":".push-type.liveactivity","token":"p","payload":{"aps":{}}}"#,
      #"LOG:3: field "apns-topic" must be <bundle id>.push-type.liveactivity (a Live Activity "#
        + #"push's topic), not ".push-type.liveactivity""#
    ),
    // Syntax.
    ("not JSON", #"{"at":1,"#, "LOG:3: invalid JSON: unexpected end of JSON at byte 8"),
    ("an array", "[1]", "LOG:3: a line must be a JSON object, not an array"),
  ])
  func malformedPushes(name: String, line: String, message: String) {
    let result = fail(line)
    #expect(result.message == message, "\(name)")
    guard message != "accepted" else { return }
    // Only the start on line 2 was applied: nothing at or after the bad line.
    #expect(result.applied.map(\.event.name) == ["start"], "\(name)")
  }

  @Test func aPayloadOverFourKilobytesIsRefusedAsAPNsRefusesIt() {
    let filler = String(repeating: "x", count: 4_100)
    let result = fail(
      Lines.push(
        at: 1,
        aps: #"{"timestamp":1,"event":"update","content-state":{"note":"\#(filler)"}}"#))
    #expect(
      result.message
        == #"LOG:3: field "payload" must be at most 4096 bytes (APNs refuses a larger payload), "#
        + "not 4168 bytes")
    #expect(result.applied.count == 1)
    // 4096 bytes exactly passes; 4097 does not (the payload without the note is 68 bytes).
    func payload(_ bytes: Int) -> String {
      let note = String(repeating: "x", count: bytes - 68)
      return Lines.push(
        at: 1, aps: #"{"timestamp":1,"event":"update","content-state":{"note":"\#(note)"}}"#)
    }
    #expect(fail(payload(4_096)).message == "accepted")
    #expect(fail(payload(4_097)).message.hasSuffix("not 4097 bytes"))
  }

  @Test func arrivalTimesNeverDecrease() {
    let directory = TemporaryDirectory()
    let path = directory.write(
      "log.jsonl",
      Lines.log([
        Lines.header, Lines.start(at: 5_000),
        Lines.update(at: 4_000, timestamp: 1_700_000_001, minutes: 19),
      ]))
    #expect(throws: JournalError.self) { try PushLog.replay(path: path) }
    do {
      _ = try PushLog.replay(path: path)
    } catch {
      #expect(
        error.description
          == path + #":3: field "at" must be at least 5000, the previous push's (arrival times "#
          + "never decrease), not 4000")
    }
  }

  @Test func badContentDatesNameTheirField() {
    let directory = TemporaryDirectory()
    func message(_ header: String, _ endsAt: String) -> String {
      let path = directory.write(
        "dates.jsonl",
        Lines.log([
          header,
          Lines.push(
            token: "t", extra: #","activity-token":"tea","layout":"timer""#,
            aps: #"{"timestamp":1700000000,"event":"start","content-state":{"endsAt":\#(endsAt)},"#
              + #""attributes-type":"T","attributes":{}}"#),
        ]))
      do {
        _ = try PushLog.replay(path: path)
        return "accepted"
      } catch {
        return error.description.replacingOccurrences(of: path, with: "LOG")
      }
    }
    let iso = #"{"format":"island-pushes","version":1,"epoch":1700000000,"dates":"iso8601"}"#
    #expect(
      message(iso, #""June 5th""#)
        == #"LOG:2: field "aps.content-state.endsAt" must be an ISO 8601 date such as "#
        + #""2023-11-14T22:13:20Z", not "June 5th""#)
    #expect(
      message(iso, "720000000")
        == #"LOG:2: field "aps.content-state.endsAt" must be a string (a date: ISO 8601), "#
        + "not a number")
    #expect(
      message(Lines.header, #""soon""#)
        == #"LOG:2: field "aps.content-state.endsAt" must be a number (a date: seconds since "#
        + "2001-01-01, JSONDecoder's default), not a string")
    #expect(message(iso, #""2023-11-14T22:13:20Z""#) == "accepted")
    #expect(message(Lines.header, "721692800") == "accepted")
  }

  @Test func badHeadersAreNamed() {
    let directory = TemporaryDirectory()
    func message(_ header: String) -> String {
      let path = directory.write("h.jsonl", header + "\n")
      do {
        _ = try PushLog.replay(path: path)
        return "accepted"
      } catch {
        return error.description.replacingOccurrences(of: path, with: "LOG")
      }
    }
    #expect(
      message(#"{"format":"island-journal","version":2}"#)
        == #"LOG:1: missing header: the first line is a header of format "island-journal", not "#
        + #"{"format":"island-pushes","version":1,...}"#)
    #expect(
      message(#"{"format":"island-pushes","version":2}"#)
        == #"LOG:1: field "version" must be 1 (the newest push log version this island reads), "#
        + "not 2")
    #expect(
      message(#"{"format":"island-pushes","version":1,"policy":{"priorityBudget":0}}"#)
        == #"LOG:1: field "policy.priorityBudget" must be a whole number of pushes per hour "#
        + "from 1 to 1000000, not 0")
    #expect(
      message(#"{"format":"island-pushes","version":1,"dates":"epoch"}"#)
        == #"LOG:1: field "dates" must be "reference", "unix" or "iso8601", not "epoch""#)
    #expect(
      message(#"{"format":"island-pushes","version":1,"device":"iPhone 99"}"#).hasPrefix(
        #"LOG:1: unknown device "iPhone 99""#))
    #expect(
      message(#"{"format":"island-pushes","version":1,"colour":1}"#)
        == #"LOG:1: unknown field "colour" in the header"#)
    #expect(message(#"{"format":"island-pushes","version":1}"#) == "accepted")
  }

  @Test func keysOutsideApsAreTheAppsOwnAndIgnored() throws {
    let directory = TemporaryDirectory()
    let path = directory.write(
      "log.jsonl",
      Lines.log([
        Lines.header, Lines.start(),
        #"{"at":1,"apns-priority":5,\#(Lines.topic),"token":"pizza","payload":{"aps":"#
          + #"{"timestamp":1700000001,"event":"update","content-state":{"minutesLeft":3}},"#
          + #""orderID":42,"trace":{"id":"x"}}}"#,
      ]))
    let replay = try PushLog.replay(path: path)
    #expect(replay.state.activity("pizza")?.content["minutesLeft"] == .number(3))
  }

  @Test func theREPLsApplyChangesNothingOnAnError() throws {
    let directory = TemporaryDirectory()
    let path = directory.write(
      "log.jsonl",
      Lines.log([Lines.header, Lines.start(), Lines.push(at: 1, aps: #"{"event":"end"}"#)]))
    let state = IslandState()
    #expect(throws: JournalError.self) { try PushLog.apply(path: path, to: state, offset: 0) }
  }
}

@Suite struct ControlCharacterTests {
  @Test func aKeyWithControlCharactersIsShownEscaped() {
    let directory = TemporaryDirectory()
    let path = directory.write(
      "log.jsonl",
      Lines.log([
        Lines.header,
        Lines.push(aps: #"{"timestamp":1,"event":"update","content-state":{},"\u001b[2J":1}"#),
      ]))
    do {
      _ = try PushLog.replay(path: path)
      Issue.record("accepted")
    } catch {
      #expect(
        error.description == path + #":2: unknown field "aps.\u001b[2J" in an update event"#)
    }
  }
}
