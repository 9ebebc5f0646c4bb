import Foundation
import ScoutModels
import Testing

@Suite("Explicit nulls in Scout's JSON", .timeLimit(.minutes(10)))
struct ExplicitNullTests {
    @Test("absent values encode as null, so every key is there; missing keys decode as nil")
    func nulls() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let thumbnail = SearchResponseBody.Thumbnail(url: "/img/x", width: nil, height: 90)
        #expect(
            String(decoding: try encoder.encode(thumbnail), as: UTF8.self)
                == #"{"height":90,"url":"/img/x","width":null}"#)
        let item = SearchResponseBody.Item(
            id: "1", title: "T", description: nil, thumbnail: nil, link: URL(string: "https://example.org/")!)
        #expect(
            String(decoding: try encoder.encode(item), as: UTF8.self)
                == #"{"description":null,"id":"1","link":"https://example.org/","thumbnail":null,"title":"T"}"#)
        let decoded = try JSONDecoder().decode(
            SearchResponseBody.Item.self, from: Data(#"{"id":"1","title":"T","link":"https://example.org/"}"#.utf8))
        #expect(decoded == item)
    }
}
