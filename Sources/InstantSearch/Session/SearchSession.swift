import ScoutModels
import Synchronization

/// Search-as-you-type for one source and one front end: normalizes each keystroke, answers from
/// the cache or narrows a shorter query's results at once, debounces, cancels superseded requests
/// and drops their late replies, pages, and publishes a ``SearchState`` after every change.
///
/// A `final class` guarding a pure ``SessionMachine`` with a `Mutex`, not an actor: keystrokes
/// arrive synchronously from the main actor, and a synchronous ``update(query:)`` keeps their
/// order exact (no task hop can reorder two keystrokes) and publishes cached results before it
/// returns. The lock is held only for the machine's step and for creating or cancelling tasks;
/// observers are called outside it, in publication order.
///
/// ```swift
/// let session = SearchSession(provider: wikipedia)
/// Task { for await state in session.states() { print(state.items.map(\.title)) } }
/// session.update(query: "swi")
/// session.update(query: "swift")   // "swi" is never searched: the debounce restarted
/// ```
public final class SearchSession: Sendable {
    /// How this session debounces, pages and caches.
    public let configuration: Configuration

    private let provider: any SearchProvider
    private let clock: SessionClock
    private let core: Mutex<Core>

    /// Everything mutable, behind the lock.
    private struct Core {
        var machine: SessionMachine
        var debounceTask: Task<Void, Never>?
        var requestTask: Task<Void, Never>?
        var observers: [UInt64: Observer] = [:]
        var lastObserverID: UInt64 = 0
        var outbox: [Publication] = []
        var isDelivering = false
    }

    struct Observer: Sendable {
        /// Publications up to this sequence number were current when the observer registered.
        let after: UInt64
        let handler: @Sendable (Publication) -> Void
        let finish: (@Sendable () -> Void)?
    }

