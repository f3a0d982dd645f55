import IslandCore

/// An app the generator plays: its bundle id, the layout its activities use, the state they
/// start with, their links, and how it changes their state.
///
/// The apps mirror the catalogue's layouts (delivery, ride, score, timer) plus two with the
/// default layout, so that generated states always fit their layouts, apart from the
/// deliberate defects.
///
/// A class: the generator reads the profiles on every step, and a copy of a reference is one
/// retain where a copy of the struct would be one per field.
final class AppProfile: Sendable {
  /// The bundle id.
  let app: String
  /// The prefix of its activity ids (`food-1`, `food-2`, ...).
  let shortName: String
  /// The catalogue layout, or nil for the default one.
  let layout: String?
  /// The widget URL, or nil for the app's default.
  let url: String?
  /// Region links.
  let links: RegionLinks
  /// The fields its states hold, with how to draw a value for each.
  let fields: [FieldProfile]

  /// The first activity ids, made once: `food-1` is at index 1.
  private let firstIDs: [String]

  /// An app; `fields` have distinct names.
  init(
    app: String, shortName: String, layout: String?, url: String?, links: RegionLinks,
    fields: [FieldProfile]
  ) {
    precondition(Set(fields.map(\.name)).count == fields.count)
    self.app = app
    self.shortName = shortName
    self.layout = layout
    self.url = url
    self.links = links
    self.fields = fields
    firstIDs = (0..<64).map { "\(shortName)-\($0)" }
  }

  /// The id of the app's activity number `number` (from 1): `food-1`.
  func activityID(_ number: Int) -> String {
    number < firstIDs.count ? firstIDs[number] : "\(shortName)-\(number)"
  }

  /// The engine's caches with the plans of the apps' default layouts made: every case starts
  /// from them, rather than making those plans again in each case's fold.
  static let caches: IslandState.Caches = {
    var caches = IslandState.Caches()
    for profile in all where profile.layout == nil {
      var state = ContentState()
      for field in profile.fields { state[field.name] = .number(0) }
      caches.prepareDefaultPlan(for: state)
    }
    return caches
  }()

  /// A state holding every field, each drawn in the order of ``fields``.
  func startState(_ random: inout Xoshiro256StarStar, now: Milliseconds) -> ContentState {
    var state = ContentState()
    state.reserveCapacity(fields.count)
    for field in fields { state.add(field.name, field.value(&random, now)) }
    return state
  }

  /// A patch of one to three fields (sometimes a field the start did not have).
  func patch(_ random: inout Xoshiro256StarStar, now: Milliseconds) -> ContentState {
    var patch = ContentState()
    let count = random.next(in: 1...min(3, fields.count))
    patch.reserveCapacity(count + 1)
    for _ in 0..<count {
      let index = random.next(below: fields.count)
      patch[fields[index].name] = fields[index].value(&random, now)
    }
    if layout == nil, random.chance(0.1) {
      patch["note"] = .string(random.pick(AppProfile.words) ?? "note")
    }
    return patch
  }

  /// The index in ``all`` of the app with bundle id `app`; nil for an app the generator
  /// does not play (one of a prefix).
  static func index(of app: String) -> Int? {
    // The length and last byte of a bundle id tell the apps apart, so that one comparison of
    // strings is made, not one per app.
    let key = AppProfile.key(app)
    for index in all.indices where keys[index] == key {
      if all[index].app == app { return index }
    }
    return nil
  }

  /// Each app's bundle id's key, by index in ``all``.
  private static let keys = all.map { key($0.app) }

  private static func key(_ app: String) -> Int {
    app.utf8.count << 8 | Int(app.utf8.last ?? 0)
  }

  /// The fields shown as progress bars or countdowns, or as symbol names: a wrong value
  /// there is an error.
  var typedFields: [String] {
    guard let layout = layout.flatMap(Layout.named) else { return [] }
    return Zone.allCases.flatMap { zone -> [String] in
      guard let view = layout[zone]?.view else { return [] }
      return view.numericFields + view.symbolFields
    }
  }

  static let words = ["soon", "late", "on time", "Ready", "Go", "ok", "Доставка", "配送中"]

