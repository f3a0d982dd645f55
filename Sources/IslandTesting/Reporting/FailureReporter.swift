import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Where in a test an assertion was written, as the caller's `#fileID`, `#filePath`, `#line`
/// and `#column` give it: the place a failure is reported at.
struct CallSite: Sendable {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt

  /// The place as Swift Testing names it.
  var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: String(describing: fileID), filePath: String(describing: filePath),
      line: Int(line), column: Int(column))
  }
}

/// Reports a failed assertion to the test runner that runs the test: Swift Testing when a
/// Swift Testing test is current, XCTest otherwise (where it can be imported).
enum FailureReporter {
  /// Records `message` as a failure of the running test, at `site`.
  static func fail(_ message: String, at site: CallSite) {
    if Test.current != nil {
      Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
      return
    }
    #if canImport(XCTest)
      XCTFail(message, file: site.filePath, line: site.line)
    #else
      Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
    #endif
  }
}
