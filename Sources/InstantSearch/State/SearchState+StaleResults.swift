import ScoutModels

extension SearchState {
    /// Results kept on screen, dimmed, while a newer query loads.
    ///
    /// `query` is the query they were found for, which may differ from the loading one.
    ///
    /// ```swift
    /// if case .loading(let query, let previous?) = session.state {
    ///     print("searching \(query); still showing \(previous.items.count) hits for \(previous.query)")
    /// }
    /// ```
    public struct StaleResults: Sendable, Equatable {
        /// The query these items were found for.
        public let query: String
        /// The items, in the order they were shown.
        public let items: [SearchItem]

        /// Stale results for `query`.
        public init(query: String, items: [SearchItem]) {
            self.query = query
            self.items = items
        }
    }
}
