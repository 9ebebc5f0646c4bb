import Foundation
import Networking
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Wraps a ``Networking/Transport`` so the loader can read a reply's status and headers
/// (`Location` above all), which ``Networking/APIClient`` does not return. A request opts in
/// with a token in ``header``; the header is removed before the request leaves the process.
final class CapturingTransport: Transport {
    /// The private header that carries a capture token.
    static let header = "X-Scout-Capture-Token"

    /// Status and headers of one reply.
    struct Captured: Sendable {
        let status: Int
        let headers: [String: String]
    }

    private struct State {
        var expected: Set<String> = []
        var captured: [String: Captured] = [:]
    }

    private let base: any Transport
    private let state = Mutex(State())

    init(_ base: any Transport) {
        self.base = base
    }

    func send(_ request: URLRequest, maxBytes: Int, allowsRedirects: Bool) async throws -> TransportReply {
        var request = request
        let token = request.value(forHTTPHeaderField: Self.header)
        request.setValue(nil, forHTTPHeaderField: Self.header)
        let reply = try await base.send(request, maxBytes: maxBytes, allowsRedirects: allowsRedirects)
        if let token {
            state.withLock { state in
                guard state.expected.contains(token) else { return }
                state.captured[token] = Captured(status: reply.status, headers: reply.headers)
            }
        }
        return reply
    }

    /// A fresh token whose reply will be kept until ``take(_:)``.
    func expect() -> String {
        let token = UUID().uuidString
        state.withLock { _ = $0.expected.insert(token) }
        return token
    }

    /// The last reply captured for `token`, forgetting the token.
    func take(_ token: String) -> Captured? {
        state.withLock { state in
            state.expected.remove(token)
            return state.captured.removeValue(forKey: token)
        }
    }
}
