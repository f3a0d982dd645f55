import IslandCore
import IslandJournal
import Testing

@Suite struct LayoutCodecTests {
  @Test func seed000DeliveryLayoutIsWrittenAsTheSeedReads() {
    #expect(
      LayoutCodec.encode(Layout.delivery).compactText
        == #"{"compactLeading":{"symbol":"bag.fill","tint":"orange"},"#
        + #""compactTrailing":{"text":"{minutesLeft}м","font":"caption2","bold":true},"#
        + #""minimal":{"symbol":"bag.fill"},"#
        + #""leading":{"symbol":"{orderStatusIcon}","tint":"orange","font":"title2"},"#
        + #""trailing":{"label":"{minutesLeft} мин","symbol":"clock","font":"caption"},"#
        + #""center":{"text":"{restaurantName}","font":"headline","lineLimit":1},"#
        + #""bottom":{"row":[{"progress":"deliveryProgress","tint":"orange"},"#
        + #"{"text":"{statusText}","font":"subheadline"}],"padding":"horizontal"},"#
        + #""pulse":"statusText"}"#)
  }

  @Test(arguments: Layout.catalogue.map(\.name))
  func catalogueLayoutsRoundTrip(name: String) throws {
    let layout = try #require(Layout.named(name))
    let text = LayoutCodec.encode(layout).compactText
    #expect(try LayoutCodec.decode(JSONValue.parse(text)) == layout)
  }

  @Test func everyOptionRoundTrips() throws {
    var layout = Layout(
      compactLeading: ZoneView(
        .text(try Template("{a}{{x}}"), font: .body, bold: false, lineLimit: 2),
        transition: .identity),
      minimal: ZoneView(.countdown(field: "endsAt", font: .caption, bold: true)),
      leading: ZoneView(
        .label(try Template("x"), symbol: "clock", font: .title, bold: true),
        link: "food://map"),
      bottom: ZoneView(.row([.row([.progress(field: "p", tint: nil)])]), link: "x://y"))
    layout.pulse = Pulse(
      field: "status",
      keyframes: [Keyframe(scale: 1.5, duration: 3_000, curve: .spring)])
    let value = LayoutCodec.encode(layout)
    #expect(
      value.compactText
        == #"{"compactLeading":{"text":"{a}{{x}}","font":"body","lineLimit":2,"#
        + #""transition":"identity"},"minimal":{"countdown":"endsAt","font":"caption","#
        + #""bold":true},"leading":{"label":"x","symbol":"clock","font":"title","bold":true,"#
        + #""link":"food://map"},"bottom":{"row":[{"row":[{"progress":"p"}]}],"link":"x://y"},"#
        + #""pulse":{"field":"status","keyframes":[{"scale":1.5,"duration":3000,"#
        + #""curve":"spring"}]}}"#)
    #expect(try LayoutCodec.decode(value) == layout)
  }

