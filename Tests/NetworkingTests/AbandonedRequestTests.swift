import Foundation
import Networking
import ScoutTestSupport
import Testing

/// A client that `stoppingAbandonedRequests()` (the server's): a call whose caller stops waiting
/// is stopped on the wire — the upstream sees the connection close — and its budget slot stays
/// taken until the call's deadline, as long as the upstream might still be working on it.
/// Time is a `ManualClock`'s, the fake's latency another's: nothing waits for time to pass.
@Suite("Abandoned requests", .timeLimit(.minutes(2)))
struct AbandonedRequestTests {
    @Test("the upstream sees an abandoned request's close; its slot comes back at the deadline, not before")
    func closedOnTheWireSlotKept() async throws {
        let clock = ManualClock()
        let upstreamClock = ManualClock()
        try await withFakeWikipedia(clock: upstreamClock) { fake in
            fake.faults.latency = .seconds(100)
            let policy = HostPolicy(maxConcurrent: 1, requestsPerSecond: 1000, burst: 1000, maxAttempts: 1)
            let client = APIClient(
                configuration: .init(userAgent: "Scout/test (tests@example.org)", hostPolicies: ["127.0.0.1": policy]),
                clock: clock
            ).stoppingAbandonedRequests()
            let first = Task { try await client.send(okEndpoint(fake.baseURL, deadline: .seconds(3))) }
            #expect(await eventually { fake.recorder.requestsBeingAnswered == 1 })
            first.cancel()
            await #expect(throws: CancellationError.self) { try await first.value }
            #expect(await eventually { fake.recorder.requestsBeingAnswered == 0 }, "the upstream saw the close")

            let second = Task { try await client.send(okEndpoint(fake.baseURL, deadline: .seconds(10))) }
            // The second call has started (its deadline is set) but waits for the one slot.
            #expect(await eventually { clock.pendingDeadlines.contains(ManualClock.Instant(offset: .seconds(10))) })
            #expect(fake.requests.count == 1)
            clock.advance(by: .seconds(3))
            #expect(await eventually { fake.requests.count == 2 }, "the slot came back at the first call's deadline")
            second.cancel()
            _ = try? await second.value
        }
    }
}
