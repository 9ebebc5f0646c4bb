import HTTPServer
import Networking
import Providers
import ScoutModels

/// The errors of Scout's JSON API: `{"error":{"code","message","source","retryAfter"}}` with the
/// status that fits (400 bad request, 429 too many requests, 502/503/504 upstream trouble).
struct GatewayError: HTTPResponseError {
    let status: Int
    let code: String
    let message: String
    let source: SourceID?
    let retryAfter: Duration?

    var headers: HTTPHeaders {
        guard let seconds = retryAfter.map(Self.wholeSeconds) else { return [:] }
        return ["Retry-After": String(seconds)]
    }

    var details: [String: JSONValue] {
        [
            "source": source.map { .string($0.rawValue) } ?? .null,
            "retryAfter": retryAfter.map { .number(Double(Self.wholeSeconds($0))) } ?? .null,
        ]
    }

    static func badRequest(_ code: String, _ message: String, source: SourceID? = nil) -> GatewayError {
        GatewayError(status: 400, code: code, message: message, source: source, retryAfter: nil)
    }

    static func tooManyRequests(retryAfter: Duration) -> GatewayError {
        GatewayError(
            status: 429, code: "rate_limited",
            message: "Too many requests from your address. Wait \(wholeSeconds(retryAfter)) s and try again.",
            source: nil, retryAfter: retryAfter)
    }

    /// An upstream failure as the API reports it; the sentence is the one people already see.
    static func upstream(_ error: APIError, source: SourceID) -> GatewayError {
        let (status, code): (Int, String) =
            switch error.kind {
            case .timedOut: (504, "upstream_timeout")
            case .rateLimited, .unavailable: (503, "upstream_unavailable")
            case .offline, .transport: (502, "upstream_unreachable")
            case .status, .tooLarge, .redirectRefused, .invalidResponse, .upstream, .addressRefused:
                (502, "upstream_failed")
            case .overBudget: (503, "scout_over_budget")
            }
        return GatewayError(
            status: status, code: code, message: error.userMessage, source: source, retryAfter: error.retryAfter)
    }

    /// A provider's own failure (Flickr's): the status of the call underneath when there was
    /// one, else 503 — the source cannot search as set up — with the provider's sentence.
    static func upstream(_ failure: FlickrError, source: SourceID) -> GatewayError {
        guard let underlying = failure.underlying else {
            return GatewayError(
                status: 503, code: "source_not_configured", message: failure.userMessage, source: source,
                retryAfter: nil)
        }
        let base = upstream(underlying, source: source)
        // Scout's own limit is said in Scout's words, not as Flickr's failure.
        if case .overBudget = underlying.kind { return base }
        return GatewayError(
            status: base.status, code: base.code, message: failure.userMessage, source: source,
            retryAfter: failure.retryAfter)
    }

    /// Seconds rounded up, at least 1, as `Retry-After` wants.
    static func wholeSeconds(_ duration: Duration) -> Int { APIError.wholeSeconds(duration) }
}
