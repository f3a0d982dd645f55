import Testing

@testable import IslandCore

/// A set of ASCII bytes holds exactly the ASCII bytes its rule admits, and a field name is
/// checked through it as the plain definition says.
@Suite struct ASCIISetTests {
  @Test func everyByteBelongsExactlyWhenTheRuleAdmitsIt() {
    let rule: (UInt8) -> Bool = { $0 == 0x5F || (0x30...0x39).contains($0) || $0 == 0x7F }
    let set = ASCIISet(rule)
    for byte in UInt8.min...UInt8.max {
      #expect(set.contains(byte) == (byte < 0x80 && rule(byte)), "byte \(byte)")
    }
  }

  @Test func fieldNamesAreCheckedAsThePlainDefinitionSays() {
    func plain(_ name: String) -> Bool {
      guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else {
        return false
      }
      return name.unicodeScalars.allSatisfy {
        $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
      }
    }
    let names = [
      "", "a", "_", "9a", "a9", "eta_min", "A-B", "a b", "caf\u{E9}", "x\u{7F}", "Z_z09",
      "\u{3B1}\u{3B2}", "a.b", "@", "[", "`", "{",
    ]
    for name in names { #expect(Template.isFieldName(name) == plain(name), "\(name)") }
  }
}
