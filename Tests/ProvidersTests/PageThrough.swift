import ScoutModels
import Testing

/// Every page of `text` from `provider`, following cursors (at most 100 items): the item ids
/// and the cursor each page gave, `nil` last. Each cursor must read back as itself: a server
/// refuses a cursor its provider does not read (SECURITY.md T19).
func pageThrough(_ provider: some SearchProvider, _ text: String, limit: Int = 10) async throws -> (
    ids: [String], cursors: [SearchCursor?]
) {
    var cursor: SearchCursor?
    var ids: [String] = []
    var cursors: [SearchCursor?] = []
    repeat {
        let page = try await provider.search(SearchQuery(text), cursor: cursor, limit: limit)
        ids += page.items.map(\.id)
        cursor = page.nextCursor
        cursors.append(cursor)
        if let cursor { #expect(provider.readCursor(cursor.rawValue) == .page(cursor), "\(cursor)") }
    } while cursor != nil && ids.count < 100
    return (ids, cursors)
}
