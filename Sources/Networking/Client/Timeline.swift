/// A clock reduced to what timers need — elapsed time and sleeping — so that any
/// `Clock<Duration>` (a manual one in tests) can be stored without generics spreading.
///
/// ```swift
/// let timeline = Timeline(ContinuousClock())
/// let expiresAt = timeline.now() + .seconds(60)
/// try await timeline.sleep(.milliseconds(20))
/// ```
public struct Timeline: Sendable {
    /// Time since the timeline was made.
    public let now: @Sendable () -> Duration
    /// Sleeps for a duration; throws when cancelled.
    public let sleep: @Sendable (Duration) async throws -> Void

    /// A timeline that reads `clock`, starting now.
    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleep = { duration in try await clock.sleep(for: duration) }
    }

    /// Sleeps until `instant` on this timeline (returns at once if it has passed).
    public func sleep(until instant: Duration) async throws {
        let remaining = instant - now()
        if remaining > .zero { try await sleep(remaining) }
    }
}
