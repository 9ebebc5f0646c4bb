import Foundation

/// An error that knows which HTTP response it becomes.
///
/// A handler that throws a conforming error answers with ``status`` and
/// `{"error":{"code":…,"message":…}}` plus ``details``; any other error becomes a 500 that
/// reveals nothing and is logged in full.
///
/// ```swift
/// struct NoSuchBook: HTTPResponseError {
///     var status: Int { 404 }
///     var code: String { "book_not_found" }
///     var message: String { "There is no book with that id. Search for it by title instead." }
/// }
/// ```
public protocol HTTPResponseError: Error {
    /// The HTTP status code.
    var status: Int { get }
    /// A stable machine-readable code, such as `bad_request`.
    var code: String { get }
    /// One sentence for a person: what happened and what to do.
    var message: String { get }
    /// Extra header fields, such as `Retry-After`.
    var headers: HTTPHeaders { get }
    /// Extra members of the `error` object, such as `source` or `retryAfter`.
    var details: [String: JSONValue] { get }
}

extension HTTPResponseError {
    public var headers: HTTPHeaders { [:] }
    public var details: [String: JSONValue] { [:] }

    /// The response this error turns into.
    public var response: Response {
        var object: [String: JSONValue] = details
        object["code"] = .string(code)
        object["message"] = .string(message)
        let body: JSONValue = ["error": .object(object)]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes = (try? encoder.encode(body)).map(Array.init) ?? Array(#"{"error":{}}"#.utf8)
        var response = Response.json(bytes: bytes, status: status)
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}

/// The errors the server itself produces.
public struct HTTPError: HTTPResponseError, Equatable {
    public let status: Int
    public let code: String
    public let message: String
    public let headers: HTTPHeaders

    public init(status: Int, code: String, message: String, headers: HTTPHeaders = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public static let notFound = HTTPError(
        status: 404, code: "not_found", message: "There is nothing at this address. Check the link.")

    public static func methodNotAllowed(allowed: [HTTPMethod]) -> HTTPError {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return HTTPError(
            status: 405, code: "method_not_allowed",
            message: "This address does not accept that method. Use \(list).",
            headers: ["Allow": list])
    }

    static func badRequestTarget(_ rejection: RequestTarget.Rejection) -> HTTPError {
        HTTPError(
            status: 400, code: "bad_request",
            message: "The address is malformed (\(rejection.explanation)). Check the link.")
    }

    /// A head that two parsers could read two ways (SECURITY.md T20): refused, and the
    /// connection closed, since where the next request would start is not known.
    static func malformedRequest(_ violation: RequestFraming.Violation) -> HTTPError {
        HTTPError(
            status: 400, code: "malformed_request",
            message: "The request is malformed: \(violation). Send it as HTTP/1.1 describes.",
            headers: ["Connection": "close"])
    }

    public static func payloadTooLarge(limit: Int) -> HTTPError {
        HTTPError(
            status: 413, code: "payload_too_large",
            message: "The request body is larger than \(limit) bytes. Send less data.")
    }

    public static let uriTooLong = HTTPError(
        status: 414, code: "uri_too_long",
        message: "The address is too long. Shorten the query.")

    public static let headersTooLarge = HTTPError(
        status: 431, code: "headers_too_large",
        message: "The request headers are too large. Send fewer or shorter headers.")

    public static let internalError = HTTPError(
        status: 500, code: "internal_error",
        message: "Something went wrong on the server. Try again; if it keeps happening, report it.")

    static func replyTooLarge(limit: Int) -> HTTPError {
        HTTPError(
            status: 500, code: "reply_too_large",
            message: "The reply would be larger than the \(limit / 1_048_576) MiB this server sends. Ask for less.")
    }

    public static let busy = HTTPError(
        status: 503, code: "server_busy",
        message: "The server holds as many unsent replies as it can. Try again in a second.",
        headers: ["Retry-After": "1"])

    public static let shuttingDown = HTTPError(
        status: 503, code: "shutting_down",
        message: "The server is shutting down. Try again in a moment.",
        headers: ["Retry-After": "1", "Connection": "close"])
}

extension RequestTarget.Rejection {
    var explanation: String {
        switch self {
        case .notOriginForm: "it must start with /"
        case .malformedEscape: "a % escape is incomplete"
        case .dotDotSegment: "it contains a .. segment"
        case .backslash: "it contains a backslash"
        case .controlCharacter: "it contains a control character"
        case .invalidUTF8: "it is not valid UTF-8"
        }
    }
}
