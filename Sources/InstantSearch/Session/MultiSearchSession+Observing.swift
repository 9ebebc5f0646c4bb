extension MultiSearchSession {
    /// Calls `handler` with a section every time that section publishes, from now on: each
    /// section's publications in order, on whichever thread published them, and the sections'
    /// independently of one another (a fast source's arrive while a slow one still loads).
    ///
    /// ```swift
    /// let id = all.observe { section in
    ///     print(section.displayName, section.publication.publishedAt, section.state)
    /// }
    /// ```
    @discardableResult
    public func observe(_ handler: @escaping @Sendable (Section) -> Void) -> ObserverID {
        ObserverID(
            sectionIDs: zip(labels, sessions).map { label, session in
                session.addObserver(handler: { handler(label.section($0)) }, finish: nil)
            })
    }

    /// Stops calling an observer registered with ``observe(_:)``.
    public func removeObserver(_ id: ObserverID) {
        for (session, sectionID) in zip(sessions, id.sectionIDs) { _ = session.takeObserver(sectionID) }
    }

    /// A new stream of sections: every section's current publication first, then every later
    /// one as its source publishes it — in order within a section, sections interleaved as
    /// they happen. Keep the latest of each ``Section/index`` (a higher
    /// ``SearchSession/Publication/sequence`` is newer). It ends when the session is released;
    /// stop iterating to unsubscribe.
    ///
    /// ```swift
    /// var shown = all.sections
    /// for await section in all.sectionUpdates() { shown[section.index] = section }
    /// ```
    public func sectionUpdates() -> AsyncStream<Section> {
        let (stream, continuation) = AsyncStream<Section>.makeStream()
        let sectionIDs = zip(labels, sessions).map { label, session in
            session.addObserver(
                handler: { continuation.yield(label.section($0)) },
                finish: { continuation.finish() },
                initial: { continuation.yield(label.section($0)) })
        }
        continuation.onTermination = { [weak self] _ in
            self?.removeObserver(ObserverID(sectionIDs: sectionIDs))
        }
        return stream
    }
}
