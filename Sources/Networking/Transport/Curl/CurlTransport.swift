#if canImport(CCurl)
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// ``Transport`` on libcurl's multi interface: the default on Linux.
    ///
    /// One thread of its own runs every transfer (see ``CurlLoop``). The byte cap is held in
    /// curl's write callback: the transfer stops there, and a declared `Content-Length` over
    /// the cap stops it before the body, so a hostile upstream cannot stream more than a buffer
    /// past the cap. Cancelling the caller removes the transfer at once, whatever it is doing,
    /// and the caller hears `CancellationError` exactly once. Connections are kept alive and
    /// reused, HTTP/2 is used where the server offers it, bodies may come compressed (gzip,
    /// deflate, br, zstd; the cap holds before and after decoding), certificates are checked
    /// against the system's CA store, and `http_proxy`, `https_proxy` and `no_proxy` apply as
    /// curl applies them. Only http and https are spoken, on redirects too.
    ///
    /// With a ``ConnectPolicy`` every address is checked right before its socket connects, so
    /// DNS rebinding cannot slip past a check made earlier; such a transport ignores proxies,
    /// which would resolve names where the policy cannot see them.
    ///
    /// ```swift
    /// let transport = CurlTransport(configuration: .init(connectPolicy: .publicAddresses()))
    /// let client = APIClient(configuration: configuration, transport: transport)
    /// ```
    public final class CurlTransport: Transport {
        /// How one transport connects.
        public struct Configuration: Sendable {
            /// Connections open at once to one host; nil (the default) sets no limit of the
            /// transport's own. The host's budget is what limits calls: a transfer over this
            /// limit waits, unseen, in libcurl's queue while its call's deadline runs, and every
            /// client of a process shares the transport while each has budgets of its own — so a
            /// limit here below the sum of their budgets makes calls time out that no upstream
            /// was slow to answer.
            public var maxConnectionsPerHost: Int?
            /// How long a connection may take to open, TLS included.
            public var connectTimeout: Duration
            /// Asked for every address before connecting; nil connects anywhere.
            public var connectPolicy: ConnectPolicy?
            /// `host:port:address` entries that answer name lookups, as `curl --resolve` does.
            public var resolve: [String]
            /// Whether the proxy variables of the environment apply (never with a connect policy).
            public var usesEnvironmentProxy: Bool

            /// ```swift
            /// CurlTransport.Configuration(connectPolicy: .publicAddresses(), resolve: ["images.example:443:203.0.113.9"])
            /// ```
            public init(
                maxConnectionsPerHost: Int? = nil, connectTimeout: Duration = .seconds(10),
                connectPolicy: ConnectPolicy? = nil, resolve: [String] = [], usesEnvironmentProxy: Bool = true
            ) {
                self.maxConnectionsPerHost = maxConnectionsPerHost
                self.connectTimeout = connectTimeout
                self.connectPolicy = connectPolicy
                self.resolve = resolve
                self.usesEnvironmentProxy = usesEnvironmentProxy
            }
        }

        public let configuration: Configuration
        private let loop: CurlLoop

        public init(configuration: Configuration = Configuration()) {
            self.configuration = configuration
            loop = CurlLoop(settings: configuration)
        }

        deinit { loop.submit(.stop) }

        /// Transfers whose easy handle is alive now: 0 when nothing is in flight.
        public var liveTransfers: Int { loop.liveTransfers }

        public func send(_ request: URLRequest, maxBytes: Int, allowsRedirects: Bool) async throws -> TransportReply {
            let transfer = CurlTransfer(
                request: CurlRequest(request, maxBytes: maxBytes, followsRedirects: allowsRedirects),
                connectPolicy: configuration.connectPolicy)
            let loop = self.loop
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    if !loop.submit(.start(transfer, continuation)) {
                        continuation.resume(throwing: TransportError.failed(code: -1, reason: "libcurl is not running"))
                    }
                }
            } onCancel: {
                transfer.markCancelled()
                loop.submit(.cancel(transfer))
            }
        }
    }
#endif
