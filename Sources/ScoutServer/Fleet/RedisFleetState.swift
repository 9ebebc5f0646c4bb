import Foundation
import Networking
import Redis
import Synchronization

/// The fleet's shared state in Redis: every read-check-write one of ``FleetScripts`` (or the
/// `Redis` module's token bucket), every key under one prefix (`scout:` by default).
///
/// Keys, for a prefix `P`: `P search:<key>` (a fresh encoded page, the cache's TTL), `P stale:<key>`
/// (the same page for stale-if-error, 24 h), `P lease:<key>` (who searches it now),
/// `P budget:<host>:slots|tokens|window` (the host's leased slots, its token bucket, its
/// `Retry-After` or open-breaker window), `P fleet:instances` (heartbeats, for the fleet's size),
/// `P client:<address>` (a client's token bucket).
///
/// Every `heartbeatInterval`, whatever the traffic, the instance writes its heartbeat; those of
/// the last five intervals are the fleet's live instances, so the fleet's size is known before
/// Redis fails, and an instance killed with `kill -9` stops counting within five intervals.
///
/// When Redis fails or is slow (past the short command timeout), each call answers from this
/// instance's own state — a lease is its own, nothing is shared, the client's local bucket
/// decides, and a host's budget is this instance's share of the fleet's (``LocalHostShare``:
/// `1/n` of its slots, rate and burst, `n` the fleet's size last seen in Redis or the
/// configured size, whichever is larger) — and says so on stderr at most once a minute. The
/// connection reconnects with backoff and the heartbeat keeps asking, so shared state resumes
/// once Redis is back, with or without traffic.
///
/// ```swift
/// let fleet = RedisFleetState(client: RedisClient(url: url), limiter: limiter, clientRate: (10, 30))
/// ```
final class RedisFleetState: FleetState {
    let client: RedisClient
    let prefix: String
    let instanceID = UUID().uuidString
    /// The per-client buckets used while Redis does not answer.
    let limiter: ClientRateLimiter
    /// Client tokens taken from Redis ahead of need (``reservation`` per round trip).
    let reserve: ClientTokenReserve
    /// The refills of clients' reserves under way, one per client at most: every request that
    /// finds the reserve dry meanwhile waits for it (see `RedisFleetState+Clients.swift`).
    let refills = Mutex<[String: Task<ReserveRefill, Never>]>([:])
    let clientRate: Double
    let clientBurst: Int
    private let configuredFleetSize: Int
    private let observedFleetSize = Atomic<Int>(1)
    let localShare = Mutex(LocalHostShare())
    /// When the current outage was last logged, on ``elapsed``'s time line.
    private let outage = Mutex<Duration?>(nil)
    private let log: @Sendable (String) -> Void
    /// Time since this was made, on the clock it was given.
    let elapsed: @Sendable () -> Duration
    private let heartbeat = Mutex<Task<Void, Never>?>(nil)
    /// How long a host's slot is leased at a time; the instance renews it while the call runs.
    let slotLease: Duration
    /// The renewals of this instance's slots under way, by slot.
    let renewals = Mutex<[String: Task<Void, Never>]>([:])
    /// Sleeps on the clock this was given.
    let sleep: @Sendable (Duration) async throws -> Void

    /// - Parameters:
    ///   - limiter: the per-client buckets used while Redis does not answer.
    ///   - fleetSize: the smallest fleet size this instance assumes when it falls back to its share.
    ///   - heartbeatInterval: how often the instance says it is alive; a heartbeat counts for
    ///     five of them.
    ///   - slotLease: how long a host's slot is leased at a time, renewed while its call runs
    ///     (up to the lease the call asks for): a killed instance's slots come back after it.
    ///   - clock: times the heartbeats, the renewals, the local share's rate and the
    ///     once-a-minute log.
    init<C: Clock<Duration>>(
        client: RedisClient, prefix: String = "scout:", limiter: ClientRateLimiter,
        clientRate: (requestsPerSecond: Double, burst: Int), fleetSize: Int = 1,
        heartbeatInterval: Duration = .seconds(2), slotLease: Duration = .seconds(1), clock: C = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void = RedisFleetState.standardErrorLog
    ) {
        self.client = client
        self.prefix = prefix
        self.limiter = limiter
        self.clientRate = max(clientRate.requestsPerSecond, 0.001)
        self.clientBurst = max(clientRate.burst, 1)
        self.configuredFleetSize = max(1, fleetSize)
        self.log = log
        self.slotLease = max(slotLease, .milliseconds(30))
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        reserve = ClientTokenReserve(elapsed: elapsed)
        sleep = { try await clock.sleep(for: $0) }
        let interval = max(heartbeatInterval, .milliseconds(10))
        // The task holds the state only while a heartbeat is under way, so it ends with it.
        let beats = Task { [weak self] in
            while !Task.isCancelled {
                guard await self?.beat(lifetime: interval * 5) != nil else { return }
                try? await clock.sleep(for: interval)
            }
        }
        heartbeat.withLock { $0 = beats }
    }

