import BookCatalog

/// A catalog read a page at a time through `database`, a connection of its own held in one read
/// transaction (``BackupPaging/readingSnapshot(_:)``): the same SQL as `Store`'s own lookups
/// (``SharedLookups``), on another connection.
struct CatalogSnapshot<Store: SharedLookups>: SharedLookups, BackupPages where Store.Lookups: PagedLookupDatabase {
    let database: Store.Lookups

    static var selectColumns: String { Store.selectColumns }

    func count() async throws -> Int { try await countBooks() }

    func books(after id: Int64, limit: Int) async throws -> [Book] {
        try await bookPage(after: id, limit: limit)
    }

    func contents(_ part: CatalogContents.Part, ofBooksAfter id: Int64, through last: Int64) async throws
        -> CatalogContents
    {
        try await contentsPage(part, after: id, through: last)
    }
}
