import Testing

@testable import BookCatalog

/// The keys an export names books by, looked up by store id: straight where the ids have no
/// gaps, by binary search where they do, nil for an id never added.
@Suite("Book keys by store id") struct BookKeyTableTests {
    private static func key(_ id: Int64) -> BookKey {
        BookKey(source: ["goodbooks", "openlibrary", "crawl"][Int(id.magnitude % 3)], sourceID: "id-\(id)-ü")
    }

    @Test("Dense ids, gaps and ids far apart each give their own key")
    func everyAddedIdGivesItsKey() {
        for ids in [Array(Int64(1)...200), [3, 4, 9, 10, 11, 500, 501, 1 << 40], [Int64.min, -1, 0, 7, .max]] {
            var table = BookKeyTable()
            for id in ids { table.append(id: id, key: Self.key(id)) }
            #expect(table.count == ids.count)
            for id in ids { #expect(table.key(of: id) == Self.key(id), "\(id) of \(ids.count)") }
            let missing: [Int64] = [2, 5, 12, 499, 502, (1 << 40) - 1, -2, 6, 201, 0]
            for id in missing where !ids.contains(id) { #expect(table.key(of: id) == nil, "\(id)") }
        }
    }

    @Test("An id not above the last is ignored, and an empty table has no key")
    func idsOutOfOrderAreIgnored() {
        var table = BookKeyTable()
        #expect(table.key(of: 1) == nil)
        table.append(id: 5, key: Self.key(5))
        table.append(id: 5, key: Self.key(6))
        table.append(id: 2, key: Self.key(2))
        #expect(table.count == 1)
        #expect(table.key(of: 5) == Self.key(5))
        #expect(table.key(of: 2) == nil)
    }
}
