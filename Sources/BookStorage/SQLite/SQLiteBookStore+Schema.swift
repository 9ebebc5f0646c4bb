import BookCatalog
import SQLite

extension SQLiteBookStore {
    /// The schema, one migration per version.
    ///
    /// Authors and tags are JSON arrays in `books` rather than link tables: a book is always read
    /// and written whole, `json_each` still gives the relation builder set-based access, and
    /// PostgreSQL maps them to `jsonb`. A later migration can add an indexed author table when
    /// same-author relations need one. `books_fts` (title + authors, `unicode61 remove_diacritics 2`,
    /// rowid = book id) is kept in sync by triggers, so no writer can forget it.
    ///
    /// Version 2 adds `relations` (``Relation``s keyed by from, to and kind, with the
    /// ``Relation/Kind`` raw value as `kind`); deleting a book deletes its relations both ways,
    /// and `relations_to` keeps that cascade from scanning the table.
    ///
    /// Version 3 adds what imports and crawls bring besides books: `readings` (one row per reader
    /// and book), `listed_links` ("similar books" links by URL, resolved when relations are
    /// built), `import_checkpoints` (how far an interrupted import got, written in the same
    /// transaction as its batch), `books_fts_vocabulary` (the index's words, for typo
    /// tolerance) and `catalog_state.generation`, which every write that changes
    /// `books` bumps in its transaction, so caches of derived data (the typo dictionary) know when to refresh.
    ///
    /// Version 4 rebuilds `books_fts` for speed as people type: rows keyed by ``rankKey(_:)``
    /// (most-read first) instead of the book id, and prefix indexes of 1 to 6 characters — the
    /// first keystrokes match thousands of words, and without them FTS5 merges every matching
    /// word's list (40 ms for "quin" among a million books; 0.2 ms with them).
    ///
    /// Version 5 rebuilds it from the words Swift folds (``indexWordsFunction``), split by
    /// FTS5's `ascii` tokenizer at the spaces between them: SQLite's own `unicode61` knew no
    /// NFKC (full-width Latin, half-width katakana) and kept a CJK title as one word, so "カフカ"
    /// could not find 海辺のカフカ. Both stores now index exactly ``SearchText/indexWords(in:)``.
    ///
    /// Version 6 adds `series`, every ``SeriesMembership`` of a book as a JSON array (see
    /// `JSONSeriesList`), where `series_name` and `series_number` held one series and one number:
    /// a box set is `#1-7`, not `#1`, and `Mort` is in Death and in Discworld. Existing books
    /// get the one membership those columns held (the titles' suffixes are gone, so a box set
    /// stays `#1` until its source is imported again); the two columns go on holding the first.
    ///
    /// Version 7 adds what imports match books on: see ``identityMigration``.
    ///
    /// Version 8 indexes again what ``SearchText`` now gives: letters such as ø and æ folded as
    /// English readers type them ("nesbo", "aesop"), and words joined as people type them
    /// together ("jk", "enders", "spiderman", "davinci").
    ///
    /// Version 9 indexes each book's series names with its title, so "discworld" or "jack
    /// reacher" finds the books of the series (ranked after title matches, before authors).
    ///
    /// Version 10 adds `alternate_titles`, a book's ``Book/alternateTitles`` as a JSON array
    /// like `tags`; existing books have none until their source is imported again.
    ///
    /// Version 11 indexes the alternate titles with the title (before the series names), so
    /// "petit prince" finds The Little Prince.
    ///
    /// Version 14 adds the mark that lets a large import leave `books_fts` to one rebuild at its
    /// end: see ``deferredIndexMigration``.
    ///
    /// Version 15 drops `relations_by_kind`, which the primary key makes redundant: see
    /// ``relationIndexMigration``.
    ///
    /// ```swift
    /// try await database.migrate(SQLiteBookStore.migrations)
    /// ```
    public static let migrations: [Migration] = [
        Migration(
            version: 1,
            sql: """
                CREATE TABLE books (
                    id INTEGER PRIMARY KEY,
                    source TEXT NOT NULL,
                    source_id TEXT NOT NULL,
                    title TEXT NOT NULL,
                    series_name TEXT,
                    series_number REAL,
                    authors TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(authors)),
                    year INTEGER,
                    isbn10 TEXT,
                    isbn13 TEXT,
                    language TEXT,
                    average_rating REAL,
                    ratings_count INTEGER,
                    cover_url TEXT,
                    small_cover_url TEXT,
                    tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags)),
                    description TEXT,
                    source_url TEXT,
                    UNIQUE (source, source_id)
                );
                CREATE INDEX books_series ON books (series_name, series_number) WHERE series_name IS NOT NULL;
                CREATE VIRTUAL TABLE books_fts USING fts5(
                    title, authors, tokenize = 'unicode61 remove_diacritics 2'
                );
                CREATE TRIGGER books_fts_insert AFTER INSERT ON books BEGIN
                    INSERT INTO books_fts (rowid, title, authors)
                    VALUES (new.id, new.title, (SELECT group_concat(value, ', ') FROM json_each(new.authors)));
                END;
                CREATE TRIGGER books_fts_update AFTER UPDATE OF title, authors ON books BEGIN
                    DELETE FROM books_fts WHERE rowid = old.id;
                    INSERT INTO books_fts (rowid, title, authors)
                    VALUES (new.id, new.title, (SELECT group_concat(value, ', ') FROM json_each(new.authors)));
                END;
                CREATE TRIGGER books_fts_delete AFTER DELETE ON books BEGIN
                    DELETE FROM books_fts WHERE rowid = old.id;
                END;
                """),
        Migration(
            version: 2,
            sql: """
                CREATE TABLE relations (
                    from_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
                    to_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    score REAL NOT NULL,
                    reason TEXT NOT NULL,
                    PRIMARY KEY (from_id, to_id, kind)
                ) WITHOUT ROWID;
                CREATE INDEX relations_by_kind ON relations (from_id, kind, score);
                CREATE INDEX relations_to ON relations (to_id);
                """),
        Migration(
            version: 3,
            sql: """
                CREATE TABLE readings (
                    reader TEXT NOT NULL,
                    book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
                    rating INTEGER CHECK (rating BETWEEN 1 AND 5),
                    wants_to_read INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (reader, book_id)
                ) WITHOUT ROWID;
                CREATE INDEX readings_book ON readings (book_id);
                CREATE TABLE listed_links (
                    from_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
                    to_url TEXT NOT NULL,
                    PRIMARY KEY (from_id, to_url)
                ) WITHOUT ROWID;
                CREATE TABLE import_checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
                CREATE TABLE catalog_state (id INTEGER PRIMARY KEY CHECK (id = 1), generation INTEGER NOT NULL);
                INSERT INTO catalog_state (id, generation) VALUES (1, 0);
                CREATE VIRTUAL TABLE books_fts_vocabulary USING fts5vocab(books_fts, 'row');
                """),
        Migration(
            version: 4,
            sql: searchIndex(
                tokenizer: "unicode61 remove_diacritics 2", layout: IndexLayout(indexing: { @Sendable in $0 }))
        ),
        Migration(version: 5, sql: searchIndex(tokenizer: "ascii", layout: IndexLayout(indexing: swiftWords))),
        Migration(
            version: 6,
            sql: """
                ALTER TABLE books ADD COLUMN series TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(series));
                UPDATE books SET series = json_array(json_object('name', series_name, 'number', series_number))
                WHERE series_name IS NOT NULL;
                """),
        identityMigration,
        Migration(version: 8, sql: searchIndex(tokenizer: "ascii", layout: IndexLayout(indexing: swiftWords))),
        Migration(
            version: 9,
            sql: searchIndex(tokenizer: "ascii", layout: IndexLayout(withSeries: true, indexing: swiftWords))
        ),
        Migration(
            version: 10,
            sql: """
                ALTER TABLE books ADD COLUMN alternate_titles TEXT NOT NULL DEFAULT '[]'
                    CHECK (json_valid(alternate_titles));
                """),
        Migration(
            version: 11,
            sql: searchIndex(
                tokenizer: "ascii", layout: IndexLayout(withSeries: true, withAlternates: true, indexing: swiftWords))),
        Migration(
            version: 12,
            sql: """
                ALTER TABLE books ADD COLUMN text_readings TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(text_readings));
                """),
        // Kana as hiragana, Han as simplified, Hangul by its letters, and the readings.
        Migration(version: 13, sql: searchIndex(tokenizer: "ascii", layout: currentIndexLayout)),
        deferredIndexMigration,
        relationIndexMigration,
    ]

