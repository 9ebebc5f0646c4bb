import Foundation
import Networking
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``Networking/Transport`` that remembers the status and headers of the last reply to each
/// URL, which ``Networking/APIClient`` does not return: the crawler needs `Content-Type` (to skip
/// non-HTML and read the charset) and `Location` (to re-check a redirect's target against
/// robots.txt and the crawl's scope instead of letting URLSession follow it anywhere).
final class ReplyHeadRecorder: Transport {
    /// Status and headers (names lower-cased) of one reply.
    struct Head: Sendable {
        let status: Int
        let headers: [String: String]
    }

    private let base: any Transport
    private let heads = Mutex<[String: Head]>([:])

    init(_ base: any Transport) {
        self.base = base
    }

    func send(_ request: URLRequest, maxBytes: Int, allowsRedirects: Bool) async throws -> TransportReply {
        let reply = try await base.send(request, maxBytes: maxBytes, allowsRedirects: allowsRedirects)
        if let key = request.url?.absoluteString {
            // A retry overwrites the head of the attempt before: the last one is what the client returns.
            heads.withLock { $0[key] = Head(status: reply.status, headers: reply.headers) }
        }
        return reply
    }

    /// The head of the last reply to `url`, forgetting it.
    func take(_ url: URL) -> Head? {
        heads.withLock { $0.removeValue(forKey: url.absoluteString) }
    }
}