    deinit {
        heartbeat.withLock { $0?.cancel() }
        renewals.withLock { for renewal in $0.values { renewal.cancel() } }
    }

    var isShared: Bool { true }

    /// The fleet's size as last seen (live instances' heartbeats), never below the configured one.
    var fleetSize: Int { max(configuredFleetSize, observedFleetSize.load(ordering: .relaxed)) }

    /// Writes this instance's heartbeat and reads the fleet's size; false when Redis did not answer.
    @discardableResult
    func beat(lifetime: Duration) async -> Bool {
        do {
            let live = try await client.evaluate(
                FleetScripts.heartbeat, keys: [.string(prefix + "fleet:instances")],
                arguments: [.string(instanceID), .milliseconds(lifetime)])
            recovered()
            observedFleetSize.store(max(1, Int(live.integerValue ?? 1)), ordering: .relaxed)
            return true
        } catch {
            failed(error)
            return false
        }
    }

    func claim(_ key: String, token: String, lease: Duration) async -> FleetClaim {
        do {
            let reply = try await client.evaluate(
                FleetScripts.claim, keys: [.string(prefix + "search:" + key), .string(prefix + "lease:" + key)],
                arguments: [.string(token), .milliseconds(lease)]
            ).expectArray()
            recovered()
            switch reply.first?.integerValue {
            case 1:
                guard let page = Self.sharedPage(in: reply, at: 1) else { return .lead }
                return .page(page)
            case 0:
                return .wait(remaining: .milliseconds(max(1, reply.last?.integerValue ?? 1)))
            default:
                return .lead
            }
        } catch {
            failed(error)
            return .lead
        }
    }

    func publish(_ page: [UInt8], for key: String, token: String, lifetime: Duration, staleLifetime: Duration) async {
        await finishing { [self] in
            _ = try await client.evaluate(
                FleetScripts.publish,
                keys: [
                    .string(prefix + "search:" + key), .string(prefix + "stale:" + key),
                    .string(prefix + "lease:" + key),
                ],
                arguments: [.bytes(page), .milliseconds(lifetime), .milliseconds(staleLifetime), .string(token)])
        }
    }

    func release(_ key: String, token: String) async {
        await finishing { [self] in
            _ = try await client.evaluate(
                .releaseLease, keys: [.string(prefix + "lease:" + key)], arguments: [.string(token)])
        }
    }

    /// Runs `work` to its end even when the calling task was cancelled (a superseded search, a
    /// call past its deadline): a lease, a slot or a `Retry-After` window the fleet does not
    /// hear of would hold the other instances back, or let them call, until it expires.
    func finishing(_ work: @escaping @Sendable () async throws -> Void) async {
        let outcome = await Task { () async -> (any Error)? in
            do {
                try await work()
                return nil
            } catch {
                return error
            }
        }.value
        if let outcome { failed(outcome) } else { recovered() }
    }

    func stalePage(for key: String) async -> [UInt8]? {
        do {
            return try await client.get(prefix + "stale:" + key)
        } catch {
            failed(error)
            return nil
        }
    }

    /// The page and its ms fresh at `index` and after it in a script's reply, if they are there.
    static func sharedPage(in reply: [RedisValue], at index: Int) -> SharedPage? {
        guard reply.count >= index + 2, let bytes = reply[index].bytesValue else { return nil }
        return SharedPage(bytes: bytes, remaining: .milliseconds(max(1, reply[index + 1].integerValue ?? 1)))
    }

    /// Writes `line` to stderr (the access log's stream).
    static let standardErrorLog: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Notes that Redis answered again, and says so if it had not.
    func recovered() {
        let wasDown = outage.withLock { outage in
            defer { outage = nil }
            return outage != nil
        }
        if wasDown { log("scout: Redis at \(client.url.address) answers again; the fleet's shared state is back.") }
    }

    /// Notes a failed Redis call; logs the first one, then at most one a minute. A call whose
    /// task was cancelled (a superseded search, a stopping heartbeat) says nothing about Redis.
    func failed(_ error: any Error) {
        guard !(error is CancellationError) else { return }
        let now = elapsed()
        let shouldLog = outage.withLock { outage in
            guard let since = outage, now - since < .seconds(60) else {
                outage = now
                return true
            }
            return false
        }
        guard shouldLog else { return }
        let share = fleetSize > 1 ? "its 1/\(fleetSize) share of the upstream budgets" : "the whole upstream budgets"
        log(
            "scout: Redis at \(client.url.address) did not answer (\(error)); serving from this instance's own "
                + "state with \(share) until it answers again. Check that it runs and that --redis (SCOUT_REDIS) names it."
        )
    }
}
