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
        /// Requests being answered, by sequence number, with their connection's socket.
        var answering: [Int: ClientSocket?] = [:]
        /// When each of the latest requests got its reply, by sequence number.
        var answeredAt: [Int: ContinuousClock.Instant] = [:]
        var maxInFlight = 0
        /// Arrival times of the last second, from `arrivalsStart` on.
        var arrivals: [ContinuousClock.Instant] = []
        var arrivalsStart = 0
        var maxPerSecond = 0

        /// Adds an arrival to the one-second window and updates the peak.
        mutating func countArrival(at instant: ContinuousClock.Instant) {
            arrivals.append(instant)
            while instant - arrivals[arrivalsStart] >= .seconds(1) { arrivalsStart += 1 }
            maxPerSecond = max(maxPerSecond, arrivals.count - arrivalsStart)
            if arrivalsStart >= 4096, arrivalsStart * 2 >= arrivals.count {
                arrivals.removeFirst(arrivalsStart)
                arrivalsStart = 0
            }
        }
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
    /// allows 3). A request counts from its arrival until its reply was handed over in full
    /// (a streamed body to its last byte) or its client closed the connection, whichever is
    /// first — so a hang the client gave up on stops counting, as it stopped for the client.
    /// Requests the fake answers at once, with nothing scripted, are not counted.
    public var maxConcurrentRequests: Int { state.withLock { $0.maxInFlight } }

    /// Starts ``maxConcurrentRequests`` over from the requests being answered now: for a test
    /// that checks a later phase of its run alone.
    ///
    /// ```swift
    /// fake.recorder.resetMaxConcurrentRequests()   // Redis is down from here on
    /// ```
    public func resetMaxConcurrentRequests() {
        state.withLock { $0.maxInFlight = $0.answering.count }
    }

    /// The most requests that arrived within one second (any second, not only whole ones; a
    /// budget check: a token bucket allows its burst plus one second of its rate).
    public var maxRequestsPerSecond: Int { state.withLock { $0.maxPerSecond } }

    /// When the fake handed its reply to the request numbered `sequenceNumber` to the server
    /// (for a streamed body, its head): after any latency, so it is when the client could first
    /// read it — a 429's `Retry-After` window opens then. Nil for requests answered at once
    /// with nothing scripted, not answered yet, or among the oldest no longer kept.
    public func answeredAt(sequenceNumber: Int) -> ContinuousClock.Instant? {
        state.withLock { $0.answeredAt[sequenceNumber] }
    }

    /// How many requests are being answered now, leaving out those whose client has closed the
    /// connection: what the next request's count will find. A test waits for it to drop rather
    /// than for the kernel to get round to the close.
    public var requestsBeingAnswered: Int {
        state.withLock { $0.answering }.values.filter { $0?.isClosed != true }.count
    }

    /// One request being answered, from ``beginAnswering(_:socket:)`` to ``endAnswering(_:)``.
    struct AnswerTicket: Sendable {
        fileprivate let sequenceNumber: Int
    }

    /// Counts `request`, on `socket`, as being answered until ``endAnswering(_:)`` or until its
    /// client closes the connection. The connections of the requests still counted are checked
    /// first (two system calls each), so one its client closed just before sending this one is
    /// not counted alongside it.
    func beginAnswering(_ request: RecordedRequest, socket: ClientSocket?) -> AnswerTicket {
        let closed = state.withLock { $0.answering }.filter { $0.value?.isClosed == true }.keys
        return state.withLock { state in
            for sequenceNumber in closed { state.answering[sequenceNumber] = nil }
            state.answering[request.sequenceNumber] = socket
            state.maxInFlight = max(state.maxInFlight, state.answering.count)
            return AnswerTicket(sequenceNumber: request.sequenceNumber)
        }
    }

    /// Notes that the reply of `ticket` was handed to the server now (see ``answeredAt(sequenceNumber:)``).
    func answered(_ ticket: AnswerTicket) {
        let now = ContinuousClock.now
        state.withLock { state in
            if state.answeredAt[ticket.sequenceNumber] == nil { state.answeredAt[ticket.sequenceNumber] = now }
            if state.answeredAt.count > state.capacity + 1024 {
                let oldest = state.total - state.capacity
                state.answeredAt = state.answeredAt.filter { $0.key > oldest }
            }
        }
    }

    /// Stops counting the request of `ticket`; ending it twice is harmless.
    func endAnswering(_ ticket: AnswerTicket) {
        state.withLock { _ = $0.answering.removeValue(forKey: ticket.sequenceNumber) }
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
            state.countArrival(at: arrivedAt)
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
