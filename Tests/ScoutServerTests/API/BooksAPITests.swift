import BookCatalog
import BookStorage
import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// `/api/v1/books/…` over real HTTP, replies checked against the OpenAPI document.
@Suite("Books API", .timeLimit(.minutes(10)))
struct BooksAPITests {
    private func withCatalog(_ body: (UInt16, OpenAPIValidator) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
            _ = try await store.upsert(MapRouteTests.books)
            try await store.rebuildRelations()
            try await withScoutApp(pages: [], books: store) { _, _, port in
                let document = try await RawHTTPConnection(port: port).get("/api/openapi.json").json()
                try await body(port, OpenAPIValidator(document: document))
            }
        }
    }

    @Test("search items carry the matched parts of title and authors in UTF-16 units, typo words included")
    func matchRanges() async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
            _ = try await store.upsert([
                Book(source: "t", sourceID: "1", title: "Les Misérables", authors: ["Victor Hugo"], ratingsCount: 9),
                Book(source: "t", sourceID: "2", title: "😀 Smile", authors: ["Ann Émile"], ratingsCount: 8),
            ])
            try await withScoutApp(pages: [], books: store) { _, _, port in
                let connection = try RawHTTPConnection(port: port)
                let document = try await connection.get("/api/openapi.json").json()
                let validator = OpenAPIValidator(document: document)
                func matches(_ query: String) async throws -> JSONValue? {
                    let body = try await connection.get("/api/v1/books/search?q=\(query)").json()
                    #expect(validator.problems(body, schema: validator.schema("BookSearchResponse")) == [])
                    return body["items"]?[0]?["matches"]
                }
                let span = { (start: Double, end: Double) -> JSONValue in
                    ["start": .number(start), "end": .number(end)]
                }
                // "miser" is typed so far: "Misér" (5 characters of "Misérables") is marked.
                #expect(try await matches("les%20miser") == ["title": [span(0, 3), span(4, 9)], "authors": []])
                // A word through a typo is marked whole.
                #expect(
                    try await matches("les%20miserbles%20") == ["title": [span(0, 3), span(4, 14)], "authors": []])
                #expect(
                    try await matches("hugo") == [
                        "title": [], "authors": [["author": 0, "start": 7, "end": 11]],
                    ])
                // The emoji is two UTF-16 units: "Smile" starts at 3.
                #expect(try await matches("smile") == ["title": [span(3, 8)], "authors": []])
            }
        }
    }

    @Test("a book's alternate titles are in search results and in the book, as the schema says")
    func alternateTitles() async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
            let ids = try await store.upsert([
                Book(
                    source: "t", sourceID: "1", title: "The Little Prince",
                    alternateTitles: ["Le Petit Prince", "Der kleine Prinz"], authors: ["Antoine de Saint-Exupéry"])
            ]).ids
            try await withScoutApp(pages: [], books: store) { _, _, port in
                let connection = try RawHTTPConnection(port: port)
                let validator = OpenAPIValidator(document: try await connection.get("/api/openapi.json").json())
                let found = try await connection.get("/api/v1/books/search?q=little%20prince").json()
                #expect(validator.problems(found, schema: validator.schema("BookSearchResponse")) == [])
                #expect(found["items"]?[0]?["alternateTitles"] == ["Le Petit Prince", "Der kleine Prinz"])
                let book = try await connection.get("/api/v1/books/\(ids[0])").json()
                #expect(validator.problems(book, schema: validator.schema("Book")) == [])
                #expect(book["alternateTitles"] == ["Le Petit Prince", "Der kleine Prinz"])
            }
        }
    }

    @Test("search pages through the best matches; a book and its relations by id")
    func searchBookRelated() async throws {
        try await withCatalog { port, validator in
            let connection = try RawHTTPConnection(port: port)
            let first = try await connection.get("/api/v1/books/search?q=collins&limit=2").json()
            #expect(validator.problems(first, schema: validator.schema("BookSearchResponse")) == [])
            #expect(first["items"]?.arrayValue?.count == 2)
            let next = try #require(first["next"]?.stringValue)
            let second = try await connection.get("/api/v1/books/search?q=collins&limit=2&cursor=\(next)").json()
            #expect(second["items"]?.arrayValue?.count == 1)
            #expect(second["next"] == .null)

            let hunger = try await connection.get("/api/v1/books/search?q=hunger").json()
            let id = try #require(hunger["items"]?[0]?["id"]?.numberValue.map { Int($0) })
            let book = try await connection.get("/api/v1/books/\(id)").json()
            #expect(validator.problems(book, schema: validator.schema("Book")) == [])
            #expect(book["series"] == ["name": "The Hunger Games", "number": 1])
            #expect(
                book["seriesMemberships"] == [
                    ["name": "The Hunger Games", "number": 1, "lastNumber": .null, "part": .null, "label": "#1"]
                ])
            #expect(book["alternateTitles"] == [])

            let related = try await connection.get("/api/v1/books/\(id)/related").json()
            #expect(validator.problems(related, schema: validator.schema("RelatedResponse")) == [])
            #expect(related["related"]?[0]?["reason"] == "same series: The Hunger Games #2")
            let authorOnly = try await connection.get("/api/v1/books/\(id)/related?kind=sameAuthor").json()
            #expect(authorOnly["related"]?.arrayValue?.map { $0["kind"] } == ["sameAuthor"])
        }
    }

    @Test(
        "bad requests and unknown books are errors with sentences",
        arguments: [
            ("/api/v1/books/search", 400), ("/api/v1/books/search?q=x&limit=0", 400),
            ("/api/v1/books/search?q=x&cursor=-1", 400), ("/api/v1/books/999999", 404), ("/api/v1/books/abc", 404),
            ("/api/v1/books/1/related?kind=nope", 400),
        ])
    func errors(target: String, status: Int) async throws {
        try await withCatalog { port, validator in
            let reply = try await RawHTTPConnection(port: port).get(target)
            #expect(reply.status == status)
            #expect(validator.problems(try reply.json(), schema: validator.schema("Error")) == [])
        }
    }

    @Test(
        "pages of both search routes give every book once with the total; a cursor from before an import is refused",
        arguments: ["/api/v1/books/search?q=love&limit=50", "/api/v1/search?source=books&q=love&limit=50"])
    func completePagingAndStaleCursors(route: String) async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
            let kinds = ["Story", "Actually", "Song", "Letters"]
            _ = try await store.upsert(
                (1...150).map {
                    Book(
                        source: "t", sourceID: "\($0)", title: "Love \(kinds[$0 % 4]) \($0)",
                        authors: ["Author \($0 % 7)"],
                        ratingsCount: $0 % 13)
                })
            try await withScoutApp(pages: [], books: store) { _, _, port in
                let connection = try RawHTTPConnection(port: port)
                let validator = OpenAPIValidator(document: try await connection.get("/api/openapi.json").json())
                let schema = route.contains("books/search") ? "BookSearchResponse" : "SearchResponse"
                var ids: [String] = []
                var cursor: String?
                var pages = 0
                repeat {
                    let body = try await connection.get(route + (cursor.map { "&cursor=\($0)" } ?? "")).json()
                    #expect(validator.problems(body, schema: validator.schema(schema)) == [])
                    #expect(body["found"] == 150)
                    ids += body["items"]?.arrayValue?.compactMap { $0["id"].map { "\($0)" } } ?? []
                    cursor = body["next"]?.stringValue
                    pages += 1
                } while cursor != nil && pages < 10
                #expect(pages == 3)
                #expect(ids.count == 150 && Set(ids).count == 150)

                let first = try await connection.get(route.replacingOccurrences(of: "q=love", with: "q=lov")).json()
                let next = try #require(first["next"]?.stringValue)
                _ = try await store.upsert([Book(source: "t", sourceID: "new", title: "Love Anew", ratingsCount: 99)])
                let stale = try await connection.get(
                    route.replacingOccurrences(of: "q=love", with: "q=lov") + "&cursor=\(next)")
                #expect(stale.status == 409)
                #expect(try stale.json()["error"]?["code"] == "stale_cursor")
                #expect(validator.problems(try stale.json(), schema: validator.schema("Error")) == [])
            }
        }
    }

    @Test("a long series pages through its related books, each once, in series order")
    func relatedBooksPage() async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
            _ = try await store.upsert(
                (1...70).map {
                    Book(
                        source: "t", sourceID: "\($0)", title: "Volume \($0)", seriesName: "Long Saga",
                        seriesNumber: Double($0), authors: ["Saga Writer"], ratingsCount: $0)
                })
            try await store.rebuildRelations()
            let first = try #require(try await store.search("volume 1", limit: 1).first)
            try await withScoutApp(pages: [], books: store) { _, _, port in
                let connection = try RawHTTPConnection(port: port)
                let validator = OpenAPIValidator(document: try await connection.get("/api/openapi.json").json())
                let route = "/api/v1/books/\(first.id)/related?kind=sameSeries&limit=25"
                var titles: [String] = []
                var cursor: String?
                var pages = 0
                repeat {
                    let body = try await connection.get(route + (cursor.map { "&cursor=\($0)" } ?? "")).json()
                    #expect(validator.problems(body, schema: validator.schema("RelatedResponse")) == [])
                    titles += body["related"]?.arrayValue?.compactMap { $0["book"]?["title"]?.stringValue } ?? []
                    cursor = body["next"]?.stringValue
                    pages += 1
                } while cursor != nil && pages < 10
                #expect(pages == 3)
                #expect(titles == (2...70).map { "Volume \($0)" })

                let next = try #require(
                    try await connection.get(route).json()["next"]?.stringValue)
                _ = try await store.upsert([
                    Book(source: "t", sourceID: "new", title: "Volume 71", seriesName: "Long Saga")
                ])
                let stale = try await connection.get(route + "&cursor=\(next)")
                #expect(stale.status == 409)
                #expect(try stale.json()["error"]?["code"] == "stale_cursor")
            }
        }
    }
}
