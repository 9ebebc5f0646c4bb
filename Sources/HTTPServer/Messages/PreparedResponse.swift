import CMicroHTTPD
import Synchronization

/// A reply sent again and again exactly as it is — a cached image, a cached search, a health
/// check — that the server turns into libmicrohttpd's response once and queues for every
/// request. Building one per request cost a dozen allocations: the response, each header
/// field copied into it, the fields checked against the server's defaults.
///
/// Its body is bytes in memory or a region of an open file, which the built response maps
/// once; every request then sends header and body in one `sendmsg`, as for bytes in memory,
/// the kernel copying from the page cache (or by `sendfile` when the file cannot be mapped).
///
/// ```swift
/// let hit = PreparedResponse(headers: ["Content-Type": "image/png"], body: SharedBytes(png))
/// router.add(.get, "/logo.png", immediate: { _ in hit.response })
/// ```
public final class PreparedResponse: Sendable {
    /// What a prepared response sends after its headers.
    public enum Content: Sendable {
        case bytes(SharedBytes)
        case file(FileRegion)

        /// How many bytes that is.
        public var count: Int {
            switch self {
            case .bytes(let bytes): bytes.count
            case .file(let region): region.count
            }
        }

        /// A copy of the bytes (a file's read from it), for tests and tools.
        public var bytes: [UInt8]? {
            switch self {
            case .bytes(let bytes): bytes.bytes
            case .file(let region): region.bytes
            }
        }
    }

    public let status: Int
    public let headers: HTTPHeaders
    public let content: Content

    /// libmicrohttpd's response, once a server has built it (with its own default fields).
    private struct Built: @unchecked Sendable {
        let server: Int
        let response: OpaquePointer
    }

    private let built = Mutex<Built?>(nil)

    public convenience init(status: Int = 200, headers: HTTPHeaders, body: SharedBytes) {
        self.init(status: status, headers: headers, content: .bytes(body))
    }

    public convenience init(status: Int = 200, headers: HTTPHeaders, file: FileRegion) {
        self.init(status: status, headers: headers, content: .file(file))
    }

    private init(status: Int, headers: HTTPHeaders, content: Content) {
        self.status = status
        self.headers = headers
        self.content = content
    }

    /// The body when it is bytes in memory; nil for a file.
    public var body: SharedBytes? {
        guard case .bytes(let bytes) = content else { return nil }
        return bytes
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
