import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// What a fake counts as in flight (`maxConcurrentRequests`) and per second
/// (`maxRequestsPerSecond`): the budget checks of the chaos soak rest on them.
@Suite("In-flight accounting of the fakes", .timeLimit(.minutes(2)))
struct InFlightAccountingTests {
    static let pages: [FakeWikipedia.Page] = [.init(pageID: 1, title: "Abacus", description: "counting frame")]
    static let target =
        "/w/api.php?action=query&format=json&formatversion=2&generator=prefixsearch&gpssearch=abacus&prop=description"

    /// A hang, and a trickled body whose client stopped reading after its first byte.
    static let heldBack: [Fault] = [.hang, .slowBody(byteInterval: .seconds(1))]

    @Test("a reply held back stops counting once its client closed the connection", arguments: heldBack)
    func abandoned(fault: Fault) async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake throws in
            fake.inject(fault, count: 1)
            fake.faults.latency = .milliseconds(1)  // every request goes through the counted path
            try await Self.giveUp(on: Self.target, port: fake.port, after: .milliseconds(300))
            // The kernel closes the fake's end of the socket on its own time: wait until the fake
            // sees it closed, as its next request's count will.
            #expect(await eventually { fake.recorder.requestsBeingAnswered == 0 })
            let next = try RawHTTPConnection(port: fake.port)
            #expect(try await next.get(Self.target).status == 200)
            // Counted alongside the abandoned one, this would be 2.
            #expect(fake.recorder.maxConcurrentRequests == 1)
        }
    }

    @Test("a trickled body counts until its last byte")
    func slowBody() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake throws in
            fake.inject(.slowBody(byteInterval: .milliseconds(1)), count: 1)
            fake.faults.latency = .milliseconds(1)
            let slow = try RawHTTPConnection(port: fake.port, timeout: .seconds(30))
            async let trickled = slow.get(Self.target)
            await fake.waitForRequests(count: 1)
            // Its handler has returned: the reply's head is handed over, the body on its way.
            #expect(await eventually { fake.recorder.answeredAt(sequenceNumber: 1) != nil })
            let other = try RawHTTPConnection(port: fake.port)
            #expect(try await other.get(Self.target).status == 200)
            #expect((try await trickled).status == 200)
            // The first reply's handler returned at once; its body was still on its way.
            #expect(fake.recorder.maxConcurrentRequests == 2)
            #expect(try await other.get(Self.target).status == 200)
            #expect(fake.recorder.maxConcurrentRequests == 2)
        }
    }

    @Test("arrivals within one second are counted, answered at once or not")
    func perSecond() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake throws in
            let connection = try RawHTTPConnection(port: fake.port)
            let started = ContinuousClock.now
            for _ in 0..<3 { #expect(try await connection.get(Self.target).status == 200) }
            fake.faults.latency = .milliseconds(1)
            for _ in 0..<2 { #expect(try await connection.get(Self.target).status == 200) }
            if ContinuousClock.now - started < .milliseconds(900) {
                #expect(fake.recorder.maxRequestsPerSecond == 5)
            }
            #expect((1...5).contains(fake.recorder.maxRequestsPerSecond))
        }
    }

    /// Sends `target` on a connection of its own and closes it after `patience` without a reply.
    private static func giveUp(on target: String, port: UInt16, after patience: Duration) async throws {
        let connection = try RawHTTPConnection(port: port, timeout: patience)
        await #expect(throws: RawHTTPError.timedOut) { _ = try await connection.get(target) }
    }
}
