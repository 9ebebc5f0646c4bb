import BookCatalog
import BookStorage
import Foundation
import SQLite
import ScoutTestSupport
import Testing

/// One catalog file opened by many stores (processes) at once, and what opening a location may
/// create: schema creation is serialized, a read never creates a file or folder, and a file that
/// is not a catalog is named as such (T22).
@Suite("One catalog, many processes", .timeLimit(.minutes(10)))
struct SharedCatalogTests {
    /// Two stores creating one new file at once: before migrations re-read the schema version
    /// under the write lock, the second failed with "table books already exists".
    @Test func twoStoresOpeningOneNewFileAtOnceBothOpen() async throws {
        try await withTemporaryDirectory(prefix: "scout-shared") { directory in
            for round in 0..<8 {
                let path = directory.appending(path: "books-\(round).sqlite").path
                async let first = SQLiteBookStore(path: path)
                async let second = SQLiteBookStore(path: path)
                let stores: [any BookStore] = [try await first, try await second]
                _ = try await stores[0].upsert([SampleBooks.hungerGames])
                for store in stores { #expect(try await store.count() == 1) }
                let latest = SQLiteBookStore.migrations.map(\.version).max()
                #expect(try await (stores[1] as? SQLiteBookStore)?.database.schemaVersion() == latest)
            }
        }
    }

    @Test func openingToReadCreatesNoFileAndNoFolder() async throws {
        try await withTemporaryDirectory(prefix: "scout-shared") { directory in
            let folder = directory.appending(path: "nonexistent/dir")
            let path = folder.appending(path: "x.sqlite").path
            for creation in [BookStores.Creation.nothing, .file] {
                let error = try await #require(throws: BookStoreError.self) {
                    try await BookStores.open(.file(path: path), creating: creation)
                }
                #expect(error.kind == .missing)
                #expect(error.description.contains(path) || error.description.contains(folder.path))
                #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "nonexistent").path))
            }
            let missing = directory.appending(path: "missing.sqlite").path
            let error = try await #require(throws: BookStoreError.self) {
                try await BookStores.open(.file(path: missing), creating: .nothing)
            }
            #expect(error.description.hasPrefix("There is no catalog at \(missing): "))
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
    }

    @Test func aFileThatIsNotACatalogIsNamedSoAndLeftAlone() async throws {
        try await withTemporaryDirectory(prefix: "scout-shared") { directory in
            let passwd = directory.appending(path: "passwd")
            let text =
                "root:x:0:0:root:/root:/bin/bash\n" + String(repeating: "daemon:x:1:1::/:/bin/false\n", count: 80)
            try text.write(to: passwd, atomically: true, encoding: .utf8)
            let error = try await #require(throws: BookStoreError.self) {
                try await BookStores.open(.file(path: passwd.path), creating: .nothing)
            }
            #expect(error.kind == .notACatalog)
            #expect(error.description.hasPrefix("The catalog at \(passwd.path) is not a Scout catalog: "))
            #expect(try String(contentsOf: passwd, encoding: .utf8) == text)

            let other = directory.appending(path: "other.sqlite").path
            try await Database(path: other).execute("CREATE TABLE notes (id INTEGER PRIMARY KEY)")
            let foreign = try await #require(throws: BookStoreError.self) {
                try await BookStores.open(.file(path: other), creating: .file)
            }
            #expect(foreign.kind == .notACatalog)
            let tables = try await Database(path: other).query("SELECT name FROM sqlite_master") { try $0.string(0) }
            #expect(tables == ["notes"])
        }
    }

    @Test(arguments: ["mysql://u:s3cret@127.0.0.1:1/db", "sqlite://x.db", "HTTP://host/db?Token=s3cret"])
    func aURLOfAnotherDatabaseIsRefusedNotTakenForAPath(location: String) throws {
        let error = try #require(throws: BookStoreError.self) { try CatalogLocation(location) }
        #expect(error.kind == .unsupportedLocation)
        #expect(error.description.contains("postgres://user@host:5432/database"))
        #expect(!error.description.contains("s3cret"))
    }
}
