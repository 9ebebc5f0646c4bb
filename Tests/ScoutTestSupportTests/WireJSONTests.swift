import Foundation
import Testing

@testable import ScoutTestSupport

@Suite("Fake upstreams' JSON writer", .timeLimit(.minutes(10)))
struct WireJSONTests {
    static let awkward = "say \"hi\"\\ now/then\n\r\t\u{08}\u{0C}\u{01}\u{1F} Zürich 東京 😀 end"

    @Test("every style writes JSON that reads back as the same string")
    func roundTrips() throws {
        let styles = [
            WireJSON.Style(), .init(escapesSlashes: true), .init(escapesNonASCII: true),
            .init(escapesSlashes: true, escapesNonASCII: true),
        ]
        for style in styles {
            let bytes = WireJSON.array([.string(Self.awkward), .string(""), .string("plain")]).encoded(style)
            let read = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String]
            #expect(read == [Self.awkward, "", "plain"], "style \(style)")
        }
    }

    @Test("escapes as the style says: slashes and non-ASCII only when asked, controls always")
    func escapes() {
        let plain = String(decoding: WireJSON.string("a/é\u{01}\"").encoded(), as: UTF8.self)
        #expect(plain == #""a/é\u0001\"""#)
        let php = String(
            decoding: WireJSON.string("a/é😀").encoded(.init(escapesSlashes: true, escapesNonASCII: true)),
            as: UTF8.self)
        #expect(php == #""a\/\u00e9\ud83d\ude00""#)
    }
}
