import Testing

@testable import Redis

/// When a connection whose server is down tries again: the pure backoff state machine.
@Suite("Redis reconnect backoff", .timeLimit(.minutes(1)))
struct RedisBackoffTests {
    @Test("the first attempt is immediate, and each failure doubles the wait up to the maximum")
    func doubles() {
        var backoff = RedisBackoff(initialDelay: .milliseconds(100), maximumDelay: .seconds(1))
        #expect(backoff.allowsAttempt(at: .zero))
        var now = Duration.zero
        var waits: [Duration] = []
        for _ in 0..<6 {
            let wait = backoff.recordFailure(at: now, jitter: 1)
            waits.append(wait)
            #expect(!backoff.allowsAttempt(at: now + wait - .milliseconds(1)))
            #expect(backoff.allowsAttempt(at: now + wait))
            now += wait
        }
        #expect(waits == [100, 200, 400, 800, 1000, 1000].map { Duration.milliseconds($0) })
        #expect(backoff.consecutiveFailures == 6)
        backoff.recordSuccess()
        #expect(backoff.consecutiveFailures == 0 && backoff.nextAttempt == nil && backoff.allowsAttempt(at: now))
    }

    @Test("jitter spreads each wait over the upper half of its doubled delay", arguments: [0.0, 0.25, 0.5, 1.0])
    func jitter(_ jitter: Double) {
        let backoff = RedisBackoff(initialDelay: .milliseconds(100), maximumDelay: .seconds(10))
        for failures in 1...7 {  // 100 ms … 6.4 s, below the maximum
            let full = Duration.milliseconds(100) * (1 << (failures - 1))
            let wait = backoff.delay(afterFailures: failures, jitter: jitter)
            #expect(wait == full / 2 + full / 2 * jitter)
            #expect(wait >= full / 2 && wait <= full)
        }
        #expect(backoff.delay(afterFailures: 0, jitter: jitter) == .zero)
    }

    @Test("out-of-range settings and jitter are clamped; a thousand failures do not overflow")
    func clamps() {
        let backoff = RedisBackoff(initialDelay: .seconds(2), maximumDelay: .seconds(1))
        #expect(backoff.maximumDelay == .seconds(2))
        #expect(backoff.delay(afterFailures: 1_000, jitter: 7) == .seconds(2))
        #expect(backoff.delay(afterFailures: 1_000, jitter: -1) == .seconds(1))
        #expect(
            RedisBackoff(initialDelay: .seconds(-1), maximumDelay: .zero).delay(afterFailures: 3, jitter: 1) == .zero)
    }
}
