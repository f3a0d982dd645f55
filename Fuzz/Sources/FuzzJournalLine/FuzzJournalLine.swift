import IslandProperties

/// The check on each input: one journal line, as bytes. libFuzzer's own `main` calls it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournalLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let line = UnsafeBufferPointer(start: data, count: size)
  if let problem = ParserChecks.journalLine(line) { fatalError(problem) }
  return 0
}
