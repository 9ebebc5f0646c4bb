import ScoutTestSupport
import Testing

@testable import ScoutServer

/// The per-client token bucket on a manual clock: it refills with time and only with time.
@Suite("Per-client rate limit", .timeLimit(.minutes(10)))
struct ClientRateLimiterTests {
    @Test func aClientBeyondItsBurstWaitsForTheNextTokenAndAnotherClientIsServed() {
        let clock = ManualClock()
        let limiter = ClientRateLimiter(requestsPerSecond: 2, burst: 3, clock: clock)
        #expect((0..<3).allSatisfy { _ in limiter.admit("198.51.100.1") == nil })
        #expect(limiter.admit("198.51.100.1") == .milliseconds(500))
        #expect(limiter.admit("198.51.100.2") == nil)

        clock.advance(by: .milliseconds(250))
        #expect(limiter.admit("198.51.100.1") == .milliseconds(250))
        clock.advance(by: .milliseconds(250))
        #expect(limiter.admit("198.51.100.1") == nil)
    }

    @Test func aBucketRefillsOnlyUpToItsBurst() {
        let clock = ManualClock()
        let limiter = ClientRateLimiter(requestsPerSecond: 1, burst: 2, clock: clock)
        clock.advance(by: .seconds(3_600))
        #expect(limiter.admit("198.51.100.1") == nil)
        #expect(limiter.admit("198.51.100.1") == nil)
        #expect(limiter.admit("198.51.100.1") == .seconds(1))
    }
}
