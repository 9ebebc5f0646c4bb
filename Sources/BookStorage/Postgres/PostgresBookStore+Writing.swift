import BookCatalog
import Foundation
import Postgres

extension PostgresBookStore {
    /// Writes `batch` in one transaction (see ``BookStore/apply(_:)``): books matched as
    /// ``BookMatcher`` matches them, then tags, readings, links and the checkpoint, each
    /// part in a few set-based statements however large the batch. NUL is removed from every
    /// string first (PostgreSQL `text` cannot hold it). Throws ``BookStoreError``; nothing
    /// of the batch is written then. A large import's batches leave the word counts to its last
    /// (see ``deferredTermsMigration``), and into an empty catalog the search indexes and the
    /// keys' foreign key too (see ``deferredIndexesMigration``). Once enough has been written,
    /// the tables are vacuumed and analyzed afterwards (see ``MaintenanceSchedule``).
    ///
    /// ```swift
    /// let result = try await store.apply(ImportBatch(books: books))
    /// ```
    public func apply(_ batch: ImportBatch) async throws -> UpsertResult {
        try await storeWork {
            guard !batch.isEmpty else { return UpsertResult() }
            // Read before NUL is removed and the readings are added, which both make a new batch
            // without them (readings never change the titles and authors the keys are made of).
            let matchKeys = batch.matchKeysWithoutNUL
            let batch = batch.withoutNUL.read(by: readingAnalyzer)
            let (result, indexesDeferred) = try await database.transaction { tx in
                try Self.lockCatalog(tx)
                let terms = try Self.beginTermCounting(of: batch, in: tx)
                let indexesDeferred = try Self.beginIndexDeferral(of: batch, patience: self.schemaLockPatience, in: tx)
                if terms.isStale && !terms.recounts { try Self.commitWithoutWaiting(tx) }
                var result = try Self.upsert(batch.books, matchKeys: matchKeys, in: tx)
                try Self.write(tags: batch.tags, in: tx, into: &result)
                try Self.write(readings: batch.readings, in: tx, into: &result)
                try Self.write(links: batch.links, in: tx, into: &result)
                try Self.write(aliases: batch.aliases, in: tx, into: &result)
                try Self.write(relations: batch.relations, in: tx, into: &result)
                if terms.recounts { try Self.recountSearchTerms(in: tx) }
                if indexesDeferred && batch.recordsToFollow == 0 { try Self.rebuildDeferredIndexes(in: tx) }
                if let checkpoint = batch.checkpoint { try Self.save(checkpoint, in: tx) }
                if result.inserted + result.updated > 0 || !batch.tags.isEmpty {
                    try tx.execute("UPDATE catalog_state SET generation = generation + 1")
                }
                return (result, indexesDeferred && batch.recordsToFollow > 0)
            }
            typoTolerance.catalogChanged()
            // Tag changes rewrite book rows too; readings count as sent (merged or not).
            await maintain(
                after: [
                    "books": result.inserted + result.updated + batch.tags.count, "readings": batch.readings.count,
                ], indexesDeferred: indexesDeferred)
            return result
        }
    }

    /// Inserts or updates `books` as ``BookMatcher`` matches them to the stored books (``Book/id``
    /// of the input is ignored) and says which were new, changed or unchanged, then gives each
    /// its new keys: a few set-based statements however large the batch (the new books and the
    /// keys by `COPY`), a book named twice written once with its last value. `computedKeys` are
    /// the books' match keys when the importer computed them ahead (``BookCatalog/ImportBatch/matchKeys``).
    private static func upsert(
        _ books: [Book], matchKeys computedKeys: [BookMatchKeys]?, in tx: borrowing PostgresTransaction
    ) throws -> UpsertResult {
        guard !books.isEmpty else { return UpsertResult() }
        // Folded once per book: the candidates are looked up by them, and the matcher matches on them.
        let matchKeys =
            computedKeys.flatMap { $0.count == books.count ? $0 : nil } ?? books.map(BookMatchKeys.init(of:))
        var matcher = BookMatcher(stored: try matchCandidates(for: books, matchKeys: matchKeys, in: tx))
        var (entries, result) = matcher.add(books, matchKeys: matchKeys)
        // The rows' match keys are the matcher's, computed once as it changed each book.
        let new = matcher.entries.filter { $0.storedBook == nil }
        let newIDs = try copy(newBooks: new.map(\.book), matchKeys: new.map(\.matchKey), in: tx)
        let changed = matcher.entries.filter { $0.storedBook != nil && $0.needsWriting }
        try update(changed.map(\.book), matchKeys: changed.map(\.matchKey), in: tx)
        var nextNewID = newIDs.makeIterator()
        let ids = matcher.entries.map { $0.storedBook == nil ? nextNewID.next() ?? 0 : $0.id }
        try copy(newKeys: zip(ids, matcher.entries).map { ($0, $1.newKeys) }, in: tx)
        result.ids = entries.map { ids[$0] }
        result.touched.formUnion(newIDs)
        result.touched.formUnion(changed.map(\.id))
        return result
    }

