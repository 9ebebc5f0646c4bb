/// One request on the wire. By default it runs to completion (or to its deadline) even when the
/// caller stops waiting, because the upstream is still working on it: its budget slot is
/// released only then, so a person typing fast never makes Scout exceed a host's concurrency
/// limit.
///
/// A flight that `closesWhenAbandoned` (``APIClient/stoppingAbandonedRequests()``) is stopped
/// on the wire instead when its caller stops waiting before the deadline, so the upstream hears
/// the close and nothing is downloaded for nobody; the slot is still kept until the deadline,
/// as long as the upstream might go on working on it.
struct Flight: Sendable {
    /// Ends once the request has ended *and* the budget has been told, so a caller that goes on
    /// to the next call sees the slot freed and the breaker updated.
    private let completion: Task<Result<TransportReply, any Error>, Never>
    /// The transfer itself.
    private let transfer: Task<TransportReply, any Error>
    /// Set when the caller stopped waiting before the deadline and the transfer was stopped.
    private let stopped: Flag
    private let closesWhenAbandoned: Bool
    private let deadline: Duration
    private let timeline: Timeline

    /// Sends `request` through `transport`; `finished` runs once it ends, however it ends, and
    /// hears whether its caller stopped it (then the result says nothing about the host).
    init(
        deadline: Duration, timeline: Timeline, closesWhenAbandoned: Bool = false,
        send: @escaping @Sendable () async throws -> TransportReply,
        finished: @escaping @Sendable (Result<TransportReply, any Error>, _ wasStoppedByCaller: Bool) async -> Void
    ) {
        let transfer = Task { try await send() }
        // Nobody waits past the deadline, so nothing may stay on the wire past it either.
        let watchdog = Task {
            try? await timeline.sleep(until: deadline)
            transfer.cancel()
        }
        let stopped = Flag()
        completion = Task {
            let result: Result<TransportReply, any Error>
            do { result = .success(try await transfer.value) } catch { result = .failure(error) }
            watchdog.cancel()
            // The close reached the upstream, not necessarily its workers: hold the slot as long
            // as the request could have run.
            if stopped.isSet { try? await timeline.sleep(until: deadline) }
            await finished(result, stopped.isSet)
            return result
        }
        self.transfer = transfer
        self.stopped = stopped
        self.closesWhenAbandoned = closesWhenAbandoned
        self.deadline = deadline
        self.timeline = timeline
    }

    /// The outcome; throws `CancellationError` at once when the caller is cancelled (the
    /// request itself carries on until it ends, unless the flight `closesWhenAbandoned`).
    func outcome() async throws -> Result<TransportReply, any Error> {
        try await Abandonable.value(
            of: { [completion] in await completion.value },
            onAbandon: { [transfer, stopped, closesWhenAbandoned, deadline, timeline] in
                // Past the deadline the call's own watchdog stopped waiting: the host was too slow.
                guard closesWhenAbandoned, timeline.now() < deadline else { return }
                stopped.set()
                transfer.cancel()
            })
    }
}
