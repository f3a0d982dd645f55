/// The check on each input: one REPL line. libFuzzer's own `main` calls it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzREPLCommand(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let problem = REPLLineCheck.check(line) { fatalError(problem) }
  return 0
}
