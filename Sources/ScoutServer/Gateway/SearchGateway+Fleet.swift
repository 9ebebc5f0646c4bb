import Foundation
import Networking
import ScoutModels

extension SearchGateway {
    /// How often an instance waiting for another's search looks for its page.
    static let pollInterval = Duration.milliseconds(20)

    /// One upstream search for the whole fleet: a fresh page another instance published is used
    /// as it is; else this instance takes the search's lease, searches and publishes the page
    /// (fresh for the TTL, kept for stale-if-error); else it waits for the leaseholder's page,
    /// polling, and takes the lease over if it expires first (its holder died or gave up). A
    /// fleet of one always leads. The wait is bounded: past a lease and a search's worth, this
    /// instance searches itself.
    func fetchThroughFleet(_ key: Key, provider: any SearchProvider) async throws -> Fetched {
        let fleetKey = key.fleetKey
        let token = UUID().uuidString
        let giveUp = timeline.now() + leaseLifetime * 2
        var hasWaited = false
        while true {
            try Task.checkCancellation()
            switch await fleet.claim(fleetKey, token: token, lease: leaseLifetime) {
            case .page(let shared):
                if let found = fleetReply(shared, for: key, hasWaited: hasWaited) {
                    return Fetched(reply: found, lifetime: min(shared.remaining, timeToLive))
                }
                return try await lead(key, fleetKey: fleetKey, token: token, provider)
            case .lead:
                return try await lead(key, fleetKey: fleetKey, token: token, provider)
            case .wait(let remaining):
                guard timeline.now() < giveUp else {
                    return try await lead(key, fleetKey: fleetKey, token: token, provider)
                }
                hasWaited = true
                try await timeline.sleep(min(remaining, Self.pollInterval))
            }
        }
    }

    /// The reply for a page found in the fleet's cache before this instance searched (see
    /// ``FleetState/admit(client:peeking:)``), kept in this instance's cache while it stays
    /// fresh; nil when the bytes are not a page (then search as on a miss).
    func sharedReply(_ shared: SharedPage, for key: Key) -> Reply? {
        guard let found = fleetReply(shared, for: key, hasWaited: false) else { return nil }
        keep(found, for: key, lifetime: min(shared.remaining, timeToLive))
        return found
    }

    /// The reply for a page another instance published, counted; nil when the bytes are not a page.
    /// A page that was there before this search asked is a cache hit; one it waited for was
    /// searched for it, as a coalesced search is.
    private func fleetReply(_ shared: SharedPage, for key: Key, hasWaited: Bool) -> Reply? {
        guard let page = SharedPageCodec.decode(shared.bytes) else { return nil }
        metrics.count(hasWaited ? .coalescedInFleet : .sharedHit)
        var found = reply(page, for: key)
        found.isShared = !hasWaited
        return found
    }

    /// Searches upstream under the lease and publishes the page, or frees the lease on failure.
    private func lead(
        _ key: Key, fleetKey: String, token: String, _ provider: any SearchProvider
    ) async throws -> Fetched {
        countUpstreamCall()
        metrics.count(.miss)
        let page: SearchPage
        do {
            page = try await key.search(using: provider)
        } catch {
            await fleet.release(fleetKey, token: token)
            throw error
        }
        if fleet.isShared {
            await fleet.publish(
                SharedPageCodec.encode(page), for: fleetKey, token: token, lifetime: timeToLive,
                staleLifetime: staleLifetime)
        }
        return Fetched(reply: reply(page, for: key), lifetime: timeToLive)
    }
}
