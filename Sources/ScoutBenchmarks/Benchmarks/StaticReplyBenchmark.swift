import Foundation

/// Issue 2's benchmark: a fixed JSON reply from `scout serve` (`/healthz`) against nginx
/// serving the same bytes as a static file, both on 127.0.0.1, measured by wrk in one run.
/// Rounds alternate between the two so drift on the machine affects both alike.
struct StaticReplyBenchmark {
    var rounds = 3
    var wrk = Wrk()
    /// Server threads and nginx workers: one each, leaving the other core to wrk.
    var serverThreads = 1

    func run() throws {
        let scout = try ScoutServe(threads: serverThreads)
        defer { scout.stop() }
        let reply = try scout.fetch("/healthz")
        let nginx = try Nginx(files: ["healthz": (reply, "application/json")], workers: serverThreads)
        defer { nginx.stop() }

        var scoutRuns: [Wrk.Result] = []
        var nginxRuns: [Wrk.Result] = []
        _ = try wrk.run("http://127.0.0.1:\(scout.port)/healthz")  // warm-up
        for _ in 0..<rounds {
            scoutRuns.append(try wrk.run("http://127.0.0.1:\(scout.port)/healthz"))
            nginxRuns.append(try wrk.run("http://127.0.0.1:\(nginx.port)/healthz"))
        }
        let scoutMedian = Self.median(scoutRuns)
        let nginxMedian = Self.median(nginxRuns)

        var report = Report(
            title: "Fixed JSON reply (\(reply.count) bytes): scout serve vs nginx static file",
            columns: ["server", "requests/s", "p50", "p99", "errors"])
        for (name, result) in [("scout serve", scoutMedian), ("nginx", nginxMedian)] {
            report.add([
                name, result.requestsPerSecond.formatted(decimals: 0), result.p50.milliseconds,
                result.p99.milliseconds, "\(result.errors)",
            ])
        }
        report.print()
        let ratio = scoutMedian.requestsPerSecond / nginxMedian.requestsPerSecond
        print(
            "\nratio scout/nginx: \(ratio.formatted(decimals: 2)) (goal ≥ 1.00: \(ratio >= 1 ? "met" : "NOT met"))"
        )
        print(
            "wrk -t\(wrk.threads) -c\(wrk.connections) -d\(wrk.duration.components.seconds)s, median of \(rounds) "
                + "alternating rounds; \(serverThreads) server thread(s) / nginx worker(s); access logs off.")
    }

    /// The run with the median request rate.
    static func median(_ results: [Wrk.Result]) -> Wrk.Result {
        results.sorted { $0.requestsPerSecond < $1.requestsPerSecond }[results.count / 2]
    }
}
