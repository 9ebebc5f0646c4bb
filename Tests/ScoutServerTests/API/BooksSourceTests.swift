import BookCatalog
import Foundation
import HTTPServer
import ScoutModels
import ScoutServer
import ScoutTestSupport
import Testing

/// The book catalog as the `books` source of `/api/v1/search`: listed when the server has a
/// catalog, answered from it (no upstream call), in the documented shape.
@Suite("Books as a search source", .timeLimit(.minutes(10)))
struct BooksSourceTests {
    private func withBooksApp(
        _ body: (FakeWikipedia, ScoutApp, UInt16, OpenAPIValidator) async throws -> Void
    ) async throws {
        try await withBookCatalog { store in
            try await withScoutApp(pages: SearchAPITests.pages, books: store) { fake, app, port in
                try await body(fake, app, port, SearchAPITests.validator(port: port))
            }
        }
    }

    @Test("sources list books when the server has a catalog, and only then")
    func listed() async throws {
        try await withBooksApp { _, _, port, validator in
            let body = try await RawHTTPConnection(port: port).get("/api/v1/sources").json()
            #expect(validator.problems(body, schema: validator.schema("SourcesResponse")) == [])
            #expect(
                body["sources"]?[1] == [
                    "id": "books", "name": "Books", "kind": "books", "configured": true, "message": .null,
                ])
        }
        try await withScoutApp(pages: []) { _, _, port in
            let connection = try RawHTTPConnection(port: port)
            let sources = try await connection.get("/api/v1/sources").json()["sources"]?.arrayValue ?? []
            #expect(sources.map { $0["id"] } == ["wikipedia", "commons"])
            let reply = try await connection.get("/api/v1/search?source=books&q=hunger")
            #expect(reply.status == 400)
            #expect(try reply.json()["error"]?["code"] == "unknown_source")
        }
    }

    @Test("rows: title, authors · year · rating, the cover through /img/, the related view as link")
    func rows() async throws {
        try await withBooksApp { fake, app, port, validator in
            let reply = try await RawHTTPConnection(port: port).get("/api/v1/search?source=books&q=hunger%20gam")
            #expect(reply.status == 200)
            let body = try reply.json()
            #expect(validator.problems(body, schema: validator.schema("SearchResponse")) == [])
            #expect(body["source"] == "books")
            let item = try #require(body["items"]?[0])
            let id = try #require(item["id"]?.stringValue)
            #expect(item["title"] == "The Hunger Games")
            #expect(item["description"] == "Suzanne Collins · 2008 · ★ 4.34")
            #expect(
                item["thumbnail"] == [
                    "url": "/img/books/books/1447303603m/2767052.jpg", "width": .null, "height": .null,
                ])
            #expect(item["link"] == .string("/api/v1/books/\(id)/related"))
            #expect(app.gatewayStatistics() == 0)
            #expect(fake.requests.isEmpty)
        }
    }

    @Test("each row's lang: the catalog's language where the title is in its script, else the script's, else none")
    func languages() async throws {
        func book(_ id: String, _ title: String, language: String?) -> Book {
            Book(source: "test", sourceID: id, title: title, authors: ["A"], language: language)
        }
        let books = [
            book("1", "Norwegian Wood", language: "jpn"), book("2", "ノルウェイの森", language: nil),
            book("3", "채식주의자", language: nil), book("4", "三体", language: nil), book("5", "Dune", language: nil),
            book("6", "Dune Messiah", language: "en-US"), book("7", "Le Petit Prince", language: "mul"),
        ]
        try await withBookCatalog(books) { store in
            try await withScoutApp(pages: [], books: store) { _, _, port in
                let validator = try await SearchAPITests.validator(port: port)
                let expected: [(String, JSONValue?)] = [
                    // Norwegian Wood is a Japanese book, but its title is not Japanese.
                    ("norwegian", nil), ("ノルウェイ", "ja"), ("채식", "ko"), ("三体", "zh"), ("dune messiah", "en-US"),
                    ("petit", nil),
                ]
                for (query, lang) in expected {
                    let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
                    let body = try await RawHTTPConnection(port: port).get("/api/v1/search?source=books&q=\(encoded)")
                        .json()
                    #expect(validator.problems(body, schema: validator.schema("SearchResponse")) == [])
                    #expect(body["items"]?[0]?["lang"] == lang, "\(query): \(body)")
                }
            }
        }
    }

    @Test("cursor paging, the shared cache, and a bad cursor")
    func paging() async throws {
        try await withBooksApp { _, _, port, validator in
            let connection = try RawHTTPConnection(port: port)
            var titles: [String] = []
            var cursor: String?
            repeat {
                let target = "/api/v1/search?source=books&q=hun&limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let body = try await connection.get(target).json()
                #expect(validator.problems(body, schema: validator.schema("SearchResponse")) == [])
                titles += body["items"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
                cursor = body["next"]?.stringValue
            } while cursor != nil && titles.count < 20
            // The Hunger Games, The Very Hungry Caterpillar, The Hunchback of Notre-Dame, Hunger,
            // and Catching Fire and Mockingjay by their series' name.
            #expect(titles.count == 6)
            #expect(Set(titles).count == 6)
            // Titles that start with what was typed, their article not counted, the most read first.
            #expect(titles.first == "The Hunger Games")

            let again = try await connection.get("/api/v1/search?source=books&q=hun&limit=2").json()
            #expect(again["cached"] == true)
            let bad = try await connection.get("/api/v1/search?source=books&q=hun&cursor=abc")
            #expect(bad.status == 400)
            #expect(try bad.json()["error"]?["code"] == "bad_cursor")
        }
    }

    @Test("the books API shows covers through the proxy too")
    func bookCovers() async throws {
        try await withBooksApp { _, _, port, validator in
            let body = try await RawHTTPConnection(port: port).get("/api/v1/books/search?q=h").json()
            #expect(validator.problems(body, schema: validator.schema("BookSearchResponse")) == [])
            let covers = Dictionary(
                uniqueKeysWithValues: body["items"]?.arrayValue?.compactMap { book in
                    book["title"]?.stringValue.map { ($0, book["cover"] ?? .null) }
                } ?? [])
            #expect(covers["The Hunger Games"] == "/img/books/books/1447303603m/2767052.jpg")
            #expect(covers["Hunger"] == "/img/books-s/assets/nophoto/book/111x148-bcc042a9c91a29c1d680899eff700a03.png")
        }
    }

    @Test("the page without JavaScript searches books too, linking each to its related view")
    func resultsPage() async throws {
        try await withBooksApp { _, _, port, _ in
            let reply = try await RawHTTPConnection(port: port).get("/search?source=books&q=mocking")
            #expect(reply.status == 200)
            let html = reply.text
            #expect(html.contains("<mark>Mocking</mark>jay"))
            #expect(html.contains(#"<a class="result-link" href="/api/v1/books/"#))
            #expect(html.contains("Suzanne Collins · 2010 · ★ 4.03"))
        }
    }
}
