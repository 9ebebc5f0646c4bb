import ScoutModels

/// One query answered by several sources at once: a section per provider, in the providers'
/// order, each with its own state, results, pages, cache and retry, each published the moment
/// its source answers — a slow or failing source never holds up or hides another.
///
/// Each section is a ``SearchSession`` of its own, so it debounces, cancels superseded requests,
/// drops late replies and pages exactly as one does; the sections share one clock, so they
/// hear the same keystrokes at the same times and wait the same adaptive debounce. (A section
/// whose own titles show the query ends with a whole word may start sooner, as a single session
/// would: see ``SearchSession/Configuration/searchesSoonerAfterWholeWords``.)
///
/// Call ``update(query:)`` from one place, in keystroke order, as with a ``SearchSession``.
///
/// ```swift
/// let all = MultiSearchSession(providers: [wikipedia, books, commons])
/// Task { for await section in all.sectionUpdates() { print(section.displayName, section.state) } }
/// all.update(query: "dune")   // after the debounce, one search per source, in parallel
/// ```
public final class MultiSearchSession: Sendable {
    /// How every section debounces, pages and caches.
    public let configuration: SearchSession.Configuration

    /// One session per provider, in section order.
    let sessions: [SearchSession]
    /// What each section says about its source, in section order.
    let labels: [SectionLabel]

    /// A session over `providers`, whose order is the sections' order; `clock` times every
    /// section's debounce, cache and publications.
    public init(
        providers: [any SearchProvider], configuration: SearchSession.Configuration = .init(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        precondition(!providers.isEmpty, "a multi-search needs at least one provider")
        self.configuration = configuration
        let sessionClock = SessionClock(clock)
        sessions = providers.map {
            SearchSession(provider: $0, configuration: configuration, sessionClock: sessionClock)
        }
        labels = providers.indices.map {
            SectionLabel(index: $0, source: providers[$0].source, displayName: providers[$0].displayName)
        }
    }

    /// Every section as it stands, in the providers' order.
    public var sections: [Section] {
        zip(labels, sessions).map { label, session in label.section(session.publication) }
    }

    /// Each section's counters (provider calls, stale replies dropped, cache hits…), in order.
    public var statistics: [SearchSession.Statistics] { sessions.map(\.statistics) }

    /// The time since this session was made, on its clock — the time base of every section's
    /// ``SearchSession/Publication``.
    public var elapsed: Duration { sessions[0].elapsed }

    /// Takes what the person typed now, for every section (see ``SearchSession/update(query:)``):
    /// an empty query goes idle at once, a cached one shows before this returns, and after the
    /// debounce each source is asked once. A new keystroke makes every section's request in
    /// flight stale at once (its reply is dropped) and cancels it when the new search starts.
    public func update(query raw: String) {
        for session in sessions { session.update(query: raw) }
    }

    /// Runs the current query again at once for one section only (see ``SearchSession/retry()``);
    /// an index of no section does nothing.
    ///
    /// ```swift
    /// for section in all.sections where section.state.message != nil { all.retry(section: section.index) }
    /// ```
    public func retry(section index: Int) {
        guard sessions.indices.contains(index) else { return }
        sessions[index].retry()
    }

    /// Loads the next page of one section's results (see ``SearchSession/loadMore()``); an index
    /// of no section does nothing.
    ///
    /// Call it when that section's last row comes into view.
    public func loadMore(section index: Int) {
        guard sessions.indices.contains(index) else { return }
        sessions[index].loadMore()
    }
}
