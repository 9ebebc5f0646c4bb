import Synchronization

/// Waiting for work someone else may still need: the waiter can leave the moment its own task
/// is cancelled, without waiting for the work to end, and says so through `onAbandon` — whose
/// job it is to cancel the work when nobody else waits for it.
///
/// `Task.value` cannot do this: a cancelled caller still waits until the task it awaits ends.
/// The search gateway waits this way for a search several requesters share, and a ``Flight``
/// for its request.
package enum Abandonable {
    /// What `work` returns or throws; `CancellationError` at once when the calling task is
    /// cancelled (also before the call), after `onAbandon` ran. `work` runs in a task of its own
    /// that the caller's cancellation does not reach.
    package static func value<Value: Sendable>(
        of work: @escaping @Sendable () async throws -> Value, onAbandon: @escaping @Sendable () -> Void = {}
    ) async throws -> Value {
        let waiter = Waiter<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.install(continuation)
                Task {
                    do { waiter.resume(with: .success(try await work())) } catch {
                        waiter.resume(with: .failure(error))
                    }
                }
            }
        } onCancel: {
            if waiter.resume(with: .failure(CancellationError())) { onAbandon() }
        }
    }
}

/// A Boolean that one task sets and others read, such as "the caller stopped waiting".
package final class Flag: Sendable {
    private let value = Atomic(false)

    package init() {}

    package var isSet: Bool { value.load(ordering: .acquiring) }

    package func set() { value.store(true, ordering: .releasing) }
}

/// Resumes a continuation exactly once, whichever comes first: the outcome or cancellation —
/// even when cancellation arrives before the continuation exists.
private final class Waiter<Value: Sendable>: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Value, any Error>)
        case done(Result<Value, any Error>?)
    }

    private let state = Mutex(State.empty)

    func install(_ continuation: CheckedContinuation<Value, any Error>) {
        let early: Result<Value, any Error>? = state.withLock { state in
            if case .done(let outcome) = state {
                state = .done(nil)
                return outcome
            }
            state = .waiting(continuation)
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    /// Hands `outcome` to the waiter unless it has one already; returns whether it was the first.
    @discardableResult
    func resume(with outcome: Result<Value, any Error>) -> Bool {
        let (isFirst, continuation) = state.withLock {
            state -> (Bool, CheckedContinuation<Value, any Error>?) in
            switch state {
            case .empty:
                state = .done(outcome)
                return (true, nil)
            case .waiting(let continuation):
                state = .done(nil)
                return (true, continuation)
            case .done:
                return (false, nil)
            }
        }
        continuation?.resume(with: outcome)
        return isFirst
    }
}