    /// A session over `provider`; `clock` times the debounce, the cache's time-to-live and the
    /// publication timestamps.
    ///
    /// ```swift
    /// let session = SearchSession(provider: commons, configuration: .init(pageSize: 50))
    /// ```
    public convenience init(
        provider: any SearchProvider, configuration: Configuration = .init(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(provider: provider, configuration: configuration, sessionClock: SessionClock(clock))
    }

    /// A session on a clock it shares: ``MultiSearchSession``'s sections read one origin, so
    /// their typing rhythms and publication times agree.
    init(provider: any SearchProvider, configuration: Configuration, sessionClock: SessionClock) {
        self.provider = provider
        self.configuration = configuration
        self.clock = sessionClock
        core = Mutex(Core(machine: SessionMachine(configuration: configuration, providerName: provider.displayName)))
    }

    deinit {
        let (tasks, finishers) = core.withLock { core in
            let tasks = [core.debounceTask, core.requestTask].compactMap { $0 }
            let finishers = core.observers.values.compactMap(\.finish)
            core.observers = [:]
            return (tasks, finishers)
        }
        for task in tasks { task.cancel() }
        for finish in finishers { finish() }
    }

    /// The state published last.
    ///
    /// ```swift
    /// session.update(query: "")
    /// session.state  // .idle, at once
    /// ```
    public var state: SearchState { core.withLock { $0.machine.publication.state } }

    /// The last publication: state, paging flags, sequence number and timestamps.
    public var publication: Publication { core.withLock { $0.machine.publication } }

    /// Counters: provider calls, stale replies dropped, cache hits, narrowings.
    public var statistics: Statistics { core.withLock { $0.machine.statistics } }

    /// The time since this session was made, on its clock — the time base of ``Publication``.
    ///
    /// ```swift
    /// let typedAt = session.elapsed
    /// session.update(query: "swift")
    /// ```
    public var elapsed: Duration { clock.elapsed() }

    /// Takes what the person typed now. An empty query goes idle at once and cancels everything;
    /// a too-long one is a ``SearchState/failed(query:message:retryAfter:)`` without a request;
    /// a cached one is published before this returns; otherwise narrowed or stale results show at
    /// once and the request starts when typing pauses for ``Configuration/debounce`` (longer
    /// inside a word for someone who types slowly, see ``Configuration/typingRhythmFactor``). A
    /// key that leaves the query as it is, such as a space between words, restarts that wait.
    ///
    /// Call it from the search field's change handler, with the field's whole text.
    public func update(query raw: String) {
        send { machine, now in machine.update(raw: raw, now: now) }
    }

    /// Runs the current query again at once, without waiting and without the cache.
    ///
    /// ```swift
    /// if case .failed = session.state { session.retry() }
    /// ```
    public func retry() {
        send { machine, now in machine.retry(now: now) }
    }

    /// Loads the next page of the current results and appends it. Does nothing while a page or a
    /// query is loading or when the results are exhausted; after a failed page, loads it again.
    ///
    /// Call it when the last row comes into view.
    public func loadMore() {
        send { machine, now in machine.loadMore(now: now) }
    }

    // MARK: Shell

    private func debounceFired(generation: UInt64) {
        send { machine, now in machine.debounceFired(generation: generation, now: now) }
    }

    private func finished(_ request: SessionRequest, with result: Result<SearchPage, any Error>) {
        send { machine, now in machine.finished(request, with: result, now: now) }
    }

    /// Runs one machine step and its effects under the lock, then cancels and delivers outside it.
    private func send(_ event: (inout SessionMachine, Duration) -> [SessionEffect]) {
        let cancelled: [Task<Void, Never>] = core.withLock { core in
            let effects = event(&core.machine, clock.elapsed())
            return perform(effects, in: &core)
        }
        for task in cancelled { task.cancel() }
        deliver()
    }

    /// Carries out effects; returns the tasks to cancel once the lock is released.
    private func perform(_ effects: [SessionEffect], in core: inout Core) -> [Task<Void, Never>] {
        var cancelled: [Task<Void, Never>] = []
        for effect in effects {
            switch effect {
            case .publish(let publication):
                core.outbox.append(publication)
            case .cancelDebounce:
                if let task = core.debounceTask { cancelled.append(task) }
                core.debounceTask = nil
            case .cancelRequest:
                if let task = core.requestTask { cancelled.append(task) }
                core.requestTask = nil
            case .scheduleDebounce(let generation, let deadline):
                core.debounceTask = Task { [weak self, clock] in
                    do { try await clock.sleepUntilElapsed(deadline) } catch { return }
                    self?.debounceFired(generation: generation)
                }
            case .fetch(let request):
                core.requestTask = Task { [weak self, provider] in
                    let result: Result<SearchPage, any Error>
                    do {
                        result = .success(
                            try await provider.search(request.query, cursor: request.cursor, limit: request.limit))
                    } catch {
                        result = .failure(error)
                    }
                    self?.finished(request, with: result)
                }
            }
        }
        return cancelled
    }

    /// Calls observers with pending publications, in order, outside the lock. One caller drains
    /// at a time; publications made meanwhile (even from an observer) join the queue.
    private func deliver() {
        let isDrainer = core.withLock { core in
            guard !core.isDelivering, !core.outbox.isEmpty else { return false }
            core.isDelivering = true
            return true
        }
        guard isDrainer else { return }
        while true {
            let batch: (publications: [Publication], observers: [Observer])? = core.withLock { core in
                guard !core.outbox.isEmpty else {
                    core.isDelivering = false
                    return nil
                }
                defer { core.outbox.removeAll() }
                let observers = core.observers.sorted { $0.key < $1.key }.map(\.value)
                return (core.outbox, observers)
            }
            guard let batch else { return }
            for publication in batch.publications {
                for observer in batch.observers where publication.sequence > observer.after {
                    observer.handler(publication)
                }
            }
        }
    }

    /// Registers an observer under the lock; `initial` receives the current publication while the
    /// lock is held, so nothing is missed or delivered twice.
    func addObserver(
        handler: @escaping @Sendable (Publication) -> Void, finish: (@Sendable () -> Void)?,
        initial: ((Publication) -> Void)? = nil
    ) -> ObserverID {
        core.withLock { core in
            core.lastObserverID += 1
            let current = core.machine.publication
            core.observers[core.lastObserverID] = Observer(after: current.sequence, handler: handler, finish: finish)
            initial?(current)
            return ObserverID(rawValue: core.lastObserverID)
        }
    }

    /// Unregisters an observer; returns its stream finisher, if it has one.
    func takeObserver(_ id: ObserverID) -> Observer? {
        core.withLock { $0.observers.removeValue(forKey: id.rawValue) }
    }
}
