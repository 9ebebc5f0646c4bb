import Foundation

/// One upstream call and how to read its reply: URL, query, limits and a decoder.
///
/// ```swift
/// struct Titles: Decodable, Sendable { let titles: [String] }
/// let endpoint = Endpoint<Titles>(
///     source: "Wikipedia", url: apiURL, query: [("action", "query"), ("gpssearch", text)])
/// let reply = try await client.send(endpoint)
/// ```
public struct Endpoint<Response: Sendable>: Sendable {
    /// The name people know the upstream by ("Wikipedia"), used in error sentences.
    public var source: String
    /// The URL without a query string.
    public var url: URL
    /// Query pairs in order; encoded with ``QueryEncoding`` (RFC 3986 unreserved set).
    public var query: [(name: String, value: String)]
    public var method: String
    public var headers: [String: String]
    /// The whole call, retries and waits included, must finish within this.
    public var deadline: Duration
    /// Bodies larger than this fail before decoding.
    public var maxResponseBytes: Int
    /// Redirects are refused unless set (the URL may come from outside).
    public var allowsRedirects: Bool
    /// Turns the body into a response; errors become ``APIError/Kind/invalidResponse``.
    public var decode: @Sendable (Data) throws -> Response

    public init(
        source: String, url: URL, query: [(name: String, value: String)] = [], method: String = "GET",
        headers: [String: String] = [:], deadline: Duration = .seconds(3), maxResponseBytes: Int = 2 * 1024 * 1024,
        allowsRedirects: Bool = false, decode: @escaping @Sendable (Data) throws -> Response
    ) {
        self.source = source
        self.url = url
        self.query = query
        self.method = method
        self.headers = headers
        self.deadline = deadline
        self.maxResponseBytes = maxResponseBytes
        self.allowsRedirects = allowsRedirects
        self.decode = decode
    }

    /// The full URL with the encoded query.
    public var requestURL: URL {
        guard !query.isEmpty else { return url }
        let address = url.absoluteString
        let separator = address.utf8.contains(UInt8(ascii: "?")) ? "&" : "?"
        return URL(string: address + separator + QueryEncoding.query(query)) ?? url
    }

    /// Whether the call may be repeated safely after a failure.
    var isIdempotent: Bool { ["GET", "HEAD"].contains(method) }
}

extension Endpoint where Response: Decodable {
    /// An endpoint whose reply is JSON decoded with `JSONDecoder`.
    public init(
        source: String, url: URL, query: [(name: String, value: String)] = [], deadline: Duration = .seconds(3),
        maxResponseBytes: Int = 2 * 1024 * 1024
    ) {
        self.init(
            source: source, url: url, query: query, deadline: deadline, maxResponseBytes: maxResponseBytes,
            decode: { data in try JSONDecoder().decode(Response.self, from: data) })
    }
}