    /// A text through ``indexWordsFunction``, in SQL.
    @Sendable private static func swiftWords(_ text: String) -> String { "\(indexWordsFunction)(\(text))" }

    /// The SQL function the search index is built with: ``SearchText/indexWords(in:)`` of its
    /// argument, space-separated — or, when the argument ends with ``readingsSeparator`` and the
    /// book's `text_readings`, ``SearchText/indexWords(in:readings:)`` of the text before it. ``SQLiteBookStore/init(database:)`` defines it on the database's
    /// connection; a connection without it (the `sqlite3` shell) can read the catalog but not
    /// change its books.
    static let indexWordsFunction = "scout_index_words"

    /// What stands between a field's text and its book's readings in the index function's one
    /// argument: U+001F, which the JSON of the readings always escapes, so the last one is it.
    static let readingsSeparator: Character = "\u{1F}"

    /// ``indexWordsFunction``'s words for its argument.
    static func indexWords(of argument: String) -> String {
        guard let separator = argument.lastIndex(of: readingsSeparator) else {
            return SearchText.indexWords(in: argument).joined(separator: " ")
        }
        let readings = readings(String(argument[argument.index(after: separator)...]))
        return SearchText.indexWords(in: String(argument[..<separator]), readings: readings).joined(separator: " ")
    }

