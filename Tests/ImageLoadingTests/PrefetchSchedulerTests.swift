import Foundation
import Testing

@testable import ImageLoading

@Suite("PrefetchScheduler", .timeLimit(.minutes(10)))
struct PrefetchSchedulerTests {
    let urls = (0..<4).map { URL(string: "https://upload.wikimedia.org/\($0).png")! }

    @Test("starts in order up to the concurrency, skipping duplicates")
    func order() {
        var scheduler = PrefetchScheduler(concurrency: 2)
        #expect(scheduler.enqueue("a", url: urls[0]).map(\.key) == ["a"])
        #expect(scheduler.enqueue("b", url: urls[1]).map(\.key) == ["b"])
        #expect(scheduler.enqueue("c", url: urls[2]).isEmpty)
        #expect(scheduler.enqueue("a", url: urls[0]).isEmpty && scheduler.enqueue("c", url: urls[2]).isEmpty)
        #expect(scheduler.pendingCount == 1)
        let runA = scheduler.running["a"]!
        #expect(scheduler.finished("a", run: runA).map(\.key) == ["c"])
    }

    @Test("nothing starts while a foreground load is in progress")
    func foregroundGate() {
        var scheduler = PrefetchScheduler(concurrency: 1)
        scheduler.foregroundBegan()
        #expect(scheduler.enqueue("a", url: urls[0]).isEmpty)
        scheduler.foregroundBegan()
        #expect(scheduler.foregroundEnded().isEmpty)
        #expect(scheduler.foregroundEnded().map(\.key) == ["a"])
    }

    @Test("cancel drops queued keys and hands back running runs; a stale finish changes nothing")
    func cancel() {
        var scheduler = PrefetchScheduler(concurrency: 1)
        let started = scheduler.enqueue("a", url: urls[0])
        _ = scheduler.enqueue("b", url: urls[1])
        #expect(scheduler.cancel("b") == (true, nil))
        #expect(scheduler.cancel("a") == (false, started.first?.run))
        #expect(scheduler.running.isEmpty && scheduler.pendingCount == 0)
        let rerun = scheduler.enqueue("a", url: urls[0])
        #expect(scheduler.finished("a", run: started[0].run).isEmpty)
        #expect(scheduler.running["a"] == rerun.first?.run)
        #expect(scheduler.cancelAll() == (0, [rerun[0].run]))
    }
}
