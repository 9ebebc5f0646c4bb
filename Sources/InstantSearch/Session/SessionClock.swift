/// The session's injected clock, reduced to what it needs: the time since the session was made,
/// and sleeping until such a time. Deadlines are absolute, so a task that starts sleeping late
/// still wakes when it should.
struct SessionClock: Sendable {
    let elapsed: @Sendable () -> Duration
    let sleepUntilElapsed: @Sendable (Duration) async throws -> Void

    init(_ clock: any Clock<Duration>) {
        self = Self.make(clock)
    }

    private init(
        elapsed: @escaping @Sendable () -> Duration,
        sleepUntilElapsed: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.elapsed = elapsed
        self.sleepUntilElapsed = sleepUntilElapsed
    }

    private static func make<C: Clock<Duration>>(_ clock: C) -> SessionClock {
        let origin = clock.now
        return SessionClock(
            elapsed: { origin.duration(to: clock.now) },
            sleepUntilElapsed: { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
        )
    }
}
