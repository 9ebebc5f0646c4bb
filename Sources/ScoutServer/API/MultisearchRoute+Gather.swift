import Networking
import ScoutModels

extension MultisearchRoute {
    /// Searches every source at once with `search` and hands each answer to `answered` as it
    /// comes, until every source has answered or `expiresAt` has passed on `timeline`: then
    /// `timedOut` gets the sources still out, at once. A caller cancelled first hears neither.
    /// The multisearch stream and the All page rendered on the server both wait this way.
    ///
    /// The deadline only stops the waiting: a search still out goes on (it fills the cache for
    /// the retry, and other requesters may share it). Cancelling the caller — its client left —
    /// cancels the searches too, and the gateway stops the upstream requests nobody else waits for.
    static func gather<Answer: Sendable>(
        _ sources: [SourceID], until expiresAt: Duration, on timeline: Timeline,
        search: @escaping @Sendable (SourceID) async -> Answer,
        answered: (SourceID, Answer) -> Void, timedOut: ([SourceID]) -> Void = { _ in }
    ) async {
        let hasExpired = Flag()
        await withTaskGroup(of: (SourceID, Answer)?.self) { group in
            for source in sources {
                // A task of its own, so that the deadline can stop waiting for it without ending it.
                let work = Task { await search(source) }
                group.addTask {
                    let answer = try? await Abandonable.value(
                        of: { await work.value },
                        onAbandon: { if !hasExpired.isSet { work.cancel() } })
                    return answer.map { (source, $0) }
                }
            }
            group.addTask {
                try? await timeline.sleep(until: expiresAt)
                return nil
            }
            var waiting = sources
            for await answer in group {
                guard let (source, value) = answer, !Task.isCancelled else { break }  // the deadline, or cancelled
                waiting.removeAll { $0 == source }
                answered(source, value)
                if waiting.isEmpty { break }
            }
            if !waiting.isEmpty, !Task.isCancelled {
                hasExpired.set()
                timedOut(waiting)
            }
            group.cancelAll()
        }
    }
}
