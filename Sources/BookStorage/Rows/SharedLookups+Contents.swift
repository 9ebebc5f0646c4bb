import BookCatalog
import Foundation

extension SharedLookups {
    /// ``BookStore/contents()``: the same SQL on either database (`CAST` makes PostgreSQL's
    /// boolean and SQLite's integer `wants_to_read` one integer), in store id order.
    func catalogContents() async throws -> CatalogContents {
        try await storeWork {
            let keys = try await database.rows(
                of: "SELECT book_id, source, source_id FROM book_keys ORDER BY book_id, source, source_id"
            ) { row in
                StoredKey(
                    book: try row.int64(named: "book_id"),
                    key: BookKey(source: try row.string(named: "source"), sourceID: try row.string(named: "source_id")))
            }
            let readings = try await database.rows(
                of: """
                    SELECT book_id, reader, rating, CAST(wants_to_read AS integer) AS wants
                    FROM readings ORDER BY book_id, reader
                    """
            ) { row in
                StoredReading(
                    book: try row.int64(named: "book_id"), reader: try row.string(named: "reader"),
                    rating: try row.optionalInt(named: "rating"), wantsToRead: try row.int64(named: "wants") != 0)
            }
            let links = try await database.rows(of: "SELECT from_id, to_url FROM listed_links ORDER BY from_id, to_url")
            { row -> OutgoingLink? in
                guard let url = URL(string: try row.string(named: "to_url")) else { return nil }
                return OutgoingLink(from: try row.int64(named: "from_id"), to: url)
            }
            let relations = try await database.rows(
                of: "SELECT from_id, to_id, kind, score, reason FROM relations ORDER BY from_id, kind, to_id"
            ) { row -> Relation? in
                guard let kind = Relation.Kind(rawValue: try row.string(named: "kind")) else { return nil }
                return Relation(
                    kind: kind, from: try row.int64(named: "from_id"), to: try row.int64(named: "to_id"),
                    score: try row.double(named: "score"), reason: try row.string(named: "reason"))
            }
            return CatalogContents(
                keys: keys, readings: readings, links: links.compactMap(\.self), relations: relations.compactMap(\.self)
            )
        }
    }
}

// The witnesses' documentation is BookStore's.
extension SQLiteBookStore {
    public func contents() async throws -> CatalogContents { try await catalogContents() }
}

extension PostgresBookStore {
    public func contents() async throws -> CatalogContents { try await catalogContents() }
}
