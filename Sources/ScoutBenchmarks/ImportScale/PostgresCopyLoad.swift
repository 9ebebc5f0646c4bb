import BookCatalog
import Foundation
import Postgres

/// PostgreSQL's own bulk loader on import-scale's JSON lines: `psql`'s `\copy` streams the file
/// whole into a scratch table and one transaction fills Scout's own schema from it on the same
/// throwaway server — `books` with its `search` entries (the title, alternate titles and series
/// names weighted A, the authors B, as Scout weighs them, but split by the server's `simple`
/// parser: Scout folds the words in Swift), every index Scout keeps on it, `book_keys`, and
/// `search_terms` kept by Scout's own triggers.
enum PostgresCopyLoad {
    static let name = "psql \\copy"

    /// Makes the database `name` on `kind`'s server with Scout's schema (opening it as Scout does,
    /// untimed), then times `psql` loading `files`' JSON lines into it.
    static func measure(
        kind: BenchStore, name database: String, files: ScaleCatalogFiles, count: Int,
        in directory: URL, clock: ContinuousClock
    ) async throws -> BulkLoaderReference {
        _ = try await kind.open(in: directory, name: database)
        let url = kind.location(in: directory, name: database)
        let script = directory.appending(path: "psql-load.sql")
        try Data(self.script(jsonLines: files.jsonLines.path, probe: files.probe.title).utf8).write(to: script)
        return try BulkLoaderReference.measure(
            name: name, store: "PostgreSQL", loader: "psql",
            arguments: ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-f", script.path], clock: clock,
            check: { BulkLoaderReference.countsProblem($0, count: count) })
    }

    /// `psql`'s script: copy, fill, then print the books stored and the probe's full-text matches.
    static func script(jsonLines: String, probe: String) -> String {
        let texts = { (key: String) in
            "(SELECT string_agg(value, ' ') FROM jsonb_array_elements_text(line -> '\(key)'))"
        }
        let seriesNames = "(SELECT string_agg(value ->> 'name', ' ') FROM jsonb_array_elements(line -> 'series'))"
        let query = BulkLoaderReference.words(of: probe).joined(separator: " ")
        // Whole lines as one CSV field: no byte of JSON text is a quote or delimiter of \x01, \x02.
        return """
            CREATE TEMPORARY TABLE lines (line jsonb);
            \\copy lines FROM \(BulkLoaderReference.literal(jsonLines)) WITH (FORMAT csv, QUOTE E'\\x01', DELIMITER E'\\x02')
            BEGIN;
            INSERT INTO books (source, source_id, title, series_name, series_number, series, alternate_titles,
                authors, year, isbn10, isbn13, language, average_rating, ratings_count, cover_url,
                small_cover_url, tags, description, source_url, search)
            SELECT line ->> 'source', line ->> 'sourceID', line ->> 'title', line -> 'series' -> 0 ->> 'name',
                (line -> 'series' -> 0 ->> 'number')::double precision, coalesce(line -> 'series', '[]'),
                coalesce(line -> 'alternateTitles', '[]'), coalesce(line -> 'authors', '[]'), (line ->> 'year')::bigint,
                line ->> 'isbn10', line ->> 'isbn13', line ->> 'language', (line ->> 'averageRating')::double precision,
                (line ->> 'ratingsCount')::bigint, line ->> 'coverURL', line ->> 'smallCoverURL',
                coalesce(line -> 'tags', '[]'), line ->> 'description', line ->> 'sourceURL',
                setweight(to_tsvector('simple', concat_ws(' ', line ->> 'title', \(texts("alternateTitles")),
                    \(seriesNames))), 'A') || setweight(to_tsvector('simple', coalesce(\(texts("authors")), '')), 'B')
            FROM lines;
            INSERT INTO book_keys (source, source_id, book_id) SELECT source, source_id, id FROM books;
            UPDATE catalog_state SET generation = generation + 1;
            COMMIT;
            SELECT count(*) FROM books;
            SELECT count(*) FROM books WHERE search @@ plainto_tsquery('simple', \(BulkLoaderReference.literal(query)));

            """
    }
}
