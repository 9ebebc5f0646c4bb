import Synchronization

/// How the search gateway answered: from this instance's cache, from the fleet's shared cache,
/// or by searching (a miss); and how many searches joined one already in flight — here, or on
/// another instance of the fleet. Atomic counters: the cache-hit path stays lock-free.
///
/// ```swift
/// gateway.metrics.count(.localHit)
/// // scout_search_cache_hits_total{cache="local"} 1
/// ```
final class SearchMetrics: Sendable {
    enum Event {
        case localHit, sharedHit, miss, coalescedLocally, coalescedInFleet
    }

    /// Answered from this instance's cache.
    let localHits = Atomic<Int>(0)
    /// Answered from a page another instance published to the fleet's cache.
    let sharedHits = Atomic<Int>(0)
    /// Searched by this instance: upstream, or in the book catalog.
    let misses = Atomic<Int>(0)
    /// Joined a search already in flight in this instance.
    let coalescedLocally = Atomic<Int>(0)
    /// Waited for another instance's search (its lease) and used its page.
    let coalescedInFleet = Atomic<Int>(0)

    func count(_ event: Event) {
        switch event {
        case .localHit: localHits.add(1, ordering: .relaxed)
        case .sharedHit: sharedHits.add(1, ordering: .relaxed)
        case .miss: misses.add(1, ordering: .relaxed)
        case .coalescedLocally: coalescedLocally.add(1, ordering: .relaxed)
        case .coalescedInFleet: coalescedInFleet.add(1, ordering: .relaxed)
        }
    }

    func render(into text: inout PrometheusText) {
        text.add(
            "scout_search_cache_hits_total", .counter, "Searches answered from a cache, by cache.",
            [
                ("cache=\"local\"", localHits.load(ordering: .relaxed)),
                ("cache=\"shared\"", sharedHits.load(ordering: .relaxed)),
            ])
        text.add(
            "scout_search_cache_misses_total", .counter, "Searches no cache could answer, searched by this instance.",
            misses.load(ordering: .relaxed))
        text.add(
            "scout_search_coalesced_total", .counter,
            "Searches that shared another's search in flight, in this instance or in the fleet.",
            [
                ("scope=\"local\"", coalescedLocally.load(ordering: .relaxed)),
                ("scope=\"fleet\"", coalescedInFleet.load(ordering: .relaxed)),
            ])
    }
}
