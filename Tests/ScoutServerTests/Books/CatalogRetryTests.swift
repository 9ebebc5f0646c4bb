import BookCatalog
import BookStorage
import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// A catalog the server could not open — not there yet, not a catalog, its database down — is
/// opened again in the background (on an injected clock): meanwhile `/readyz` is not ready and
/// the book routes say why, and once another process has made the catalog it is served without
/// a restart (T22).
@Suite("A catalog opened again until it opens", .timeLimit(.minutes(10)))
struct CatalogRetryTests {
    @Test func aCatalogImportedElsewhereIsServedWithoutARestart() async throws {
        try await withTemporaryDirectory(prefix: "scout-retry") { directory in
            let path = directory.appending(path: "books.sqlite").path
            let clock = ManualClock()
            let catalog = CatalogConnection(clock: clock) {
                try await BookStores.open(.file(path: path), creating: .nothing)
            }
            guard case .failed(let reason) = await catalog.settled() else {
                Issue.record("a missing catalog opened")
                return
            }
            #expect(reason.hasPrefix("There is no catalog at \(path): "))
            try await withScoutApp(pages: [], catalog: catalog) { _, _, port in
                let connection = try RawHTTPConnection(port: port)
                let unready = try await connection.get("/readyz")
                #expect(unready.status == 503)
                let body = try unready.json()
                #expect(body["catalog"] == "failing")
                #expect(body["message"]?.stringValue?.hasPrefix("There is no catalog at \(path): ") == true)
                for route in ["/map?q=dune", "/api/v1/books/search?q=dune", "/api/v1/books/1"] {
                    let reply = try await connection.get(route)
                    #expect(reply.status == 503, "\(route)")
                    #expect(reply.text.contains("There is no catalog at"), "\(route)")
                    #expect(!reply.text.contains("Import one with 'scout books import'."), "\(route)")
                }

                // Another process imports the catalog; the server's next attempt opens it.
                let importer = try await BookStores.open(.file(path: path), creating: .file)
                _ = try await importer.upsert([Book(source: "test", sourceID: "dune", title: "Dune")])
                await clock.waitForSleepers(count: 1)
                clock.advance(by: CatalogConnection.firstRetryDelay)
                guard case .open = await catalog.settled(after: 1) else {
                    Issue.record("the imported catalog did not open")
                    return
                }
                #expect(try await connection.get("/readyz").status == 200)
                let map = try await connection.get("/map?q=dune")
                #expect(map.status == 200)
                let search = try await connection.get("/api/v1/books/search?q=dune")
                #expect(search.status == 200 && search.text.contains("Dune"))
            }
        }
    }

    @Test func aFileThatIsNotACatalogIsNotReadyAndSaysSo() async throws {
        try await withTemporaryDirectory(prefix: "scout-retry") { directory in
            let passwd = directory.appending(path: "passwd")
            try "root:x:0:0:root:/root:/bin/bash\n".write(to: passwd, atomically: true, encoding: .utf8)
            let clock = ManualClock()
            let catalog = CatalogConnection(clock: clock) {
                try await BookStores.open(.file(path: passwd.path), creating: .file)
            }
            _ = await catalog.settled()
            try await withScoutApp(pages: [], catalog: catalog) { _, _, port in
                let connection = try RawHTTPConnection(port: port)
                let ready = try await connection.get("/readyz")
                #expect(ready.status == 503)
                #expect(ready.text.contains("is not a Scout catalog"))
                let map = try await connection.get("/map?q=dune")
                #expect(map.status == 503)
                #expect(map.text.contains("The catalog at \(passwd.path) is not a Scout catalog: "))
                // Retried with a growing delay, and still failing the same way.
                for (attempt, delay) in [(1, 1), (2, 2), (3, 4)] {
                    await clock.waitForSleepers(count: 1)
                    #expect(clock.pendingDeadlines == [clock.now.advanced(by: .seconds(delay))])
                    clock.advance(by: .seconds(delay))
                    guard case .failed = await catalog.settled(after: attempt) else {
                        Issue.record("/etc/passwd opened as a catalog")
                        return
                    }
                }
            }
            #expect(try String(contentsOf: passwd, encoding: .utf8) == "root:x:0:0:root:/root:/bin/bash\n")
        }
    }
}
