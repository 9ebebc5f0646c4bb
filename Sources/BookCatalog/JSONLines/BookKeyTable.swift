/// Every exported book's own key by store id, held compactly: an export names both ends of each
/// relation by key, and the books it names are anywhere in the catalog. About 30 bytes a book
/// (its id, a source number and its source id's bytes) where a dictionary of ``BookKey``s costs
/// over a hundred — 300 MB rather than a gigabyte at ten million books.
///
/// ```swift
/// var keys = BookKeyTable()
/// keys.append(id: 7, key: BookKey(source: "goodbooks", sourceID: "1"))
/// keys.key(of: 7)   // goodbooks:1
/// ```
struct BookKeyTable {
    /// The ids, ascending.
    private var ids: [Int64] = []
    /// Each id's source, as a position in `sourceNames`.
    private var sources: [UInt32] = []
    /// Where each id's source id ends in `sourceIDBytes`; it starts where the previous ends.
    private var sourceIDEnds: [Int] = []
    private var sourceIDBytes: [UInt8] = []
    /// The distinct sources, few in any catalog ("goodbooks", "openlibrary", "crawl"…).
    private var sourceNames: [String] = []
    private var sourceNumbers: [String: UInt32] = [:]

    /// How many books it holds.
    var count: Int { ids.count }

    /// Adds the book `id`, known by `key`. Ids must come in ascending order (as a store's pages
    /// give them); an id not above the last one is ignored, so a lookup never finds two.
    mutating func append(id: Int64, key: BookKey) {
        guard ids.last.map({ id > $0 }) ?? true else { return }
        let source: UInt32
        if let known = sourceNumbers[key.source] {
            source = known
        } else {
            source = UInt32(sourceNames.count)
            sourceNames.append(key.source)
            sourceNumbers[key.source] = source
        }
        ids.append(id)
        sources.append(source)
        sourceIDBytes.append(contentsOf: key.sourceID.utf8)
        sourceIDEnds.append(sourceIDBytes.count)
    }

    /// The key of the book `id`, or nil when it was not added.
    func key(of id: Int64) -> BookKey? {
        guard let position = position(of: id) else { return nil }
        let start = position == 0 ? 0 : sourceIDEnds[position - 1]
        let sourceID = String(decoding: sourceIDBytes[start..<sourceIDEnds[position]], as: UTF8.self)
        return BookKey(source: sourceNames[Int(sources[position])], sourceID: sourceID)
    }

    /// Where `id` is in `ids`: straight there when the ids from the first to it have no gaps
    /// (a store's usual case), by binary search otherwise.
    private func position(of id: Int64) -> Int? {
        guard let first = ids.first, id >= first, id <= ids[ids.count - 1] else { return nil }
        let (offset, overflow) = id.subtractingReportingOverflow(first)
        if !overflow, offset < ids.count, ids[Int(offset)] == id { return Int(offset) }
        return ids.index(ofAscending: id)
    }
}
