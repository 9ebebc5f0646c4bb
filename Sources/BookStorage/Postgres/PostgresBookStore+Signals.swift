import BookCatalog
import Foundation
import Postgres

extension PostgresBookStore {
    /// Every (reader, book) rated at least `minimumRating`, by book, then reader in byte order.
    ///
    /// ```swift
    /// let loved = try await store.readerPicks(minimumRating: 4)
    /// ```
    public func readerPicks(minimumRating: Int) async throws -> [ReaderPick] {
        try await storeWork {
            try await database.query(
                "SELECT reader, book_id FROM readings WHERE rating >= $1 ORDER BY book_id, reader COLLATE \"C\"",
                [.integer(Int64(minimumRating))]
            ) { row in ReaderPick(reader: try row.string(0), book: try row.int64(1)) }
        }
    }

    /// Every stored "similar books" link, by book, then URL in byte order.
    ///
    /// ```swift
    /// let links = try await store.outgoingLinks()
    /// ```
    public func outgoingLinks() async throws -> [OutgoingLink] {
        try await storeWork {
            let rows = try await database.query(
                "SELECT from_id, to_url FROM listed_links ORDER BY from_id, to_url COLLATE \"C\""
            ) { row -> OutgoingLink? in
                guard let url = URL(string: try row.string(1)) else { return nil }
                return OutgoingLink(from: try row.int64(0), to: url)
            }
            return rows.compactMap(\.self)
        }
    }
}
