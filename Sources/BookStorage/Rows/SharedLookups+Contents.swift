import BookCatalog
import Foundation

extension SharedLookups where Lookups: PagedLookupDatabase {
    /// ``BookStore/contents()``: the same SQL on either database, in store id order.
    func catalogContents() async throws -> CatalogContents {
        try await storeWork {
            var contents = CatalogContents()
            for part in CatalogContents.Part.allCases {
                contents.add(try await database.rows(of: Self.contentsSQL(part, ranged: false), Self.contentsRow(part)))
            }
            return contents
        }
    }

    /// ``BackupPaging/contents(_:ofBooksAfter:through:)``: `part` for a range of book ids, an
    /// index range scan of the table (by `book_keys_book`, `readings_book` or the primary key).
    func contentsPage(_ part: CatalogContents.Part, after id: Int64, through last: Int64) async throws
        -> CatalogContents
    {
        try await storeWork {
            var contents = CatalogContents()
            contents.add(
                try await database.rows(
                    of: Self.contentsSQL(part, ranged: true), integers: [id, last], Self.contentsRow(part)))
            return contents
        }
    }

    /// ``BackupPaging/books(after:limit:)``: the next page by the primary key.
    func bookPage(after id: Int64, limit: Int) async throws -> [Book] {
        try await pageOfBooks(Self.selectColumns, after: id, limit: limit) { try Self.storedBook(from: $0) }
    }

    /// The `SELECT` of `part`, for every book or (`ranged`) for the ids above the first
    /// parameter and at most the second. `CAST` makes PostgreSQL's boolean and SQLite's integer
    /// `wants_to_read` one integer.
    private static func contentsSQL(_ part: CatalogContents.Part, ranged: Bool) -> String {
        let (select, book, order): (String, String, String) =
            switch part {
            case .keys: ("SELECT book_id, source, source_id FROM book_keys", "book_id", "book_id, source, source_id")
            case .readings:
                (
                    "SELECT book_id, reader, rating, CAST(wants_to_read AS integer) AS wants FROM readings", "book_id",
                    "book_id, reader"
                )
            case .links: ("SELECT from_id, to_url FROM listed_links", "from_id", "from_id, to_url")
            case .relations:
                ("SELECT from_id, to_id, kind, score, reason FROM relations", "from_id", "from_id, kind, to_id")
            }
        let range = ranged ? " WHERE \(book) > \(Lookups.placeholder(1)) AND \(book) <= \(Lookups.placeholder(2))" : ""
        return select + range + " ORDER BY " + order
    }

    /// Reads a row of `part`'s `SELECT`: nil for a link whose URL does not parse or a relation
    /// of a kind this version does not know, which are left out.
    private static func contentsRow(_ part: CatalogContents.Part)
        -> @Sendable (Lookups.LookupRow) throws -> ContentsRow?
    {
        switch part {
        case .keys:
            return { row in
                .key(
                    StoredKey(
                        book: try row.int64(named: "book_id"),
                        key: BookKey(
                            source: try row.string(named: "source"), sourceID: try row.string(named: "source_id"))))
            }
        case .readings:
            return { row in
                .reading(
                    StoredReading(
                        book: try row.int64(named: "book_id"), reader: try row.string(named: "reader"),
                        rating: try row.optionalInt(named: "rating"), wantsToRead: try row.int64(named: "wants") != 0))
            }
        case .links:
            return { row in
                guard let url = URL(string: try row.string(named: "to_url")) else { return nil }
                return .link(OutgoingLink(from: try row.int64(named: "from_id"), to: url))
            }
        case .relations:
            return { row in
                guard let kind = Relation.Kind(rawValue: try row.string(named: "kind")) else { return nil }
                return .relation(
                    Relation(
                        kind: kind, from: try row.int64(named: "from_id"), to: try row.int64(named: "to_id"),
                        score: try row.double(named: "score"), reason: try row.string(named: "reason")))
            }
        }
    }
}

/// A row of one of ``CatalogContents``' parts.
enum ContentsRow: Sendable {
    case key(StoredKey)
    case reading(StoredReading)
    case link(OutgoingLink)
    case relation(Relation)
}

extension CatalogContents {
    /// Adds `rows` to their parts, in order; nils are left out.
    fileprivate mutating func add(_ rows: [ContentsRow?]) {
        for row in rows {
            switch row {
            case .key(let key): keys.append(key)
            case .reading(let reading): readings.append(reading)
            case .link(let link): links.append(link)
            case .relation(let relation): relations.append(relation)
            case nil: continue
            }
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
