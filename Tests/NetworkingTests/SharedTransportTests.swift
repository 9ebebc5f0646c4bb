import Foundation
import HTTPServer
import Networking
import ScoutTestSupport
import Testing

/// Issue 36's wrong finals: every client of a process shares one transport, each with budgets
/// of its own. The typing-all benchmark's twenty people (a client each) searched a source that
/// takes 2 s; libcurl let 6 requests reach that host at once and queued the rest where no
/// budget saw them, while their 3 s deadlines ran — so the final query's search timed out
/// behind the superseded ones without the upstream ever being slow to answer it.
@Suite("Shared transport", .timeLimit(.minutes(2)))
struct SharedTransportTests {
    /// How long the slow upstream takes, and each call's deadline: as the benchmark's slow source.
    static let upstreamLatency = Duration.seconds(2)
    static let deadline = Duration.seconds(3)

    @Test(
        "every call the clients' budgets admit reaches the upstream at once: none waits out its deadline inside the transport"
    )
    func admittedCallsAllReachTheUpstream() async throws {
        let clock = ManualClock()
        // The upstream's own clock: its sleepers are exactly the requests it is answering.
        let upstreamClock = ManualClock()
        let upstream = ScriptedUpstream()
        upstream.setFallback { _ in
            try? await upstreamClock.sleep(for: Self.upstreamLatency)
            return .json(bytes: Array(#"{"ok":true}"#.utf8))
        }
        try await upstream.serve { url in
            // What a client gets unless told otherwise, shared as `PlatformTransport.shared` is.
            let transport = PlatformTransport.make()
            // Four people, three calls each: twelve in flight, every one within its client's budget of four.
            let policy = HostPolicy(maxConcurrent: 4, requestsPerSecond: 1000, burst: 1000, maxAttempts: 1)
            let clients = (0..<4).map { _ in
                APIClient(
                    configuration: .init(
                        userAgent: "Scout/test (tests@example.org)", hostPolicies: ["127.0.0.1": policy]),
                    transport: transport, clock: clock)
            }
            let finished = Locked(0)
            try await withThrowingTaskGroup(of: Result<Reply, any Error>.self) { group in
                for client in clients {
                    for _ in 0..<3 {
                        group.addTask {
                            defer { finished.withLock { $0 += 1 } }
                            do {
                                return .success(try await client.send(okEndpoint(url, deadline: Self.deadline)))
                            } catch {
                                return .failure(error)
                            }
                        }
                    }
                }
                // Fails where the transport holds some back: only its connection limit reach the upstream.
                #expect(await eventually { upstreamClock.sleeperCount == 12 })
                clock.advance(by: Self.upstreamLatency)
                upstreamClock.advance(by: Self.upstreamLatency)
                #expect(await eventually { finished.value == 12 })
                // Whatever is still out now meets its deadline: the benchmark's wrong final.
                clock.advance(by: Self.deadline - Self.upstreamLatency)
                var failures: [String] = []
                for try await result in group {
                    if case .failure(let error) = result { failures.append("\(error)") }
                }
                #expect(failures == [])
            }
            #expect(upstream.received.count == 12)
        }
    }
}
