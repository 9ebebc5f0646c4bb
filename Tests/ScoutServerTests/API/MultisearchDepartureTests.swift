import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// Issue 36: a client that closes its connection mid-stream. The route stops waiting at its next
/// check of the socket, also while no source has answered, and the upstream requests it alone
/// asked for are cancelled — the fakes see their connections closed — while one it shares with
/// another client's multisearch goes on for that client. The checks run on the app's
/// `ManualClock`, advanced one check at a time: nothing waits for time to pass.
@Suite("Multisearch: a client that leaves", .timeLimit(.minutes(10)))
struct MultisearchDepartureTests {
    /// How often a waiting stream checks its client (`MultisearchReply.closeCheckInterval`).
    static let closeCheck = Duration.milliseconds(100)

    /// Advances the app's clock by one close check each time a check is waiting for exactly
    /// that, until `condition` holds; whether it did. Once the streams are over, no check waits
    /// and the clock stays.
    static func advanceChecks(_ app: MultisearchHarness, until condition: () -> Bool) async -> Bool {
        await eventually {
            if condition() { return true }
            let next = ManualClock.Instant(offset: app.clock.now.offset + closeCheck)
            if app.clock.pendingDeadlines.contains(next) { app.clock.advance(by: closeCheck) }
            return false
        }
    }

    @Test(
        "a client gone while every source left is still out: its upstream requests are closed long before any answers")
    func upstreamsSeeTheClose() async throws {
        try await MultisearchHarness.run { app in
            app.commons.faults.latency = .seconds(2)
            app.flickr.faults.latency = .seconds(100)
            do {
                var stream = try await MultisearchStream(
                    port: app.port, target: "/api/v1/multisearch?q=hut&sources=wikipedia,commons,flickr")
                #expect(try await stream.next()?["source"] == "wikipedia")
                #expect(await app.waitForTimers(at: .seconds(2), .seconds(100)))  // both requests held
                #expect(app.commons.recorder.requestsBeingAnswered == 1)
                #expect(app.flickr.recorder.requestsBeingAnswered == 1)
                withExtendedLifetime(stream) {}
            }  // the connection is closed here, with no line on its way
            let streamDeadline = ManualClock.Instant(offset: MultisearchHarness.deadline)
            #expect(
                await Self.advanceChecks(app) {
                    app.commons.recorder.requestsBeingAnswered == 0 && app.flickr.recorder.requestsBeingAnswered == 0
                        && !app.clock.pendingDeadlines.contains(streamDeadline)
                })
            // Found at a check of the socket, not at Commons' line 2 s in nor at the deadline.
            #expect(app.clock.now.offset < .seconds(2))
            #expect(app.commons.requests.count == 1 && app.flickr.requests.count == 1)
        }
    }

    @Test("a source search shared with another client's multisearch goes on for that client")
    func sharedSearchGoesOn() async throws {
        try await MultisearchHarness.run { app in
            app.commons.faults.latency = .seconds(2)
            let target = "/api/v1/multisearch?q=hut&sources=commons"
            let staying = try await MultisearchStream(port: app.port, target: target)
            let streamDeadline = ManualClock.Instant(offset: MultisearchHarness.deadline)
            func streamsOpen() -> Int { app.clock.pendingDeadlines.filter { $0 == streamDeadline }.count }
            do {
                let leaving = try await MultisearchStream(port: app.port, target: target)
                // One Commons request for both: the second multisearch joined the first's search.
                _ = try await MetricsScrape.scrape(port: app.port) {
                    $0["scout_search_coalesced_total{scope=\"local\"}"] == 1
                }
                #expect(await app.waitForTimers(at: .seconds(2)))
                #expect(streamsOpen() == 2)
                withExtendedLifetime(leaving) {}
            }  // the second client leaves here
            #expect(await Self.advanceChecks(app) { streamsOpen() == 1 })
            #expect(app.commons.recorder.requestsBeingAnswered == 1, "the shared request is still answered")
            app.clock.advance(by: .seconds(2) - app.clock.now.offset)
            var stream = staying
            let lines = try await stream.rest()
            #expect(lines.map { $0["status"] } == [200])
            #expect(app.commons.requests.count == 1)
            let request = try #require(app.commons.requests.first)
            #expect(app.commons.recorder.answeredAt(sequenceNumber: request.sequenceNumber) != nil)
        }
    }
}
