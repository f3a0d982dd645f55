import Foundation
import IslandCore
import IslandJournal
import IslandProperties
import Testing

/// The cases `island fuzz` once found failing, kept in `FuzzRegressions/` as the journals it
/// saved (`PROPERTY-SEED.jsonl`): each replayed, the property its name gives must hold now,
/// and the reducer must fold it as the reference does.
@Suite struct FuzzRegressionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("FuzzRegressions")

  static var journals: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") }.sorted()
  }

  @Test func thereAreRegressionsToReplay() {
    #expect(Self.journals.count >= 5)
  }

  @Test(arguments: journals)
  func theCaseHoldsNow(name: String) throws {
    let reader = try JournalReader(path: Self.folder.appendingPathComponent(name).path)
    var steps: [Step] = []
    while let entry = try reader.next() { steps.append(Step(t: entry.t, event: entry.event)) }
    let fuzzCase = FuzzCase(
      seed: 0, prefix: Prefix(configuration: reader.header.configuration), steps: steps)
    let propertyName = String(
      name.dropLast(".jsonl".count).split(separator: "-").dropLast()
        .joined(separator: "-"))
    let property = try #require(Property(rawValue: propertyName), "\(name) names no property")
    #expect(property.check(fuzzCase) == nil, "\(name)")
    #expect(ReferenceCheck.firstDifference(in: fuzzCase) == nil, "\(name)")
  }
}
