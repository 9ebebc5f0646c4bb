import HTTPServer
import Synchronization

/// A thread-safe log of the requests a fake upstream received, in arrival order.
///
/// It keeps the most recent ``capacity`` requests (10 000 by default), so a benchmark that sends
/// millions does not grow without bound; counts and waits still see every request.
///
/// ```swift
/// await fake.recorder.waitForRequests(count: 2)
/// #expect(fake.recorder.requests.map(\.parameters["gpssearch"]) == ["ab", "abc"])
/// ```
public final class RequestRecorder: Sendable {
    private struct Waiter {
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var requests: [RecordedRequest] = []
        var capacity: Int
        /// Requests received since the last `removeAll()`, including those no longer kept.
        var received = 0
        var total = 0
        var nextWaiterID: UInt64 = 0
        var waiters: [UInt64: Waiter] = [:]
        var cancelledWaiterIDs: Set<UInt64> = []
        var inFlight = 0
        var maxInFlight = 0
    }

    private let state: Mutex<State>

    /// An empty recorder that keeps the latest `capacity` requests.
    public init(capacity: Int = 10_000) {
        state = Mutex(State(capacity: max(1, capacity)))
    }

    /// Every request kept since the last ``removeAll()`` (at most ``capacity``), oldest first.
    public var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// How many requests arrived since the last ``removeAll()``, also those no longer kept.
    public var count: Int { state.withLock { $0.received } }

    /// How many of the latest requests are kept; lowering it drops the oldest at once.
    public var capacity: Int {
        get { state.withLock { $0.capacity } }
        set {
            state.withLock { state in
                state.capacity = max(1, newValue)
                if state.requests.count > state.capacity {
                    state.requests.removeFirst(state.requests.count - state.capacity)
                }
            }
        }
    }

    /// The most requests that were being answered at the same time (a budget check: Wikimedia
    /// allows 3).
    public var maxConcurrentRequests: Int { state.withLock { $0.maxInFlight } }

    /// Counts a request as being answered until `body` returns.
    func answering<T>(_ body: () async throws -> T) async rethrows -> T {
        state.withLock { state in
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
        }
        defer { state.withLock { $0.inFlight -= 1 } }
        return try await body()
    }

    /// Records `request` as arriving now and returns the record.
    @discardableResult
    public func record(_ request: Request) -> RecordedRequest {
        let arrivedAt = ContinuousClock.now
        let (record, ready): (RecordedRequest, [CheckedContinuation<Void, Never>]) = state.withLock { state in
            state.total += 1
            state.received += 1
            let record = RecordedRequest(request, sequenceNumber: state.total, arrivedAt: arrivedAt)
            if state.requests.count >= state.capacity {
                state.requests.removeFirst(state.requests.count - state.capacity + 1)
            }
            state.requests.append(record)
            let received = state.received
            let satisfied = state.waiters.filter { $0.value.count <= received }
            for id in satisfied.keys { state.waiters[id] = nil }
            return (record, satisfied.values.map(\.continuation))
        }
        for continuation in ready { continuation.resume() }
        return record
    }

    /// Forgets the recorded requests and resets ``count`` (sequence numbers keep counting).
    public func removeAll() {
        state.withLock { state in
            state.requests.removeAll()
            state.received = 0
        }
    }

    /// Suspends until ``count`` reaches `count`, or the waiting task is cancelled.
    public func waitForRequests(count: Int) async {
        let id = state.withLock { state in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let isReady = state.withLock { state in
                    if state.cancelledWaiterIDs.remove(id) != nil || state.received >= count { return true }
                    state.waiters[id] = Waiter(count: count, continuation: continuation)
                    return false
                }
                if isReady { continuation.resume() }
            }
        } onCancel: {
            let waiter: Waiter? = state.withLock { state in
                if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
                state.cancelledWaiterIDs.insert(id)
                return nil
            }
            waiter?.continuation.resume()
        }
        state.withLock { _ = $0.cancelledWaiterIDs.remove(id) }
    }
}
