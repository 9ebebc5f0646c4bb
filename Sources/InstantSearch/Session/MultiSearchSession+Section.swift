import ScoutModels

extension MultiSearchSession {
    /// One source's part of a multi-search: which source, and its latest publication.
    ///
    /// ```swift
    /// for section in all.sections {
    ///     print(section.displayName, section.state.items.count, section.publication.isLoadingMore)
    /// }
    /// ```
    public struct Section: Sendable, Equatable, Identifiable {
        /// The section's place: its provider's index in the list the session was made with.
        public let index: Int
        /// The source this section shows.
        public let source: SourceID
        /// The source's name for people ("Wikipedia").
        public let displayName: String
        /// The section's state, paging flags, sequence number and timestamps.
        public let publication: SearchSession.Publication

        /// A section; sessions make these, tests may too.
        public init(index: Int, source: SourceID, displayName: String, publication: SearchSession.Publication) {
            self.index = index
            self.source = source
            self.displayName = displayName
            self.publication = publication
        }

        /// The section's index: sources may repeat, places do not.
        public var id: Int { index }

        /// What the section shows.
        public var state: SearchState { publication.state }
    }

    /// Identifies an observer registered with ``MultiSearchSession/observe(_:)``.
    ///
    /// ```swift
    /// let id = all.observe { print($0.displayName, $0.state) }
    /// all.removeObserver(id)
    /// ```
    public struct ObserverID: Hashable, Sendable {
        /// The observer's id in each section's session, in section order.
        let sectionIDs: [SearchSession.ObserverID]
    }

    /// What a section says about its source, kept apart from its session so that observers can
    /// make sections without holding the multi-session.
    struct SectionLabel: Sendable {
        let index: Int
        let source: SourceID
        let displayName: String

        func section(_ publication: SearchSession.Publication) -> Section {
            Section(index: index, source: source, displayName: displayName, publication: publication)
        }
    }
}
