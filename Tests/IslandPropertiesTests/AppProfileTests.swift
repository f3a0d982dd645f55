import IslandCore
import Testing

@testable import IslandProperties

/// The apps' states and patches, drawn from their plain-value tables and built in name order,
/// against the plain way: each value drawn in the order of the fields, as their kinds say, and
/// set by name.
@Suite struct AppProfileTests {
  @Test(arguments: AppProfile.all.indices)
  func statesAndPatchesAreDrawnAsTheFieldsSay(app: Int) {
    let profile = AppProfile.all[app]
    for seed in UInt64(0)..<400 {
      var random = Xoshiro256StarStar(seed: seed)
      var plain = random
      let now = Milliseconds(seed) * 7_919
      #expect(profile.startState(&random, now: now) == plainStart(profile, &plain, now))
      #expect(profile.patch(&random, now: now) == plainPatch(profile, &plain, now))
      #expect(random == plain)
    }
  }

  private func plainStart(
    _ profile: AppProfile, _ random: inout Xoshiro256StarStar, _ now: Milliseconds
  ) -> ContentState {
    var state = ContentState()
    for field in profile.fields { state[field.name] = value(field, &random, now) }
    return state
  }

  private func plainPatch(
    _ profile: AppProfile, _ random: inout Xoshiro256StarStar, _ now: Milliseconds
  ) -> ContentState {
    var patch = ContentState()
    for _ in 0..<random.next(in: 1...min(3, profile.fields.count)) {
      let field = profile.fields[random.next(below: profile.fields.count)]
      patch[field.name] = value(field, &random, now)
    }
    if profile.layout == nil, random.chance(0.1) {
      patch["note"] = .string(random.pick(AppProfile.words) ?? "note")
    }
    return patch
  }

  private func value(
    _ field: FieldProfile, _ random: inout Xoshiro256StarStar, _ now: Milliseconds
  ) -> ContentValue {
    switch field.kind {
    case .number(let range): return .number(Double(random.next(in: range)))
    case .fraction: return .number(Double(random.next(in: 0...20)) / 20)
    case .text(let choices, let long):
      if let long, random.chance(0.05) { return .string(long) }
      return .string(random.pick(choices) ?? "")
    case .deadline:
      return .number(Double(now + random.next(in: Int64(1_000)...Int64(3_600_000))))
    }
  }
}
