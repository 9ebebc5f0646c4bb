import BookCatalog
import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// `/api/v1/books/…` over real HTTP, replies checked against the OpenAPI document.
@Suite("Books API")
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
}
