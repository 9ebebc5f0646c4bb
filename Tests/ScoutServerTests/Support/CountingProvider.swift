import Foundation
import Networking
import ScoutModels
import Synchronization

/// A provider answering every search at once with one item titled by the query, counting the
/// calls; it throws ``failure`` instead while one is set.
final class CountingProvider: SearchProvider {
    let source = SourceID.wikipedia
    let displayName = "Counting"
    private let count = Mutex(0)
    /// What every search throws while set.
    let failure = Mutex<APIError?>(nil)

    var calls: Int { count.withLock { $0 } }

    func search(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) async throws -> SearchPage {
        count.withLock { $0 += 1 }
        if let failure = failure.withLock({ $0 }) { throw failure }
        return SearchPage(
            items: [
                SearchItem(
                    id: query.key, title: query.text, description: nil, thumbnail: nil,
                    link: URL(string: "https://example.org/")!, source: .wikipedia)
            ], nextCursor: nil)
    }
}
