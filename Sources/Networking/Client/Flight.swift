import Synchronization

/// One request on the wire. It runs to completion (or to its deadline) even when the caller
/// stops waiting, because the upstream is still working on it: its budget slot is released
/// only then, so a person typing fast never makes Scout exceed a host's concurrency limit.
struct Flight: Sendable {
    /// Ends once the request has ended *and* the budget has been told, so a caller that goes on
    /// to the next call sees the slot freed and the breaker updated.
    private let completion: Task<Result<TransportReply, any Error>, Never>

    /// Sends `request` through `transport`; `finished` runs once it ends, however it ends.
    init(
        deadline: Duration, timeline: Timeline,
        send: @escaping @Sendable () async throws -> TransportReply,
        finished: @escaping @Sendable (Result<TransportReply, any Error>) async -> Void
    ) {
        let task = Task { () -> Result<TransportReply, any Error> in
            do { return .success(try await send()) } catch { return .failure(error) }
        }
        // Nobody waits past the deadline, so nothing may stay on the wire past it either.
        let watchdog = Task {
            try? await timeline.sleep(until: deadline)
            task.cancel()
        }
        completion = Task {
            let result = await task.value
            watchdog.cancel()
            await finished(result)
            return result
        }
    }

    /// The outcome; throws `CancellationError` at once when the caller is cancelled (the
    /// request itself carries on until it ends).
    func outcome() async throws -> Result<TransportReply, any Error> {
        let waiter = Waiter()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.install(continuation)
                Task { [completion] in waiter.resume(with: .success(await completion.value)) }
            }
        } onCancel: {
            waiter.resume(with: .failure(CancellationError()))
        }
    }
}

/// Resumes a continuation exactly once, whichever comes first: the outcome or cancellation —
/// even when cancellation arrives before the continuation exists.
private final class Waiter: Sendable {
    typealias Outcome = Result<Result<TransportReply, any Error>, any Error>

    private enum State {
        case empty
        case waiting(CheckedContinuation<Result<TransportReply, any Error>, any Error>)
        case done(Outcome?)
    }

    private let state = Mutex(State.empty)

    func install(_ continuation: CheckedContinuation<Result<TransportReply, any Error>, any Error>) {
        let early: Outcome? = state.withLock { state in
            if case .done(let outcome) = state {
                state = .done(nil)
                return outcome
            }
            state = .waiting(continuation)
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func resume(with outcome: Outcome) {
        let continuation = state.withLock {
            state -> CheckedContinuation<Result<TransportReply, any Error>, any Error>? in
            switch state {
            case .empty:
                state = .done(outcome)
                return nil
            case .waiting(let continuation):
                state = .done(nil)
                return continuation
            case .done:
                return nil
            }
        }
        continuation?.resume(with: outcome)
    }
}
