/// Spaces the requests to each origin: a request may start only `interval` after the previous
/// one to the same origin started. The interval is the caller's, so it can grow once robots.txt
/// asks for a `Crawl-delay`, up to `horizon`. Time comes from an injected clock; tests run on a
/// manual one. Origins whose last turn is more than `horizon` past can delay nothing and are
/// forgotten once more than ``prunedPast`` are held, so a crawl over endless hosts holds only
/// those it visited lately.
///
/// ```swift
/// let pacer = HostPacer(clock: ContinuousClock(), horizon: .seconds(30))
/// try await pacer.waitForTurn(at: "https://example.org", interval: .seconds(1))
/// ```
actor HostPacer {
    private let now: @Sendable () -> Duration
    private let sleep: @Sendable (Duration) async throws -> Void
    /// When the latest request to each origin was let go, on this pacer's timeline.
    private var lastTurn: [String: Duration] = [:]
    private let horizon: Duration
    /// How many origins are held before those past the horizon are forgotten.
    static let prunedPast = 1_024

    init(clock: some Clock<Duration>, horizon: Duration) {
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleep = { try await clock.sleep(for: $0) }
        self.horizon = horizon
    }

    /// How many origins the pacer remembers.
    var originCount: Int { lastTurn.count }

    /// Waits until `interval` has passed since the previous request to `origin` started, and
    /// books this request's start. Throws `CancellationError` when cancelled while waiting.
    func waitForTurn(at origin: String, interval: Duration) async throws {
        let current = now()
        if lastTurn.count > Self.prunedPast { lastTurn = lastTurn.filter { $0.value + horizon > current } }
        let turn = lastTurn[origin].map { max(current, $0 + interval) } ?? current
        // Booked before sleeping: a caller arriving meanwhile queues behind this turn.
        lastTurn[origin] = turn
        if turn > current { try await sleep(turn - current) }
    }
}
