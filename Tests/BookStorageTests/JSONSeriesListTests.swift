import BookCatalog
import Foundation
import ScoutTestSupport
import Testing

@testable import BookStorage

@Suite("JSON series lists of the stores", .timeLimit(.minutes(1)))
struct JSONSeriesListTests {
    @Test("what the hand-written encoder writes, JSONDecoder reads, and the decoder reads it back")
    func roundTrip() throws {
        var random = SplitMix64(seed: 11)
        let alphabet = Array("aZ09 \"\\/\n\t\u{0}é東😀[],:{}#".unicodeScalars)
        func text() -> String {
            String(
                String.UnicodeScalarView(
                    (0..<Int(random.next() % 10)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
        }
        let numbers: [Double?] = [nil, 0, 0.5, 1, 7, 15.5, 1e-7, 123_456_789]
        for _ in 0..<1_000 {
            let memberships = (0..<Int(random.next() % 3)).map { _ in
                SeriesMembership(
                    name: text(), number: numbers[Int(random.next() % 8)], lastNumber: numbers[Int(random.next() % 8)],
                    part: random.next() % 2 == 0 ? nil : text())
            }
            let json = JSONSeriesList.encode(memberships)
            #expect(try JSONDecoder().decode([SeriesMembership].self, from: Data(json.utf8)) == memberships, "\(json)")
            #expect(JSONSeriesList.decode(json) == memberships, "\(json)")
        }
    }

    /// PostgreSQL's `jsonb` prints spaces and its own key order, and SQLite's migration writes
    /// `null` for a missing number.
    @Test func readsWhatTheDatabasesPrint() {
        #expect(
            JSONSeriesList.decode(
                #"[{"name": "Harry Potter", "part": "Part 1", "number": 5.0}, {"name": "B", "number": null}]"#)
                == [SeriesMembership(name: "Harry Potter", number: 5, part: "Part 1"), SeriesMembership(name: "B")])
        #expect(
            JSONSeriesList.decode(#" [ { "lastNumber" : 7 , "number" : 1 , "name" : "HP" } ] "#)
                == [SeriesMembership(name: "HP", number: 1, lastNumber: 7)])
        #expect(JSONSeriesList.decode("[]") == [] && JSONSeriesList.decode(" [ ] ") == [])
    }

    @Test(
        "anything else is nil",
        arguments: [
            "", "[", "{}", #"[{"number":1}]"#, #"[{"name":"a","extra":1}]"#, #"[{"name":1}]"#,
            #"[{"name":"a","number":"1"}]"#, #"[{"name":"a"},]"#, #"[{"name":"a"}] x"#, #"["a"]"#,
        ])
    func rejects(json: String) {
        #expect(JSONSeriesList.decode(json) == nil)
    }
}
