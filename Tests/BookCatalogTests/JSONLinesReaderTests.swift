import Foundation
import ScoutTestSupport
import Testing

@testable import BookCatalog

/// ``JSONLinesRecord/read(_:)`` (through ``JSONLinesRecord/rows(of:line:decoder:)``) against the
/// `JSONDecoder` reading it replaced: the same rows, or the same skip with the same line and
/// reason, for the repository's JSON Lines, goodbooks-10k's books written as JSON Lines, seeded
/// random and mutated lines and hand-written hostile ones.
@Suite("JSON Lines reader", .timeLimit(.minutes(10)))
struct JSONLinesReaderTests {
    typealias Rows = [ImportRow]

    /// Both readings of `line`, numbered `number`.
    static func both(_ line: [UInt8], number: Int = 7) -> (reader: Rows, decoder: Rows) {
        (
            JSONLinesRecord.rows(of: Data(line), line: number),
            JSONLinesRecord.decodedRows(of: Data(line), line: number)
        )
    }

    /// Whether the one-pass reader read `line` itself rather than leaving it to the decoder.
    static func isRead(_ line: [UInt8]) -> Bool {
        line.withUnsafeBufferPointer { JSONLinesRecord.read($0) != nil }
    }

    static func show(_ line: [UInt8]) -> String {
        String(decoding: line, as: UTF8.self).debugDescription + " "
            + line.suffix(40).map { String($0, radix: 16) }.joined(separator: " ")
    }

    /// Every non-blank line of `text`, compared; returns how many the reader read itself.
    static func compareLines(of data: Data) -> (compared: Int, read: Int) {
        var compared = 0
        var read = 0
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {
            let bytes = Array(line)
            let (reader, decoder) = both(bytes, number: index + 1)
            #expect(reader == decoder, "\(show(bytes))")
            compared += 1
            if isRead(bytes) { read += 1 }
        }
        return (compared, read)
    }

    @Test("the repository's JSON Lines read the same, and by the reader")
    func repositoryFiles() throws {
        let starter = Self.compareLines(of: StarterCatalog.data)
        let cjk = Self.compareLines(of: try Data(contentsOf: CJKCatalog.catalogFile))
        #expect(starter.compared > 50 && starter.read == starter.compared, "\(starter)")
        #expect(cjk.compared > 10 && cjk.read == cjk.compared, "\(cjk)")
    }

