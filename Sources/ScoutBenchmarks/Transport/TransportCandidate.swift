import Networking

/// One transport the benchmark compares, made as Scout makes it: ``PlatformTransport``
/// (``CurlTransport`` on Linux) or ``URLSessionTransport``, each with its default of six
/// connections per host.
///
/// ```swift
/// let transport = try TransportCandidate.curl().make(connectPolicy: allowlist.connectPolicy)
/// ```
struct TransportCandidate: Sendable {
    /// The name in tables and goal lines: `curl` or `urlsession`.
    let name: String
    private let factory: @Sendable (ConnectPolicy?) -> any Transport

    /// A new transport; the connect policy is the image proxy's (URLSession cannot hold one).
    func make(connectPolicy: ConnectPolicy? = nil) -> any Transport { factory(connectPolicy) }

    /// Linux's default, checked to be libcurl's: elsewhere it is URLSession, and the comparison
    /// would measure one transport twice.
    static func curl() throws -> TransportCandidate {
        guard String(describing: type(of: PlatformTransport.make())).contains("Curl") else {
            throw BenchmarkError.notReady("CurlTransport (libcurl is Scout's transport on Linux only)")
        }
        return TransportCandidate(name: "curl") { PlatformTransport.make(connectPolicy: $0) }
    }

    static let urlSession = TransportCandidate(name: "urlsession") { _ in URLSessionTransport() }

    private init(name: String, factory: @escaping @Sendable (ConnectPolicy?) -> any Transport) {
        self.name = name
        self.factory = factory
    }
}
