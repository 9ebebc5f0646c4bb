import Foundation
import InstantSearch
import ScoutModels

/// An item whose id defaults to its lowercased title.
func item(_ title: String, id: String? = nil) -> SearchItem {
    SearchItem(
        id: id ?? title.lowercased(), title: title, description: nil, thumbnail: nil,
        link: URL(string: "https://example.org/item")!, source: "scripted")
}

/// Settled, fresh results as a session publishes them.
func results(
    _ query: String, _ items: [SearchItem], hasMore: Bool = false, suggestion: String? = nil
) -> SearchState {
    .results(query: query, items: items, isStale: false, hasMore: hasMore, suggestion: suggestion)
}

/// A provider failure with a message for people.
struct ScriptedFailure: SearchFailure {
    var userMessage: String
    var isOffline = false
    var retryAfter: Duration?
}

/// An error that is not a `SearchFailure`.
struct UnexpectedError: Error {}
