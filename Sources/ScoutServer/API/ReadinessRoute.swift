import BookCatalog
import HTTPServer
import Redis
import Synchronization

/// `GET /readyz`: whether this instance's dependencies answer — the book catalog (a primary-key
/// lookup) and the fleet's Redis (`PING`), each when configured, at once and each within
/// ``bound``. 200 when all do; 503 with a sentence saying which does not and what to do.
/// `/healthz` stays the cheap liveness check: it touches nothing.
///
/// ```swift
/// router.add(.get, "/readyz", handler: ReadinessRoute(books: store, redis: redis).handler)
/// // {"status":"ready","catalog":"ok","redis":"not_configured"}
/// ```
struct ReadinessRoute: Sendable {
    /// How one dependency fared.
    enum Check: String, Encodable, Sendable {
        case ok
        case failing
        case notConfigured = "not_configured"
    }

    /// The reply's body.
    struct Body: Encodable, Sendable {
        var status: String
        var catalog: Check
        var redis: Check
        /// What does not answer and what to do; only when not ready.
        var message: String?
    }

    /// The catalog; one that is not open is failing, with its reason in the message.
    let books: CatalogConnection?
    let redis: RedisClient?
    /// How long each dependency may take to answer.
    var bound = Duration.seconds(1)
    var clock: any Clock<Duration> = ContinuousClock()

    var handler: Handler {
        .deferred { _ in
            let body = await check()
            return try Response.json(body, status: body.message == nil ? 200 : 503)
        }
    }

    /// Asks both dependencies at once.
    func check() async -> Body {
        let within = "\(Int(bound.secondsValue * 1000)) ms"
        async let catalog = catalogCheck()
        async let redis = redisCheck()
        var body = Body(status: "ready", catalog: await catalog, redis: await redis)
        var problems: [String] = []
        if let reason = unopenedReason {
            problems.append(reason)
        } else if body.catalog == .failing {
            problems.append(
                "The book catalog did not answer within \(within): check that its database runs and that "
                    + "--database (SCOUT_DATABASE) names it.")
        }
        if body.redis == .failing, let address = self.redis?.url.address {
            problems.append(
                "Redis at \(address) did not answer PING within \(within): check that it runs and that "
                    + "--redis (SCOUT_REDIS) names it; searches are served from this instance's own state meanwhile.")
        }
        if !problems.isEmpty {
            body.status = "not_ready"
            body.message = problems.joined(separator: " ")
        }
        return body
    }

    /// A primary-key lookup in the catalog: an index probe in either store.
    private func catalogCheck() async -> Check {
        guard let books else { return .notConfigured }
        guard case .open(let store) = books.state else { return .failing }
        return await probe { _ = try await store.book(id: 0) }
    }

    /// Why the catalog is not open, while it is not.
    private var unopenedReason: String? {
        switch books?.state {
        case .opening: "The book catalog is still being opened."
        case .failed(let reason): "\(reason) The server tries again in the background."
        case .open, nil: nil
        }
    }

    private func redisCheck() async -> Check {
        guard let redis else { return .notConfigured }
        let bound = self.bound
        return await probe { _ = try await redis.send(["PING"], timeout: bound) }
    }

    /// Runs `call` in a task of its own and waits for it at most ``bound``: a database call that
    /// blocks past its cancellation must not hold the reply.
    private func probe(_ call: @escaping @Sendable () async throws -> Void) async -> Check {
        let answer = Mutex<CheckedContinuation<Check, Never>?>(nil)
        let resume: @Sendable (Check) -> Void = { check in answer.withLock { $0.take() }?.resume(returning: check) }
        let clock = self.clock
        let bound = self.bound
        return await withCheckedContinuation { continuation in
            answer.withLock { $0 = continuation }
            let timer = Task {
                do { try await clock.sleep(for: bound) } catch { return }
                resume(.failing)
            }
            Task {
                let check: Check
                do {
                    try await call()
                    check = .ok
                } catch {
                    check = .failing
                }
                resume(check)
                timer.cancel()
            }
        }
    }
}
