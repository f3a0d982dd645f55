extension String {
  /// Calls `body` with the string's UTF-8 bytes: read in place when the string holds them
  /// contiguous (a native string always does), else from a copy.
  func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    utf8.withContiguousStorageIfAvailable(body) ?? Array(utf8).withUnsafeBufferPointer(body)
  }
}
