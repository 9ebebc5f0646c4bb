import Foundation
import Networking
import ScoutModels
import ScoutTestSupport
import Synchronization
import Testing

@testable import ScoutServer

/// The gateway's TTL, stale lifetime and failures on a manual clock: nothing sleeps.
@Suite("Search gateway on a manual clock", .timeLimit(.minutes(10)))
struct GatewayClockTests {
    @Test("fresh for the TTL, then stale-if-error for 24 h, then the error")
    func lifetimes() async throws {
        let clock = ManualClock()
        let provider = CountingProvider()
        let gateway = SearchGateway(
            timeToLive: .seconds(60), capacity: 16, clock: clock,
            render: { page, query, source in SearchAPI.render(page, query, source, thumbnails: .init(origins: [:])) })
        let key = SearchGateway.Key(
            source: .wikipedia, language: "en", query: try SearchQuery("dune"), cursor: nil, limit: 20)
        func search() async throws -> SearchGateway.Reply {
            try await gateway.search(key, provider: provider)
        }
        #expect(try await search().isStale == false)
        clock.advance(by: .seconds(59))
        #expect(gateway.cachedResponse(for: key) != nil)
        clock.advance(by: .seconds(1))
        #expect(gateway.cachedResponse(for: key) == nil)

        provider.failure.withLock { $0 = APIError(kind: .unavailable, source: "Wikipedia") }
        let stale = try await search()
        #expect(stale.isStale)
        #expect(stale.page.items.map(\.title) == ["dune"])
        #expect(
            String(decoding: stale.rendered.body(cached: true, tookMs: 0, isStale: true), as: UTF8.self)
                .contains(#""stale":true,"tookMs":0}"#))
        #expect(provider.calls == 2)

        // A refusal that is not the upstream's trouble is never answered from before.
        provider.failure.withLock { $0 = APIError(kind: .status(404), source: "Wikipedia") }
        await #expect(throws: APIError.self) { try await search() }

        provider.failure.withLock { $0 = APIError(kind: .overBudget(retryAfter: .seconds(9)), source: "Wikipedia") }
        clock.advance(by: .seconds(86_400 - 61))
        #expect(try await search().isStale)
        clock.advance(by: .seconds(2))
        await #expect(throws: APIError.self) { try await search() }
    }
}
