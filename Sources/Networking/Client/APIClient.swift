import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends ``Endpoint``s upstream the way a good citizen does: a descriptive User-Agent, a
/// deadline on every call, a byte cap, the host's budget (rate, concurrency, breaker), retries
/// with full-jitter backoff for idempotent calls, and `Retry-After` obeyed per host.
///
/// ```swift
/// let client = APIClient(configuration: .init(userAgent: UserAgent.make(contact: contact)))
/// let page = try await client.send(endpoint)
/// ```
public final class APIClient: Sendable {
    /// Settings shared by every call of one client.
    public struct Configuration: Sendable {
        public var userAgent: String
        /// Policies by host; a key matches the host itself and its subdomains
        /// (`wikipedia.org` covers `en.wikipedia.org`). Others get ``defaultPolicy``.
        public var hostPolicies: [String: HostPolicy]
        public var defaultPolicy: HostPolicy
        /// The budget this process shares with others (a fleet), asked after the host's own
        /// policy admitted a call; nil: this process's policy is the whole budget.
        public var sharedBudget: (any SharedHostBudget)?
        /// Hears of every attempt, refusal, budget wait and breaker change (for metrics); nil
        /// tells no one.
        public var observer: (any UpstreamObserver)?
        /// Whether a request whose caller stops waiting before its deadline is stopped on the
        /// wire (the upstream hears the connection close) rather than left to finish; its budget
        /// slot is kept until the deadline either way. See ``APIClient/stoppingAbandonedRequests()``.
        public var stopsAbandonedRequests = false

        public init(
            userAgent: String, hostPolicies: [String: HostPolicy] = APIClient.Configuration.knownHosts,
            defaultPolicy: HostPolicy = HostPolicy(), sharedBudget: (any SharedHostBudget)? = nil,
            observer: (any UpstreamObserver)? = nil
        ) {
            self.userAgent = userAgent
            self.hostPolicies = hostPolicies
            self.defaultPolicy = defaultPolicy
            self.sharedBudget = sharedBudget
            self.observer = observer
        }

        /// The etiquette of the public APIs Scout talks to.
        public static let knownHosts: [String: HostPolicy] = [
            "wikipedia.org": .wikimedia, "wikimedia.org": .wikimedia, "upload.wikimedia.org": .wikimediaMedia,
            "flickr.com": .flickr, "openlibrary.org": .openLibrary,
        ]

        func policy(for host: String) -> HostPolicy {
            if let exact = hostPolicies[host] { return exact }
            let match = hostPolicies.keys.filter { host.hasSuffix("." + $0) }.max { $0.count < $1.count }
            return match.flatMap { hostPolicies[$0] } ?? defaultPolicy
        }

        /// The budget calls to `host` draw on: its policy's shared ``HostPolicy/budget`` when it
        /// names one (`wikimedia` for `de.wikipedia.org` and `commons.wikimedia.org` alike),
        /// else the host's own.
        func budgetName(for host: String) -> String {
            policy(for: host).budget ?? host
        }
    }

    public let configuration: Configuration
    let transport: any Transport
    let timeline: Timeline
    private let budgets = Mutex<[String: HostBudget]>([:])

    /// - Parameters:
    ///   - transport: the process's ``PlatformTransport/shared`` by default (libcurl on Linux,
    ///     URLSession on Apple platforms); tests may pass another.
    ///   - clock: measures deadlines, backoff, rates and windows; tests pass a manual clock.
    public init(
        configuration: Configuration, transport: any Transport = PlatformTransport.shared,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.configuration = configuration
        self.transport = transport
        self.timeline = Timeline(clock)
    }

    /// A client on this one's transport and clock whose calls also ask `sharedBudget` (with
    /// budgets of its own: the two do not share per-host state).
    ///
    /// ```swift
    /// let fleetClient = client.sharing(fleetBudget)
    /// ```
    public func sharing(_ sharedBudget: any SharedHostBudget) -> APIClient {
        var configuration = configuration
        configuration.sharedBudget = sharedBudget
        return APIClient(configuration: configuration, transport: transport, timeline: timeline)
    }

    /// A client on this one's transport and clock that tells `observer` how its calls go (with
    /// budgets of its own, as ``sharing(_:)``).
    ///
    /// ```swift
    /// let measured = client.reporting(to: upstreamMetrics)
    /// ```
    public func reporting(to observer: any UpstreamObserver) -> APIClient {
        var configuration = configuration
        configuration.observer = observer
        return APIClient(configuration: configuration, transport: transport, timeline: timeline)
    }

    /// A client on this one's transport and clock (with budgets of its own, as ``sharing(_:)``)
    /// that stops a request on the wire when its caller stops waiting: for a server, whose
    /// callers stop waiting only when nobody wants the answer any more (a client that left).
    /// Its budget slot is still kept until the request's deadline, so a host never sees more
    /// than its budget even when it goes on working after the close. A person's session, whose
    /// superseded searches are many and end soon, is better served by the default: a
    /// superseded request finishes and frees its slot when the upstream answers.
    ///
    /// ```swift
    /// let serverClient = client.stoppingAbandonedRequests()
    /// ```
    public func stoppingAbandonedRequests() -> APIClient {
        var configuration = configuration
        configuration.stopsAbandonedRequests = true
        return APIClient(configuration: configuration, transport: transport, timeline: timeline)
    }

    private init(configuration: Configuration, transport: any Transport, timeline: Timeline) {
        self.configuration = configuration
        self.transport = transport
        self.timeline = timeline
    }

    /// Sends `endpoint` and decodes its reply.
    ///
    /// Throws ``APIError`` for every failure, or `CancellationError` when the calling task was
    /// cancelled (a superseded search is not an error).
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        let deadline = timeline.now() + endpoint.deadline
        let body = try await withDeadline(deadline, endpoint: endpoint) {
            try await self.attempts(endpoint, deadline: deadline)
        }
        do {
            return try endpoint.decode(body)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(
                kind: .invalidResponse, source: endpoint.source, host: endpoint.url.host,
                details: "decoding failed: \(error)")
        }
    }

    /// The budget of `host` (``Configuration/budgetName(for:)``: one for every host of a
    /// shared budget), made on first use and shared by every call to it.
    func budget(for host: String) -> HostBudget {
        let name = configuration.budgetName(for: host)
        return budgets.withLock { budgets in
            if let budget = budgets[name] { return budget }
            let budget = HostBudget(
                policy: configuration.policy(for: host), timeline: timeline, host: name,
                observer: configuration.observer)
            budgets[name] = budget
            return budget
        }
    }

    /// Runs `operation`, throwing a timeout ``APIError`` once `deadline` passes on the timeline.
    private func withDeadline<T: Sendable, R>(
        _ deadline: Duration, endpoint: Endpoint<R>, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let timeline = self.timeline
        let timeout = APIError(
            kind: .timedOut(endpoint.deadline), source: endpoint.source, host: endpoint.url.host,
            details: "deadline of \(endpoint.deadline) passed")
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await timeline.sleep(until: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            guard let result = first else {
                try Task.checkCancellation()
                throw timeout
            }
            return result
        }
    }
}
