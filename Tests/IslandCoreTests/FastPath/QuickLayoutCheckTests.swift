import IslandProperties
import Testing

@testable import IslandCore

/// The layout checks' quick way (``LayoutPlan/surelyPassesLayoutChecks(_:slots:)``), from a
/// plan and the fields it locates, against the full check of the layout.
@Suite struct QuickLayoutCheckTests {
  /// A content checked against a plan fails as the full check of its layout fails, and
  /// passes where it passes: the catalogue's layouts and default layouts, over contents whose
  /// fields are drawn anew (symbol names, numbers, any value), missing or added.
  @Test func aPlansQuickCheckSaysWhatTheFullCheckSays() throws {
    var draws = Draws(state: 11)
    let symbols: [ContentValue] = ["flame.fill", "bag", "Bag", "a..b", "", ".x", 7]
    for named in Layout.catalogue {
      for _ in 0..<300 {
        var content = named.sampleState
        for field in content.fields {
          switch draws.below(4) {
          case 0: content[field.name] = nil
          case 1: content[field.name] = symbols[draws.below(symbols.count)]
          case 2: content[field.name] = draws.value()
          default: break
          }
        }
        if draws.below(3) == 0 { content["extra\(draws.below(5))"] = draws.value() }
        for plan in [
          try #require(LayoutPlan.named(named.name)), LayoutPlan(.default(for: content)),
        ] {
          let quick = failure { () throws(Rejection.Reason) in
            try LayoutChecks.checkLayoutExceptMinimalWidth(
              plan, content: content, slots: plan.slots(in: content))
          }
          let full = failure { () throws(Rejection.Reason) in
            try LayoutChecks.checkLayoutExceptMinimalWidth(plan.layout, content: content)
          }
          #expect(quick == full, "\(content)")
        }
      }
    }
  }

  /// The reason `check` fails, or nil when it passes.
  private func failure(_ check: () throws(Rejection.Reason) -> Void) -> Rejection.Reason? {
    do throws(Rejection.Reason) {
      try check()
      return nil
    } catch {
      return error
    }
  }
}
