import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// Passwords of the catalog and of Redis never show in what `scout` prints — errors, logs,
/// `stats`, `/readyz`, `/metrics` — whatever their spelling; a password on the command line is
/// warned about, one in a file or the environment is used quietly (T21).
@Suite("Secrets in database and Redis URLs", .timeLimit(.minutes(10)))
struct CatalogSecretsTests {
    static let canary = "C4nary-s3cret"

    private func expectNoCanary(_ texts: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        for text in texts {
            #expect(!text.contains(Self.canary), "\(text)", sourceLocation: sourceLocation)
            #expect(!text.contains("C4nary%2Ds3cret"), sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        "postgres://scout@127.0.0.1:1/books?sslpassword=\(canary)",
        "postgres://scout@127.0.0.1:1/books?pass%77ord=\(canary)",
        "postgresql://scout:\(canary)@127.0.0.1:1/books",
        "postgres://127.0.0.1:1/books?sslmode=disable&PASSWORD=\(canary)",
    ])
    func aPasswordInTheURLIsNeverPrintedAndWarnedAbout(database: String) async throws {
        let result = try await ScoutExecutable.run(["books", "stats", "--database", database])
        #expect(result.exitCode == 1)
        expectNoCanary(result.standardOutput, result.standardError)
        #expect(result.standardError.contains("shown by 'ps' to every user"))
        #expect(result.standardError.contains("127.0.0.1:1"))
    }

    @Test func anUnsupportedSchemeIsRefusedAndCreatesNothing() async throws {
        do {
            let result = try await ScoutExecutable.run(
                ["books", "stats", "--database", "mysql://u:\(Self.canary)@127.0.0.1:1/db"])
            #expect(result.exitCode == 64)
            #expect(result.standardError.contains("Scout cannot use the catalog at mysql://u:***@127.0.0.1:1/db"))
            #expect(result.standardError.contains("postgres://"))
            expectNoCanary(result.standardOutput, result.standardError)
            #expect(!FileManager.default.fileExists(atPath: "mysql:"))
        }
    }

    @Test func aPasswordFileMustBeYoursAloneAndIsNeverPrinted() async throws {
        try await withTemporaryDirectory(prefix: "scout-secrets") { directory in
            let file = directory.appending(path: "db-password")
            try "\(Self.canary)\n".write(to: file, atomically: true, encoding: .utf8)
            chmod(file.path, 0o644)
            let database = "postgres://scout@127.0.0.1:1/books"
            let open = try await ScoutExecutable.run(
                ["books", "stats", "--database", database, "--database-password-file", file.path])
            #expect(open.exitCode == 64)
            #expect(open.standardError.contains("run 'chmod 600 \(file.path)'"))
            chmod(file.path, 0o600)
            for (arguments, environment) in [
                (["--database-password-file", file.path], [:]),
                ([], ["SCOUT_DATABASE_PASSWORD": Self.canary]),
            ] {
                let result = try await ScoutExecutable.run(
                    ["books", "stats", "--database", database] + arguments, environment: environment)
                #expect(result.exitCode == 1)
                #expect(result.standardError.contains("postgres://scout@127.0.0.1:1/books"))
                #expect(!result.standardError.contains("'ps'"))
                expectNoCanary(result.standardOutput, result.standardError)
            }
        }
    }

    @Test func serveShowsNoPasswordInLogsReadinessOrMetrics() async throws {
        try await withTemporaryDirectory(prefix: "scout-secrets") { directory in
            let redisPassword = directory.appending(path: "redis-password")
            try "\(Self.canary)-redis".write(to: redisPassword, atomically: true, encoding: .utf8)
            chmod(redisPassword.path, 0o600)
            let process = try ScoutProcess([
                "serve", "--listen", "127.0.0.1:0", "--database",
                "postgres://scout@127.0.0.1:1/books?sslpassword=\(Self.canary)", "--redis",
                "redis://:\(Self.canary)@127.0.0.1:1/0", "--redis-password-file", redisPassword.path,
            ])
            let url = try await process.waitForOutput(matching: #"http://127\.0\.0\.1:[0-9]+/"#)
            let port = try #require(UInt16(url.split(separator: ":").last!.dropLast()))
            let connection = try RawHTTPConnection(port: port)
            let ready = try await connection.get("/readyz")
            #expect(ready.status == 503)
            #expect(ready.text.contains("127.0.0.1:1"))
            let map = try await connection.get("/map?q=dune")
            #expect(map.status == 503)
            let metrics = try await connection.get("/metrics")
            process.signal()
            let result = try await process.waitForExit()
            #expect(result.standardError.contains("the password in --database is shown by 'ps'"))
            #expect(result.standardError.contains("the password in --redis is shown by 'ps'"))
            expectNoCanary(ready.text, map.text, metrics.text, result.standardOutput, result.standardError)
        }
    }
}
