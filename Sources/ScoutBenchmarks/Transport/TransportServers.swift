import Foundation
import HTTPServer
import ImageLoading
import Networking
import ScoutServer
import ScoutTestSupport

/// The servers under test, built in process as `scout serve` builds them except for the
/// transport (given) and the upstream budget (unrationed): Scout's whole app for the gateway,
/// the image proxy's route for images.
enum TransportServers {
    /// How each listens: as `scout serve --threads N --connections-per-ip 1024 --quiet`.
    static func configuration(threads: Int) -> ServerConfiguration {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, threadCount: threads, accessLog: nil)
        configuration.limits.maxConnectionsPerIP = 1024
        return configuration
    }

    /// No rate, retry or breaker limits on the fake upstream: the benchmark measures the
    /// transport, not the budget. Six calls at once, as many as each transport connects.
    static let unrationed = HostPolicy(
        maxConcurrent: 6, requestsPerSecond: 1e9, burst: 1_000_000_000, maxAttempts: 1, breakerThreshold: 1_000_000)

    /// Scout's app, searching Wikipedia at `fake` through `transport`.
    static func gateway(fake: FakeWikipedia, transport: any Transport) -> Router {
        var configuration = ScoutServerConfiguration(clock: ContinuousClock())
        configuration.wikipediaAPITemplate = fake.baseURL.absoluteString
        configuration.imageCacheDirectory = nil
        configuration.clientRequestsPerSecond = 1e9
        configuration.clientBurst = 1_000_000_000
        let client = APIClient(
            configuration: .init(userAgent: configuration.userAgent, hostPolicies: ["127.0.0.1": unrationed]),
            transport: transport)
        return ScoutApp(configuration: configuration, client: client).router
    }

    /// `/img/:source/*key` of an image proxy whose Wikipedia origin is `host`, without a disk
    /// cache; the curl transport holds the proxy's connect policy, as in `scout serve`.
    static func imageProxy(host: FakeImageHost, candidate: TransportCandidate) -> Router {
        let origins = [ImageOrigin.wikimedia(base: host.baseURL)]
        let allowlist = ImageAllowlist(
            origins: origins, explicitEntries: [.init(scheme: "http", host: "127.0.0.1", port: Int(host.port))])
        let proxy = ImageProxy(
            origins: origins, allowlist: allowlist,
            configuration: .init(
                userAgent: UserAgent.make(contact: nil), hostPolicies: ["127.0.0.1": unrationed]),
            transport: candidate.make(connectPolicy: allowlist.connectPolicy))
        var router = Router()
        router.add(.get, "/img/:source/*key", handler: proxy.handler)
        return router
    }

    /// Runs one server per candidate at once; `body` gets them in order, named and listening.
    static func withServers<T>(
        _ candidates: [TransportCandidate], threads: Int, router: (TransportCandidate) -> Router,
        _ body: ([TransportComparison.Target]) async throws -> T
    ) async throws -> T {
        guard let candidate = candidates.first else { return try await body([]) }
        return try await Server.withRunning(configuration(threads: threads), responder: router(candidate)) { server in
            try await withServers(Array(candidates.dropFirst()), threads: threads, router: router) { others in
                try await body([.init(name: candidate.name, port: server.port)] + others)
            }
        }
    }
}
