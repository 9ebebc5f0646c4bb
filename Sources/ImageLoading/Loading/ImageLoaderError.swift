/// Why an image could not be loaded, in a sentence that names neither the URL nor the key
/// (``description``), with details for logs kept apart (``debugDescription``). Cancellation is
/// never an `ImageLoaderError`.
///
/// ```swift
/// do {
///     let image = try await loader.image(for: url)
/// } catch let error as ImageLoaderError where error.kind == .notAnImage {
///     print(error.debugDescription)   // for the log; `description` is for people
/// }
/// ```
public struct ImageLoaderError: Error, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The URL, or a redirect's target, is not one the loader may fetch.
        case refused
        /// More redirects than allowed.
        case tooManyRedirects(limit: Int)
        /// The deadline passed.
        case timedOut(Duration)
        /// The body was larger than the byte cap.
        case tooLarge(limit: Int)
        /// The header declares more pixels than the budget.
        case tooManyPixels(ImageInfo, limit: Int)
        /// The body is not a JPEG, PNG, GIF or WebP image.
        case notAnImage
        /// The host answered with this status (4xx, or a redirect without a usable target).
        case status(Int)
        /// The host asked to slow down.
        case rateLimited(retryAfter: Duration?)
        /// The host failed (5xx) or is being given a rest (circuit breaker).
        case unavailable
        /// The connection failed.
        case transport
    }

    /// What went wrong.
    public let kind: Kind
    /// For logs only: the underlying error and the host.
    public let details: String?

    /// Creates an error of `kind`; `details` go to logs only.
    ///
    /// ```swift
    /// ImageLoaderError(.notAnImage, details: "text/html from upload.wikimedia.org")
    /// ```
    public init(_ kind: Kind, details: String? = nil) {
        self.kind = kind
        self.details = details
    }

    /// One sentence for a person; it never contains a URL or key.
    public var description: String {
        switch kind {
        case .refused: "The image is hosted somewhere Scout does not fetch from."
        case .tooManyRedirects(let limit): "The image host redirected more than \(limit) times."
        case .timedOut: "The image host did not answer in time. Retry?"
        case .tooLarge(let limit): "The image is larger than \(Self.bytes(limit)), more than Scout loads."
        case .tooManyPixels(_, let limit): "The image has more than \(Self.pixels(limit)), more than Scout loads."
        case .notAnImage: "The image host sent something that is not a JPEG, PNG, GIF or WebP image."
        case .status(let code): "The image host refused the request (HTTP \(code))."
        case .rateLimited: "The image host asked Scout to slow down. Retry in a moment."
        case .unavailable: "The image host is unavailable right now. Retry in a little while."
        case .transport: "Could not reach the image host. Check the connection and retry."
        }
    }

    /// "5 MiB", "512 KiB", "100 bytes".
    static func bytes(_ count: Int) -> String {
        if count >= 1_048_576, count % 1_048_576 == 0 { return "\(count / 1_048_576) MiB" }
        if count >= 1024, count % 1024 == 0 { return "\(count / 1024) KiB" }
        return "\(count) bytes"
    }

    /// "40 megapixels", "2500 pixels".
    static func pixels(_ count: Int) -> String {
        count >= 1_000_000 && count % 1_000_000 == 0 ? "\(count / 1_000_000) megapixels" : "\(count) pixels"
    }

    /// The kind and details, for logs.
    public var debugDescription: String {
        "ImageLoaderError(\(kind)" + (details.map { ", details: \($0)" } ?? "") + ")"
    }
}
