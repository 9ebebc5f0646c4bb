import Foundation
import Networking
import Providers
import ScoutModels

extension SearchGateway {
    /// Whether a failure is the upstream's trouble (down, slow, asking to wait) or Scout being out
    /// of its budget — when an earlier answer beats an error — rather than a request it refused.
    static func allowsStale(_ error: any Error) -> Bool {
        let apiError: APIError
        switch error {
        case let error as APIError: apiError = error
        case let error as FlickrError:
            guard let underlying = error.underlying else { return false }
            apiError = underlying
        default: return false
        }
        switch apiError.kind {
        case .timedOut, .rateLimited, .unavailable, .offline, .transport, .invalidResponse, .overBudget: return true
        case .status(let status): return status >= 500
        case .tooLarge, .redirectRefused, .upstream, .addressRefused: return false
        }
    }

    /// The last answer to `key` within ``staleLifetime`` — this instance's own, else the fleet's —
    /// marked stale: only ever the answer to the key's own text and cursor.
    func staleReply(for key: Key) async -> Reply? {
        if var reply = localStaleReply(for: key) {
            reply.isStale = true
            return reply
        }
        guard fleet.isShared, let bytes = await fleet.stalePage(for: key.fleetKey),
            let page = SharedPageCodec.decode(bytes)
        else { return nil }
        var reply = reply(page, for: key)
        reply.isStale = true
        return reply
    }
}
