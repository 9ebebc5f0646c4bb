import Synchronization

/// What a fake upstream does wrong, and how slowly: fixed latency, per-query latency, and a
/// script of ``Fault``s. Thread-safe; change it at any time, also while requests are in flight.
///
/// Every delay runs on ``clock`` (a `ContinuousClock` unless you pass another, such as a
/// ``ManualClock``). A request's delay is its per-query latency when one is set for its search
/// text, else the fixed ``latency``; a ``Fault/latency(_:)`` fault adds to it.
///
/// Injected faults form a queue. Each request takes the first entry that matches it (no
/// predicate matches every request); an entry with a count is used that many times and then
/// removed, an entry without one stays until ``clearFaults()`` and so shadows the entries after it.
///
/// ```swift
/// fake.faults.inject(.retryAfter(seconds: 2), count: 1)
/// fake.faults.inject(.status(503), count: 3)
/// fake.faults.setLatency(.milliseconds(300), forQuery: "ab")  // "ab" answers after "abc"
/// ```
public final class FaultPlan: Sendable {
    /// One scripted fault: what, how many more times (nil: always), and for which requests.
    public struct Entry: Sendable, CustomStringConvertible {
        /// The fault to apply.
        public let fault: Fault
        /// How many more requests it applies to; nil for every request.
        public let remaining: Int?
        /// Which requests it applies to; nil for all.
        public let predicate: (@Sendable (RecordedRequest) -> Bool)?

        /// Such as `status(503) ×2`.
        public var description: String { remaining.map { "\(fault) ×\($0)" } ?? "\(fault) always" }
    }

    /// What to do with one request: wait `delay` on `clock`, then answer normally or apply `fault`.
    struct Decision {
        let delay: Duration
        let fault: Fault?
        let clock: any Clock<Duration>
    }

    private struct State {
        var clock: any Clock<Duration>
        var latency: Duration = .zero
        var queryLatencies: [String: Duration] = [:]
        var queryLatency: (@Sendable (String) -> Duration?)?
        var entries: [Entry] = []
    }

    private let state: Mutex<State>

    /// A plan with no faults and no latency, whose delays run on `clock`.
    public init(clock: any Clock<Duration> = ContinuousClock()) {
        state = Mutex(State(clock: clock))
    }

    /// The clock every delay, slow body and latency runs on.
    public var clock: any Clock<Duration> {
        get { state.withLock { $0.clock } }
        set { state.withLock { $0.clock = newValue } }
    }

    /// Latency added to every request that has no per-query latency.
    public var latency: Duration {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = newValue } }
    }

    /// Sets the latency of requests whose search text (decoded, exactly as sent: `gpssearch`,
    /// `gsrsearch`, `srsearch` or `search` for Wikipedia, `text` for Flickr) is `query`; nil removes it.
    public func setLatency(_ latency: Duration?, forQuery query: String) {
        state.withLock { $0.queryLatencies[query] = latency }
    }

    /// Sets a function from search text to latency, consulted after the per-query table; nil
    /// from it (or no function) means "use the fixed latency".
    public func setLatency(_ latency: (@Sendable (String) -> Duration?)?) {
        state.withLock { $0.queryLatency = latency }
    }

    /// Appends `fault` to the script: for the next `count` matching requests, or for every
    /// matching request when `count` is nil. `predicate` limits it to some requests; it runs
    /// while the plan is locked, so it must not call back into the plan.
    public func inject(
        _ fault: Fault, count: Int? = nil, when predicate: (@Sendable (RecordedRequest) -> Bool)? = nil
    ) {
        precondition(count.map { $0 > 0 } ?? true, "a fault's count must be positive")
        state.withLock { $0.entries.append(Entry(fault: fault, remaining: count, predicate: predicate)) }
    }

    /// Removes every scripted fault (latencies stay).
    public func clearFaults() { state.withLock { $0.entries.removeAll() } }

    /// Removes every fault and latency.
    public func reset() {
        state.withLock { state in
            state.entries.removeAll()
            state.latency = .zero
            state.queryLatencies.removeAll()
            state.queryLatency = nil
        }
    }

    /// The scripted faults still pending, in order.
    public var pendingFaults: [Entry] { state.withLock { $0.entries } }

    /// Whether a request would be answered at once and normally (no latency, no fault).
    var isQuiet: Bool {
        state.withLock { state in
            state.entries.isEmpty && state.latency == .zero && state.queryLatencies.isEmpty
                && state.queryLatency == nil
        }
    }

    /// Takes the fault for `request` off the script and works out its delay.
    func decide(for request: RecordedRequest, searchText: String?) -> Decision {
        let (snapshot, fault): (State, Fault?) = state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.predicate?(request) ?? true }) else {
                return (state, nil)
            }
            let entry = state.entries[index]
            if let remaining = entry.remaining {
                if remaining <= 1 {
                    state.entries.remove(at: index)
                } else {
                    state.entries[index] = Entry(
                        fault: entry.fault, remaining: remaining - 1, predicate: entry.predicate)
                }
            }
            return (state, entry.fault)
        }
        // The latency function runs outside the lock: it is the test's code.
        var delay = snapshot.latency
        if let searchText {
            if let latency = snapshot.queryLatencies[searchText] {
                delay = latency
            } else if let latency = snapshot.queryLatency?(searchText) {
                delay = latency
            }
        }
        if case .latency(let extra) = fault { delay += extra }
        return Decision(delay: delay, fault: fault, clock: snapshot.clock)
    }
}