    /// What the search index holds of each book since version 13, and the columns whose change
    /// rewrites a book's index row: the one layout ``deferredIndexMigration`` and
    /// ``rebuildSearchIndex(in:)`` share with the last ``searchIndex(layout:)`` migration.
    static let currentIndexLayout = IndexLayout(
        withSeries: true, withAlternates: true, withReadings: true, indexing: { "\(indexWordsFunction)(\($0))" })

    /// The `CREATE` of `books_fts` since version 5: `tokenizer` splits what ``IndexLayout`` gives.
    static func searchIndexTable(tokenizer: String = "ascii") -> String {
        "CREATE VIRTUAL TABLE books_fts USING fts5(title, authors, tokenize = '\(tokenizer)', prefix = '1 2 3 4 5 6')"
    }

    /// How one migration's search index reads a book row: which texts join the title and the
    /// authors, and the SQL function they pass through (none: FTS5's own tokenizer).
    struct IndexLayout: Sendable {
        var withSeries = false
        var withAlternates = false
        var withReadings = false
        var indexing: @Sendable (String) -> String

        /// The index row of the book row `row` (`new`, `old` or `books`): ``rankKey(_:)``, then
        /// `indexing` of its title (followed by its alternate titles and series names) and of its
        /// authors joined by ", ".
        func values(of row: String) -> String {
            let authors = "(SELECT group_concat(value, ', ') FROM json_each(\(row).authors))"
            // ", " between the title and each series name: no word is joined across it.
            let series =
                "(SELECT ', ' || group_concat(json_extract(value, '$.name'), ', ') FROM json_each(\(row).series))"
            let alternates = "(SELECT ', ' || group_concat(value, ', ') FROM json_each(\(row).alternate_titles))"
            var title = "\(row).title"
            if withAlternates { title += " || coalesce(\(alternates), '')" }
            if withSeries { title += " || coalesce(\(series), '')" }
            var names = authors
            if withReadings {
                title = "\(title) || char(31) || \(row).text_readings"
                names = "coalesce(\(authors), '') || char(31) || \(row).text_readings"
            }
            return "\(rankKey(row)), \(indexing(title)), \(indexing(names))"
        }

        /// The `books` columns an index row is made of (besides `title` and `authors`).
        var updatedColumns: String {
            "title, authors, ratings_count" + (withSeries ? ", series" : "")
                + (withAlternates ? ", alternate_titles" : "")
                + (withReadings ? ", text_readings" : "")
        }

        /// The triggers that keep `books_fts` in step with `books`, each firing only `when`
        /// (always for `nil`).
        func triggers(when condition: String? = nil) -> String {
            let when = condition.map { " WHEN \($0)" } ?? ""
            return """
                CREATE TRIGGER books_fts_insert AFTER INSERT ON books\(when) BEGIN
                    INSERT INTO books_fts (rowid, title, authors) VALUES (\(values(of: "new")));
                END;
                CREATE TRIGGER books_fts_update AFTER UPDATE OF \(updatedColumns) ON books\(when) BEGIN
                    DELETE FROM books_fts WHERE rowid = \(rankKey("old"));
                    INSERT INTO books_fts (rowid, title, authors) VALUES (\(values(of: "new")));
                END;
                CREATE TRIGGER books_fts_delete AFTER DELETE ON books\(when) BEGIN
                    DELETE FROM books_fts WHERE rowid = \(rankKey("old"));
                END;
                """
        }
    }

    /// Drops `books_fts`, its vocabulary and its triggers, and builds them again from `books`
    /// as `layout` says, split by `tokenizer`.
    private static func searchIndex(tokenizer: String, layout: IndexLayout) -> String {
        """
        DROP TRIGGER books_fts_insert;
        DROP TRIGGER books_fts_update;
        DROP TRIGGER books_fts_delete;
        DROP TABLE books_fts_vocabulary;
        DROP TABLE books_fts;
        \(searchIndexTable(tokenizer: tokenizer));
        INSERT INTO books_fts (rowid, title, authors) SELECT \(layout.values(of: "books")) FROM books;
        CREATE VIRTUAL TABLE books_fts_vocabulary USING fts5vocab(books_fts, 'row');
        \(layout.triggers())
        """
    }

    /// The search index's row key of the book row `row` (`new`, `old` or `books`): its ratings
    /// count, most first, in the high 30 bits and its id in the low 32. FTS5 walks matches in
    /// key order and stops at `LIMIT`, so "most read first" needs no sort of every match — what
    /// keeps a one-letter prefix fast in a catalog of millions.
    static func rankKey(_ row: String) -> String {
        "((1073741823 - min(max(coalesce(\(row).ratings_count, 0), 0), 1073741823)) << 32) | \(row).id"
    }

    /// The book id in a search index row key.
    static let idMask: Int64 = 0xFFFF_FFFF
}
