import Foundation
import IslandCore
import IslandLayoutExport
import IslandLayoutImport
import Testing

/// A construct Island does not read, and the exact error it gets.
struct Refusal: CustomTestStringConvertible, Sendable {
  var name: String
  var source: String
  /// `LINE:COLUMN: error: MESSAGE`.
  var error: String

  var testDescription: String { name }

  /// Refusals that `lenient` turns into a placeholder or an ignored modifier: all but a file
  /// Swift cannot parse and one with no DynamicIsland.
  var isLenient: Bool { !["17-syntax", "18-none"].contains(name) }
}

struct RefusalTests {
  static let refusals: [Refusal] = [
    Refusal(
      name: "01-custom",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        GaugeView(value: context.state.speed)
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:1: error: "#
        + #"custom view `GaugeView` is not supported (supported: "#
        + #"Image(systemName:), Text, Text(timerInterval:countsDown:), "#
        + #"Text(_:style: .timer), Label(_:systemImage:), ProgressView(value:), "#
        + #"HStack, VStack, ZStack, Spacer, Link)"#),
    Refusal(
      name: "02-if",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        if context.state.isLate { Text("Late") } else { Text("On time") }
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:1: error: "#
        + #"a conditional (`if`) is not supported: Island reads one fixed layout "#
        + #"(put what varies in a content-state field)"#),
    Refusal(
      name: "03-computed",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text(eta)
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        var eta: String {
          "soon"
        }
        """#,
      error: #"3:6: error: "#
        + #"`eta` is a computed property (line 12): Island reads stored fields (a "#
        + #"name, context.state.NAME or context.attributes.NAME)"#),
    Refusal(
      name: "04-call",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text(context.state.eta.formatted())
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:6: error: "#
        + #"`context.state.eta.formatted()` is computed, not a field: Island "#
        + #"reads fields (a name, context.state.NAME or context.attributes.NAME) "#
        + #"and shows them as they are"#),
    Refusal(
      name: "05-progress-timer",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        ProgressView(timerInterval: context.state.start...context.state.end)
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:1: error: "#
        + #"ProgressView(timerInterval:) is not supported: Island's progress bars "#
        + #"read a field from 0 to 1 (ProgressView(value: context.state.NAME)); "#
        + #"show the time left with Text(timerInterval:countsDown:)"#),
    Refusal(
      name: "06-asset",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Image("logo")
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:1: error: "#
        + #"`Image("logo")` is not supported: Island draws SF Symbols, "#
        + #"Image(systemName:) with a name or a field"#),
    Refusal(
      name: "07-font",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text("a").font(.system(size: 14))
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:10: error: "#
        + #"`.font(.system(size: 14))` is not supported: Island knows the text "#
        + #"styles (.caption2, .caption, .footnote, .subheadline, .callout, "#
        + #".body, .headline, .title3, .title2, .title, .largeTitle)"#),
    Refusal(
      name: "08-frame",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text("a").frame(width: 40)
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:10: error: "#
        + #"modifier `.frame` is not supported (supported: .font, .bold, "#
        + #".fontWeight, .foregroundColor, .foregroundStyle, .tint, .lineLimit, "#
        + #".padding(.horizontal), .contentTransition, .widgetURL)"#),
    Refusal(
      name: "09-link-compact",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text("a")
        }
        } compactLeading: {
        Link(destination: URL(string: "x://y")!) { Text("a") }
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"6:1: error: "#
        + #"a Link in compactLeading is not supported: compact and minimal views "#
        + #"are not interactive (a tap opens the widget URL); links are for "#
        + #"expanded regions"#),
    Refusal(
      name: "10-counts-up",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text(timerInterval: Date.now...context.state.endsAt, countsDown: false)
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:54: error: "#
        + #"Text(timerInterval:countsDown: false) counts up: Island's timers "#
        + #"count down"#),
    Refusal(
      name: "11-ternary",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text(context.state.late ? "Late" : "On time")
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:6: error: "#
        + #"a conditional (`?:`) is not supported: Island reads one fixed layout "#
        + #"(put what varies in a content-state field)"#),
    Refusal(
      name: "12-foreach",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        ForEach(context.state.stops, id: \.self) { Text($0) }
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:1: error: "#
        + #"a loop (`ForEach`) is not supported: Island reads one fixed layout "#
        + #"(put what varies in a content-state field)"#),
    Refusal(
      name: "13-relative",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text(context.state.eta, style: .relative)
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:25: error: "#
        + #"Text(_:style: .relative) is not supported: Island shows `.timer` (a "#
        + #"countdown) only"#),
    Refusal(
      name: "14-label-field",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Label("a", systemImage: context.state.icon)
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:25: error: "#
        + #"a Label's systemImage must be a string literal: Island's labels keep "#
        + #"a fixed symbol (write HStack { Image(systemName: field); Text(...) })"#),
    Refusal(
      name: "15-rgb",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text("a").foregroundColor(Color(red: 1, green: 0, blue: 0))
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:10: error: "#
        + #"`.foregroundColor(Color(red: 1, green: 0, blue: 0))` is not "#
        + #"supported: Island knows the named colours (.red, .orange, .yellow, "#
        + #".green, .mint, .teal, .cyan, .blue, .indigo, .purple, .pink, .brown, "#
        + #".gray, .white, .primary, .secondary)"#),
    Refusal(
      name: "16-specifier",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text("\(context.state.price, specifier: "%.2f")")
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:7: error: "#
        + #"interpolation `\(context.state.price, specifier: "%.2f")` is not "#
        + #"supported: Island interpolates fields alone (\(NAME))"#),
    Refusal(
      name: "17-syntax",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text("a"
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:9: error: "#
        + #"Swift syntax: expected ')' to end function call"#),
    Refusal(
      name: "18-none",
      source: #"""
        struct A { var body: some View { Text("x") } }
        """#,
      error: #"1:1: error: "#
        + #"no `DynamicIsland { ... }` found: Island reads the DynamicIsland "#
        + #"builder of an ActivityConfiguration's dynamicIsland: closure"#),
    Refusal(
      name: "19-context-member",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text(context.isStale)
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:6: error: "#
        + #"`context.isStale` is not a field: Island reads a name, "#
        + #"context.state.NAME or context.attributes.NAME"#),
    Refusal(
      name: "20-total",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        ProgressView(value: context.state.done, total: context.state.count)
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:41: error: "#
        + #"ProgressView(value:) with `total: context.state.count` is not "#
        + #"supported: Island's bars go from 0 to 1 (total: 1; scale the field)"#),
    Refusal(
      name: "20-total-zero",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        ProgressView(value: context.state.done, total: 0)
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:48: error: "#
        + #"a progress total of `0` is not supported: a bar's total must be a number above 0"#),
    Refusal(
      name: "21-padding",
      source: #"""
        DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
        Text("a").padding()
        }
        } compactLeading: {
        Text("a")
        } compactTrailing: {
        Text("x")
        } minimal: {
        Text("m")
        }
        """#,
      error: #"3:10: error: "#
        + #"`.padding()` is not supported: Island pads a region's content on both "#
        + #"sides only (.padding(.horizontal))"#),
  ]

  @Test func anInfinitePriorityIsRefused() {
    let source = """
      DynamicIsland {
        DynamicIslandExpandedRegion(.leading, priority: 1e400) { Text("a") }
      } compactLeading: {
      } compactTrailing: {
      } minimal: {
      }
      """
    do {
      _ = try SwiftUILayout.read(source, file: "f.swift")
      Issue.record("read an infinite priority")
    } catch {
      #expect(
        error.description == "f.swift:2:41: error: a region's priority must be a finite number "
          + "literal")
    }
  }

  @Test(arguments: refusals)
  func refusedWithItsError(refusal: Refusal) {
    #expect(throws: SwiftUIImportFailure.self) {
      try SwiftUILayout.read(refusal.source, file: refusal.name + ".swift")
    }
    do {
      _ = try SwiftUILayout.read(refusal.source, file: refusal.name + ".swift")
    } catch {
      #expect(error.description == refusal.name + ".swift:" + refusal.error)
    }
  }

  @Test(arguments: refusals.filter(\.isLenient))
  func lenientReadsItWithAWarning(refusal: Refusal) throws {
    let imported = try SwiftUILayout.read(
      refusal.source, file: refusal.name + ".swift", lenient: true)
    let warning = refusal.error.replacingOccurrences(of: ": error: ", with: ": warning: ")
    #expect(
      imported.warnings.map(\.description).contains {
        $0.hasPrefix(refusal.name + ".swift:" + warning)
      })
    #expect(
      imported.layout.minimal?.view
        == .text(Template(literal: "m"), font: .body, bold: false, lineLimit: nil))
  }

  @Test func controlCharactersInQuotedSourceAreEscaped() {
    let source =
      "DynamicIsland {\nDynamicIslandExpandedRegion(.leading) {\nText(\"a\").frame(\u{1B}[31m)\n}\n} compactLeading: {\n} compactTrailing: {\n} minimal: {\n}"
    do {
      _ = try SwiftUILayout.read(source, file: "bad\u{7}.swift")
      Issue.record("read a file Swift cannot parse")
    } catch {
      #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
      #expect(error.description.hasPrefix("bad\\u0007.swift:3:"))
    }
  }

  @Test func everyErrorIsReportedInSourceOrder() {
    let source = """
      DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
          GaugeView()
        }
        DynamicIslandExpandedRegion(.trailing) {
          Text("a").frame(width: 3).blur(radius: 2)
        }
      } compactLeading: {
        Image("logo")
      } compactTrailing: {
      } minimal: {
      }
      """
    do {
      _ = try SwiftUILayout.read(source, file: "f.swift")
      Issue.record("read a layout with four errors")
    } catch {
      #expect(error.errors.map { "\($0.line):\($0.column)" } == ["3:5", "6:14", "6:30", "9:3"])
    }
  }
}
