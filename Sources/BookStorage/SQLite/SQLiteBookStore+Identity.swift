import BookCatalog
import SQLite

extension SQLiteBookStore {
    /// Version 7 (6 is left to the series migration under way on another branch): what imports
    /// match on (see ``BookMatcher``). `book_keys` holds every key a book was imported under —
    /// its own, those of records merged into it, their aliases — unique on (source, source_id),
    /// so ``book(key:)``, tags, readings and links find a merged book by any of them; `match_key`
    /// is ``BookIdentity/matchKey(of:)``; both ISBN columns and `match_key` are indexed, so
    /// matching a record costs a few index lookups however large the catalog.
    /// `catalog_state.identity_version` says which ``BookIdentity/version`` computed the match
    /// keys and aliases of the stored books (0: none yet; ``refreshIdentity()`` computes them).
    static let identityMigration = Migration(
        version: 7,
        sql: """
            CREATE TABLE book_keys (
                source TEXT NOT NULL,
                source_id TEXT NOT NULL,
                book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
                PRIMARY KEY (source, source_id)
            ) WITHOUT ROWID;
            CREATE INDEX book_keys_book ON book_keys (book_id);
            INSERT INTO book_keys (source, source_id, book_id) SELECT source, source_id, id FROM books;
            ALTER TABLE books ADD COLUMN match_key TEXT;
            CREATE INDEX books_isbn13 ON books (isbn13);
            CREATE INDEX books_isbn10 ON books (isbn10);
            CREATE INDEX books_match_key ON books (match_key);
            ALTER TABLE catalog_state ADD COLUMN identity_version INTEGER NOT NULL DEFAULT 0;
            """)

    /// Computes the match key and alias keys of every stored book when they were computed by an
    /// older ``BookIdentity/version`` (or never), a chunk of books per transaction; a no-op
    /// otherwise. The version is stored last, so an interrupted pass runs again at the next open.
    func refreshIdentity() async throws {
        let stored = try await database.query("SELECT identity_version FROM catalog_state") { try $0.int64(0) }
        guard let version = stored.first, version < BookIdentity.version else { return }
        var lastID: Int64 = 0
        while true {
            let chunk = try await database.query(
                "SELECT \(Self.selectColumns) FROM books WHERE id > ? ORDER BY id LIMIT 2000", [.integer(lastID)],
                Self.book(from:))
            guard let last = chunk.last else { break }
            lastID = last.id
            try await database.transaction { tx in
                for book in chunk {
                    try tx.execute(
                        "UPDATE books SET match_key = ? WHERE id = ? AND match_key IS NOT ?1",
                        [Self.text(BookIdentity.matchKey(of: book)), .integer(book.id)])
                    try Self.insert(keys: BookIdentity.keys(of: book), of: book.id, in: tx)
                }
            }
        }
        try await database.execute(
            "UPDATE catalog_state SET identity_version = ?", [.integer(BookIdentity.version)])
    }

    /// Gives the book `id` the keys of `keys` no book holds yet.
    static func insert(keys: [BookKey], of id: Int64, in tx: borrowing Transaction) throws {
        for key in keys {
            try tx.execute(
                "INSERT OR IGNORE INTO book_keys (source, source_id, book_id) VALUES (?, ?, ?)",
                [.text(key.source), .text(key.sourceID), .integer(id)])
        }
    }

    /// The stored books any of `books` could match (see ``BookMatcher``), each with its keys:
    /// the holder of a book's first key found (keys decide first, so a book found by key needs
    /// nothing else), else those with its ISBNs or one of its match keys (`matchKeys`, each
    /// book's ``BookCatalog/BookMatchKeys``, in order) — the same books one lookup per
    /// book and key found, looked up for the whole batch in one statement per kind of key
    /// (see `SQLiteBookStore+BatchLookups.swift`).
    /// `table`, if given, answers the lookups by match key in place of `books_match_key`
    /// (SQLiteBookStore+ImportMatchKeys.swift).
    static func matchCandidates(
        for books: [Book], matchKeys: [BookMatchKeys], table: MatchKeyTable? = nil, in tx: borrowing Transaction
    ) throws -> [(
        book: Book, keys: [BookKey]
    )] {
        let keysOfBooks = matchKeys.map(\.keys)
        let owners = try owners(of: keysOfBooks.joined(), in: tx)
        var ids = Set<Int64>()
        var isbn13s = Set<String>()
        var isbn10s = Set<String>()
        var folded = Set<String>()
        for (position, book) in books.enumerated() {
            // The holder of the first of its keys found, as the lookups book by book stopped there.
            if let owner = keysOfBooks[position].lazy.compactMap({ owners[$0] }).first {
                ids.insert(owner)
                continue
            }
            if let isbn = book.isbn13 { isbn13s.insert(isbn) }
            if let isbn = book.isbn10 { isbn10s.insert(isbn) }
            folded.formUnion(matchKeys[position].lookups)
        }
        ids.formUnion(try self.ids(where: "isbn13", in: isbn13s, tx: tx))
        ids.formUnion(try self.ids(where: "isbn10", in: isbn10s, tx: tx))
        if let table {
            ids.formUnion(try self.ids(withMatchKeys: folded, in: table, tx: tx))
        } else {
            ids.formUnion(try self.ids(where: "match_key", in: folded, tx: tx))
        }
        return try storedBooksWithKeys(ids, in: tx)
    }
}
