import Foundation

/// An HTTP response: status, headers and a body of bytes or a stream.
///
/// ```swift
/// return try .json(["status": "ok"])
/// return .html("<!doctype html><title>Scout</title>")
/// ```
public struct Response: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Body

    /// What a response carries after its headers.
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Sent without a copy per response (see ``SharedBytes``).
        case shared(SharedBytes)
        /// Sent as it is, built into libmicrohttpd's response once for every request (see
        /// ``PreparedResponse``, whose status and headers the response carries too).
        case prepared(PreparedResponse)
        /// Sent from a file by `sendfile` (see ``FileRegion``; a prepared one is mapped).
        case file(FileRegion)
        /// Produced chunk by chunk; the server sends chunks as they come.
        case stream(ResponseStream)
    }

    public init(status: Int = 200, headers: HTTPHeaders = [:], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: Int = 200, headers: HTTPHeaders = [:], bytes: [UInt8]) {
        self.init(status: status, headers: headers, body: .bytes(bytes))
    }

    /// The body's bytes (a file's read from it), or nil for a stream.
    public var bodyBytes: [UInt8]? {
        switch body {
        case .bytes(let bytes): bytes
        case .shared(let shared): shared.bytes
        case .prepared(let prepared): prepared.content.bytes
        case .file(let region): region.bytes
        case .stream: nil
        }
    }

    /// A UTF-8 `text/plain` response.
    public static func text(_ text: String, status: Int = 200) -> Response {
        Response(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
            bytes: Array(text.utf8))
    }

    /// A UTF-8 `text/html` response.
    public static func html(_ html: String, status: Int = 200) -> Response {
        Response(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8"],
            bytes: Array(html.utf8))
    }

    /// A JSON response from bytes that already are JSON.
    public static func json(bytes: [UInt8], status: Int = 200) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json"], bytes: bytes)
    }

    /// A JSON response encoding `value` (keys sorted so replies are byte-stable).
    public static func json(_ value: some Encodable, status: Int = 200) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return .json(bytes: Array(try encoder.encode(value)), status: status)
    }
}

/// A response body produced over time, for large or deliberately slow replies.
///
/// `next` returns the next chunk, or nil at the end. When ``declaredLength`` is set the server
/// sends `Content-Length`; ending before that many bytes closes the connection (a truncated body).
public struct ResponseStream: Sendable {
    public let declaredLength: Int?
    public let next: @Sendable () async -> [UInt8]?

    public init(declaredLength: Int? = nil, next: @escaping @Sendable () async -> [UInt8]?) {
        self.declaredLength = declaredLength
        self.next = next
    }
}
