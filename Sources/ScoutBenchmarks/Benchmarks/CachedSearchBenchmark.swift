import Foundation
import ScoutTestSupport

/// Issue 4's benchmark: a cached `/api/v1/search` of `scout serve` against nginx serving the
/// same reply bytes as a static file, both on 127.0.0.1 in one run; then how many upstream
/// calls 200 identical uncached searches cost, and the server's resident memory under load.
struct CachedSearchBenchmark {
    var comparison = NginxComparison()
    var serverThreads = 1

    func run() async throws {
        let pages = (1...200).map { FakeWikipedia.Page(pageID: $0, title: "Alpha \($0)", description: "Page \($0)") }
        try await withFakeWikipedia(pages: pages) { fake in
            let scout = try ScoutServe(
                threads: serverThreads, extraArguments: ["--client-rate", "1000000"],
                environment: [
                    "SCOUT_WIKIPEDIA_API": fake.baseURL.absoluteString,
                    "SCOUT_CACHE_DIR": FileManager.default.temporaryDirectory.appending(path: "scout-bench-cache").path,
                ])
            defer { scout.stop() }
            let path = "/api/v1/search?source=wikipedia&q=alpha&limit=20"
            _ = try scout.fetch(path)
            let reply = try scout.fetch(path)  // the cached form: "cached":true
            let nginx = try Nginx(files: ["search.json": (reply, "application/json")], workers: serverThreads)
            defer { nginx.stop() }

            var peakResident = 0
            let outcome = try comparison.run(
                scoutURL: "http://127.0.0.1:\(scout.port)\(path)",
                nginxURL: "http://127.0.0.1:\(nginx.port)/search.json",
                afterScoutRound: { peakResident = max(peakResident, scout.residentBytes ?? 0) })
            comparison.print(
                outcome, title: "Cached /api/v1/search (\(reply.count) bytes): scout serve vs nginx static file",
                serverThreads: serverThreads)
            let scoutMedian = outcome.scout
            let ratio = outcome.ratio
            let megabytes = Double(peakResident) / 1_048_576
            print(
                """
                ratio scout/nginx: \(ratio.formatted(decimals: 2)) (goal ≥ 1.20, issue 15: \(ratio >= 1.2 ? "met" : "NOT met")); \
                scout p99 \(scoutMedian.p99.milliseconds) (goal ≤ 5 ms: \(scoutMedian.p99 <= .milliseconds(5) ? "met" : "NOT met"))
                scout serve resident memory under load: \(megabytes.formatted(decimals: 1)) MiB \
                (goal ≤ 64 MiB: \(megabytes <= 64 ? "met" : "NOT met"))
                """)
            let calls = try await coalescing(port: scout.port, fake: fake)
            print("coalescing: 200 identical uncached searches at once → \(calls) upstream call(s) (goal 1)")
        }
    }

    /// Sends 200 identical searches for a query nobody asked before, all before the upstream
    /// answers (it takes 300 ms), and counts the calls that reached it.
    private func coalescing(port: UInt16, fake: FakeWikipedia) async throws -> Int {
        fake.faults.latency = .milliseconds(300)
        defer { fake.faults.latency = .zero }
        let before = fake.recorder.count
        var connections: [RawHTTPConnection] = []
        for _ in 0..<200 {
            let connection = try RawHTTPConnection(port: port, timeout: .seconds(20))
            try await connection.send("GET /api/v1/search?q=alpha%201&limit=20 HTTP/1.1\r\nHost: x\r\n\r\n")
            connections.append(connection)
        }
        for connection in connections { _ = try await connection.readResponse() }
        return fake.recorder.count - before
    }
}
