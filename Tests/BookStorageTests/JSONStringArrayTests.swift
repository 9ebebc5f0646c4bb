import Foundation
import ScoutTestSupport
import Testing

@testable import BookStorage

@Suite("JSON string arrays of the stores", .timeLimit(.minutes(1)))
struct JSONStringArrayTests {
    @Test("what the hand-written encoder writes, JSONDecoder reads, and the decoder reads it back")
    func roundTrip() throws {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("aZ09 \"\\/\n\r\t\u{0}\u{1F}é東😀\u{202E}[],:{}".unicodeScalars)
        for _ in 0..<2_000 {
            let strings = (0..<Int(random.next() % 4)).map { _ in
                String(
                    String.UnicodeScalarView(
                        (0..<Int(random.next() % 12)).map { _ in
                            alphabet[Int(random.next() % UInt64(alphabet.count))]
                        }))
            }
            let json = JSONStringArray.encode(strings)
            #expect(try JSONDecoder().decode([String].self, from: Data(json.utf8)) == strings, "\(json)")
            #expect(JSONStringArray.decode(json) == strings, "\(json)")
            // What JSONEncoder writes (it escapes "/") and PostgreSQL's jsonb prints (spaces) read too.
            let foundation = String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
            #expect(JSONStringArray.decode(foundation) == strings, "\(foundation)")
        }
        #expect(JSONStringArray.decode(#"[ "a" , "b\u00e9\ud83d\ude00" ]"#) == ["a", "bé😀"])
    }

    @Test(
        "anything but an array of strings is nil",
        arguments: ["", "[", "[1]", #"["a",]"#, #"["a"] x"#, #"{"a":1}"#, #"["\ud83d"]"#, "[\"a\u{1}\"]"])
    func rejects(json: String) {
        #expect(JSONStringArray.decode(json) == nil)
    }
}
