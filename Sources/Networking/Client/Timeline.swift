/// A clock reduced to what the client needs — elapsed time and sleeping — so that any
/// `Clock<Duration>` (a manual one in tests) can be stored without generics spreading.
struct Timeline: Sendable {
    /// Time since the timeline was made.
    let now: @Sendable () -> Duration
    /// Sleeps for a duration; throws when cancelled.
    let sleep: @Sendable (Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleep = { duration in try await clock.sleep(for: duration) }
    }

    /// Sleeps until `instant` on this timeline (returns at once if it has passed).
    func sleep(until instant: Duration) async throws {
        let remaining = instant - now()
        if remaining > .zero { try await sleep(remaining) }
    }
}
