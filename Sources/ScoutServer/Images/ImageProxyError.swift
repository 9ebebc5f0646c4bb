import HTTPServer
import ImageLoading

/// The proxy's failures as HTTP responses: a status, a stable code and one sentence that never
/// repeats the key or an upstream URL.
///
/// ```swift
/// return ImageProxyError.notFound.response   // 404 {"error":{"code":"image_not_found",…}}
/// ```
public struct ImageProxyError: HTTPResponseError, Sendable, Equatable {
    /// The HTTP status: 404, 502, 503 or 504.
    public let status: Int
    /// A stable machine-readable code, such as `not_an_image`.
    public let code: String
    /// One sentence for a person; never the key or a URL.
    public let message: String
    /// `Cache-Control: no-store`, and `Retry-After` when the host asked to wait.
    public let headers: HTTPHeaders

    /// An error response; `Cache-Control: no-store` is always added.
    ///
    /// ```swift
    /// ImageProxyError(status: 502, code: "not_an_image", message: "The image host sent something else.")
    /// ```
    public init(status: Int, code: String, message: String, headers: HTTPHeaders = [:]) {
        self.status = status
        self.code = code
        self.message = message
        var headers = headers
        headers["Cache-Control"] = "no-store"
        self.headers = headers
    }

    /// Unknown source, or a key that does not validate.
    public static let notFound = ImageProxyError(
        status: 404, code: "image_not_found", message: "There is no image at this address. Check the link.")

    /// The server is stopping and the request was cancelled.
    public static let cancelled = ImageProxyError(
        status: 503, code: "image_cancelled", message: "The image request was cancelled. Retry in a moment.",
        headers: ["Retry-After": "1"])

    /// The response for a loader failure.
    ///
    /// ```swift
    /// ImageProxyError(ImageLoaderError(.notAnImage)).status   // 502
    /// ```
    public init(_ error: ImageLoaderError) {
        let message = error.description
        switch error.kind {
        case .refused:
            self.init(status: 502, code: "image_refused", message: message)
        case .tooManyRedirects:
            self.init(status: 502, code: "image_redirect_loop", message: message)
        case .timedOut:
            self.init(status: 504, code: "image_timed_out", message: message)
        case .tooLarge, .tooManyPixels:
            self.init(status: 502, code: "image_too_large", message: message)
        case .notAnImage:
            self.init(status: 502, code: "not_an_image", message: message)
        case .status(let status) where status == 404 || status == 410:
            self.init(status: 404, code: "image_not_found", message: "The image host has no such image.")
        case .status:
            self.init(status: 502, code: "image_upstream_error", message: message)
        case .rateLimited(let retryAfter):
            let seconds = retryAfter.map {
                max(1, Int($0.components.seconds) + ($0.components.attoseconds > 0 ? 1 : 0))
            }
            self.init(
                status: 503, code: "image_rate_limited", message: message,
                headers: ["Retry-After": String(seconds ?? 1)])
        case .unavailable:
            self.init(status: 502, code: "image_upstream_unavailable", message: message)
        case .transport:
            self.init(status: 502, code: "image_upstream_unreachable", message: message)
        }
    }
}
