import Foundation
import Synchronization

extension ImageLoader {
    /// What the prefetcher is doing: the schedule, and the tasks of the runs in progress.
    struct PrefetchState {
        var scheduler: PrefetchScheduler
        var tasks: [UInt64: Task<Void, Never>] = [:]
    }

    /// Loads `urls` in the background, in order, so they are cached when asked for — at low
    /// priority: at most ``Configuration/prefetchConcurrency`` at a time, and none starts while
    /// a foreground ``image(for:)`` is loading. A foreground request for a URL being prefetched
    /// joins that download. URLs already in memory, queued, or remembered as 404 are skipped.
    ///
    /// ```swift
    /// loader.prefetch(nextPage.compactMap(\.thumbnail?.url))
    /// ```
    public func prefetch(_ urls: [URL]) {
        var starts: [PrefetchScheduler.Start] = []
        for url in urls {
            guard let canonical = HopURL.canonical(url) else { continue }
            let key = canonical.absoluteString
            if memory.contains(key) || negatives.contains(key, now: elapsed()) { continue }
            starts += prefetching.withLock { $0.scheduler.enqueue(key, url: canonical) }
        }
        launch(starts)
    }

    /// Stops prefetching `urls`: queued ones are dropped, running ones cancelled (their download
    /// goes on only if a foreground request joined it).
    ///
    /// ```swift
    /// loader.cancelPrefetch(rowsScrolledPast.compactMap(\.thumbnail?.url))
    /// ```
    public func cancelPrefetch(_ urls: [URL]) {
        for url in urls {
            guard let key = HopURL.canonical(url)?.absoluteString else { continue }
            let (wasQueued, task) = prefetching.withLock { state -> (Bool, Task<Void, Never>?) in
                let (wasQueued, run) = state.scheduler.cancel(key)
                return (wasQueued, run.flatMap { state.tasks.removeValue(forKey: $0) })
            }
            task?.cancel()
            if wasQueued || task != nil { tally.withLock { $0.prefetchesCancelled += 1 } }
        }
    }

    /// Stops every prefetch, queued or running.
    ///
    /// ```swift
    /// loader.cancelAllPrefetches()   // the person left the photo grid
    /// ```
    public func cancelAllPrefetches() {
        let (queued, tasks) = prefetching.withLock { state -> (Int, [Task<Void, Never>]) in
            let (queued, runs) = state.scheduler.cancelAll()
            return (queued, runs.compactMap { state.tasks.removeValue(forKey: $0) })
        }
        for task in tasks { task.cancel() }
        tally.withLock { $0.prefetchesCancelled += queued + tasks.count }
    }

    /// Prefetches queued and not started yet.
    public var pendingPrefetchCount: Int { prefetching.withLock { $0.scheduler.pendingCount } }

    /// Runs `body` as a foreground load: prefetches wait until every foreground load is done.
    func asForeground<T>(_ body: () async throws -> T) async rethrows -> T {
        prefetching.withLock { $0.scheduler.foregroundBegan() }
        defer { launch(prefetching.withLock { $0.scheduler.foregroundEnded() }) }
        return try await body()
    }

    private func launch(_ starts: [PrefetchScheduler.Start]) {
        guard !starts.isEmpty else { return }
        tally.withLock { $0.prefetches += starts.count }
        for start in starts {
            let task = Task(priority: .background) { [self] in
                _ = try? await load(start.url, key: start.key)
                let next = prefetching.withLock { state in
                    state.tasks[start.run] = nil
                    return state.scheduler.finished(start.key, run: start.run)
                }
                launch(next)
            }
            // The run may have been cancelled (or finished) before its task was stored.
            let isCurrent = prefetching.withLock { state in
                guard state.scheduler.running[start.key] == start.run else { return false }
                state.tasks[start.run] = task
                return true
            }
            if !isCurrent { task.cancel() }
        }
    }
}
