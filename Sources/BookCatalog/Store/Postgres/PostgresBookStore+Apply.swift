import Postgres

extension PostgresBookStore {
    /// Writes `batch` in one transaction (see ``BookStore/apply(_:)``): books matched on
    /// (``Book/source``, ``Book/sourceID``), then tags, readings, links and the checkpoint, each
    /// part in a few set-based statements however large the batch. NUL is removed from every
    /// string first (PostgreSQL `text` cannot hold it). Throws ``Postgres/PostgresError``; nothing
    /// of the batch is written then. Once enough has been written, the tables are vacuumed and
    /// analyzed afterwards (see ``MaintenanceSchedule``).
    ///
    /// ```swift
    /// let result = try await store.apply(ImportBatch(books: books))
    /// ```
    public func apply(_ batch: ImportBatch) async throws -> UpsertResult {
        guard !batch.isEmpty else { return UpsertResult() }
        let batch = batch.withoutNUL
        let result = try await database.transaction { tx in
            try Self.lockCatalog(tx)
            var result = try Self.upsert(batch.books, in: tx)
            try Self.write(tags: batch.tags, in: tx, into: &result)
            try Self.write(readings: batch.readings, in: tx, into: &result)
            try Self.write(links: batch.links, in: tx, into: &result)
            if let checkpoint = batch.checkpoint { try Self.save(checkpoint, in: tx) }
            if result.inserted + result.updated > 0 || !batch.tags.isEmpty {
                try tx.execute("UPDATE catalog_state SET generation = generation + 1")
            }
            return result
        }
        // Tag changes rewrite book rows too; readings count as sent (merged or not).
        await maintain(after: [
            "books": result.inserted + result.updated + batch.tags.count, "readings": batch.readings.count,
        ])
        return result
    }

    /// Inserts or updates `books` (``Book/id`` of the input is ignored) and says which were new,
    /// changed or unchanged; a book counts as unchanged when the stored one reads back equal. A
    /// book without tags keeps its stored tags.
    private static func upsert(_ books: [Book], in tx: borrowing PostgresTransaction) throws -> UpsertResult {
        var result = UpsertResult(ids: Array(repeating: 0, count: books.count))
        for round in books.indices.occurrenceRounds(by: { BookKey(books[$0]) }) {
            let stored = try storedBooks(round.map { BookKey(books[$0]) }, in: tx)
            var new: [Int] = []
            var changed: [Book] = []
            for index in round {
                var incoming = books[index]
                guard let existing = stored[BookKey(incoming)] else {
                    new.append(index)
                    continue
                }
                incoming.id = existing.id
                if incoming.tags.isEmpty { incoming.tags = existing.tags }
                result.ids[index] = existing.id
                if existing == incoming {
                    result.unchanged += 1
                } else {
                    changed.append(incoming)
                }
            }
            let inserted = try insert(new.map { books[$0] }, in: tx)
            for index in new { result.ids[index] = inserted[BookKey(books[index])] ?? 0 }
            try update(changed, in: tx)
            result.inserted += new.count
            result.updated += changed.count
            result.touched.formUnion(inserted.values)
            result.touched.formUnion(changed.map(\.id))
        }
        return result
    }

    /// The stored books with `keys`, by key.
    private static func storedBooks(_ keys: [BookKey], in tx: borrowing PostgresTransaction) throws -> [BookKey: Book] {
        let sql = """
            SELECT \(selectColumns) FROM books
            JOIN unnest($1::text[], $2::text[]) AS wanted (source, source_id)
                ON books.source = wanted.source AND books.source_id = wanted.source_id
            """
        let books = try tx.query(sql, [.textArray(keys.map(\.source)), .textArray(keys.map(\.sourceID))], book(from:))
        return Dictionary(books.map { (BookKey($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Inserts `books` (keys all new and distinct) in their order, so ids grow as in SQLite; returns
    /// their ids by key.
    private static func insert(_ books: [Book], in tx: borrowing PostgresTransaction) throws -> [BookKey: Int64] {
        guard !books.isEmpty else { return [:] }
        let sql = """
            INSERT INTO books (\(columns.map(\.name).joined(separator: ", ")))
            SELECT \(columns.map { "input.\($0.name)::\($0.type)" }.joined(separator: ", "))
            FROM \(unnest()) ORDER BY input.position
            RETURNING id, source, source_id
            """
        let rows = try tx.query(sql, columns.map { $0.values(books) }) { row in
            (BookKey(source: try row.string(1), sourceID: try row.string(2)), try row.int64(0))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// Rewrites every column of the stored `books` (ids set, distinct).
    private static func update(_ books: [Book], in tx: borrowing PostgresTransaction) throws {
        guard !books.isEmpty else { return }
        let sql = """
            UPDATE books SET \(columns.map { "\($0.name) = input.\($0.name)::\($0.type)" }.joined(separator: ", "))
            FROM \(unnest([("id", "int8[]")])) WHERE books.id = input.id
            """
        try tx.execute(sql, [.integerArray(books.map(\.id))] + columns.map { $0.values(books) })
    }
}