    @Test(
        "goodbooks-10k's books written as JSON Lines read the same, and by the reader (reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func goodbooksAsJSONLines() throws {
        var csv = CSVReader(bytes: [UInt8](try SharedFixtures.data("data/goodbooks-10k/books.csv")))
        let mapper = try GoodbooksRow(header: try #require(try csv.next()).fields)
        var books = 0
        var read = 0
        while let record = try csv.next() {
            guard case .book(var book) = mapper.book(from: record) else { continue }
            book.textReadings = [book.title: "よみ"]
            let otherKeys = books % 3 == 0 ? [BookKey(source: "other", sourceID: "\(books)")] : []
            let line = Array(try JSONLinesRecord.encoder.encode(JSONLinesRecord(book, otherKeys: otherKeys)))
            let (reader, decoder) = Self.both(line)
            #expect(reader == decoder, "\(Self.show(line))")
            books += 1
            if Self.isRead(line) { read += 1 }
        }
        #expect(books > 9_000 && read == books, "\(read) of \(books) read by the reader")
    }

    @Test("seeded random and mutated lines give the same rows or the same skip")
    func randomLines() {
        var lines = JSONLinesRandomLines(random: SplitMix64(seed: 37))
        var compared = 0
        var read = 0
        var books = 0
        var mismatches: [String] = []
        for round in 0..<10_000 {
            let generated = lines.line()
            for line in [generated, lines.mutated(generated)] {
                let (reader, decoder) = Self.both(line)
                compared += 1
                if Self.isRead(line) { read += 1 }
                if case .book? = reader.first { books += 1 }
                if reader != decoder, mismatches.count < 20 {
                    mismatches.append("\(round): \(Self.show(line))\n  reader \(reader)\n  decoder \(decoder)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // Both ways are exercised: lines the reader reads, lines it leaves to the decoder.
        #expect(
            read > 1_000 && read < compared && books > 100,
            "\(compared) compared, \(read) read by the reader, \(books) books")
    }

    @Test(
        "hostile lines give the same rows or the same skip",
        arguments: [
            #"{"source":"m","sourceID":"1","title":"a","title":"b"}"#,
            #"{"source":"m","sourceID":"1","title":5,"title":"b"}"#,
            #"{"source":"m","sourceID":"1","title":"a","title":5}"#,
            #"{"source":"m","sourceID":"1","title":"\ud800"}"#, #"{"source":"m","sourceID":"1","title":"\udc00x"}"#,
            #"{"source":"m","sourceID":"1","title":"\ud83d\ude00"}"#, #"{"source":"m","sourceID":"1","title":"\x"}"#,
            #"{"source":"m","sourceID":"1","title":"a\u0000b"}"#,
            "{\"source\":\"m\",\"sourceID\":\"1\",\"title\":\"a\0b\"}",
            "{\"source\":\"m\",\"sourceID\":\"1\",\"title\":\"a\",\"x\":\"\0\"}",
            "\0{\"source\":\"m\",\"sourceID\":\"1\",\"title\":\"a\"}",
            #"{"source":"m","sourceID":"1","title":"a","year":99999999999999999999999}"#,
            #"{"source":"m","sourceID":"1","title":"a","year":1e400}"#,
            #"{"source":"m","sourceID":"1","title":"a","averageRating":1e400}"#,
            #"{"source":"m","sourceID":"1","title":"a","averageRating":-1e-400}"#,
            #"{"source":"m","sourceID":"1","title":"a","averageRating":1e-310}"#,
            #"{"source":"m","sourceID":"1","title":"a","averageRating":0e-999,"seriesNumber":-0.0}"#,
            #"{"source":"m","sourceID":"1","title":"a","year":1.0}"#,
            #"{"source":"m","sourceID":"1","title":"a","year":-0}"#,
            #"{"source":"m","sourceID":"1","title":"a","year":"1965"}"#,
            #"{"source":"m","sourceID":"1","title":"a","authors":"Frank"}"#,
            #"{"source":"m","sourceID":"1","title":"a","authors":["Frank",null]}"#,
            #"{"source":"m","sourceID":"1","title":"a","tags":[1]}"#,
            #"{"source":"m","sourceID":"1","title":"a","alternateTitles":["b",3,null,{"x":1},["c"],"d"]}"#,
            #"{"source":"m","sourceID":"1","title":"a","alternateTitles":"b"}"#,
            #"{"source":"m","sourceID":"1","title":"a","alternateTitles":["\ud800","b"]}"#,
            #"{"source":"m","sourceID":"1","title":"a","coverURL":"not a url"}"#,
            #"{"source":"m","sourceID":"1","title":"a","coverURL":"http://[::1"}"#,
            #"{"source":"m","sourceID":"1","title":"a","coverURL":""}"#,
            #"{"source":"m","sourceID":"1","title":"a","series":[{"number":1}]}"#,
            #"{"source":"m","sourceID":"1","title":"a","series":[{"name":"S","number":3,"lastNumber":1}]}"#,
            #"{"source":"m","sourceID":"1","title":"a","series":[{"name":"S","name":5}]}"#,
            #"{"source":"m","sourceID":"1","title":"a","keys":[{"source":"x"}]}"#,
            #"{"source":"m","sourceID":"1","title":"a","keys":[{"source":"m","sourceID":"1"},{"source":"x","sourceID":"2"}]}"#,
            #"{"source":"m","sourceID":"1","title":"a","authors":["A","B"],"authorReadings":[null,"","び"]}"#,
            #"{"source":null,"sourceID":"1","title":"a"}"#, #"{"sourceID":"1","title":"a"}"#,
            #"{"source":"m","sourceID":"1","title":" "}"#, #"{"source":"m","sourceID":"1","title":"a",}"#,
            #"{"source":"m","sourceID":"1","title":"a",,}"#, #"{"source":"m","sourceID":"1","title":"a"} x"#,
            #"{"sour\u0063e":"m","sourceID":"1","title":"a"}"#, #"{"\x":1,"source":"m","sourceID":"1","title":"a"}"#,
            #"{"source":"m","sourceID":"1","title":"a","b":{"\x":1}}"#,
            #"{"source":"m","sourceID":"1","title":"a","b":"\u12G4"}"#,
            "\u{FEFF}{\"source\":\"m\",\"sourceID\":\"1\",\"title\":\"a\"}",
            "{\"source\":\"m\",\"sourceID\":\"1\",\"title\":\"\u{FF}\"}",
            "{\"source\":\"m\",\"sourceID\":\"1\",\"title\":\"a\u{1}\"}",
            #"{"reading":{"book":{"source":"m","sourceID":"1"},"reader":"r","rating":5}}"#,
            #"{"reading":{"book":{"source":"m","sourceID":"1"},"reader":"r","rating":"5"}}"#,
            #"{"link":{"from":{"source":"m","sourceID":"1"},"to":"https://x.org/similar"}}"#,
            #"{"relation":{"from":{"source":"m","sourceID":"1"},"kind":"sameAuthor","reason":"r","score":0.5,"to":{"source":"m","sourceID":"2"}}}"#,
            #"{"source":"m","sourceID":"1","title":"a","tags":["reading"]}"#,
            #"{"source":"m","sourceID":"1","title":"a","re\u0061ding":5}"#, #"["source","m"]"#, "5", "null", "{",
            "not json",
            #"{"source":"m","sourceID":"1","title":"a","x":[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
        ])
    func hostile(line: String) {
        let (reader, decoder) = Self.both(Array(line.utf8))
        #expect(reader == decoder)
    }

    @Test("nesting past the decoder's bound and a long key are refused as before")
    func bounds() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let long = String(repeating: "k", count: FieldLimits.sourceID.bytes + 1)
        for line in [
            #"{"source":"m","sourceID":"1","title":"a","x":\#(deep)}"#,
            #"{"source":"m","sourceID":"\#(long)","title":"a"}"#,
        ] {
            let (reader, decoder) = Self.both(Array(line.utf8))
            #expect(reader == decoder)
            guard case .skipped? = reader.first else {
                Issue.record("\(reader) for a line of \(line.utf8.count) bytes")
                continue
            }
        }
    }

    @Test("the importer's lines keep their numbers: CR, blank lines and a byte order mark")
    func numbering() throws {
        let text =
            "\u{FEFF}{\"source\":\"m\",\"sourceID\":\"1\",\"title\":\"a\"}\r\n\n  \n{\"source\":\"m\"}\r\n"
            + #"{"source":"m","sourceID":"2","title":"b"}"#
        var records = JSONLinesRecords(data: Data(text.utf8))
        var rows: [ImportRow] = []
        while let next = try records.next() { rows += next }
        #expect(
            rows == [
                .book(Book(source: "m", sourceID: "1", title: "a")),
                .skipped(SkippedRow(line: 4, reason: "The field sourceID is missing.")),
                .book(Book(source: "m", sourceID: "2", title: "b")),
            ])
        #expect(records.bytesRead == records.totalBytes)
    }
}
