import Foundation
import Postgres

extension PostgresBookStore {
    /// Replaces the tags of the named books, counting entries for books that are not stored as
    /// unmatched and books whose tags changed as touched. A book named twice gets its last tags,
    /// as if the entries ran one by one.
    static func write(tags: [BookTags], in tx: borrowing PostgresTransaction, into result: inout UpsertResult) throws {
        let sql = """
            WITH matched AS (
                SELECT books.id, input.tags::jsonb AS tags
                FROM unnest($1::text[], $2::text[], $3::text[]) AS input (source, source_id, tags)
                JOIN books ON books.source = input.source AND books.source_id = input.source_id
            ), changed AS (
                UPDATE books SET tags = matched.tags FROM matched
                WHERE books.id = matched.id AND books.tags <> matched.tags RETURNING books.id
            )
            SELECT (SELECT count(*) FROM matched), (SELECT string_agg(id::text, ',') FROM changed)
            """
        for round in tags.occurrenceRounds(by: \.book) {
            let parameters = keyArrays(round.map(\.book)) + [.textArray(round.map { json($0.tags) })]
            try count(sql, parameters, of: round.count, in: tx, into: &result)
        }
    }

    /// Merges `readings`: a new rating replaces the old one, `wants_to_read` once set stays set.
    /// Counts readings of books that are not stored as unmatched; the others' books are touched.
    static func write(readings: [Reading], in tx: borrowing PostgresTransaction, into result: inout UpsertResult)
        throws
    {
        let sql = """
            WITH merged AS (
                INSERT INTO readings (reader, book_id, rating, wants_to_read)
                SELECT input.reader, books.id, input.rating, input.wants_to_read
                FROM unnest($1::text[], $2::text[], $3::text[], $4::int8[], $5::bool[])
                    AS input (source, source_id, reader, rating, wants_to_read)
                JOIN books ON books.source = input.source AND books.source_id = input.source_id
                ON CONFLICT (reader, book_id) DO UPDATE SET
                    rating = coalesce(excluded.rating, readings.rating),
                    wants_to_read = excluded.wants_to_read OR readings.wants_to_read
                RETURNING book_id
            )
            SELECT count(*), string_agg(DISTINCT book_id::text, ',') FROM merged
            """
        for round in readings.occurrenceRounds(by: { [$0.reader, $0.book.source, $0.book.sourceID] }) {
            let parameters =
                keyArrays(round.map(\.book)) + [
                    .textArray(round.map(\.reader)), .integerArray(round.map { $0.rating.map(Int64.init) }),
                    .boolArray(round.map(\.wantsToRead)),
                ]
            try count(sql, parameters, of: round.count, in: tx, into: &result)
        }
    }

    /// Stores `links` (each once), counting links from books that are not stored as unmatched and
    /// books that got a new link as touched.
    static func write(links: [ListedLink], in tx: borrowing PostgresTransaction, into result: inout UpsertResult)
        throws
    {
        guard !links.isEmpty else { return }
        let sql = """
            WITH matched AS (
                SELECT books.id, input.to_url
                FROM unnest($1::text[], $2::text[], $3::text[]) AS input (source, source_id, to_url)
                JOIN books ON books.source = input.source AND books.source_id = input.source_id
            ), stored AS (
                INSERT INTO listed_links (from_id, to_url) SELECT id, to_url FROM matched
                ON CONFLICT DO NOTHING RETURNING from_id
            )
            SELECT (SELECT count(*) FROM matched), (SELECT string_agg(DISTINCT from_id::text, ',') FROM stored)
            """
        let parameters = keyArrays(links.map(\.from)) + [.textArray(links.map(\.to.absoluteString))]
        try count(sql, parameters, of: links.count, in: tx, into: &result)
    }

    /// Runs `sql`, which answers one row: how many of `entries` matched a stored book, and the
    /// comma-separated ids of the books it changed; adds the rest to `unmatched` and the ids to
    /// `touched`.
    private static func count(
        _ sql: String, _ parameters: [PostgresValue], of entries: Int, in tx: borrowing PostgresTransaction,
        into result: inout UpsertResult
    ) throws {
        let rows = try tx.query(sql, parameters) { row in (try row.int(0), try row.optionalString(1) ?? "") }
        guard let (matched, ids) = rows.first else { return }
        result.unmatched += entries - matched
        result.touched.formUnion(ids.split(separator: ",").compactMap { Int64($0) })
    }

    /// Saves `checkpoint`, or removes it when its position is `nil`.
    static func save(_ checkpoint: ImportCheckpoint, in tx: borrowing PostgresTransaction) throws {
        if let position = checkpoint.position {
            try tx.execute(
                """
                INSERT INTO import_checkpoints (name, position) VALUES ($1, $2)
                ON CONFLICT (name) DO UPDATE SET position = excluded.position
                """, [.text(checkpoint.name), .integer(Int64(position))])
        } else {
            try tx.execute("DELETE FROM import_checkpoints WHERE name = $1", [.text(checkpoint.name)])
        }
    }

    /// The sources and source ids of `keys`, as two array parameters.
    private static func keyArrays(_ keys: [BookKey]) -> [PostgresValue] {
        [.textArray(keys.map(\.source)), .textArray(keys.map(\.sourceID))]
    }
}
