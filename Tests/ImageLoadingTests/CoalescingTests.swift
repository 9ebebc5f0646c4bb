import Foundation
import ImageLoading
import Networking
import ScoutTestSupport
import Testing

@Suite("ImageLoader coalescing and cancellation", .timeLimit(.minutes(10)))
struct CoalescingTests {
    @Test("when the last waiter cancels, the download stops; a later request downloads afresh")
    func lastWaiterCancels() async throws {
        try await withFakeImageHost { host in
            host.faults.latency = .seconds(2)
            let loader = makeLoader(for: host)
            let url = thumbnail("Abandoned", on: host)
            let waiters = (0..<5).map { _ in Task { try await loader.image(for: url) } }
            await host.waitForRequests(count: 1)
            let started = ContinuousClock.now
            for waiter in waiters { waiter.cancel() }
            for waiter in waiters {
                await #expect(throws: CancellationError.self) { try await waiter.value }
            }
            #expect(ContinuousClock.now - started < .seconds(1), "waiters leave at once")
            #expect(await eventually { loader.counters.cancelledDownloads == 1 })
            #expect(loader.counters.downloads == 0 && loader.counters.memoryBytes == 0)

            host.faults.latency = .zero
            _ = try await loader.image(for: url)
            #expect(host.requests.count == 2)
            #expect(loader.counters.downloads == 1)
        }
    }

    @Test("waiters that stay get the image even when most of them cancel")
    func mostWaitersCancel() async throws {
        try await withFakeImageHost { host in
            host.faults.latency = .milliseconds(400)
            let loader = makeLoader(for: host)
            let url = thumbnail("Survivor", on: host)
            let leaving = (0..<20).map { _ in Task { try await loader.image(for: url) } }
            let staying = (0..<3).map { _ in Task { try await loader.image(for: url) } }
            await host.waitForRequests(count: 1)
            // Every waiter must have joined the one download before most leave: on a loaded
            // machine the staying ones could otherwise arrive after it was cancelled.
            #expect(await eventually { loader.counters.coalesced == 22 })
            for task in leaving { task.cancel() }
            for task in staying {
                let image = try await task.value
                #expect(image.info.format == .png)
            }
            #expect(host.requests.count == 1)
            #expect(loader.counters.cancelledDownloads == 0 && loader.counters.downloads == 1)
        }
    }

    @Test("a waiter cancelled before it joins never starts a download of its own")
    func cancelledBeforeJoining() async throws {
        try await withFakeImageHost { host in
            let loader = makeLoader(for: host)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await loader.image(for: thumbnail("Never", on: host))
            }
            await #expect(throws: CancellationError.self) { try await task.value }
            // A download it had started would reach the host before one asked for after it ends.
            _ = try await loader.image(for: thumbnail("After", on: host))
            #expect(host.requests.count == 1)
            #expect(host.requests.allSatisfy { $0.path.contains("After") })
        }
    }

    @Test("the per-host budget caps concurrent downloads of distinct images")
    func hostBudget() async throws {
        try await withFakeImageHost { host in
            host.faults.latency = .milliseconds(100)
            let policy = HostPolicy(
                maxConcurrent: 2, requestsPerSecond: 10_000, burst: 10_000, maxAttempts: 1, breakerThreshold: 1_000)
            let loader = makeLoader(for: host) { $0.hostPolicies = ["127.0.0.1": policy] }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<10 {
                    group.addTask { _ = try await loader.image(for: thumbnail("Budget\(index)", on: host)) }
                }
                try await group.waitForAll()
            }
            #expect(host.requests.count == 10)
            #expect(host.recorder.maxConcurrentRequests <= 2)
        }
    }
}
