import Foundation
import Networking
import ScoutModels

/// A failed call to a Scout book server, worded for the person who runs it: which server
/// did not answer and how to start it. The underlying ``Networking/APIError`` stays in
/// ``debugDescription``.
///
/// ```swift
/// do {
///     let page = try await books.search(try SearchQuery("dune"), cursor: nil, limit: 10)
/// } catch let error as BooksProviderError {
///     print(error.userMessage)
///     // "The book server at http://127.0.0.1:8080 did not answer. Start it with scout serve."
/// }
/// ```
public struct BooksProviderError: SearchFailure, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// Nothing answered at the address, or not in time.
        case notAnswering
        /// The server has no book catalog (HTTP 503).
        case noCatalog
        /// The server does not know the book (HTTP 404).
        case unknownBook
        /// Any other failure, worded by ``Networking/APIError``.
        case other
    }

    public let kind: Kind
    /// The server's address, as configured.
    public let server: URL
    /// The failure underneath, when there was a call.
    public let underlying: APIError?

    /// Wraps `error` from a call to `server`.
    public init(_ error: APIError, server: URL) {
        let kind: Kind =
            switch error.kind {
            case .transport, .timedOut, .offline: .notAnswering
            case .unavailable where error.status == 503: .noCatalog
            case .status(404): .unknownBook
            default: .other
            }
        self.init(kind, server: server, underlying: error)
    }

    /// A failure of `kind` at `server`.
    public init(_ kind: Kind, server: URL, underlying: APIError? = nil) {
        self.kind = kind
        self.server = server
        self.underlying = underlying
    }

    /// The address people type: `http://127.0.0.1:8080`, without a trailing slash.
    private var address: String {
        let text = server.absoluteString
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    public var userMessage: String {
        switch kind {
        case .notAnswering: "The book server at \(address) did not answer. Start it with scout serve."
        case .noCatalog:
            "The book server at \(address) has no book catalog. Import one there with scout books import."
        case .unknownBook: "The book server at \(address) has no such book. Search for it by title."
        case .other: underlying?.userMessage ?? "The book server at \(address) failed. Retry?"
        }
    }

    /// A book server that does not answer is not the device being offline, unless it says so.
    public var isOffline: Bool { underlying?.isOffline ?? false }

    public var retryAfter: Duration? { underlying?.retryAfter }

    public var description: String { userMessage }

    public var debugDescription: String {
        "BooksProviderError(\(kind), server: \(address), underlying: \(underlying.map { $0.debugDescription } ?? "none"))"
    }
}
