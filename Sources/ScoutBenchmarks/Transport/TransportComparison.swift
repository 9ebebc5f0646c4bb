import Foundation

/// Measures one in-process server per transport with distinct requests: wrk rounds alternate
/// between the servers, so drift on the machine affects both alike; the median round gives
/// requests/s and latency, all rounds together the server side's CPU per 1,000 requests.
struct TransportComparison {
    var rounds = 3
    var wrk = Wrk(threads: 1, connections: 50, duration: .seconds(4))
    var warmUp: Duration = .seconds(1)

    /// A server under test, on 127.0.0.1.
    struct Target {
        let name: String
        let port: UInt16
    }

    /// What one target measured.
    struct Outcome {
        let name: String
        /// The round with the median request rate.
        let median: Wrk.Result
        /// Sums over the measured rounds.
        var completed = 0
        var bytesRead = 0.0
        var upstreamCalls = 0
        var cpuSeconds = 0.0
        var errors = 0

        var cpuPerThousand: Double { cpuSeconds / Double(max(upstreamCalls, 1)) * 1000 }
    }

    /// Runs a warm-up and then `rounds` rounds per target; `target` is the Lua `target(n)` of
    /// ``DistinctRequests``, `upstreamCalls` counts what reached the fake upstream.
    func run(
        _ targets: [Target], target: String, cpu: ServerCPU, upstreamCalls: () -> Int
    ) async throws -> [Outcome] {
        var load = DistinctRequests(wrk: wrk, target: target)
        // Numbers go up across rounds and targets; wrk sends at most `connections` more than it reads.
        var next = 1
        var rounds: [[(DistinctRequests.Round, calls: Int, cpu: Double)]] = targets.map { _ in [] }
        for round in -1..<self.rounds {
            load.wrk.duration = round < 0 ? warmUp : wrk.duration
            for (index, server) in targets.enumerated() {
                let (cpuBefore, callsBefore) = (cpu.seconds(), upstreamCalls())
                let result = try await load.run(port: server.port, from: next)
                try await settle(upstreamCalls)
                next += result.completed + wrk.connections + 1
                if round >= 0 {
                    rounds[index].append((result, upstreamCalls() - callsBefore, cpu.seconds() - cpuBefore))
                }
            }
        }
        return zip(targets, rounds).map { server, measured in
            var outcome = Outcome(name: server.name, median: NginxComparison.median(measured.map(\.0.result)))
            for (round, calls, cpu) in measured {
                outcome.completed += round.completed
                outcome.bytesRead += round.bytesRead
                outcome.upstreamCalls += calls
                outcome.cpuSeconds += cpu
                outcome.errors += round.result.errors
            }
            return outcome
        }
    }

    /// Waits until the requests wrk left in flight have reached the upstream (nothing is
    /// cancelled: URLSession can crash when a transfer is cancelled mid-body).
    private func settle(_ upstreamCalls: () -> Int) async throws {
        var (last, quietPolls, polls) = (upstreamCalls(), 0, 0)
        while quietPolls < 3, polls < 250 {
            try await Task.sleep(for: .milliseconds(20))
            let now = upstreamCalls()
            (quietPolls, last, polls) = (now == last ? quietPolls + 1 : 0, now, polls + 1)
        }
    }

    /// Prints the table of every target and how it was measured.
    func print(_ outcomes: [Outcome], title: String, serverThreads: Int) {
        var report = Report(
            title: title,
            columns: [
                "transport", "requests/s", "p50", "p99", "CPU s/1,000", "upstream/reply", "bytes/reply", "errors",
            ])
        for outcome in outcomes {
            report.add([
                outcome.name, outcome.median.requestsPerSecond.formatted(decimals: 0), outcome.median.p50.milliseconds,
                outcome.median.p99.milliseconds, outcome.cpuPerThousand.formatted(decimals: 3),
                (Double(outcome.upstreamCalls) / Double(max(outcome.completed, 1))).formatted(decimals: 3),
                (outcome.bytesRead / Double(max(outcome.completed, 1))).formatted(decimals: 0), "\(outcome.errors)",
            ])
        }
        report.print()
        Swift.print(
            "wrk -t\(wrk.threads) -c\(wrk.connections) -d\(wrk.duration.components.seconds)s, every request distinct, "
                + "median of \(rounds) alternating rounds; \(serverThreads) server thread(s); CPU: this process "
                + "less the fake upstream's threads, per upstream call, all rounds.")
    }
}
