import Foundation
import ScoutTestSupport
import Testing

@testable import BookCatalog

/// ``DumpJSONReader`` against the `JSONDecoder` reading it replaced: the same record, or the
/// same refusal, for the sample dump and for seeded random and mutated hostile lines.
@Suite("Open Library dump JSON reader", .timeLimit(.minutes(10)))
struct DumpJSONReaderTests {
    typealias Parsed = Result<OpenLibraryRecord?, OpenLibraryLine.Refusal>

    /// Both readings of `line`.
    static func both(_ line: [UInt8]) -> (reader: Parsed, decoder: Parsed) {
        (OpenLibraryLine.parse(line), OpenLibraryLine.parse(line, reading: DecodedOpenLibraryJSON.read))
    }

    /// Whether the JSON column starts as UTF-16 or UTF-32 would: the decoder guessed such an
    /// encoding from zero bytes, the reader reads UTF-8 only (a dump is UTF-8).
    static func looksLikeUTF16(_ line: [UInt8]) -> Bool {
        let columns = line.split(separator: 9, maxSplits: 4, omittingEmptySubsequences: false)
        return columns.count == 5 && columns[4].prefix(4).contains(0)
    }

    static func show(_ line: [UInt8]) -> String {
        String(decoding: line, as: UTF8.self).debugDescription + " "
            + line.suffix(40).map { String($0, radix: 16) }.joined(separator: " ")
    }

    @Test("the sample dump reads the same")
    func sampleDump() {
        let text = [OpenLibrarySampleDump.authors, OpenLibrarySampleDump.works, OpenLibrarySampleDump.editions]
            .joined(separator: "\n")
        let lines = text.split(separator: "\n").map { Array($0.utf8) }
        #expect(lines.count > 20)
        for line in lines {
            let (reader, decoder) = Self.both(line)
            #expect(reader == decoder, "\(Self.show(line))")
        }
    }

    @Test("seeded random and mutated lines read the same or are refused for the same reason")
    func randomLines() {
        var lines = DumpJSONLines(random: SplitMix64(seed: 37))
        var compared = 0
        var accepted = 0
        var mismatches: [String] = []
        for round in 0..<12_000 {
            let generated = lines.line()
            for line in [generated, lines.mutated(generated)] {
                let (reader, decoder) = Self.both(line)
                if Self.looksLikeUTF16(line) {
                    #expect((try? reader.get()) == nil || reader == decoder, "\(Self.show(line))")
                    continue
                }
                compared += 1
                if case .success(_?) = reader { accepted += 1 }
                if reader != decoder, mismatches.count < 20 {
                    mismatches.append("\(round): \(Self.show(line))\n  reader \(reader)\n  decoder \(decoder)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(compared > 20_000 && accepted > 2_000, "\(compared) compared, \(accepted) read")
    }

    @Test(
        "hostile JSON columns read the same as the decoder read them",
        arguments: [
            #"{"title":"x","title":"y"}"#, #"{"title":5,"title":"y"}"#, #"{"title":"\ud800"}"#,
            #"{"title":"\ud83d\ude00"}"#, #"{"title":"\x"}"#, #"{"title":"a","b":"\u12"}"#,
            #"{"title":"a","covers":[1e2,01,-0,1.5,99999999999999999999,7]}"#, #"{"title":"a",}"#,
            #"{"title":"a","b":[1,]}"#, #"{"title":"a","b":[1,,2]}"#, #"{,}"#, #"{"ti\u0074le":"a"}"#,
            #"{"\x":1,"title":"a"}"#, #"{"title":"a","b":{"\x":1}}"#, #"{"title":"a","b":tru}"#,
            #"{"title":"a","b":-a}"#, #"{"title":"a"} x"#, "\u{FEFF}{\"title\":\"a\"}",
            #"{"title":"a","authors":[{"author":{"key":"/authors/OL1A"},"author":5}]}"#,
            #"{"title":"a","authors":[{"author":5,"key":"/authors/OL2A"},{"author":{},"key":"/authors/OL3A"}]}"#,
            #"{"title":"a","authors":[{"\x":1,"key":"/authors/OL2A"},"/authors/OL4A",["/authors/OL5A"]]}"#,
            #"{"title":"a","description":{"value":"d","value":"e"}}"#, #"{"title":"a","description":{"value":5}}"#,
            #"{"title":"a","b":"\u123\"[[[[[[[[[[[[[[[[[["}"#,
        ])
    func hostile(json: String) {
        let line = Array("/type/work\t/works/OL1W\t1\t2020\t\(json)".utf8)
        let (reader, decoder) = Self.both(line)
        #expect(reader == decoder)
    }

    @Test("nesting past the limit is refused before anything is read, as before")
    func nesting() {
        let deep = String(repeating: "[", count: 17) + String(repeating: "]", count: 17)
        for json in [#"{"title":"a","b":\#(deep)}"#, #"{"title":"a" "b":\#(deep)}"#, #"{"title":"a","b":"\#(deep)"}"#] {
            let (reader, decoder) = Self.both(Array("/type/work\t/works/OL1W\t1\t2020\t\(json)".utf8))
            #expect(reader == decoder, "\(json)")
        }
        #expect(
            Self.both(Array("/type/work\t/works/OL1W\t1\t2020\t{\"b\":\(deep)}".utf8)).reader
                == .failure(OpenLibraryLine.tooDeep))
    }

    @Test("a list is cut to what a record keeps while it is read")
    func lists() throws {
        let subjects = (0..<10_000).map { "\"  s\($0)  \"" }.joined(separator: ",")
        let json = Array(#"{"subjects":[\#(subjects)],"isbn_13":["x","978-0-553-38304-4","9780000000000"]}"#.utf8)
        let fields = try OpenLibraryJSON.read(json[...], maxDepth: 16).0.get()
        #expect(fields.subjects.count == FieldLimits.tags.count && fields.subjects.first == "s0")
        #expect(fields.isbn13 == ["9780553383044"])
    }
}
