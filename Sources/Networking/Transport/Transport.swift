import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request and returns the raw reply; the ``APIClient`` adds everything else.
public protocol Transport: Sendable {
    /// The body and status of `request`. Must stop reading past `maxBytes`
    /// (throwing ``TransportError/tooLarge``) and must not follow redirects unless
    /// `allowsRedirects`. Cancelling the calling task cancels the request.
    func send(_ request: URLRequest, maxBytes: Int, allowsRedirects: Bool) async throws -> TransportReply
}

/// What came back.
public struct TransportReply: Sendable {
    public let status: Int
    /// Header fields, names lower-cased.
    public let headers: [String: String]
    public let body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Transport failures that are not plain connection errors.
public enum TransportError: Error, Sendable, Equatable {
    /// The body, or its declared length, passed the byte cap; the transfer was stopped.
    case tooLarge(limit: Int)
    /// Whatever answered did not speak HTTP.
    case notHTTP
    /// The connect policy refused every address the host resolved to (the last one named).
    case addressRefused(String)
    /// The connection or transfer failed; `code` is the library's (curl's `CURLcode`).
    case failed(code: Int, reason: String)
}
