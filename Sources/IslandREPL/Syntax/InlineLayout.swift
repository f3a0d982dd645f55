import IslandCore

/// Inline layouts in the REPL: the journal's JSON form of a layout, written in one word
/// (in single quotes, as the JSON has spaces and double quotes).
enum InlineLayout {
  /// Why an inline layout could not be read.
  struct Failure: Error {
    /// What was wrong.
    var message: String
  }

  /// The layout written in `json`.
  static func decode(_ json: String) throws(Failure) -> Layout {
    throw Failure(message: "inline layouts are not available yet")
  }

  /// `layout` as one word of the REPL's syntax.
  static func encode(_ layout: Layout) -> String {
    Token.quote("{}")
  }
}
