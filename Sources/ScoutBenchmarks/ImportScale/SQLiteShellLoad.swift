import BookCatalog
import BookStorage
import Foundation

/// SQLite's own bulk loader on import-scale's JSON lines: the `sqlite3` shell (`make
/// deps-bench` installs it) `.import`s the file whole into a scratch table and fills Scout's
/// own schema from it in one transaction — `books`, `book_keys`, and `books_fts` built once
/// from every book with FTS5's own `unicode61` tokenizer, keyed and prefix-indexed as Scout
/// keys it. The shell cannot call Scout's word folding (``SQLiteBookStore``'s
/// `scout_index_words`, defined on Scout's connection only), so it drops the triggers that call
/// it, as anyone loading Scout's catalog from the shell would have to.
enum SQLiteShellLoad {
    static let name = "sqlite3 .import"

    /// Makes the catalog at `path` with Scout's schema (opening it as Scout does, untimed), then
    /// times the shell loading `files`' JSON lines into it.
    static func measure(path: String, files: ScaleCatalogFiles, count: Int, clock: ContinuousClock) async throws
        -> BulkLoaderReference
    {
        // Scout's store made the schema and is gone before the shell opens the file.
        _ = try await SQLiteBookStore(path: path)
        let script = files.directory.appending(path: "sqlite3-load.sql")
        try Data(self.script(jsonLines: files.jsonLines.path, probe: files.probe.title).utf8).write(to: script)
        return try BulkLoaderReference.measure(
            name: name, store: "SQLite", loader: "sqlite3", arguments: ["-bail", path, ".read \(script.path)"],
            clock: clock, check: { BulkLoaderReference.countsProblem($0, count: count) })
    }

    /// The shell's script: import, fill, index, then print the books stored and the probe's
    /// full-text matches.
    static func script(jsonLines: String, probe: String) -> String {
        let field = { (key: String) in "json_extract(line, '$.\(key)')" }
        // The index row as Scout's schema builds it: the title, alternate titles and series
        // names in one column, the authors in the other, keyed most-read first (see
        // `SQLiteBookStore.rankKey`), so a search stops at its limit.
        let alternates = "(SELECT ', ' || group_concat(value, ', ') FROM json_each(books.alternate_titles))"
        let series = "(SELECT ', ' || group_concat(json_extract(value, '$.name'), ', ') FROM json_each(books.series))"
        let authors = "(SELECT group_concat(value, ', ') FROM json_each(books.authors))"
        let rankKey = "((1073741823 - min(max(coalesce(ratings_count, 0), 0), 1073741823)) << 32) | id"
        let query = BulkLoaderReference.words(of: probe).map { "\"\($0)\"" }.joined(separator: " ")
        // The shell fails at once on a lock, as it has no busy timeout of its own: it waits
        // instead for Scout's store, which made the schema, to finish closing (in WAL mode the
        // last connection's close checkpoints under a lock), which a loaded machine can delay.
        return """
            .timeout 60000
            CREATE TEMP TABLE lines (line TEXT);
            .mode ascii
            .separator "\\037" "\\n"
            .import \(BulkLoaderReference.literal(jsonLines)) lines
            .mode list
            DROP TRIGGER books_fts_insert;
            DROP TRIGGER books_fts_update;
            DROP TRIGGER books_fts_delete;
            BEGIN;
            INSERT INTO books (source, source_id, title, series_name, series_number, series, alternate_titles,
                authors, year, isbn10, isbn13, language, average_rating, ratings_count, cover_url,
                small_cover_url, tags, description, source_url)
            SELECT \(field("source")), \(field("sourceID")), \(field("title")), \(field("series[0].name")),
                \(field("series[0].number")), coalesce(\(field("series")), '[]'),
                coalesce(\(field("alternateTitles")), '[]'), coalesce(\(field("authors")), '[]'), \(field("year")),
                \(field("isbn10")), \(field("isbn13")), \(field("language")), \(field("averageRating")),
                \(field("ratingsCount")), \(field("coverURL")), \(field("smallCoverURL")),
                coalesce(\(field("tags")), '[]'), \(field("description")), \(field("sourceURL"))
            FROM lines;
            INSERT INTO book_keys (source, source_id, book_id) SELECT source, source_id, id FROM books;
            DROP TABLE books_fts_vocabulary;
            DROP TABLE books_fts;
            CREATE VIRTUAL TABLE books_fts USING fts5(title, authors, tokenize = 'unicode61 remove_diacritics 2',
                prefix = '1 2 3 4 5 6');
            INSERT INTO books_fts (rowid, title, authors)
            SELECT \(rankKey), title || coalesce(\(alternates), '') || coalesce(\(series), ''), \(authors)
            FROM books ORDER BY 1;
            CREATE VIRTUAL TABLE books_fts_vocabulary USING fts5vocab(books_fts, 'row');
            UPDATE catalog_state SET generation = generation + 1;
            COMMIT;
            SELECT count(*) FROM books;
            SELECT count(*) FROM books_fts WHERE books_fts MATCH \(BulkLoaderReference.literal(query));

            """
    }
}
