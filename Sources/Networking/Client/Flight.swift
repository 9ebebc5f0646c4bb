import Synchronization

/// One request on the wire. It ends when the upstream answers, at the deadline, or when its
/// caller stops waiting — then the transfer is stopped and its connection closed, so the
/// upstream hears that nobody wants the answer. Its budget slot is released only once the
/// transport has ended it, however it ended, so a slot is never free while its request is out.
///
/// A superseded search or a multisearch whose client left costs the host nothing more: a
/// request nobody waits for used to run to its end holding its slot, and searches someone did
/// wait for queued behind it (issue 36).
struct Flight: Sendable {
    /// Ends once the request has ended *and* the budget has been told, so a caller that goes on
    /// to the next call sees the slot freed and the breaker updated.
    private let completion: Task<Result<TransportReply, any Error>, Never>
    /// The transfer itself, cancelled when its caller stops waiting.
    private let transfer: Task<TransportReply, any Error>
    /// Whether the caller stopped waiting before the flight ended.
    private let abandoned: Flag
    private let deadline: Duration
    private let timeline: Timeline

    /// Sends `request` through `transport`; `finished` runs once it ends, however it ends, and
    /// hears whether the caller abandoned it (no verdict on the host then).
    init(
        deadline: Duration, timeline: Timeline,
        send: @escaping @Sendable () async throws -> TransportReply,
        finished: @escaping @Sendable (Result<TransportReply, any Error>, _ isAbandoned: Bool) async -> Void
    ) {
        let transfer = Task { try await send() }
        // Nobody waits past the deadline, so nothing may stay on the wire past it either.
        let watchdog = Task {
            try? await timeline.sleep(until: deadline)
            transfer.cancel()
        }
        let abandoned = Flag()
        completion = Task {
            let result: Result<TransportReply, any Error>
            do { result = .success(try await transfer.value) } catch { result = .failure(error) }
            watchdog.cancel()
            await finished(result, abandoned.isSet)
            return result
        }
        self.transfer = transfer
        self.abandoned = abandoned
        self.deadline = deadline
        self.timeline = timeline
    }

    /// The outcome; throws `CancellationError` at once when the caller is cancelled, and stops
    /// the transfer (its slot comes back when the transport has let go of it).
    func outcome() async throws -> Result<TransportReply, any Error> {
        try await Abandonable.value(
            of: { [completion] in await completion.value },
            onAbandon: { [transfer, abandoned, deadline, timeline] in
                // Past the deadline the call's own watchdog stopped waiting: the host was too slow.
                if timeline.now() < deadline { abandoned.set() }
                transfer.cancel()
            })
    }
}
