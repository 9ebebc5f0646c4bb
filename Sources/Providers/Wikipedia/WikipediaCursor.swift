import ScoutModels

/// Where a Wikipedia result list continues: in the prefix search (`prefix:<offset>`), or in the
/// full-text search that filled up a short first page (`text:<offset>:<ids>`, carrying the page
/// ids the prefix search already showed, at most a page of them, so the provider itself stays
/// stateless).
///
/// Read strictly — decimal offsets up to ``maximumOffset``, decimal page ids — and written one
/// way (the ids in ascending order, each once), so that a server can refuse what this provider
/// never wrote and cache two spellings of one position as one (SECURITY.md T19).
///
/// ```swift
/// WikipediaCursor("text:020:7.3.7")?.cursor  // SearchCursor("text:20:3.7")
/// WikipediaCursor("prefix:x")                // nil
/// ```
enum WikipediaCursor: Equatable {
    case prefix(Int)
    case fullText(Int, excluding: Set<String>)

    /// The deepest offset MediaWiki's search continues to (CirrusSearch stops at 10,000 results).
    static let maximumOffset = 10_000
    /// The most page ids a cursor carries: a first page's, at most the largest limit.
    static let maximumShown = 50

    /// Reads `text` as this provider writes cursors; nil for anything else.
    init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 2, let offset = CursorReading.number(parts[1], in: 0...Self.maximumOffset) else {
            return nil
        }
        switch (parts[0], parts.count) {
        case ("prefix", 2):
            self = .prefix(offset)
        case ("text", 2):
            self = .fullText(offset, excluding: [])
        case ("text", 3):
            guard let shown = Self.pageIDs(parts[2]) else { return nil }
            self = .fullText(offset, excluding: shown)
        default:
            return nil
        }
    }

    /// Dot-separated decimal page ids, each spelled as MediaWiki does (no leading zeros); nil
    /// when one is not a page id or there are more than a page of them.
    private static func pageIDs(_ text: Substring) -> Set<String>? {
        guard !text.isEmpty else { return [] }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= maximumShown else { return nil }
        var ids = Set<String>()
        for part in parts {
            guard let id = CursorReading.number(part, in: 1...Int.max) else { return nil }
            ids.insert(String(id))
        }
        return ids
    }

    /// The cursor's one spelling.
    var cursor: SearchCursor {
        switch self {
        case .prefix(let offset):
            SearchCursor("prefix:\(offset)")
        case .fullText(let offset, let shown):
            // Numeric order: ids have no leading zeros, so shorter sorts first, then by digits.
            SearchCursor("text:\(offset):\(shown.sorted { ($0.count, $0) < ($1.count, $1) }.joined(separator: "."))")
        }
    }

    /// The cursor of a next page, or nil past ``maximumOffset``: the list ends where MediaWiki
    /// stops, and no cursor is given out that would not be read back.
    var next: SearchCursor? {
        switch self {
        case .prefix(let offset), .fullText(let offset, _): offset <= Self.maximumOffset ? cursor : nil
        }
    }

    /// What a client's `text` names: the first page for `prefix:0`, which is no cursor at all.
    static func reading(_ text: String) -> CursorReading {
        switch Self(text) {
        case nil: .invalid
        case .prefix(0): .firstPage
        case let position?: .page(position.cursor)
        }
    }
}

extension WikipediaProvider {
    /// `prefix:<offset>` or `text:<offset>:<ids>` (``WikipediaCursor``), in its one spelling.
    public func readCursor(_ text: String) -> CursorReading { WikipediaCursor.reading(text) }
}
