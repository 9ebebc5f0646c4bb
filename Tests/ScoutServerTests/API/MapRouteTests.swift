import BookCatalog
import BookStorage
import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// `GET /map?q=` in the RecommendBook app's shape, over real HTTP.
@Suite("RecommendBook /map API", .timeLimit(.minutes(10)))
struct MapRouteTests {
    static func book(_ id: String, _ title: String, series: String?, number: Double?, author: String) -> Book {
        Book(
            source: "test", sourceID: id, title: title, seriesName: series, seriesNumber: number, authors: [author],
            ratingsCount: 1000)
    }

    static let books = [
        book("1", "The Hunger Games", series: "The Hunger Games", number: 1, author: "Suzanne Collins"),
        book("2", "Catching Fire", series: "The Hunger Games", number: 2, author: "Suzanne Collins"),
        book("3", "Gregor the Overlander", series: nil, number: nil, author: "Suzanne Collins"),
    ]

    @Test("related books of the best match, with the relation phrase; empty when nothing matches")
    func map() async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
            _ = try await store.upsert(Self.books)
            try await store.rebuildRelations()
            try await withScoutApp(pages: [], books: store) { _, _, port in
                let validator = OpenAPIValidator(
                    document: try await RawHTTPConnection(port: port).get("/api/openapi.json").json())
                let reply = try await RawHTTPConnection(port: port).get("/map?q=hunger%20games")
                #expect(reply.status == 200)
                let body = try reply.json()
                #expect(
                    validator.problems(body, schema: ["type": "array", "items": validator.schema("MapEntry")]) == [])
                #expect(
                    body == [
                        ["source": "The Hunger Games", "reltype": "same series", "target": "Catching Fire"],
                        ["source": "The Hunger Games", "reltype": "same author", "target": "Gregor the Overlander"],
                    ])
                #expect(try await RawHTTPConnection(port: port).get("/map?q=zzzz").json() == [])
                #expect(try await RawHTTPConnection(port: port).get("/map").status == 400)
            }
        }
    }

    /// The app Scout descends from served titles from a Japanese store: a part of a title, typed
    /// in full-width or half-width forms, finds the book, and its relations come back as stored.
    @Test("Japanese titles: a run inside the title finds the book, half-width kana too")
    func japaneseTitles() async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
            _ = try await store.upsert([
                Self.book("j1", "海辺のカフカ", series: nil, number: nil, author: "村上春樹"),
                Self.book("j2", "ノルウェイの森", series: nil, number: nil, author: "村上春樹"),
            ])
            try await store.rebuildRelations()
            try await withScoutApp(pages: [], books: store) { _, _, port in
                for query in ["カフカ", "海辺", "ｶﾌｶ"] {
                    let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                    let body = try await RawHTTPConnection(port: port).get("/map?q=\(encoded)").json()
                    #expect(body == [["source": "海辺のカフカ", "reltype": "same author", "target": "ノルウェイの森"]])
                }
                let halfWidth = "ﾉﾙｳｪｲ".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let body = try await RawHTTPConnection(port: port).get("/map?q=\(halfWidth)").json()
                #expect(body == [["source": "ノルウェイの森", "reltype": "same author", "target": "海辺のカフカ"]])
            }
        }
    }

    @Test("without a catalog the route says how to get one")
    func noCatalog() async throws {
        try await withScoutApp(pages: []) { _, _, port in
            let reply = try await RawHTTPConnection(port: port).get("/map?q=dune")
            #expect(reply.status == 503)
            #expect(try reply.json()["error"]?["message"]?.stringValue?.contains("scout books import") == true)
        }
    }
}
