/// Issue 2's benchmark: a fixed JSON reply from `scout serve` (`/healthz`) against nginx
/// serving the same bytes as a static file, both on 127.0.0.1, measured by wrk in one run.
struct StaticReplyBenchmark {
    var comparison = NginxComparison()
    /// Server threads and nginx workers: one each, leaving the other core to wrk.
    var serverThreads = 1

    func run() throws {
        let scout = try ScoutServe(threads: serverThreads)
        defer { scout.stop() }
        let reply = try scout.fetch("/healthz")
        let nginx = try Nginx(files: ["healthz": (reply, "application/json")], workers: serverThreads)
        defer { nginx.stop() }

        let outcome = try comparison.run(
            scoutURL: "http://127.0.0.1:\(scout.port)/healthz", nginxURL: "http://127.0.0.1:\(nginx.port)/healthz")
        comparison.print(
            outcome, title: "Fixed JSON reply (\(reply.count) bytes): scout serve vs nginx static file",
            serverThreads: serverThreads)
        let ratio = outcome.ratio
        print(
            "ratio scout/nginx: \(ratio.formatted(decimals: 2)) (goal ≥ 1.20, issue 15: \(ratio >= 1.2 ? "met" : "NOT met"))"
        )
    }
}
