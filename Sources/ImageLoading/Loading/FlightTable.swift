import Synchronization

/// Request coalescing: concurrent requests for the same key share one piece of work. Each
/// waiter may be cancelled on its own (it gets `CancellationError` at once); the work is
/// cancelled only when its last waiter leaves.
final class FlightTable<Value: Sendable>: Sendable {
    private struct Flight {
        let id: UInt64
        var task: Task<Void, Never>?
        var waiters: [UInt64: CheckedContinuation<Value, any Error>]
    }

    private struct State {
        var flights: [String: Flight] = [:]
        var nextID: UInt64 = 0
        var cancelledEarly: Set<UInt64> = []
    }

    private enum Admission {
        case cancelled
        case joined
        case started
    }

    private let state = Mutex(State())

    /// The value for `key`: joins the work in flight for it, or starts `work`. `joined` runs
    /// when this call joined someone else's work.
    func value(
        for key: String, joined: @Sendable () -> Void, work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        // A cancellation that arrives after the answer leaves the id behind; clear it.
        defer { state.withLock { _ = $0.cancelledEarly.remove(id) } }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let admission = state.withLock { state -> Admission in
                    if state.cancelledEarly.remove(id) != nil { return .cancelled }
                    if state.flights[key] != nil {
                        state.flights[key]?.waiters[id] = continuation
                        return .joined
                    }
                    state.flights[key] = Flight(id: id, task: nil, waiters: [id: continuation])
                    return .started
                }
                switch admission {
                case .cancelled:
                    continuation.resume(throwing: CancellationError())
                case .joined:
                    joined()
                case .started:
                    start(key: key, flight: id, work: work)
                }
            }
        } onCancel: {
            leave(key: key, waiter: id)
        }
    }

    /// Keys with work in flight now.
    var count: Int { state.withLock { $0.flights.count } }

    private func start(key: String, flight: UInt64, work: @escaping @Sendable () async throws -> Value) {
        let task = Task {
            let result: Result<Value, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            finish(key: key, flight: flight, with: result)
        }
        let isAbandoned = state.withLock { state -> Bool in
            guard state.flights[key]?.id == flight else { return true }
            state.flights[key]?.task = task
            return false
        }
        if isAbandoned { task.cancel() }
    }

    private func finish(key: String, flight: UInt64, with result: Result<Value, any Error>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
            guard let current = state.flights[key], current.id == flight else { return [] }
            state.flights[key] = nil
            return Array(current.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    private func leave(key: String, waiter id: UInt64) {
        let (continuation, abandoned) = state.withLock {
            state -> (CheckedContinuation<Value, any Error>?, Task<Void, Never>?) in
            guard var flight = state.flights[key], let continuation = flight.waiters.removeValue(forKey: id) else {
                state.cancelledEarly.insert(id)
                return (nil, nil)
            }
            if flight.waiters.isEmpty {
                state.flights[key] = nil
                return (continuation, flight.task)
            }
            state.flights[key] = flight
            return (continuation, nil)
        }
        continuation?.resume(throwing: CancellationError())
        abandoned?.cancel()
    }
}
