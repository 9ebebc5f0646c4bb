/// Measures one Scout URL against one nginx URL serving the same bytes: wrk rounds alternate
/// between the two, so drift on the machine affects both alike, and the median round counts.
struct NginxComparison {
    var rounds = 3
    var wrk = Wrk()

    struct Outcome {
        let scout: Wrk.Result
        let nginx: Wrk.Result
        var ratio: Double { scout.requestsPerSecond / nginx.requestsPerSecond }
    }

    /// Runs the rounds; `afterScoutRound` is called while Scout is still warm (for memory readings).
    func run(scoutURL: String, nginxURL: String, afterScoutRound: () -> Void = {}) throws -> Outcome {
        _ = try wrk.run(scoutURL)  // warm-up
        var scoutRuns: [Wrk.Result] = []
        var nginxRuns: [Wrk.Result] = []
        for _ in 0..<rounds {
            scoutRuns.append(try wrk.run(scoutURL))
            afterScoutRound()
            nginxRuns.append(try wrk.run(nginxURL))
        }
        return Outcome(scout: Self.median(scoutRuns), nginx: Self.median(nginxRuns))
    }

    /// Prints the table of both medians and how it was measured.
    func print(_ outcome: Outcome, title: String, serverThreads: Int) {
        var report = Report(title: title, columns: ["server", "requests/s", "p50", "p99", "errors"])
        for (name, result) in [("scout serve", outcome.scout), ("nginx", outcome.nginx)] {
            report.add([
                name, result.requestsPerSecond.formatted(decimals: 0), result.p50.milliseconds,
                result.p99.milliseconds, "\(result.errors)",
            ])
        }
        report.print()
        Swift.print(
            "wrk -t\(wrk.threads) -c\(wrk.connections) -d\(wrk.duration.components.seconds)s, median of \(rounds) "
                + "alternating rounds; \(serverThreads) server thread(s) / nginx worker(s); access logs off.")
    }

    /// The run with the median request rate.
    static func median(_ results: [Wrk.Result]) -> Wrk.Result {
        results.sorted { $0.requestsPerSecond < $1.requestsPerSecond }[results.count / 2]
    }
}
