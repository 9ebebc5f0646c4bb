import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// Several `scout` processes on one catalog, and commands that only read it: both servers
/// started together on a new file serve it, a file that is not a catalog is named so, and a
/// mistyped path creates nothing (T22).
@Suite("Many processes on one catalog", .timeLimit(.minutes(10)))
struct CatalogProcessesTests {
    private func serve(_ database: String) throws -> ScoutProcess {
        try ScoutProcess(["serve", "--quiet", "--listen", "127.0.0.1:0", "--database", database])
    }

    private func port(of process: ScoutProcess) async throws -> UInt16 {
        let url = try await process.waitForOutput(matching: #"http://127\.0\.0\.1:[0-9]+/"#)
        return try #require(UInt16(url.split(separator: ":").last!.dropLast()))
    }

    @Test func twoServersStartedTogetherOnANewFileBothServeIt() async throws {
        try await withTemporaryDirectory(prefix: "scout-processes") { directory in
            for round in 0..<5 {
                let path = directory.appending(path: "books-\(round).sqlite").path
                let servers = [try serve(path), try serve(path)]
                for server in servers {
                    let port = try await port(of: server)
                    let connection = try RawHTTPConnection(port: port)
                    let ready = try await connection.get("/readyz")
                    #expect(ready.status == 200, "round \(round): \(ready.text) \(server.standardError)")
                    let map = try await connection.get("/map?q=hunger%20games")
                    #expect(map.status == 200, "round \(round): \(map.text)")
                }
                for server in servers {
                    server.signal()
                    let result = try await server.waitForExit()
                    #expect(!result.standardError.contains("already exists"), "\(result.standardError)")
                }
            }
        }
    }

    @Test func aServerOnAFileThatIsNotACatalogSaysSo() async throws {
        try await withTemporaryDirectory(prefix: "scout-processes") { directory in
            let passwd = directory.appending(path: "passwd")
            let text = "root:x:0:0:root:/root:/bin/bash\n"
            try text.write(to: passwd, atomically: true, encoding: .utf8)
            let server = try serve(passwd.path)
            let connection = try RawHTTPConnection(port: try await port(of: server))
            let ready = try await connection.get("/readyz")
            #expect(ready.status == 503)
            #expect(ready.text.contains("is not a Scout catalog"))
            let map = try await connection.get("/map?q=dune")
            #expect(map.status == 503)
            #expect(map.text.contains("The catalog at \(passwd.path) is not a Scout catalog"))
            #expect(!map.text.contains("Import one with"))
            server.signal()
            _ = try await server.waitForExit()
            #expect(try String(contentsOf: passwd, encoding: .utf8) == text)
        }
    }

    @Test(arguments: [["search", "dune"], ["related", "dune"], ["stats"], ["export", "-"], ["dedupe"], ["relate"]])
    func aCommandOnAMistypedPathCreatesNothing(command: [String]) async throws {
        try await withTemporaryDirectory(prefix: "scout-processes") { directory in
            let path = directory.appending(path: "nonexistent/dir/x.sqlite").path
            let result = try await ScoutExecutable.run(["books"] + command + ["--database", path])
            #expect(result.exitCode == 1)
            #expect(
                result.standardError == "scout: There is no catalog at \(path): check --database (SCOUT_DATABASE), "
                    + "or import one with 'scout books import … --database \(path)'.\n")
            #expect(!result.standardOutput.contains("No books match"))
            #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "nonexistent").path))
        }
    }

    @Test func aServerAndAnImportStartedTogetherOnANewFileBothSucceed() async throws {
        try await withTemporaryDirectory(prefix: "scout-processes") { directory in
            let lines = directory.appending(path: "books.jsonl")
            try #"{"source":"test","sourceID":"dune","title":"Dune","authors":["Frank Herbert"]}"#
                .write(to: lines, atomically: true, encoding: .utf8)
            for round in 0..<3 {
                let path = directory.appending(path: "books-\(round).sqlite").path
                let server = try serve(path)
                let importer = try ScoutProcess(["books", "import", "jsonl", lines.path, "--database", path])
                let imported = try await importer.waitForExit()
                #expect(imported.exitCode == 0, "\(imported.standardError)")
                let connection = try RawHTTPConnection(port: try await port(of: server))
                #expect(try await connection.get("/readyz").status == 200)
                let dune = try await connection.get("/api/v1/books/search?q=dune")
                #expect(dune.status == 200 && dune.text.contains("Frank Herbert"))
                server.signal()
                _ = try await server.waitForExit()
            }
        }
    }
}
