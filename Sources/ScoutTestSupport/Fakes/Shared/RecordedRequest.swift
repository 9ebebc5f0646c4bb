import HTTPServer

/// One request exactly as a fake upstream received it.
///
/// ```swift
/// let request = try #require(fake.requests.last)
/// #expect(request.rawQuery.contains("gpssearch=a%2Bb"))
/// #expect(request.parameters["gpssearch"] == "a+b")
/// #expect(request.userAgent?.hasPrefix("Scout/") == true)
/// ```
public struct RecordedRequest: Sendable {
    /// 1 for the first request the fake received, then 2, 3, …
    public let sequenceNumber: Int
    /// The method, such as `GET`.
    public let method: HTTPMethod
    /// The decoded, canonical path, such as `/w/api.php`.
    public let path: String
    /// The request target exactly as sent (`/w/api.php?action=query&…`).
    public let rawTarget: String
    /// The query string exactly as sent, without `?`: `a%2Bb` and `a+b` stay distinguishable.
    public let rawQuery: String
    /// The query parameters in order, repeated names included, each decoded and raw.
    public let query: QueryParameters
    /// The request body (a POSTed form, for instance).
    public let body: [UInt8]
    /// Every header field as received.
    public let headers: HTTPHeaders
    /// When the fake's handler saw the request.
    public let arrivedAt: ContinuousClock.Instant

    /// Creates a record of `request`, arrived at `arrivedAt`.
    public init(_ request: Request, sequenceNumber: Int, arrivedAt: ContinuousClock.Instant = .now) {
        self.sequenceNumber = sequenceNumber
        self.method = request.method
        self.path = request.path
        self.rawTarget = request.rawTarget
        self.rawQuery = request.query.raw
        self.query = request.query
        self.body = request.body
        self.headers = request.headers
        self.arrivedAt = arrivedAt
    }

    /// The decoded parameters by name; for a repeated name the last value wins, as PHP (and so
    /// MediaWiki and Flickr) reads it.
    public var parameters: [String: String] {
        Dictionary(query.items.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The decoded parameters in order, as name–value pairs.
    public var parameterList: [(name: String, value: String)] { query.items.map { ($0.name, $0.value) } }

    /// The `User-Agent` header, if any.
    public var userAgent: String? { headers["User-Agent"] }
}
