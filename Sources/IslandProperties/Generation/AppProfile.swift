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
  /// How each field of ``fields`` is drawn, in their order, as plain values: a draw copies
  /// no list of texts.
  private let draws: [Draw]
  /// The texts the fields draw from, each made a value once (``Draw/text(_:long:)``).
  private let texts: [ContentValue]
  /// The positions in ``fields`` in the order of their names: the order a content state
  /// keeps, so that a state is built by appending its fields rather than inserting them.
  private let nameOrder: [Int]
  /// How many of the field names come before `note`, the text a patch of an app with the
  /// default layout sometimes adds.
  private let fieldsBeforeNote: Int
  /// Every patch of one field to one of its few values, made once, by field (as in
  /// ``fields``) and by the value's place among the field's values (``Drawn/place``); none
  /// for a deadline, whose values are many. A patch that draws one field shares one of them
  /// rather than building a state of its own.
  private let singleFieldPatches: [[ContentState]]

  /// How a field's value is drawn (``FieldProfile/Kind``, with its texts in ``texts``).
  private enum Draw {
    case number(ClosedRange<Int>)
    case fraction
    /// One of `texts[choices]`, or now and then `texts[long]`.
    case text(Range<Int>, long: Int?)
    case deadline
  }

  /// An app; `fields` have distinct names (none `note`), eight at most.
  init(
    app: String, shortName: String, layout: String?, url: String?, links: RegionLinks,
    fields: [FieldProfile]
  ) {
    precondition(Set(fields.map(\.name)).count == fields.count && fields.count <= 8)
    precondition(!fields.contains { $0.name == "note" })
    self.app = app
    self.shortName = shortName
    self.layout = layout
    self.url = url
    self.links = links
    self.fields = fields
    firstIDs = (0..<64).map { "\(shortName)-\($0)" }
    var texts: [ContentValue] = []
    draws = fields.map { field in
      switch field.kind {
      case .number(let range): return .number(range)
      case .fraction: return .fraction
      case .text(let choices, let long):
        precondition(!choices.isEmpty)
        let first = texts.count
        texts += choices.map { .string($0) }
        let end = texts.count
        if let long { texts.append(.string(long)) }
        return .text(first..<end, long: long.map { _ in end })
      case .deadline: return .deadline
      }
    }
    self.texts = texts
    nameOrder = fields.indices.sorted { fields[$0].name < fields[$1].name }
    fieldsBeforeNote = fields.filter { $0.name < "note" }.count
    singleFieldPatches = zip(fields, draws).map { field, draw in
      let values: [ContentValue]
      switch draw {
      case .number(let range): values = range.map { .number(Double($0)) }
      case .fraction: values = (0...20).map { .number(Double($0) / 20) }
      case .text(let choices, let long):
        values = Array(texts[choices.lowerBound..<(long.map { $0 + 1 } ?? choices.upperBound)])
      case .deadline: values = []
      }
      return values.map { ContentState([(field.name, $0)]) }
    }
  }

  /// The id of the app's activity number `number` (from 1): `food-1`.
  func activityID(_ number: Int) -> String {
    number < firstIDs.count ? firstIDs[number] : "\(shortName)-\(number)"
  }

  /// The engine's caches with the plans of the apps' default layouts made: every case starts
  /// from them, rather than making those plans again in each case's fold.
  ///
  /// A plan is made for each app's fields, and for them with the `note` a start over the
  /// payload limit adds (``EventGenerator``'s `payloadTooLarge`): its plan is made before the
  /// size is checked. The plain fields are made last, as the starts most often need them.
  static let caches: IslandState.Caches = {
    var caches = IslandState.Caches()
    for withNote in [true, false] {
      for profile in all where profile.layout == nil {
        var state = ContentState()
        for field in profile.fields { state[field.name] = .number(0) }
        if withNote { state["note"] = .number(0) }
        caches.prepareDefaultPlan(for: state)
      }
    }
    return caches
  }()

  /// A state holding every field, each drawn in the order of ``fields``.
  func startState(_ random: inout Xoshiro256StarStar, now: Milliseconds) -> ContentState {
    var values = InlineArray<8, Drawn?>(repeating: nil)
    for index in draws.indices { values[index] = draw(index, &random, now) }
    var state = ContentState()
    state.reserveCapacity(fields.count)
    for index in nameOrder {
      if let value = values[index] { state.append(fields[index].name, content(value)) }
    }
    return state
  }

  /// A patch of one to three fields (sometimes a field the start did not have); a field
  /// drawn twice keeps the value drawn last.
  func patch(_ random: inout Xoshiro256StarStar, now: Milliseconds) -> ContentState {
    let count = random.next(in: 1...min(3, fields.count))
    var values = InlineArray<8, Drawn?>(repeating: nil)
    var last = 0
    var drawnFields = 0
    for _ in 0..<count {
      let index = random.next(below: fields.count)
      if values[index] == nil { drawnFields += 1 }
      values[index] = draw(index, &random, now)
      last = index
    }
    var note: String?
    if layout == nil, random.chance(0.1) { note = random.pick(AppProfile.words) ?? "note" }
    if drawnFields == 1, note == nil, let place = values[last]?.place {
      return singleFieldPatches[last][place]
    }
    var patch = ContentState()
    patch.reserveCapacity(count + 1)
    for (rank, index) in nameOrder.enumerated() {
      if rank == fieldsBeforeNote, let note { patch.append("note", .string(note)) }
      if let value = values[index] { patch.append(fields[index].name, content(value)) }
    }
    if fieldsBeforeNote == nameOrder.count, let note { patch.append("note", .string(note)) }
    return patch
  }

  /// A value drawn, before it is made a content value: a number, or one of ``texts``; with
  /// its place among the values of its field, for those of few values.
  private enum Drawn {
    case number(Double, place: Int?)
    /// `texts[index]`, at `place` among the field's texts.
    case text(Int, place: Int)

    /// The value's place among the values of its field (nil for a deadline's).
    var place: Int? {
      switch self {
      case .number(_, let place): return place
      case .text(_, let place): return place
      }
    }
  }

  /// Draws a value of field number `index` (of ``fields``) at time `now`.
  private func draw(
    _ index: Int, _ random: inout Xoshiro256StarStar, _ now: Milliseconds
  ) -> Drawn {
    switch draws[index] {
    case .number(let range):
      let number = random.next(in: range)
      return .number(Double(number), place: number - range.lowerBound)
    case .fraction:
      let twentieths = random.next(in: 0...20)
      return .number(Double(twentieths) / 20, place: twentieths)
    case .text(let choices, let long):
      if let long, random.chance(0.05) { return .text(long, place: long - choices.lowerBound) }
      let place = random.next(below: choices.count)
      return .text(choices.lowerBound + place, place: place)
    case .deadline:
      return .number(
        Double(now + random.next(in: Int64(1_000)...Int64(3_600_000))), place: nil)
    }
  }

  /// The content value `value` stands for.
  private func content(_ value: Drawn) -> ContentValue {
    switch value {
    case .number(let number, _): return .number(number)
    case .text(let index, _): return texts[index]
    }
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
    // The last byte read at the index before the end: `last` walks there generically.
    let utf8 = app.utf8
    let last = utf8.isEmpty ? 0 : utf8[utf8.index(before: utf8.endIndex)]
    return utf8.count << 8 | Int(last)
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

  /// How a field's values are drawn (``AppProfile`` makes each a plain draw once).
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
