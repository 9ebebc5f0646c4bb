import Foundation
import HTTPServer
import ScoutModels
import ScoutTestSupport
import Testing

/// `scout serve` as a process: it serves, logs, and stops cleanly on a signal.
@Suite("scout serve", .timeLimit(.minutes(10)))
struct ServeCommandTests {
    /// Starts `scout serve` on a free port and returns the process and its port.
    private func startServe(_ extra: [String] = [], environment: [String: String] = [:]) async throws -> (
        ScoutProcess, UInt16
    ) {
        let process = try ScoutProcess(["serve", "--listen", "127.0.0.1:0"] + extra, environment: environment)
        let url = try await process.waitForOutput(matching: #"http://127\.0\.0\.1:[0-9]+/"#)
        let port = try #require(UInt16(url.split(separator: ":").last!.dropLast()))
        return (process, port)
    }

    @Test("serves /healthz and the page, logs each request, exits 0 on SIGTERM and on SIGINT")
    func servesAndStops() async throws {
        for signal in [SIGTERM, SIGINT] {
            let (process, port) = try await startServe()
            let connection = try RawHTTPConnection(port: port)
            let health = try await connection.get("/healthz")
            #expect(health.status == 200)
            #expect(try health.json() == ["status": "ok", "version": .string(ScoutVersion.current)])
            let page = try await connection.get("/")
            #expect(page.status == 200)
            #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
            #expect(page.text.contains("<title>Scout</title>"))
            let style = try await connection.get("/static/scout.css")
            #expect(style.headers["Content-Type"] == "text/css; charset=utf-8")
            // A fresh data directory gets the starter catalog, so /map answers offline at once;
            // same series comes first, in series order, so the #0 prequel before Catching Fire.
            let map = try await connection.get("/map?q=hunger%20games")
            #expect(map.status == 200)
            #expect(
                try map.json()[0] == [
                    "source": "The Hunger Games", "reltype": "same series",
                    "target": "The Ballad of Songbirds and Snakes",
                ])

            process.signal(signal)
            let result = try await process.waitForExit()
            #expect(result.exitCode == 0)
            #expect(result.standardError.contains("GET /healthz 200 "))
            #expect(result.standardError.contains("GET / 200 "))
        }
    }

    @Test("SCOUT_REDIS names the fleet's Redis; one that does not answer still leaves the server serving")
    func redisDown() async throws {
        let (process, port) = try await startServe(environment: ["SCOUT_REDIS": "redis://:unused@127.0.0.1:1/0"])
        #expect(try await RawHTTPConnection(port: port).get("/healthz").status == 200)
        process.signal()
        let result = try await process.waitForExit()
        #expect(result.exitCode == 0)
        #expect(!result.standardError.contains("unused"))
    }

    @Test("SCOUT_LISTEN picks the address; --quiet turns the access log off")
    func environmentAndQuiet() async throws {
        let process = try ScoutProcess(["serve", "--quiet"], environment: ["SCOUT_LISTEN": "127.0.0.1:0"])
        let url = try await process.waitForOutput(matching: #"http://127\.0\.0\.1:[0-9]+/"#)
        let port = try #require(UInt16(url.split(separator: ":").last!.dropLast()))
        #expect(try await RawHTTPConnection(port: port).get("/healthz").status == 200)
        process.signal()
        let result = try await process.waitForExit()
        #expect(result.exitCode == 0)
        #expect(!result.standardError.contains("GET /healthz"))
    }

    @Test("a port in use is a one-sentence error and exit 1")
    func portInUse() async throws {
        let (first, port) = try await startServe()
        let result = try await ScoutExecutable.run(["serve", "--listen", "127.0.0.1:\(port)"])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("Could not listen on 127.0.0.1:\(port)"))
        #expect(result.standardError.contains("--listen"))
        first.signal()
        _ = try await first.waitForExit()
    }
}
