import IslandCore
import IslandJournal

/// Inline layouts in the REPL: the journal's JSON form of a layout (see `LayoutCodec`),
/// written as one word, in single quotes since the JSON has spaces and double quotes.
package enum InlineLayout {
  /// Why an inline layout could not be read.
  package struct Failure: Error {
    /// What was wrong.
    package var message: String
  }

  /// The layout written in `json`.
  package static func decode(_ json: String) throws(Failure) -> Layout {
    let value: JSONValue
    do {
      value = try JSONValue.parse(json)
    } catch {
      throw Failure(message: "not JSON: \(error.description)")
    }
    do {
      return try LayoutCodec.decode(value)
    } catch {
      throw Failure(message: error.description)
    }
  }

  /// `layout` as one word of the REPL's syntax.
  static func encode(_ layout: Layout) -> String {
    Token.quote(LayoutCodec.encode(layout).compactText)
  }
}
