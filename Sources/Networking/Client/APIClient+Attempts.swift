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
                outcome = try await attemptOnce(endpoint, budget: budget, deadline: deadline)
            } catch let refusal as HostBudget.Refusal {
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

    private func attemptOnce<R>(_ endpoint: Endpoint<R>, budget: HostBudget, deadline: Duration) async throws
        -> AttemptOutcome
    {
        try await budget.acquire()
        let request = request(for: endpoint)
        let transport = self.transport
        let flight = Flight(
            deadline: deadline, timeline: timeline,
            send: {
                try await transport.send(
                    request, maxBytes: endpoint.maxResponseBytes, allowsRedirects: endpoint.allowsRedirects)
            },
            finished: { result in await Self.settle(budget, after: result) })
        switch try await flight.outcome() {
        case .success(let reply):
            return classify(reply, endpoint: endpoint)
        case .failure(let error):
            if Task.isCancelled { throw CancellationError() }
            if Self.isCancellation(error) {
                // Nobody cancelled the caller, so the flight's watchdog did: the deadline passed.
                let timeout = APIError(
                    kind: .timedOut(endpoint.deadline), source: endpoint.source, host: endpoint.url.host,
                    details: "deadline of \(endpoint.deadline) passed")
                return .failure(timeout, retryable: false)
            }
            let (apiError, retryable) = classify(error, endpoint: endpoint)
            return .failure(apiError, retryable: retryable)
        }
    }

    /// Tells the host's budget how a request ended — whoever was still waiting for it: frees the
    /// slot, feeds the breaker, and opens a `Retry-After` window when the host asked for one.
    private static func settle(_ budget: HostBudget, after result: Result<TransportReply, any Error>) async {
        switch result {
        case .success(let reply):
            if let retryAfter = reply.headers["retry-after"].flatMap({ RetryAfter.parse($0) }),
                reply.status == 429 || reply.status >= 500
            {
                await budget.block(for: retryAfter)
            } else if reply.status == 429 {
                await budget.block(for: .seconds(1))
            }
            await budget.release(hostFailed: reply.status == 429 ? nil : reply.status >= 500)
        case .failure(let error):
            switch error {
            case TransportError.tooLarge, TransportError.addressRefused:
                // Scout stopped it, not the host: no mark against the host's breaker.
                await budget.release(hostFailed: false)
            default:
                // Cancelled by the deadline's watchdog counts too: the host did not answer in time.
                await budget.release(hostFailed: true)
            }
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
