import Foundation
import Networking
import ScoutTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transports on their own: `callers` tasks in this process send searches straight to a fake
/// Wikipedia through the transport (no server, no gateway, no decoding), in alternating rounds —
/// what the transport itself costs per request, which the server's paths add their own work to.
struct TransportAlone {
    var callers = 16
    var rounds = 3
    var roundLength: Duration = .seconds(3)

    struct Outcome {
        let name: String
        var requests = 0
        var seconds = 0.0
        var cpuSeconds = 0.0
        var latencies = LatencySample()
        var errors = 0

        var requestsPerSecond: Double { Double(requests) / max(seconds, 1e-9) }
        var cpuPerThousand: Double { cpuSeconds / Double(max(requests, 1)) * 1000 }
    }

    func run(_ candidates: [TransportCandidate]) async throws -> [Outcome] {
        let before = ServerCPU.threadIDs()
        return try await withFakeWikipedia(pages: [.init(pageID: 1, title: "Alpha")]) { fake in
            fake.recorder.capacity = 16
            let cpu = try await ServerCPU.excludingFake(since: before)
            let transports = candidates.map { $0.make() }
            var outcomes = candidates.map { Outcome(name: $0.name) }
            var number = 0
            for round in 0...rounds {
                for (index, transport) in transports.enumerated() {
                    let started = (ContinuousClock.now, cpu.seconds())
                    let (latencies, errors) = await load(transport, base: fake.baseURL, from: number)
                    number += latencies.durations.count + errors
                    guard round > 0 else { continue }  // the first round warms connections up
                    outcomes[index].requests += latencies.durations.count
                    outcomes[index].errors += errors
                    outcomes[index].seconds += Self.seconds(started.0.duration(to: .now))
                    outcomes[index].cpuSeconds += cpu.seconds() - started.1
                    outcomes[index].latencies.append(latencies)
                }
            }
            return outcomes
        }
    }

    /// `callers` loops of requests for one round; none is cancelled (URLSession can crash then).
    private func load(_ transport: any Transport, base: URL, from first: Int) async -> (LatencySample, Int) {
        let end = ContinuousClock.now + roundLength
        return await withTaskGroup(of: (LatencySample, Int).self) { group in
            for caller in 0..<callers {
                group.addTask {
                    var sample = LatencySample()
                    var errors = 0
                    var number = first + caller * 1_000_000
                    while ContinuousClock.now < end {
                        number += 1
                        let url = URL(
                            string: base.absoluteString + "?action=query&format=json&gpssearch=alpha\(number)")!
                        let started = ContinuousClock.now
                        do {
                            let reply = try await transport.send(
                                URLRequest(url: url), maxBytes: 1 << 21, allowsRedirects: false)
                            if reply.status == 200 { sample.record(started.duration(to: .now)) } else { errors += 1 }
                        } catch {
                            errors += 1
                        }
                    }
                    return (sample, errors)
                }
            }
            var total = (LatencySample(), 0)
            for await (sample, errors) in group {
                total.0.append(sample)
                total.1 += errors
            }
            return total
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    func print(_ outcomes: [Outcome]) {
        var report = Report(
            title: "Transports alone: \(callers) callers → fake Wikipedia on 127.0.0.1, curl vs URLSession",
            columns: ["transport", "requests/s", "p50", "p99", "CPU s/1,000", "errors"])
        for outcome in outcomes {
            report.add([
                outcome.name, outcome.requestsPerSecond.formatted(decimals: 0), outcome.latencies.p50.milliseconds,
                outcome.latencies.p99.milliseconds, outcome.cpuPerThousand.formatted(decimals: 3), "\(outcome.errors)",
            ])
        }
        report.print()
        Swift.print(
            "\(rounds) rounds of \(roundLength) each, alternating, after one warm-up round; CPU: this process less the fake's threads."
        )
    }
}
