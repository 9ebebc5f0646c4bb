extension SearchSession {
    /// Calls `handler` with every publication from now on, in order, on whichever thread
    /// published it. Keep it quick; it may call back into the session. For benchmarks:
    /// `publication.publishedAt - publication.queryChangedAt` is keystroke-to-screen latency.
    ///
    /// ```swift
    /// let id = session.observe { publication in
    ///     print(publication.publishedAt, publication.state)
    /// }
    /// ```
    @discardableResult
    public func observe(_ handler: @escaping @Sendable (Publication) -> Void) -> ObserverID {
        addObserver(handler: handler, finish: nil)
    }

    /// Stops calling an observer registered with ``observe(_:)``.
    public func removeObserver(_ id: ObserverID) {
        _ = takeObserver(id)
    }

    /// A new stream of publications: the current one first, then every later one, in order. It
    /// ends when the session is released; stop iterating to unsubscribe.
    ///
    /// ```swift
    /// for await publication in session.publications() {
    ///     print(publication.state.items.count, publication.isLoadingMore ? "more loading" : "")
    /// }
    /// ```
    public func publications() -> AsyncStream<Publication> {
        stream { $0 }
    }

    /// A new stream of states: the current one first, then every later one, in order. It ends
    /// when the session is released; stop iterating to unsubscribe.
    ///
    /// ```swift
    /// for await state in session.states() { print(state.items.map(\.title)) }
    /// ```
    public func states() -> AsyncStream<SearchState> {
        stream(\.state)
    }

    private func stream<Element: Sendable>(
        _ transform: @escaping @Sendable (Publication) -> Element
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        let id = addObserver(
            handler: { continuation.yield(transform($0)) },
            finish: { continuation.finish() },
            initial: { continuation.yield(transform($0)) })
        continuation.onTermination = { [weak self] _ in
            _ = self?.takeObserver(id)
        }
        return stream
    }
}
