import BookCatalog
import Postgres

extension PostgresBookStore {
    /// Version 6 (5 is left to the series migration under way on another branch): what imports
    /// match on, as SQLite's version 7 (``SQLiteBookStore/identityMigration``): `book_keys`,
    /// unique on (source, source_id), every key a book was imported under; `match_key`
    /// (``BookIdentity/matchKey(of:)``); indexes on both ISBNs and `match_key`; and
    /// `catalog_state.identity_version`, the ``BookIdentity/version`` that computed the stored
    /// books' match keys and aliases (0: none yet; ``refreshIdentity()`` computes them).
    static let identityMigration = PostgresMigration(
        version: 6,
        sql: """
            CREATE TABLE book_keys (
                source text NOT NULL,
                source_id text NOT NULL,
                book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
                PRIMARY KEY (source, source_id)
            );
            CREATE INDEX book_keys_book ON book_keys (book_id);
            INSERT INTO book_keys (source, source_id, book_id) SELECT source, source_id, id FROM books;
            ALTER TABLE books ADD COLUMN match_key text;
            CREATE INDEX books_isbn13 ON books (isbn13);
            CREATE INDEX books_isbn10 ON books (isbn10);
            CREATE INDEX books_match_key ON books (match_key);
            ALTER TABLE catalog_state ADD COLUMN identity_version bigint NOT NULL DEFAULT 0;
            """)

    /// Computes the match key and alias keys of every stored book when an older
    /// ``BookIdentity/version`` computed them (or none did), a chunk per writer transaction; a
    /// no-op otherwise. The version is stored last, so an interrupted pass runs again.
    func refreshIdentity() async throws {
        let stored = try await database.query("SELECT identity_version FROM catalog_state") { try $0.int64(0) }
        guard let version = stored.first, version < BookIdentity.version else { return }
        let setKeys = """
            UPDATE books SET match_key = input.match_key FROM unnest($1::int8[], $2::text[]) AS input (id, match_key)
            WHERE books.id = input.id AND books.match_key IS DISTINCT FROM input.match_key
            """
        try await forEachChunkOfBooks { chunk in
            try await database.transaction { tx in
                try Self.lockCatalog(tx)
                _ = try tx.execute(
                    setKeys, [.integerArray(chunk.map(\.id)), .textArray(chunk.map(BookIdentity.matchKey(of:)))])
                try Self.insert(keys: chunk.map { ($0.id, BookIdentity.keys(of: $0)) }, in: tx)
            }
        }
        try await database.execute(
            "UPDATE catalog_state SET identity_version = $1", [.integer(BookIdentity.version)])
    }

    /// Gives each book the keys of its list that no book holds yet.
    static func insert(keys: [(id: Int64, keys: [BookKey])], in tx: borrowing PostgresTransaction) throws {
        let rows = keys.flatMap { entry in entry.keys.map { (entry.id, $0) } }
        guard !rows.isEmpty else { return }
        _ = try tx.execute(
            """
            INSERT INTO book_keys (book_id, source, source_id)
            SELECT * FROM unnest($1::int8[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING
            """,
            [
                .integerArray(rows.map(\.0)), .textArray(rows.map(\.1.source)),
                .textArray(rows.map(\.1.sourceID)),
            ])
    }

    /// How statements that look a batch's keys up in `book_keys` (`unnest(…) JOIN book_keys`) are
    /// planned: again for each call. Prepared, the statement keeps the generic plan it got on its
    /// first run (``sessionSettings``), sized for `book_keys` as it was then; made early in an
    /// import into an empty catalog (nothing analyzes `book_keys` meanwhile), that plan hashed the
    /// batch and scanned the whole table every batch, until something happened to replan it:
    /// 73 ms a batch of 1,000 at 200,000 keys and growing with the table, where probing the
    /// primary key takes 3 ms (`auto_explain` of the import, `EXPLAIN ANALYZE` of both plans).
    /// Planned for each call, the plan sizes the table as it is now, and probes.
    static let keyLookupPlanning = PostgresPlanning.perCall

    /// The stored books any of `books` could match (see ``BookMatcher``), each with its keys:
    /// those holding one of their keys, ISBNs or match keys (`matchKeys`, each book's
    /// ``BookCatalog/BookMatchKeys``, in order), found through the indexes in four statements
    /// however large the batch.
    static func matchCandidates(
        for books: [Book], matchKeys: [BookMatchKeys], in tx: borrowing PostgresTransaction
    ) throws -> [(
        book: Book, keys: [BookKey]
    )] {
        let keys = Array(Set(matchKeys.flatMap(\.keys)))
        var ids = Set(
            try tx.query(
                """
                SELECT book_keys.book_id FROM unnest($1::text[], $2::text[]) AS wanted (source, source_id)
                JOIN book_keys ON book_keys.source = wanted.source AND book_keys.source_id = wanted.source_id
                """, [.textArray(keys.map(\.source)), .textArray(keys.map(\.sourceID))], planning: keyLookupPlanning
            ) { try $0.int64(0) })
        for (column, values) in [
            ("isbn13", books.compactMap(\.isbn13)), ("isbn10", books.compactMap(\.isbn10)),
            ("match_key", matchKeys.flatMap(\.lookups)),
        ] where !values.isEmpty {
            let sql = "SELECT id FROM books WHERE \(column) = ANY ($1::text[])"
            ids.formUnion(try tx.query(sql, [.textArray(Array(Set(values)))]) { try $0.int64(0) })
        }
        guard !ids.isEmpty else { return [] }
        let idList: PostgresValue = .integerArray(ids.sorted())
        let stored = try tx.query("SELECT \(selectColumns) FROM books WHERE id = ANY ($1)", [idList], book(from:))
        var storedKeys: [Int64: [BookKey]] = [:]
        let keyRows = try tx.query(
            "SELECT book_id, source, source_id FROM book_keys WHERE book_id = ANY ($1)", [idList]
        ) { row in (try row.int64(0), BookKey(source: try row.string(1), sourceID: try row.string(2))) }
        for (id, key) in keyRows { storedKeys[id, default: []].append(key) }
        return stored.map { ($0, storedKeys[$0.id] ?? []) }
    }
}