    /// Replaces the tags of the named books, counting entries for books that are not stored as
    /// unmatched and books whose tags changed as touched. A book named twice gets its last tags,
    /// as if the entries ran one by one.
    static func write(tags: [BookTags], in tx: borrowing PostgresTransaction, into result: inout UpsertResult) throws {
        let sql = """
            WITH matched AS (
                SELECT known.book_id AS id, input.tags::jsonb AS tags
                FROM unnest($1::text[], $2::text[], $3::text[]) AS input (source, source_id, tags)
                JOIN book_keys AS known ON known.source = input.source AND known.source_id = input.source_id
            ), changed AS (
                UPDATE books SET tags = matched.tags FROM matched
                WHERE books.id = matched.id AND books.tags <> matched.tags RETURNING books.id
            )
            SELECT (SELECT count(*) FROM matched), (SELECT string_agg(id::text, ',') FROM changed)
            """
        let owners = try bookIDs(of: tags.map(\.book), in: tx)
        for round in tags.occurrenceRounds(by: { owners[$0.book].map(String.init) ?? "\($0.book)" }) {
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
                SELECT input.reader, known.book_id, input.rating, input.wants_to_read
                FROM unnest($1::text[], $2::text[], $3::text[], $4::int8[], $5::bool[])
                    AS input (source, source_id, reader, rating, wants_to_read)
                JOIN book_keys AS known ON known.source = input.source AND known.source_id = input.source_id
                ON CONFLICT (reader, book_id) DO UPDATE SET
                    rating = coalesce(excluded.rating, readings.rating),
                    wants_to_read = excluded.wants_to_read OR readings.wants_to_read
                RETURNING book_id
            )
            SELECT count(*), string_agg(DISTINCT book_id::text, ',') FROM merged
            """
        // A round may not write one reading twice, and two keys of one book are one book.
        let owners = try bookIDs(of: readings.map(\.book), in: tx)
        for round in readings.occurrenceRounds(by: { [$0.reader, owners[$0.book].map(String.init) ?? "\($0.book)"] }) {
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
                SELECT known.book_id AS id, input.to_url
                FROM unnest($1::text[], $2::text[], $3::text[]) AS input (source, source_id, to_url)
                JOIN book_keys AS known ON known.source = input.source AND known.source_id = input.source_id
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
    /// `touched`. Its look-up of the entries' keys is planned for the call (``keyLookupPlanning``).
    static func count(
        _ sql: String, _ parameters: [PostgresValue], of entries: Int, in tx: borrowing PostgresTransaction,
        into result: inout UpsertResult
    ) throws {
        let rows = try tx.query(sql, parameters, planning: keyLookupPlanning) { row in
            (try row.int(0), try row.optionalString(1) ?? "")
        }
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

    /// The stored books `keys` name, by key.
    private static func bookIDs(of keys: [BookKey], in tx: borrowing PostgresTransaction) throws -> [BookKey: Int64] {
        guard !keys.isEmpty else { return [:] }
        let sql = """
            SELECT known.source, known.source_id, known.book_id FROM unnest($1::text[], $2::text[]) AS input (source, source_id)
            JOIN book_keys AS known ON known.source = input.source AND known.source_id = input.source_id
            """
        let rows = try tx.query(sql, keyArrays(Array(Set(keys))), planning: keyLookupPlanning) { row in
            (BookKey(source: try row.string(0), sourceID: try row.string(1)), try row.int64(2))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// The sources and source ids of `keys`, as two array parameters.
    static func keyArrays(_ keys: [BookKey]) -> [PostgresValue] {
        [.textArray(keys.map(\.source)), .textArray(keys.map(\.sourceID))]
    }
}
