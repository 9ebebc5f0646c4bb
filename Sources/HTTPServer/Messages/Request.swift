/// An HTTP request as a handler sees it: canonical path, decoded query, headers and body.
///
/// ```swift
/// router.add(.get, "/hello/:name") { request in
///     .text("Hello, \(request.pathParameters["name"] ?? "stranger")")
/// }
/// ```
public struct Request: Sendable {
    public let method: HTTPMethod
    /// The decoded, canonical path (see ``RequestTarget``): always starts with `/`.
    public let path: String
    /// The request target exactly as received (`/path?query`).
    public let rawTarget: String
    public let query: QueryParameters
    public let headers: HTTPHeaders
    /// The body, at most the server's configured cap.
    public let body: [UInt8]
    /// The peer's address, when the socket reports one.
    public let remoteAddress: SocketAddress?
    /// Values of `:name` segments in the matched route pattern.
    public internal(set) var pathParameters: PathParameters
    /// The pattern of the route that matched (`/img/:source/*key`), set by ``Router``; nil
    /// before routing and when no route matched. Bounded, unlike the path: fit for a metric label.
    public internal(set) var route: String?
    /// The connection's socket, for a test server that checks whether its client is still there
    /// while it holds the reply back (see ``ClientSocket``); nil for requests made in memory.
    package let clientSocket: ClientSocket?

    public init(
        method: HTTPMethod,
        rawTarget: String,
        headers: HTTPHeaders = [:],
        body: [UInt8] = [],
        remoteAddress: SocketAddress? = nil
    ) throws(HTTPError) {
        let target: RequestTarget
        do {
            target = try RequestTarget(raw: rawTarget)
        } catch {
            throw HTTPError.badRequestTarget(error)
        }
        self.init(
            method: method, target: target, rawTarget: rawTarget, headers: headers, body: body,
            remoteAddress: remoteAddress)
    }

    init(
        method: HTTPMethod, target: RequestTarget, rawTarget: String, headers: HTTPHeaders,
        body: [UInt8], remoteAddress: SocketAddress?, clientSocket: ClientSocket? = nil
    ) {
        self.method = method
        self.path = target.path
        self.rawTarget = rawTarget
        self.query = QueryParameters(raw: target.rawQuery)
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.clientSocket = clientSocket
        self.pathParameters = PathParameters()
        self.route = nil
    }
}

/// An IPv4 or IPv6 peer address in text form.
public struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// Numeric host, such as `127.0.0.1` or `::1`.
    public let host: String
    public let port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
