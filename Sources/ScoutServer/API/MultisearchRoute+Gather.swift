import Networking
import ScoutModels

extension MultisearchRoute {
    /// Searches every source at once with `search` and hands each answer to `answered` as it
    /// comes, until every source has answered or `expiresAt` has passed on `timeline`: then
    /// `timedOut` gets the sources still out, at once (a cancelled search may take a moment more
    /// to end, and the group waits for it before returning). A caller cancelled first hears
    /// neither. The multisearch stream and the All page rendered on the server both wait this way.
    static func gather<Answer: Sendable>(
        _ sources: [SourceID], until expiresAt: Duration, on timeline: Timeline,
        search: @escaping @Sendable (SourceID) async -> Answer,
        answered: (SourceID, Answer) -> Void, timedOut: ([SourceID]) -> Void = { _ in }
    ) async {
        await withTaskGroup(of: (SourceID, Answer)?.self) { group in
            for source in sources { group.addTask { (source, await search(source)) } }
            group.addTask {
                try? await timeline.sleep(until: expiresAt)
                return nil
            }
            var waiting = sources
            for await answer in group {
                guard let (source, value) = answer else { break }  // the deadline, or cancelled
                waiting.removeAll { $0 == source }
                answered(source, value)
                if waiting.isEmpty { break }
            }
            if !waiting.isEmpty, !Task.isCancelled { timedOut(waiting) }
            group.cancelAll()
        }
    }
}