  @Test func progressTotalRoundTripsAndIsWrittenOnlyWhenNotOne() throws {
    let layout = Layout(
      compactLeading: ZoneView(.progress(field: "done", total: 12, tint: .green)),
      compactTrailing: ZoneView(.progress(field: "done", total: 1, tint: nil)),
      minimal: nil)
    let text = LayoutCodec.encode(layout).compactText
    #expect(
      text
        == #"{"compactLeading":{"progress":"done","total":12,"tint":"green"},"#
        + #""compactTrailing":{"progress":"done"}}"#)
    #expect(try LayoutCodec.decode(JSONValue.parse(text)) == layout)
    #expect(
      try LayoutCodec.decode(JSONValue.parse(#"{"minimal":{"progress":"p","total":0.5}}"#))
        .minimal?.view == .progress(field: "p", total: 0.5, tint: nil))
  }

  @Test func progressTotalOfZeroIsANamedError() throws {
    for (total, shown) in [("0", "0"), ("-3", "-3")] {
      #expect(throws: LayoutCodingError.badProgressTotal(zone: "minimal", total: shown)) {
        try LayoutCodec.decode(
          JSONValue.parse(#"{"minimal":{"progress":"p","total":"# + total + "}}"))
      }
    }
    #expect(
      LayoutCodingError.badProgressTotal(zone: "minimal", total: "0").description
        == #"layout zone minimal: progress "total" must be a number above 0, not 0"#)
    #expect(
      throws: LayoutCodingError.wrongType(
        zone: "minimal", key: "total", expected: "number", found: "string")
    ) {
      try LayoutCodec.decode(JSONValue.parse(#"{"minimal":{"progress":"p","total":"12"}}"#))
    }
  }

  @Test func widgetURLAttributesAndPrioritiesRoundTrip() throws {
    let text =
      #"{"center":{"text":"{driver}","font":"body","priority":1.5},"widgetURL":"rides://now","#
      + #""attributes":["plate","driver","plate"]}"#
    let layout = try LayoutCodec.decode(JSONValue.parse(text))
    #expect(layout.center?.priority == 1.5)
    #expect(layout.widgetURL == "rides://now")
    #expect(layout.attributes == ["driver", "plate"])
    #expect(
      LayoutCodec.encode(layout).compactText
        == #"{"center":{"text":"{driver}","font":"body","priority":1.5},"#
        + #""widgetURL":"rides://now","attributes":["driver","plate"]}"#)
    #expect(try LayoutCodec.decode(LayoutCodec.encode(layout)) == layout)
  }

  @Test func defaultsFillWhatIsLeftOut() throws {
    let layout = try LayoutCodec.decode(
      JSONValue.parse(
        #"{"trailing":{"text":"hi"},"minimal":{"label":"x","symbol":"clock"},"#
          + #""pulse":{"field":"s","keyframes":[{"scale":2,"duration":5}]}}"#))
    #expect(
      layout.trailing
        == ZoneView(.text(Template(literal: "hi"), font: .body, bold: false, lineLimit: nil)))
    #expect(
      layout.minimal
        == ZoneView(.label(Template(literal: "x"), symbol: "clock", font: .body, bold: false)))
    #expect(
      layout.pulse
        == Pulse(field: "s", keyframes: [Keyframe(scale: 2, duration: 5, curve: .linear)]))
  }

  @Test(arguments: [
    (
      #"{"top":{"text":"x"}}"#,
      #"layout has an unknown zone "top" (expected compactLeading, compactTrailing, minimal, "#
        + #"leading, trailing, center, bottom, pulse, widgetURL, attributes)"#
    ),
    (
      #"{"minimal":{"text":"x","font":"huge"}}"#,
      #"layout zone minimal: unknown font "huge" (expected caption2, caption, footnote, "#
        + #"subheadline, callout, body, headline, title3, title2, title, largeTitle)"#
    ),
    (
      #"{"leading":{"symbol":"x","tint":"beige"}}"#,
      #"layout zone leading: unknown tint "beige" (expected red, orange, yellow, green, mint, "#
        + #"teal, cyan, blue, indigo, purple, pink, brown, gray, white, primary, secondary)"#
    ),
    (
      #"{"leading":{"symbol":"x","colour":"red"}}"#,
      #"layout zone leading: unknown key "colour" for a symbol"#
    ),
    (
      #"{"leading":{"font":"body"}}"#,
      "layout zone leading: no view (give one of symbol, text, label, progress, countdown, row)"
    ),
    (
      #"{"compactLeading":{"symbol":"x","link":"a://b"}}"#,
      "layout zone compactLeading: \"link\" is only for the expanded regions (leading, trailing, "
        + "center, bottom)"
    ),
    (
      #"{"bottom":{"text":"x","transition":"fade"}}"#,
      #"layout zone bottom: unknown transition "fade" (expected automatic, identity)"#
    ),
    (
      #"{"bottom":{"text":"x","padding":"vertical"}}"#,
      #"layout zone bottom: unknown padding "vertical" (expected horizontal)"#
    ),
    (
      #"{"bottom":{"text":"{oops"}}"#,
      #"layout zone bottom: bad template "{oops": a { is never closed"#
    ),
    (#"{"bottom":{"text":7}}"#, #"layout zone bottom: "text" must be a string, not a number"#),
    (
      #"{"bottom":{"text":"x","bold":"yes"}}"#,
      #"layout zone bottom: "bold" must be a boolean, not a string"#
    ),
    (
      #"{"bottom":{"text":"x","lineLimit":0}}"#,
      #"layout zone bottom: "lineLimit" must be a whole number from 1 to 100, not 0"#
    ),
    (#"{"bottom":"x"}"#, "layout zone bottom: the zone must be an object, not a string"),
    (
      #"{"bottom":{"row":[1]}}"#,
      #"layout zone bottom: "row" must be an array of views, not a number"#
    ),
    (#"{"bottom":{"label":"x"}}"#, #"layout zone bottom: missing "symbol""#),
    (#"{"pulse":{"keyframes":[]}}"#, #"layout zone pulse: missing "field""#),
    (
      #"{"pulse":{"field":"s","keyframes":[{"scale":1,"duration":1,"curve":"ease"}]}}"#,
      #"layout zone pulse: unknown curve "ease" (expected linear, spring, cubic)"#
    ),
    (
      #"{"pulse":{"field":"s","keyframes":[{"scale":1}]}}"#,
      #"layout zone pulse: missing "duration""#
    ),
    (
      #"{"minimal":{"text":"x","priority":1}}"#,
      "layout zone minimal: \"priority\" is only for the expanded regions (leading, "
        + "trailing, center, bottom)"
    ),
    (
      #"{"center":{"text":"x","priority":"high"}}"#,
      #"layout zone center: "priority" must be a number, not a string"#
    ),
    (#"{"widgetURL":7}"#, #"layout zone widgetURL: "widgetURL" must be a string, not a number"#),
    (
      #"{"attributes":["a",1]}"#,
      #"layout zone attributes: "attributes" must be a string, not a number"#
    ),
  ])
  func errorsNameTheZoneAndTheValue(text: String, message: String) throws {
    let value = try JSONValue.parse(text)
    #expect(throws: LayoutCodingError.self) { try LayoutCodec.decode(value) }
    do {
      _ = try LayoutCodec.decode(value)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func anInlineLayoutInAJournalLineFailsAtItsLine() {
    #expect(
      decodeMessage(
        #"{"seq":1,"t":0,"event":"start","activity":"a","app":"b","layout":{"minimal":{"text":"x","font":"huge"}}}"#
      ).hasPrefix(#"layout zone minimal: unknown font "huge""#))
  }
}