  /// Every app the generator plays (at most eight: the generator keeps a count for each
  /// inline).
  static let all: [AppProfile] = [
    AppProfile(
      app: "com.example.food", shortName: "food", layout: "delivery", url: "food://order/42",
      links: RegionLinks(leading: "food://map", bottom: "food://order/42/details"),
      fields: [
        .number("minutesLeft", 0...60),
        .fraction("deliveryProgress"),
        .text("statusText", ["Cooking", "On its way", "Arriving", "Delivered", "Готовится"]),
        .text("orderStatusIcon", ["flame.fill", "bicycle", "house.fill", "checkmark.circle"]),
        .text(
          "restaurantName", ["Pizza Roma", "Sushi Bar"],
          long: "Trattoria da Giovanni e Figli, Ristorante e Pizzeria"),
      ]),
    AppProfile(
      app: "com.example.ride", shortName: "ride", layout: "ride", url: "ride://trip/7",
      links: RegionLinks(),
      fields: [
        .number("minutesAway", 0...30), .fraction("progress"),
        .text("driver", ["Ana", "Bo", "Chidi"], long: "Dmitri Alexandrovich Karamazov"),
        .text("car", ["Blue Prius", "Red Golf"], long: "Grey Tesla Model 3 Long Range AWD"),
      ]),
    AppProfile(
      app: "com.example.sports", shortName: "match", layout: "score", url: nil,
      links: RegionLinks(center: "sports://match/1"),
      fields: [
        .number("home", 0...9), .number("away", 0...9),
        .text("homeTeam", ["ARS", "CHE", "MUN"]), .text("awayTeam", ["LIV", "TOT", "NEW"]),
        .text("clock", ["1'", "12'", "45+2'", "HT", "90'"]),
      ]),
    AppProfile(
      app: "com.example.timer", shortName: "timer", layout: "timer", url: nil,
      links: RegionLinks(),
      fields: [.deadline("endsAt"), .text("title", ["Tea", "Pasta", "Focus"])]),
    AppProfile(
      app: "org.example.music", shortName: "song", layout: nil, url: "music://now-playing",
      links: RegionLinks(),
      fields: [
        .text("artist", ["Nina", "Yo"], long: "The Long Named Orchestra of Somewhere Far"),
        .text("song", ["Intro", "Blue", "Track 12"]),
      ]),
    AppProfile(
      app: "org.example.news", shortName: "news", layout: nil, url: nil, links: RegionLinks(),
      fields: [
        .text("headline", ["Rain", "Markets up"], long: "A very long headline about a story")
      ]),
  ]
}

/// One state field an app uses, and the values it takes.
struct FieldProfile: Sendable {
  /// The field's name.
  let name: String
  /// How its values are drawn.
  let kind: Kind

  /// How a field's values are drawn (cases rather than closures: a draw is a switch, with no
  /// context to retain).
  enum Kind: Sendable {
    /// An integer in the range.
    case number(ClosedRange<Int>)
    /// A fraction in steps of 0.05 from 0 to 1.
    case fraction
    /// One of the choices, or now and then the long text.
    case text([String], long: String?)
    /// A time from a second to an hour ahead.
    case deadline
  }

  /// Draws a value at time `now`.
  func value(_ random: inout Xoshiro256StarStar, _ now: Milliseconds) -> ContentValue {
    switch kind {
    case .number(let range): return .number(Double(random.next(in: range)))
    case .fraction: return .number(Double(random.next(in: 0...20)) / 20)
    case .text(let choices, let long):
      if let long, random.chance(0.05) { return .string(long) }
      return .string(random.pick(choices) ?? "")
    case .deadline:
      return .number(Double(now + random.next(in: Int64(1_000)...Int64(3_600_000))))
    }
  }

  /// An integer in `range`.
  static func number(_ name: String, _ range: ClosedRange<Int>) -> FieldProfile {
    FieldProfile(name: name, kind: .number(range))
  }

  /// A fraction in steps of 0.05 from 0 to 1.
  static func fraction(_ name: String) -> FieldProfile {
    FieldProfile(name: name, kind: .fraction)
  }

  /// One of `choices`, or now and then (one time in twenty) `long`: a text too wide for
  /// its zone, which the engine truncates with a warning.
  static func text(_ name: String, _ choices: [String], long: String? = nil) -> FieldProfile {
    FieldProfile(name: name, kind: .text(choices, long: long))
  }

  /// A time on the journal's clock, from a second to an hour after `now`.
  static func deadline(_ name: String) -> FieldProfile {
    FieldProfile(name: name, kind: .deadline)
  }
}
