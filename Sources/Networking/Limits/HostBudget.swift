/// The per-host budget every call passes through: a token bucket for the rate, a cap on calls
/// in flight, the circuit breaker, and the `Retry-After` window — one actor per host, shared by
/// every caller of the ``APIClient``.
actor HostBudget {
    private let policy: HostPolicy
    private let timeline: Timeline
    private var tokens: Double
    private var lastRefill: Duration
    private var inFlight = 0
    private var slotWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    private var waiterOrder: [UInt64] = []
    private var nextWaiter: UInt64 = 0
    private var breaker: CircuitBreaker
    private var blockedUntil: Duration = .zero
    private let host: String
    private let observer: (any UpstreamObserver)?
    private var reportedPosition = BreakerPosition.closed

    init(policy: HostPolicy, timeline: Timeline, host: String = "", observer: (any UpstreamObserver)? = nil) {
        self.policy = policy
        self.timeline = timeline
        self.host = host
        self.observer = observer
        self.tokens = Double(policy.burst)
        self.lastRefill = timeline.now()
        self.breaker = CircuitBreaker(threshold: policy.breakerThreshold, cooldown: policy.breakerCooldown)
    }

    /// Why a call may not go out now.
    enum Refusal: Error {
        case retryAfter(Duration)
        case breakerOpen(Duration?)
        /// The next token comes after the call's deadline: Scout is out of its own budget.
        case overBudget(Duration)
    }

    /// Waits for a slot and a token; refuses at once inside a `Retry-After` window, while the
    /// breaker is open, or when the next token would come after `deadline` (on the timeline).
    /// Throws `CancellationError` when the caller is cancelled while waiting.
    func acquire(deadline: Duration? = nil) async throws {
        while true {
            try Task.checkCancellation()
            let now = timeline.now()
            if blockedUntil > now { throw Refusal.retryAfter(blockedUntil - now) }
            if inFlight >= policy.maxConcurrent {
                try await waitForSlot()
                continue
            }
            refill(now: now)
            if tokens < 1 {
                let wait = Duration.seconds((1 - tokens) / policy.requestsPerSecond)
                if let deadline, now + wait > deadline { throw Refusal.overBudget(wait) }
                try await timeline.sleep(wait)
                continue
            }
            let permitted = breaker.permit(at: now)
            reportBreaker()
            guard permitted else { throw Refusal.breakerOpen(breaker.remainingOpen(at: now)) }
            tokens -= 1
            inFlight += 1
            return
        }
    }

    /// Ends a call that went out; `hostFailed` tells the breaker (nil: tells it nothing).
    /// Returns how long the breaker stays open when this call opened it.
    @discardableResult
    func release(hostFailed: Bool?) -> Duration? {
        inFlight -= 1
        let wasOpen = breaker.remainingOpen(at: timeline.now()) != nil
        switch hostFailed {
        case .some(let failed): breaker.record(success: !failed, at: timeline.now())
        case .none: breaker.abandon()
        }
        reportBreaker()
        defer { resumeNextWaiter() }
        return wasOpen ? nil : breaker.remainingOpen(at: timeline.now())
    }

    /// Tells the observer when the breaker moved between closed, half-open and open.
    private func reportBreaker() {
        let position = BreakerPosition(breaker.state)
        guard position != reportedPosition else { return }
        reportedPosition = position
        observer?.breakerChanged(host: host, state: position)
    }

    private func resumeNextWaiter() {
        while let id = waiterOrder.first {
            waiterOrder.removeFirst()
            if let waiter = slotWaiters.removeValue(forKey: id) {
                waiter.resume()
                break
            }
        }
    }

    /// Starts (or extends) a window in which no call goes to this host.
    func block(for duration: Duration) {
        let capped = min(duration, policy.retryAfterCap)
        blockedUntil = max(blockedUntil, timeline.now() + capped)
    }

    /// The breaker's state, for tests and metrics.
    var breakerState: CircuitBreaker.State { breaker.state }

    private func refill(now: Duration) {
        let elapsed = now - lastRefill
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(Double(policy.burst), tokens + seconds * policy.requestsPerSecond)
        lastRefill = now
    }

    private func waitForSlot() async throws {
        let id = nextWaiter
        nextWaiter += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                slotWaiters[id] = continuation
                waiterOrder.append(id)
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
        try Task.checkCancellation()
    }

    private func cancelWaiter(_ id: UInt64) {
        slotWaiters.removeValue(forKey: id)?.resume()
    }
}
