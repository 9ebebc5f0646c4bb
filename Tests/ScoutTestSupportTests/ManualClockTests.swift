import ScoutTestSupport
import Synchronization
import Testing

@Suite("ManualClock", .timeLimit(.minutes(10)))
struct ManualClockTests {
    @Test("a sleeper wakes only once the clock is advanced to its deadline")
    func wakesAtDeadline() async throws {
        let clock = ManualClock()
        let woke = Atomic(false)
        let sleeper = Task {
            try await clock.sleep(for: .seconds(3))
            woke.store(true, ordering: .sequentiallyConsistent)
        }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(2))
        #expect(clock.sleeperCount == 1)
        let wokeEarly = woke.load(ordering: .sequentiallyConsistent)
        #expect(!wokeEarly)
        clock.advance(by: .seconds(1))
        try await sleeper.value
        let wokeLater = woke.load(ordering: .sequentiallyConsistent)
        #expect(wokeLater)
        #expect(clock.sleeperCount == 0)
        #expect(clock.now.offset == .seconds(3))
    }

    @Test("sleepers wake in deadline order, each when its own deadline passes")
    func wakesInOrder() async throws {
        let clock = ManualClock()
        let order = Locked<[Int]>([])
        let tasks = [5, 1, 3].map { seconds in
            Task {
                try await clock.sleep(until: clock.now.advanced(by: .seconds(seconds)))
                order.withLock { $0.append(seconds) }
            }
        }
        await clock.waitForSleepers(count: 3)
        #expect(clock.pendingDeadlines.map(\.offset) == [.seconds(1), .seconds(3), .seconds(5)])
        clock.advance(by: .seconds(1))
        #expect(await eventually { order.withLock { $0 } == [1] })
        clock.advance(to: ManualClock.Instant(offset: .seconds(10)))
        for task in tasks { try await task.value }
        #expect(order.withLock { $0 }.sorted() == [1, 3, 5])
        #expect(order.withLock { $0 }.first == 1)
    }

    @Test("a deadline already passed returns at once")
    func pastDeadline() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(4)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test("cancelling a sleeper throws CancellationError and removes it")
    func cancellation() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers(count: 1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("a task cancelled before it sleeps throws at once")
    func cancelledBeforeSleeping() async throws {
        let clock = ManualClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("waitForSleepers returns when enough tasks sleep, and on cancellation")
    func waitForSleepers() async throws {
        let clock = ManualClock()
        let waiter = Task { await clock.waitForSleepers(count: 2) }
        let first = Task { try await clock.sleep(for: .seconds(1)) }
        let second = Task { try await clock.sleep(for: .seconds(2)) }
        await waiter.value
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .seconds(2))
        try await first.value
        try await second.value

        let cancelled = Task { await clock.waitForSleepers(count: 99) }
        cancelled.cancel()
        await cancelled.value
    }

    @Test("works as any Clock<Duration>, e.g. for sleep-style helpers")
    func existential() async throws {
        let manual = ManualClock()
        let clock: any Clock<Duration> = manual
        let sleeper = Task { try await clock.sleep(for: .milliseconds(250)) }
        await manual.waitForSleepers(count: 1)
        manual.advance(by: .milliseconds(250))
        try await sleeper.value
    }
}
