import Foundation
import ScoutModels

/// Why an upstream call failed, in one sentence a person understands, with the details for logs
/// kept apart (``debugDescription``). Cancellation is never an `APIError`.
///
/// ```swift
/// do {
///     let reply = try await client.send(endpoint)
/// } catch let error as APIError {
///     print(error.userMessage)   // "Wikipedia did not answer within 3 s. Retry?"
/// }
/// ```
public struct APIError: SearchFailure, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The deadline passed.
        case timedOut(Duration)
        /// The upstream asked to wait (429, or a `Retry-After` window still open).
        case rateLimited(retryAfter: Duration?)
        /// The upstream failed (5xx) or its circuit breaker is open.
        case unavailable
        /// A status the client does not retry (4xx other than 429).
        case status(Int)
        /// The reply was bigger than the endpoint allows.
        case tooLarge(limit: Int)
        /// The upstream redirected and the endpoint does not allow it.
        case redirectRefused
        /// The reply could not be read.
        case invalidResponse
        /// The device has no network.
        case offline
        /// The connection failed (reset, refused, truncated body …).
        case transport
        /// The host resolved only to addresses the transport's ``ConnectPolicy`` refuses
        /// (private, loopback, link-local …), so no connection was opened.
        case addressRefused
        /// The upstream answered with an error of its own (MediaWiki `error`, Flickr `stat: fail`).
        case upstream(code: String, message: String)
        /// Scout itself is out of its budget for the host (its rate, shared by a fleet): the
        /// upstream was not asked, and a token comes in `retryAfter`.
        case overBudget(retryAfter: Duration)
    }

    public let kind: Kind
    /// The upstream's name, as in the endpoint.
    public let source: String
    public let host: String?
    public let status: Int?
    /// For logs only: the underlying error, a body excerpt, the URL without its query.
    public let details: String?

    public init(kind: Kind, source: String, host: String? = nil, status: Int? = nil, details: String? = nil) {
        self.kind = kind
        self.source = source
        self.host = host
        self.status = status
        self.details = details
    }

    public var userMessage: String {
        switch kind {
        case .timedOut(let deadline):
            "\(source) did not answer within \(Self.format(deadline)). Retry?"
        case .rateLimited(let retryAfter):
            if let retryAfter {
                "\(source) asked Scout to slow down. Retry in \(Self.format(retryAfter))."
            } else {
                "\(source) asked Scout to slow down. Retry in a moment."
            }
        case .unavailable: "\(source) is unavailable right now. Retry in a little while."
        case .status(let code): "\(source) refused the request (HTTP \(code)). Try a different search."
        case .tooLarge: "\(source) sent a reply too large to read. Try a narrower search."
        case .redirectRefused: "\(source) answered with a redirect Scout does not follow. Check its address setting."
        case .invalidResponse: "\(source) sent a reply Scout could not read. Retry later."
        case .offline: "You seem to be offline. Check your connection and retry."
        case .transport: "Could not reach \(source). Check your connection and retry."
        case .addressRefused:
            "\(source) is at a private or local network address, which Scout does not connect to. Check its address."
        case .upstream(_, let message): "\(source) reported an error: \(message)"
        case .overBudget(let retryAfter):
            "Scout is at its \(source) request limit; retry in \(Self.wholeSeconds(retryAfter)) s."
        }
    }

    public var isOffline: Bool { kind == .offline }

    public var retryAfter: Duration? {
        switch kind {
        case .rateLimited(let retryAfter): retryAfter
        case .overBudget(let retryAfter): retryAfter
        default: nil
        }
    }

    public var description: String { userMessage }

    public var debugDescription: String {
        var parts = ["APIError(\(kind)", "source: \(source)"]
        if let host { parts.append("host: \(host)") }
        if let status { parts.append("status: \(status)") }
        if let details { parts.append("details: \(details)") }
        return parts.joined(separator: ", ") + ")"
    }

    /// Seconds rounded up, at least 1: what a person is told to wait.
    ///
    /// ```swift
    /// APIError.wholeSeconds(.milliseconds(1_200))  // 2
    /// ```
    public static func wholeSeconds(_ duration: Duration) -> Int {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return max(1, Int(seconds.rounded(.up)))
    }

    /// "3 s", "250 ms", "2 min".
    static func format(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        if seconds < 120 {
            let rounded = (seconds * 10).rounded() / 10
            return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
        }
        return "\(Int((seconds / 60).rounded())) min"
    }
}
