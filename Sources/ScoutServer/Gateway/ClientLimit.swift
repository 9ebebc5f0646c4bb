import HTTPServer

/// Puts a route behind its client's token bucket: each request takes the route's
/// ``RouteCost`` from the bucket of the client it comes from (``ClientAddress``), or is answered
/// 429 with `Retry-After` before its handler runs (SECURITY.md T12); the catalog's routes also
/// take turns per client (``ClientTurns``).
///
/// Routes other than `/api/v1/search` and `/api/v1/multisearch` count in this instance's
/// buckets, also in a fleet: the search routes ask the fleet's (Redis) bucket, where their cost
/// is most of the traffic.
///
/// ```swift
/// let limit = ClientLimit(limiter: limiter, clients: configuration.clientAddress)
/// router.add(.get, "/map", handler: limit.guarding(MapRoute(books: books).handler, cost: RouteCost.map))
/// ```
struct ClientLimit: Sendable {
    let limiter: ClientRateLimiter
    let clients: ClientAddress
    let turns = ClientTurns()

    /// `handler`, run only when the client's bucket holds `cost` tokens; with `takingTurns`, a
    /// deferred handler runs only when none other of the client's that take turns is running.
    func guarding(_ handler: Handler, cost: Double, takingTurns: Bool = false) -> Handler {
        switch handler {
        case .immediate(let answer):
            return .immediate { request in
                try admit(request, cost: cost)
                return try answer(request)
            }
        case .deferred(let answer) where takingTurns:
            return .deferred { request in
                try admit(request, cost: cost)
                return try await turns.run(for: clients.of(request)) { try await answer(request) }
            }
        case .deferred(let answer):
            return .deferred { request in
                try admit(request, cost: cost)
                return try await answer(request)
            }
        case .either(let immediate, let deferred):
            // The immediate half runs first for every request, so the token is taken there once.
            return .either(
                immediate: { request in
                    try admit(request, cost: cost)
                    return try immediate(request)
                }, deferred: deferred)
        }
    }

    /// Takes `cost` tokens for `request`'s client, or throws the 429 that says when to retry.
    func admit(_ request: Request, cost: Double) throws {
        if let wait = limiter.admit(clients.of(request), cost: cost) {
            throw GatewayError.tooManyRequests(retryAfter: wait)
        }
    }
}
