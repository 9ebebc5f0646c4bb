import Networking
import ScoutModels

/// A failed Flickr search, worded for a person: no key, a key Flickr refused, Flickr's own
/// error codes as sentences, or the transport failure underneath. Nothing in it carries the
/// API key: the underlying ``Networking/APIError`` is kept with the key redacted (T3).
///
/// ```swift
/// do {
///     let page = try await flickr.search(try SearchQuery("bamboo"), cursor: nil, limit: 100)
/// } catch let error as FlickrError {
///     print(error.userMessage)   // "The Flickr API key is invalid. Check the key."
/// }
/// ```
public struct FlickrError: SearchFailure, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// No key is configured.
        case missingKey
        /// Flickr answered `stat: fail` with this code (100 invalid key, 105 unavailable, …).
        case flickr(code: Int)
        /// Any other failure, worded by ``Networking/APIError``.
        case other
    }

    public let kind: Kind
    /// The failure underneath, with the key redacted from its details.
    public let underlying: APIError?

    /// A failure of `kind` without a call behind it.
    public init(_ kind: Kind) {
        self.kind = kind
        self.underlying = nil
    }

    /// Wraps `error` from a call made with `key`, redacting the key from everything it says.
    init(_ error: APIError, redacting key: FlickrAPIKey) {
        var redactedKind = error.kind
        var kind = Kind.other
        if case .upstream(let code, let message) = error.kind {
            redactedKind = .upstream(code: key.redact(code), message: key.redact(message))
            if let number = Int(code) { kind = .flickr(code: number) }
        }
        self.kind = kind
        self.underlying = APIError(
            kind: redactedKind, source: error.source, host: error.host, status: error.status,
            details: error.details.map(key.redact))
    }

    /// What Flickr's error `code` means, as a phrase: 100 → "the Flickr API key is invalid",
    /// 105 → "Flickr is unavailable" (codes from `flickr.reflection.getMethodInfo`).
    public static func sentence(forCode code: Int) -> String {
        switch code {
        case 3: "the search had nothing to search for"
        case 10: "Flickr search is unavailable"
        case 20: "the search went past the last page Flickr serves"
        case 100: "the Flickr API key is invalid"
        case 105: "Flickr is unavailable"
        case 106: "Flickr had a temporary problem"
        case 111, 112, 114, 115: "Flickr did not understand Scout's request"
        case 116: "Flickr refused a link in the search"
        default: "Flickr reported error \(code)"
        }
    }

    public var userMessage: String {
        switch kind {
        case .missingKey:
            return "Flickr needs an API key: get one at https://www.flickr.com/services/apps/create/."
        case .flickr(let code):
            let sentence = Self.sentence(forCode: code)
            let advice =
                switch code {
                case 100: "Check the key."
                case 10, 105, 106: "Retry in a little while."
                case 3, 20: "Try a different search."
                default: "Retry, or report it if it persists."
                }
            return sentence.prefix(1).uppercased() + sentence.dropFirst() + ". " + advice
        case .other:
            return underlying?.userMessage ?? "The Flickr search failed. Retry?"
        }
    }

    public var isOffline: Bool { underlying?.isOffline ?? false }

    public var retryAfter: Duration? { underlying?.retryAfter }

    public var description: String { userMessage }

    public var debugDescription: String {
        "FlickrError(\(kind), underlying: \(underlying.map { $0.debugDescription } ?? "none"))"
    }
}
