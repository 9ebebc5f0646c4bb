import ScoutTestSupport
import Testing

@testable import ScoutServer

/// Each client's catalog requests take turns (issue 33 item 2): a flood from one address runs
/// one request at a time, and another address's request runs meanwhile. Ordered by signals,
/// never by time.
@Suite("Each client's catalog requests take turns", .timeLimit(.minutes(10)))
struct ClientTurnsTests {
    /// Opens once; whoever waits before or after goes on.
    actor Gate {
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func open() {
            isOpen = true
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
        }
    }

    @Test("one client's requests run one at a time in order, past the queue 429; another's run at once")
    func takingTurns() async throws {
        let turns = ClientTurns(maximumWaiting: 2)
        let events = Locked<[String]>([])
        let firstStarted = Gate()
        let release = Gate()
        let first = Task {
            try await turns.run(for: "203.0.113.7") {
                events.withLock { $0.append("flood 1") }
                await firstStarted.open()
                await release.wait()
            }
        }
        await firstStarted.wait()
        var queued: [Task<Void, any Error>] = []
        for index in 2...3 {
            queued.append(
                Task { try await turns.run(for: "203.0.113.7") { events.withLock { $0.append("flood \(index)") } } })
            // Each queued before the next, so their order is known.
            while turns.waitingCount(for: "203.0.113.7") < index - 1 { await Task.yield() }
        }
        await #expect(throws: GatewayError.self) {
            try await turns.run(for: "203.0.113.7") { events.withLock { $0.append("flood 4") } }
        }
        try await turns.run(for: "198.51.100.2") { events.withLock { $0.append("other") } }
        #expect(events.value == ["flood 1", "other"])
        await release.open()
        try await first.value
        for task in queued { try await task.value }
        #expect(events.value == ["flood 1", "other", "flood 2", "flood 3"])
        #expect(turns.waitingCount(for: "203.0.113.7") == 0)
    }
}
