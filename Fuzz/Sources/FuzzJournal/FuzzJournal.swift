import IslandProperties

/// The check on each input: a whole journal, as bytes, read and folded
/// (`ParserChecks.journal`). libFuzzer's own `main` calls it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let journal = UnsafeBufferPointer(start: data, count: size)
  if let problem = ParserChecks.journal(journal) { fatalError(problem) }
  return 0
}
