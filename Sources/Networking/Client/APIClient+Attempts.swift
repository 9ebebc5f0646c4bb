import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// One call: attempts through the host's budget, retried with full-jitter backoff while the
    /// failure is retryable, the call idempotent, and the next attempt fits before `deadline`.
    func attempts<R>(_ endpoint: Endpoint<R>, deadline: Duration) async throws -> Data {
        let host = endpoint.url.host ?? ""
        let budget = budget(for: host)
        let policy = configuration.policy(for: host)
        var attempt = 0
        while true {
            attempt += 1
            let outcome: AttemptOutcome
            do {
                outcome = try await attemptOnce(endpoint, budget: budget, policy: policy, deadline: deadline)
            } catch let refusal as HostBudget.Refusal {
                configuration.observer?.callRefused(source: endpoint.source, host: host, reason: refusal.reason)
                throw error(for: refusal, endpoint: endpoint)
            }
            switch outcome {
            case .success(let body):
                return body
            case .failure(let error, let retryable):
                guard retryable, endpoint.isIdempotent, attempt < policy.maxAttempts else { throw error }
                let ceiling = min(policy.backoffCap, policy.backoffBase * (1 << min(attempt - 1, 20)))
                let delay = ceiling * Double.random(in: 0...1)
                guard timeline.now() + delay < deadline else { throw error }
                try await timeline.sleep(delay)
            }
        }
    }

    enum AttemptOutcome {
        case success(Data)
        case failure(APIError, retryable: Bool)
    }

    private func attemptOnce<R>(
        _ endpoint: Endpoint<R>, budget: HostBudget, policy: HostPolicy, deadline: Duration
    ) async throws -> AttemptOutcome {
        let waitStarted = timeline.now()
        try await budget.acquire(deadline: deadline)
        let host = endpoint.url.host ?? ""
        let shared = configuration.sharedBudget
        let slot: String?
        do {
            // The fleet's budget by the same name as the process's: one for all of Wikimedia.
            slot = try await sharedSlot(
                host: configuration.budgetName(for: host), policy: policy, deadline: deadline, endpoint: endpoint)
        } catch {
            await budget.release(hostFailed: nil)
            throw error
        }
        let sentAt = timeline.now()
        let observer = configuration.observer
        observer?.budgetWaited(source: endpoint.source, host: host, duration: sentAt - waitStarted)
        let sent: Sent
        do {
            sent = try await send(
                endpoint, budget: budget, policy: policy, deadline: deadline, slot: slot, shared: shared)
        } catch {
            // Cancelled: by the call's own deadline (the whole call's watchdog), or by the caller.
            let now = timeline.now()
            observer?.attemptFinished(
                source: endpoint.source, host: host, result: now >= deadline ? .timedOut : .cancelled,
                duration: now - sentAt)
            throw error
        }
        observer?.attemptFinished(
            source: endpoint.source, host: host, result: sent.result, duration: timeline.now() - sentAt)
        return sent.attempt
    }

    /// An attempt's outcome, and how the observer files it.
    private struct Sent {
        let attempt: AttemptOutcome
        let result: UpstreamResult
    }

    /// Sends one attempt that its budget admitted, and classifies how it ended.
    private func send<R>(
        _ endpoint: Endpoint<R>, budget: HostBudget, policy: HostPolicy, deadline: Duration, slot: String?,
        shared: (any SharedHostBudget)?
    ) async throws -> Sent {
        let budgetName = configuration.budgetName(for: endpoint.url.host ?? "")
        let request = request(for: endpoint)
        let transport = self.transport
        let flight = Flight(
            deadline: deadline, timeline: timeline, closesWhenAbandoned: configuration.stopsAbandonedRequests,
            send: {
                try await transport.send(
                    request, maxBytes: endpoint.maxResponseBytes, allowsRedirects: endpoint.allowsRedirects)
            },
            finished: { result, wasStoppedByCaller in
                await Self.settle(
                    budget, after: result, wasStoppedByCaller: wasStoppedByCaller,
                    shared: shared.map { ($0, budgetName, slot, policy.retryAfterCap) })
            })
        switch try await flight.outcome() {
        case .success(let reply):
            return Sent(attempt: classify(reply, endpoint: endpoint), result: UpstreamResult(status: reply.status))
        case .failure(let error):
            if Task.isCancelled { throw CancellationError() }
            if Self.isCancellation(error) {
                // Nobody cancelled the caller, so the flight's watchdog did: the deadline passed.
                let timeout = APIError(
                    kind: .timedOut(endpoint.deadline), source: endpoint.source, host: endpoint.url.host,
                    details: "deadline of \(endpoint.deadline) passed")
                return Sent(attempt: .failure(timeout, retryable: false), result: .timedOut)
            }
            let (apiError, retryable) = classify(error, endpoint: endpoint)
            return Sent(attempt: .failure(apiError, retryable: retryable), result: .transportFailed)
        }
    }

    /// Tells the host's budget how a request ended — whoever was still waiting for it: frees the
    /// slot, feeds the breaker, and opens a `Retry-After` window when the host asked for one; a
    /// shared budget hears of the window and of a breaker that opened, and gets its slot back.
    /// A request its caller stopped says nothing about the host.
    private static func settle(
        _ budget: HostBudget, after result: Result<TransportReply, any Error>, wasStoppedByCaller: Bool,
        shared: (budget: any SharedHostBudget, host: String, slot: String?, retryAfterCap: Duration)?
    ) async {
        var window: Duration?
        let hostFailed: Bool?
        switch result {
        case .success(let reply):
            if let retryAfter = reply.headers["retry-after"].flatMap({ RetryAfter.parse($0) }),
                reply.status == 429 || reply.status >= 500
            {
                window = retryAfter
            } else if reply.status == 429 {
                window = .seconds(1)
            }
            hostFailed = reply.status == 429 ? nil : reply.status >= 500
        case .failure(let error):
            switch error {
            case _ where wasStoppedByCaller:
                hostFailed = nil
            case TransportError.tooLarge, TransportError.addressRefused:
                // Scout stopped it, not the host: no mark against the host's breaker.
                hostFailed = false
            default:
                // Cancelled by the deadline's watchdog counts too: the host did not answer in time.
                hostFailed = true
            }
        }
        if let window { await budget.block(for: window) }
        let opened = await budget.release(hostFailed: hostFailed)
        guard let shared else { return }
        if let slot = shared.slot { await shared.budget.release(host: shared.host, slot: slot) }
        if let window {
            await shared.budget.block(host: shared.host, for: min(window, shared.retryAfterCap), reason: .retryAfter)
        }
        if let opened { await shared.budget.block(host: shared.host, for: opened, reason: .breakerOpen) }
    }

    /// A slot of the shared budget, waited for while the fleet's slots are all taken or its next
    /// token comes before `deadline`; nil without a shared budget.
    private func sharedSlot<R>(
        host: String, policy: HostPolicy, deadline: Duration, endpoint: Endpoint<R>
    ) async throws -> String? {
        guard let shared = configuration.sharedBudget else { return nil }
        // A slot outlives its call by a margin, and no longer: a crashed process's comes back.
        let lease = endpoint.deadline + .seconds(2)
        while true {
            try Task.checkCancellation()
            let wait: Duration
            switch await shared.acquire(host: host, policy: policy, lease: lease) {
            case .granted(let slot):
                return slot
            case .blocked(let remaining, .retryAfter):
                throw HostBudget.Refusal.retryAfter(remaining)
            case .blocked(let remaining, .breakerOpen):
                throw HostBudget.Refusal.breakerOpen(remaining)
            case .overRate(let retryIn):
                if timeline.now() + retryIn > deadline { throw HostBudget.Refusal.overBudget(retryIn) }
                wait = retryIn
            case .busy(let retryIn):
                wait = retryIn
            }
            let left = deadline - timeline.now()
            guard left > .zero else {
                throw APIError(
                    kind: .timedOut(endpoint.deadline), source: endpoint.source, host: endpoint.url.host,
                    details: "deadline passed waiting for a shared slot")
            }
            try await timeline.sleep(min(wait, left))
        }
    }

    private func classify<R>(_ reply: TransportReply, endpoint: Endpoint<R>) -> AttemptOutcome {
        let retryAfter = reply.headers["retry-after"].flatMap { RetryAfter.parse($0) }
        func failure(_ kind: APIError.Kind) -> APIError {
            APIError(
                kind: kind, source: endpoint.source, host: endpoint.url.host, status: reply.status,
                details: "body: \(String(decoding: reply.body.prefix(200), as: UTF8.self))")
        }
        switch reply.status {
        case 200..<300:
            return .success(reply.body)
        case 429:
            return .failure(failure(.rateLimited(retryAfter: retryAfter ?? .seconds(1))), retryable: false)
        case 300..<400:
            return .failure(failure(.redirectRefused), retryable: false)
        case 500..<600:
            if let retryAfter { return .failure(failure(.rateLimited(retryAfter: retryAfter)), retryable: false) }
            return .failure(failure(.unavailable), retryable: true)
        default:
            return .failure(failure(.status(reply.status)), retryable: false)
        }
    }

    /// A transport error as an ``APIError``, and whether to retry.
    private func classify<R>(_ error: any Error, endpoint: Endpoint<R>) -> (APIError, Bool) {
        let host = endpoint.url.host
        if case TransportError.tooLarge(let limit) = error {
            return (
                APIError(kind: .tooLarge(limit: limit), source: endpoint.source, host: host, details: "\(error)"),
                false
            )
        }
        if case TransportError.addressRefused = error {
            return (APIError(kind: .addressRefused, source: endpoint.source, host: host, details: "\(error)"), false)
        }
        let code = (error as? URLError)?.code
        let offline: Set<URLError.Code> = [.notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff]
        if let code, offline.contains(code) {
            return (APIError(kind: .offline, source: endpoint.source, host: host, details: "\(error)"), false)
        }
        return (APIError(kind: .transport, source: endpoint.source, host: host, details: "\(error)"), true)
    }

    private func error<R>(for refusal: HostBudget.Refusal, endpoint: Endpoint<R>) -> APIError {
        switch refusal {
        case .retryAfter(let remaining):
            APIError(
                kind: .rateLimited(retryAfter: remaining), source: endpoint.source, host: endpoint.url.host,
                details: "inside a Retry-After window")
        case .breakerOpen(let remaining):
            APIError(
                kind: .unavailable, source: endpoint.source, host: endpoint.url.host,
                details: "circuit breaker open\(remaining.map { " for \($0)" } ?? "")")
        case .overBudget(let wait):
            APIError(
                kind: .overBudget(retryAfter: wait), source: endpoint.source, host: endpoint.url.host,
                details: "the host's budget has no token before the deadline")
        }
    }

    func request<R>(for endpoint: Endpoint<R>) -> URLRequest {
        var request = URLRequest(url: endpoint.requestURL)
        request.httpMethod = endpoint.method
        for (name, value) in endpoint.headers { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        if request.value(forHTTPHeaderField: "Accept") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Accept")
        }
        return request
    }

    /// URLSession reports a cancelled task as `URLError(.cancelled)`, not `CancellationError`.
    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? URLError)?.code == .cancelled
    }
}

extension UpstreamResult {
    /// How a reply with `status` is filed.
    init(status: Int) {
        switch status {
        case 200..<300: self = .ok
        case 429: self = .rateLimited
        case 500..<600: self = .serverError
        default: self = .clientError
        }
    }
}

extension HostBudget.Refusal {
    var reason: UpstreamRefusal {
        switch self {
        case .retryAfter: .retryAfter
        case .breakerOpen: .breakerOpen
        case .overBudget: .overBudget
        }
    }
}
