import Foundation
import HTTPServer
import ScoutTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Fault injection", .timeLimit(.minutes(10)))
struct FaultInjectionTests {
    static let pages: [FakeWikipedia.Page] = (1...30).map {
        .init(pageID: $0, title: "Abacus \($0)", description: "counting frame number \($0)", extract: "abacus")
    }

    static func searchURL(_ fake: FakeWikipedia, _ search: String = "abacus") -> URL {
        HTTPClient.url(
            fake.baseURL,
            [
                "action": "query", "format": "json", "formatversion": "2", "generator": "prefixsearch",
                "gpssearch": search, "gpslimit": "20", "prop": "description",
            ])
    }

    @Test("a script of 429 with Retry-After, then 503 twice, then normal replies")
    func scriptedStatuses() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake throws in
            fake.inject(.retryAfter(seconds: 7), count: 1)
            fake.inject(.status(503), count: 2)
            var statuses: [Int] = []
            var retryAfter: [String?] = []
            for _ in 0..<4 {
                let reply = try await HTTPClient.get(Self.searchURL(fake))
                statuses.append(reply.status)
                retryAfter.append(reply.header("Retry-After"))
            }
            #expect(statuses == [429, 503, 503, 200])
            #expect(retryAfter == ["7", nil, nil, nil])
            #expect(fake.faults.pendingFaults.isEmpty)
            #expect(fake.requests.count == 4)
        }
    }

    @Test("a fault without a count applies to every request until cleared")
    func permanentFault() async throws {
        try await withFakeFlickr(photos: [
            .init(id: "1", owner: "o", secret: "s", server: "1", title: "x", width: 1, height: 1)
        ]) {
            fake throws in
            fake.inject(.retryAfter(seconds: 2, status: 503))
            let url = HTTPClient.url(
                fake.baseURL,
                [
                    "method": "flickr.photos.search", "api_key": FakeFlickr.defaultAPIKey, "text": "x",
                    "format": "json",
                    "nojsoncallback": "1",
                ])
            for _ in 0..<3 {
                let reply = try await HTTPClient.get(url)
                #expect(reply.status == 503)
                #expect(reply.header("Retry-After") == "2")
            }
            fake.clearFaults()
            #expect(try await HTTPClient.get(url).json()["stat"] == "ok")
        }
    }

    @Test("a fault with a predicate hits only matching requests")
    func predicate() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake throws in
            fake.inject(.status(500), count: 1, when: { $0.parameters["gpssearch"] == "abacus 2" })
            #expect(try await HTTPClient.get(Self.searchURL(fake, "abacus 1")).status == 200)
            #expect(try await HTTPClient.get(Self.searchURL(fake, "abacus 2")).status == 500)
            #expect(try await HTTPClient.get(Self.searchURL(fake, "abacus 2")).status == 200)
        }
    }

    @Test("a hanging request is given up by its client and does not hold up shutdown")
    func hang() async throws {
        let started = ContinuousClock.now
        try await withFakeWikipedia(pages: Self.pages) { fake throws in
            fake.inject(.hang, count: 1)
            let hanging = Task { try await HTTPClient.get(Self.searchURL(fake)) }
            await fake.waitForRequests(count: 1)
            hanging.cancel()  // the client gives up
            await #expect(throws: URLError.self) { try await hanging.value }
            #expect(fake.requests.count == 1)
            #expect(try await HTTPClient.get(Self.searchURL(fake)).status == 200)
        }
        // Shutdown would otherwise wait the hang out forever; the bound is loose because a busy
        // two-core machine running the whole suite adds seconds of scheduling delay.
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("a truncated body is an error for URLSession")
    func truncated() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake throws in
            fake.inject(.truncatedBody, count: 1)
            await #expect(throws: (any Error).self) { _ = try await HTTPClient.get(Self.searchURL(fake)) }
            #expect(try await HTTPClient.get(Self.searchURL(fake)).status == 200)
        }
    }

    @Test("malformed JSON arrives as a 200 that JSONSerialization rejects")
    func malformed() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake throws in
            fake.inject(.malformedJSON, count: 1)
            let reply = try await HTTPClient.get(Self.searchURL(fake))
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(!reply.body.isEmpty)
            #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: reply.body) }
        }
    }

    @Test("a huge body is streamed: N MiB of valid JSON")
    func huge() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake throws in
            fake.inject(.hugeBody(megabytes: 3), count: 1)
            let reply = try await HTTPClient.get(Self.searchURL(fake), timeout: .seconds(10))
            #expect(reply.status == 200)
            #expect(reply.body.count == 3 * 1_048_576 + #"{"padding":""}"#.utf8.count)
            let object = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
            #expect((object?["padding"] as? String)?.count == 3 * 1_048_576)
        }
    }

    @Test("a slow body trickles one byte per interval of the fake's clock")
    func slowBodyOnManualClock() async throws {
        let clock = ManualClock()
        try await withFakeWikipedia(pages: Self.pages, clock: clock) { fake throws in
            fake.inject(.slowBody(), count: 1)
            let probe = StreamingProbe.start(Self.searchURL(fake))
            defer { probe.cancel() }
            #expect(await eventually { probe.bytesReceived == 1 })
            #expect(probe.status == 200)
            await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(1))
            #expect(await eventually { probe.bytesReceived == 2 })
            await clock.waitForSleepers(count: 1)
            clock.advance(by: .milliseconds(999))
            // The third byte's wait is still the one due a millisecond from now: nothing woke it.
            #expect(clock.pendingDeadlines.map(\.offset) == [clock.now.offset + .milliseconds(1)])
            #expect(probe.bytesReceived == 2)
            #expect(!probe.isFinished)
        }
    }

    @Test("the default slow body sends 1 byte per second in real time")
    func slowBodyRealTime() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake throws in
            fake.inject(.slowBody(), count: 1)
            let started = ContinuousClock.now
            let probe = StreamingProbe.start(Self.searchURL(fake))
            defer { probe.cancel() }
            // Bounds, not exact counts: a loaded two-core machine delays delivery.
            _ = await eventually(within: .seconds(8), pollingEvery: .milliseconds(20)) { probe.bytesReceived >= 1 }
            let elapsed = ContinuousClock.now - started
            #expect(probe.status == 200)
            #expect(probe.bytesReceived >= 1)
            #expect(probe.bytesReceived <= Int(elapsed.components.seconds) + 2)
        }
    }

    @Test("fixed latency runs on the injected clock")
    func latencyOnManualClock() async throws {
        let clock = ManualClock()
        try await withFakeWikipedia(pages: Self.pages, clock: clock) { fake throws in
            fake.faults.latency = .seconds(2)
            let reply = Task { try await HTTPClient.get(Self.searchURL(fake)) }
            await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(1))
            #expect(clock.sleeperCount == 1)  // advancing wakes what is due before it returns
            clock.advance(by: .seconds(1))
            #expect(try await reply.value.status == 200)
            fake.inject(.latency(.seconds(5)), count: 1)
            let delayed = Task { try await HTTPClient.get(Self.searchURL(fake)) }
            await clock.waitForSleepers(count: 1)
            #expect(clock.pendingDeadlines.first.map { $0.offset - clock.now.offset } == .seconds(7))
            clock.advance(by: .seconds(7))
            #expect(try await delayed.value.status == 200)
        }
    }

    @Test("per-query latency makes replies arrive out of order")
    func outOfOrder() async throws {
        // On a manual clock, so a busy machine cannot reorder what the latencies order.
        let clock = ManualClock()
        try await withFakeWikipedia(pages: Self.pages, clock: clock) { fake throws in
            fake.faults.setLatency(.milliseconds(400), forQuery: "ab")
            fake.faults.setLatency { $0 == "abac" ? .milliseconds(200) : nil }
            let arrivals = Locked<[String]>([])
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Sent one after another, so they arrive in this order. The count to wait for is
                // the loop's, not read back from the fake: a request that arrived before the
                // read would make it wait for one that never comes.
                for (sent, search) in ["ab", "abac", "abacus"].enumerated() {
                    group.addTask {
                        _ = try await HTTPClient.get(Self.searchURL(fake, search))
                        arrivals.withLock { $0.append(search) }
                    }
                    await fake.waitForRequests(count: sent + 1)
                }
                await clock.waitForSleepers(count: 2)
                for (advance, expected) in [
                    (Duration.zero, ["abacus"]), (.milliseconds(200), ["abacus", "abac"]),
                    (.milliseconds(200), ["abacus", "abac", "ab"]),
                ] {
                    clock.advance(by: advance)
                    _ = await eventually(within: .seconds(10), pollingEvery: .milliseconds(5)) {
                        arrivals.withLock { $0 } == expected
                    }
                    #expect(arrivals.withLock { $0 } == expected)
                }
                try await group.waitForAll()
            }
            #expect(fake.requests.compactMap { $0.parameters["gpssearch"] } == ["ab", "abac", "abacus"])
        }
    }
}
