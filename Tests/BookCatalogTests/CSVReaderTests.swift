import BookCatalog
import Testing

@Suite(.timeLimit(.minutes(10))) struct CSVReaderTests {
    private func records(_ text: String) throws -> [CSVRecord] {
        var reader = CSVReader(text: text)
        var result: [CSVRecord] = []
        while let record = try reader.next() { result.append(record) }
        return result
    }

    @Test func plainFieldsWithLineNumbers() throws {
        #expect(
            try records("a,b,c\n1,2,3\n")
                == [CSVRecord(line: 1, fields: ["a", "b", "c"]), CSVRecord(line: 2, fields: ["1", "2", "3"])])
    }

    @Test func quotesDoubledQuotesAndCommas() throws {
        let parsed = try records(#""a,b","say ""hi""","",x"# + "\n")
        #expect(parsed == [CSVRecord(line: 1, fields: ["a,b", #"say "hi""#, "", "x"])])
    }

    @Test func newlinesInsideQuotesAdvanceLineNumbers() throws {
        let parsed = try records("h\n\"one\ntwo\r\nthree\"\nnext\n")
        #expect(parsed.map(\.line) == [1, 2, 5])
        #expect(parsed[1].fields == ["one\ntwo\r\nthree"])
        #expect(parsed[2].fields == ["next"])
    }

    @Test func crlfAndMissingFinalNewline() throws {
        #expect(
            try records("a,b\r\n1,2\r\n3,4")
                == [
                    CSVRecord(line: 1, fields: ["a", "b"]), CSVRecord(line: 2, fields: ["1", "2"]),
                    CSVRecord(line: 3, fields: ["3", "4"]),
                ])
    }

    @Test func emptyFieldsBlankLinesAndBOM() throws {
        let parsed = try records("\u{FEFF}a,,b\n\n,\n")
        #expect(parsed == [CSVRecord(line: 1, fields: ["a", "", "b"]), CSVRecord(line: 3, fields: ["", ""])])
    }

    @Test func unicodeSurvives() throws {
        #expect(
            try records("Les Misérables,\"J.K. Rowling, Mary GrandPré\",東京\n")[0].fields
                == ["Les Misérables", "J.K. Rowling, Mary GrandPré", "東京"])
    }

    @Test func unterminatedQuoteReportsItsLine() throws {
        #expect(throws: BookCatalogError.unterminatedQuote(line: 2)) {
            try records("a\n\"open\nnever closed\n")
        }
    }

    @Test func emptyInputHasNoRecords() throws {
        #expect(try records("").isEmpty)
        #expect(try records("\n\r\n").isEmpty)
    }
}
