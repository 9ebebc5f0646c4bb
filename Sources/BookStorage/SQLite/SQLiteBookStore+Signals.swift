import BookCatalog
import Foundation
import SQLite

extension SQLiteBookStore {
    /// Every (reader, book) rated at least `minimumRating`, by book.
    public func readerPicks(minimumRating: Int) async throws -> [ReaderPick] {
        try await storeWork {
            try await database.query(
                "SELECT reader, book_id FROM readings WHERE rating >= ? ORDER BY book_id, reader",
                [.integer(Int64(minimumRating))]
            ) { row in ReaderPick(reader: try row.string(0), book: try row.int64(1)) }
        }
    }

    /// Every stored "similar books" link, by book.
    public func outgoingLinks() async throws -> [OutgoingLink] {
        try await storeWork {
            let rows = try await database.query("SELECT from_id, to_url FROM listed_links ORDER BY from_id, to_url") {
                row -> OutgoingLink? in
                guard let url = URL(string: try row.string(1)) else { return nil }
                return OutgoingLink(from: try row.int64(0), to: url)
            }
            return rows.compactMap(\.self)
        }
    }
}
