import IslandREPL
import Testing

@Suite struct TokenTests {
  @Test func splitsOnSpacesAndTabs() throws {
    let words = try Token.split("  start\tpizza   com.example.food ").map(\.text)
    #expect(words == ["start", "pizza", "com.example.food"])
  }

  @Test func doubleQuotesKeepSpacesAndUnderstandEscapes() throws {
    let tokens = try Token.split(#"name="Pizza \"Roma\"\n" x"#)
    #expect(tokens.map(\.text) == ["name=Pizza \"Roma\"\n", "x"])
    #expect(tokens[0].quotedFrom == 5)
    #expect(tokens[1].quotedFrom == nil)
  }

  @Test func singleQuotesKeepEverythingAsWritten() throws {
    let tokens = try Token.split(#"'a \n "b"' c"#)
    #expect(tokens.map(\.text) == [#"a \n "b""#, "c"])
    #expect(tokens[0].quotedFrom == 0)
  }

  @Test func aHashStartsACommentOnlyAtTheStartOfAWord() throws {
    #expect(try Token.split("tap island # a comment").map(\.text) == ["tap", "island"])
    #expect(try Token.split("--url food://a#b").map(\.text) == ["--url", "food://a#b"])
    #expect(try Token.split("# only a comment").isEmpty)
  }

  @Test func columnsCountFromOne() throws {
    #expect(try Token.split("tap  island").map(\.column) == [1, 6])
  }

  @Test(arguments: [
    (#"update pizza title="Pizza"#, "\"", 20),
    ("update pizza title='it", "'", 20),
    (#"say "a\"#, "\"", 5),
  ])
  func anUnclosedQuoteIsAnErrorNamingWhereItOpens(line: String, quote: Character, column: Int) {
    #expect(throws: ParseError.self) { try Token.split(line) }
    do {
      _ = try Token.split(line)
    } catch {
      guard case .unclosedQuote(let found, let foundColumn, let text) = error else {
        Issue.record("expected an unclosed quote, got \(error)")
        return
      }
      #expect(found == quote)
      #expect(foundColumn == column)
      #expect(text == String(line.dropFirst(column - 1)))
      #expect(error.message.contains("column \(column)"))
    }
  }

  @Test(arguments: [
    "plain", "two words", "", "it's", #"say "hi""#, "back\\slash", "tab\there", "line\nbreak",
    "#hash", "--dashes", "!bang", "both ' and \"", "Пицца Рома", "a=b", "crlf\r\nline",
  ])
  func quotingReadsBackAsOneEqualWord(text: String) throws {
    let tokens = try Token.split(Token.quote(text))
    #expect(tokens.map(\.text) == [text])
  }

  @Test func quotingAsAStringKeepsNumbersAndBooleansStrings() {
    #expect(Token.quote("20", asString: true) == "\"20\"")
    #expect(Token.quote("true", asString: true) == "\"true\"")
    #expect(Token.quote("20") == "20")
  }
}
