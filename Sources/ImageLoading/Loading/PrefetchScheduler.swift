import Foundation

/// When prefetches may run, as a pure state machine the loader drives (tested without I/O):
/// queued in order, deduplicated, at most ``concurrency`` at a time, and none started while a
/// foreground load is in progress — a person waiting for a thumbnail never queues behind
/// images they may never scroll to. Every mutation returns the prefetches to start now.
struct PrefetchScheduler {
    /// One prefetch to start: its key, URL and the run's id (to tell a rerun from a stale one).
    struct Start: Equatable {
        let key: String
        let url: URL
        let run: UInt64
    }

    let concurrency: Int
    private var queue: [(key: String, url: URL)] = []
    private var queued: Set<String> = []
    private(set) var running: [String: UInt64] = [:]
    private(set) var foreground = 0
    private var nextRun: UInt64 = 0

    init(concurrency: Int) {
        self.concurrency = max(1, concurrency)
    }

    /// Keys waiting to start.
    var pendingCount: Int { queued.count }

    /// Queues `key` unless it is queued or running already.
    mutating func enqueue(_ key: String, url: URL) -> [Start] {
        if queued.contains(key) || running[key] != nil { return [] }
        queue.append((key, url))
        queued.insert(key)
        return startable()
    }

    /// Drops `key`: from the queue, or from the running set — then the run's id is returned
    /// so the caller can cancel its task.
    mutating func cancel(_ key: String) -> (wasQueued: Bool, cancelledRun: UInt64?) {
        let wasQueued = queued.remove(key) != nil
        if wasQueued { queue.removeAll { $0.key == key } }
        return (wasQueued, running.removeValue(forKey: key))
    }

    /// Drops everything; returns the ids of the runs to cancel and how many were queued.
    mutating func cancelAll() -> (queued: Int, runs: [UInt64]) {
        let count = queued.count
        let runs = Array(running.values)
        queue.removeAll()
        queued.removeAll()
        running.removeAll()
        return (count, runs)
    }

    /// A run ended (loaded, failed or cancelled).
    mutating func finished(_ key: String, run: UInt64) -> [Start] {
        if running[key] == run { running[key] = nil }
        return startable()
    }

    /// A foreground load began: nothing new starts until it ends.
    mutating func foregroundBegan() { foreground += 1 }

    /// A foreground load ended.
    mutating func foregroundEnded() -> [Start] {
        foreground = max(0, foreground - 1)
        return startable()
    }

    private mutating func startable() -> [Start] {
        var starts: [Start] = []
        while foreground == 0, running.count < concurrency, !queue.isEmpty {
            let (key, url) = queue.removeFirst()
            queued.remove(key)
            nextRun += 1
            running[key] = nextRun
            starts.append(Start(key: key, url: url, run: nextRun))
        }
        return starts
    }
}
