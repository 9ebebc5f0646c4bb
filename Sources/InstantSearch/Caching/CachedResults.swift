import ScoutModels

/// The results known for one query: every page loaded so far, where the next page starts and the
/// source's suggestion.
struct CachedResults: Sendable, Equatable {
    let query: SearchQuery
    var items: [SearchItem]
    var nextCursor: SearchCursor?
    var suggestion: String?
}
