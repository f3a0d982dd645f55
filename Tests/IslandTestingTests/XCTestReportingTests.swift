#if canImport(XCTest)
  import IslandCore
  import IslandTesting
  import XCTest

  /// Under XCTest (no Swift Testing test running), failures go through `XCTFail`, at the
  /// caller's file and line. The test case catches its own failures to look at them.
  final class XCTestReportingTests: XCTestCase {
    private var caught: [(description: String, file: String, line: Int)] = []
    private var catching = false

    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      guard catching else {
        super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        return
      }
      caught.append((description, filePath, lineNumber))
    }

    func testAWrongExpectationFailsThroughXCTFailAtTheCallersLine() {
      let store = IslandTestStore()
      catching = true
      let line = #line + 1
      store.send(.tick, at: 5) { $0.mode = .compact }
      catching = false
      XCTAssertEqual(caught.count, 1)
      XCTAssertEqual(caught.first?.file, #filePath)
      XCTAssertEqual(caught.first?.line, line)
      XCTAssertEqual(
        caught.first?.description,
        """
        failed - seq 1, tick at t=5: 1 field differs from the expectation
          mode
            − expected: compact
            + actual:   idle
        """)
    }
  }
#endif
