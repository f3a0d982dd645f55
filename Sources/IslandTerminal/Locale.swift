import Foundation

/// The character encoding libedit reads the terminal in.
public enum TerminalLocale {
  /// Why no UTF-8 locale could be set.
  public struct Unavailable: Error, CustomStringConvertible {
    /// The locale the environment asked for.
    public var current: String
    /// The refusal, with what to do.
    public var description: String {
      "the terminal's locale (\(current)) is not UTF-8 and no UTF-8 locale is installed "
        + "(tried C.UTF-8, en_US.UTF-8): typed non-ASCII characters would be lost; "
        + "set LC_ALL or LC_CTYPE to a UTF-8 locale"
    }
  }

  /// The locales tried, in order, when the environment's is not UTF-8.
  static let fallbacks = ["C.UTF-8", "C.utf8", "en_US.UTF-8"]

  /// Sets the process's `LC_CTYPE` from the environment, and, when that is not UTF-8 (a C or
  /// POSIX locale: `env -i`), to a UTF-8 locale instead: libedit decodes what is typed with
  /// the locale's encoding, and under ASCII it drops every other byte. Throws when no UTF-8
  /// locale exists, rather than lose characters.
  public static func useUTF8() throws(Unavailable) {
    let current = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
    if isUTF8 { return }
    for name in fallbacks where setlocale(LC_CTYPE, name) != nil && isUTF8 { return }
    setlocale(LC_CTYPE, current)
    throw Unavailable(current: current)
  }

  private static var isUTF8: Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }
}
