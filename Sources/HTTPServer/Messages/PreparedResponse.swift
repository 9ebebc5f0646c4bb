import CMicroHTTPD
import Synchronization

/// A reply sent again and again exactly as it is — a cached image, a cached search, a health
/// check — that the server turns into libmicrohttpd's response once and queues for every
/// request. Building one per request cost a dozen allocations: the response, each header
/// field copied into it, the fields checked against the server's defaults.
///
/// ```swift
/// let hit = PreparedResponse(headers: ["Content-Type": "image/png"], body: SharedBytes(png))
/// router.add(.get, "/logo.png", immediate: { _ in hit.response })
/// ```
public final class PreparedResponse: Sendable {
    public let status: Int
    public let headers: HTTPHeaders
    public let body: SharedBytes

    /// libmicrohttpd's response, once a server has built it (with its own default fields).
    private struct Built: @unchecked Sendable {
        let server: Int
        let response: OpaquePointer
    }

    private let built = Mutex<Built?>(nil)

    public init(status: Int = 200, headers: HTTPHeaders, body: SharedBytes) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The reply, for a handler to return.
    public var response: Response { Response(status: status, headers: headers, body: .prepared(self)) }

    /// The response `server` built of this one, building it with `build` the first time; nil
    /// when `build` fails or another server built it first (its default fields may differ; the
    /// caller then builds one of its own for this request).
    func mhdResponse(forServer server: Int, build: () -> OpaquePointer?) -> OpaquePointer? {
        built.withLock { built in
            if let built { return built.server == server ? built.response : nil }
            guard let response = build() else { return nil }
            built = Built(server: server, response: response)
            return response
        }
    }

    deinit {
        // libmicrohttpd keeps the response alive until the last connection sending it is done.
        if let built = built.withLock({ $0 }) { MHD_destroy_response(built.response) }
    }
}
