import Foundation
import HTTPServer
import ImageLoading
import Networking
import ScoutModels
import ScoutServer
import ScoutTestSupport

/// Builds image proxies against a ``FakeImageHost`` and serves them through a real ``Server``
/// with the route exactly as ScoutApp registers it.
enum ImageProxyHarness {
    /// No rate limit, retries or breaker on the fake host: tests send many requests quickly.
    static let hostPolicy = HostPolicy(
        maxConcurrent: 32, requestsPerSecond: 100_000, burst: 100_000, maxAttempts: 1, breakerThreshold: 1_000)

    /// How late a deadline may end in these tests. Generous: every suite runs in parallel on two
    /// cores; what matters is that a hang (forever) ends at all.
    static let timingSlack = Duration.seconds(3)

    /// Resolves every name to a private address, as a hostile or misconfigured DNS would.
    static let privateResolver = HostResolver { _ in [IPAddress("10.0.0.1")!] }

    /// A proxy with two origins: `wikipedia` on the fake host (allowed explicitly unless
    /// `allowingFakeHost` is false) and `commons` on the real upload.wikimedia.org, whose name
    /// resolves to a private address here and so is refused without any network.
    static func proxy(
        for host: FakeImageHost, allowingFakeHost: Bool = true, diskDirectory: URL? = nil,
        configure: (inout ImageLoader.Configuration) -> Void = { _ in }
    ) -> ImageProxy {
        let origins = [ImageOrigin.wikimedia(base: host.baseURL), ImageOrigin.wikimedia(source: .commons)]
        let explicit =
            allowingFakeHost ? [ImageAllowlist.Entry(scheme: "http", host: "127.0.0.1", port: Int(host.port))] : []
        var configuration = ImageLoader.Configuration(
            userAgent: "Scout/test (tests@example.org)", deadline: .seconds(3), diskDirectory: diskDirectory,
            hostPolicies: ["127.0.0.1": hostPolicy])
        configure(&configuration)
        return ImageProxy(
            origins: origins,
            allowlist: ImageAllowlist(origins: origins, explicitEntries: explicit, resolver: privateResolver),
            configuration: configuration)
    }

    /// Serves `proxy` at `/img/:source/*key` on 127.0.0.1:0 while `body` runs.
    static func serve<T>(_ proxy: ImageProxy, _ body: (_ port: UInt16) async throws -> T) async throws -> T {
        var router = Router()
        router.add(.get, "/img/:source/*key", handler: proxy.handler)
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: nil)
        configuration.shutdownGracePeriod = .milliseconds(200)
        configuration.limits.maxConnectionsPerIP = 256
        return try await Server.withRunning(configuration, responder: router) { server in
            try await body(server.port)
        }
    }

    /// `GET target` exactly as given, on a fresh connection.
    static func get(_ target: String, port: UInt16) async throws -> RawHTTPResponse {
        try await RawHTTPConnection(port: port).get(target)
    }

    /// The proxy target for a path on the fake host: `/img/wikipedia/<path without the leading />`.
    static func target(forPath path: String, source: String = "wikipedia") -> String {
        "/img/\(source)/" + FakeImageHost.key(forPath: path)
    }

    /// The `code` of a JSON error body.
    static func errorCode(_ response: RawHTTPResponse) -> String? {
        (try? response.json())?["error"]?["code"]?.stringValue
    }
}
