import BookCatalog
import Foundation
import SQLite

extension SQLiteBookStore {
    /// Writes `batch` in one transaction (see ``BookStore/apply(_:)``): books matched as
    /// ``BookMatcher`` matches them, then tags, readings, links and the checkpoint. A batch of
    /// a large import leaves the full-text index to one rebuild with its last batch (see
    /// `SQLiteBookStore+DeferredIndex.swift`).
    /// Throws ``BookStoreError``; nothing of the batch is written then.
    ///
    /// ```swift
    /// let result = try await store.apply(ImportBatch(books: books))
    /// ```
    public func apply(_ batch: ImportBatch) async throws -> UpsertResult {
        try await storeWork {
            guard !batch.isEmpty else { return UpsertResult() }
            // Read before the readings are added, which drops them: readings never change the
            // titles and authors the keys are made of.
            let matchKeys = batch.matchKeys
            let batch = batch.read(by: readingAnalyzer)
            let result = try await database.transaction { [importMatchKeys = self.importMatchKeys] tx in
                let rebuildsIndex = try Self.beginIndexing(of: batch, in: tx)
                // Taken by every batch, so one of tags or readings (which change no match key)
                // keeps it for the next.
                var table = try importMatchKeys.table(deferring: try Self.isSearchIndexStale(in: tx), in: tx)
                var result = try Self.upsert(batch.books, matchKeys: matchKeys, table: &table, in: tx)
                try Self.write(tags: batch.tags, in: tx, into: &result)
                try Self.write(readings: batch.readings, in: tx, into: &result)
                try Self.write(links: batch.links, in: tx, into: &result)
                try Self.write(aliases: batch.aliases, in: tx, into: &result)
                try Self.write(relations: batch.relations, in: tx, into: &result)
                if let checkpoint = batch.checkpoint { try Self.save(checkpoint, in: tx) }
                if result.inserted + result.updated > 0 || !batch.tags.isEmpty {
                    try tx.execute("UPDATE catalog_state SET generation = generation + 1")
                }
                if rebuildsIndex {
                    try Self.rebuildSearchIndex(in: tx)
                } else if let table {
                    // Last, so the table keeps the connection's total changes as the batch leaves them.
                    try importMatchKeys.keep(table, in: tx)
                }
                return result
            }
            // The next search reads the new generation, so the written books are found at once.
            typoTolerance.catalogChanged()
            return result
        }
    }

    /// Inserts or updates `books` as ``BookMatcher`` matches them to the stored books (``Book/id``
    /// of the input is ignored), then gives each its new keys. `computedKeys` are the books' match
    /// keys when the importer computed them ahead (``BookCatalog/ImportBatch/matchKeys``).
    /// `table`, when the import's match keys are kept in memory (SQLiteBookStore+ImportMatchKeys.swift),
    /// answers the lookups by match key and gets the keys written; nil when it cannot hold them,
    /// once the index is built in its place.
    private static func upsert(
        _ books: [Book], matchKeys computedKeys: [BookMatchKeys]?, table: inout MatchKeyTable?,
        in tx: borrowing Transaction
    ) throws -> UpsertResult {
        guard !books.isEmpty else { return UpsertResult() }
        let insert = """
            INSERT INTO books (\(dataColumns.joined(separator: ", "))) \
            VALUES (\(dataColumns.map { _ in "?" }.joined(separator: ", ")))
            """
        let update = "UPDATE books SET \(dataColumns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"
        // Folded once per book: the candidates are looked up by them, and the matcher matches on them.
        let matchKeys =
            computedKeys.flatMap { $0.count == books.count ? $0 : nil } ?? books.map(BookMatchKeys.init(of:))
        var matcher = BookMatcher(
            stored: try matchCandidates(for: books, matchKeys: matchKeys, table: table, in: tx))
        var (entries, result) = matcher.add(books, matchKeys: matchKeys)
        var ids: [Int64] = []
        ids.reserveCapacity(matcher.entries.count)
        // Nothing below reads the keys, so they are written together after the books.
        var keyRows: [(key: BookKey, id: Int64)] = []
        keyRows.reserveCapacity(matcher.entries.count)
        for entry in matcher.entries {
            var id = entry.id
            if entry.storedBook == nil {
                try tx.execute(insert, parameters(of: entry.book, matchKey: entry.matchKey))
                id = tx.lastInsertRowID
                result.touched.insert(id)
            } else if entry.needsWriting {
                try tx.execute(update, parameters(of: entry.book, matchKey: entry.matchKey) + [.integer(id)])
                result.touched.insert(id)
            }
            keyRows += entry.newKeys.map { ($0, id) }
            ids.append(id)
            if entry.storedBook == nil || entry.needsWriting, let key = entry.matchKey, table?.add(key, id: id) == false
            {
                table = nil
                try tx.execute(matchKeyIndex)
            }
        }
        try Self.insert(keyRows: keyRows, in: tx)
        result.ids = entries.map { ids[$0] }
        return result
    }

    /// The store id of the book known by `key` (any of its keys), or `nil`.
    static func id(of key: BookKey, in tx: borrowing Transaction) throws -> Int64? {
        let sql = "SELECT book_id FROM book_keys WHERE source = ? AND source_id = ?"
        return try tx.query(sql, [.text(key.source), .text(key.sourceID)]) { row in try row.int64(0) }.first
    }

    /// Replaces the tags of the named books, counting books that are not stored as unmatched.
    static func write(tags: [BookTags], in tx: borrowing Transaction, into result: inout UpsertResult) throws {
        for entry in tags {
            guard let id = try id(of: entry.book, in: tx) else {
                result.unmatched += 1
                continue
            }
            try tx.execute(
                "UPDATE books SET tags = ? WHERE id = ? AND tags != ?1", [.text(json(entry.tags)), .integer(id)])
            if tx.changes > 0 { result.touched.insert(id) }
        }
    }

    /// Merges `readings`: a new rating replaces the old one, `wants_to_read` once set stays set.
    static func write(readings: [Reading], in tx: borrowing Transaction, into result: inout UpsertResult) throws {
        let upsert = """
            INSERT INTO readings (reader, book_id, rating, wants_to_read) VALUES (?, ?, ?, ?)
            ON CONFLICT (reader, book_id) DO UPDATE SET
                rating = coalesce(excluded.rating, readings.rating),
                wants_to_read = max(excluded.wants_to_read, readings.wants_to_read)
            """
        var ids: [BookKey: Int64] = [:]
        for reading in readings {
            guard let id = try ids[reading.book] ?? id(of: reading.book, in: tx) else {
                result.unmatched += 1
                continue
            }
            ids[reading.book] = id
            let rating = reading.rating.map { SQLiteValue.integer(Int64($0)) } ?? .null
            try tx.execute(
                upsert, [.text(reading.reader), .integer(id), rating, .integer(reading.wantsToRead ? 1 : 0)])
            result.touched.insert(id)
        }
    }

    /// Stores `links` (each once), counting links from books that are not stored as unmatched.
    static func write(links: [ListedLink], in tx: borrowing Transaction, into result: inout UpsertResult) throws {
        for link in links {
            guard let id = try id(of: link.from, in: tx) else {
                result.unmatched += 1
                continue
            }
            try tx.execute(
                "INSERT OR IGNORE INTO listed_links (from_id, to_url) VALUES (?, ?)",
                [.integer(id), .text(link.to.absoluteString)])
            if tx.changes > 0 { result.touched.insert(id) }
        }
    }
    /// Saves `checkpoint`, or removes it when its position is `nil`.
    static func save(_ checkpoint: ImportCheckpoint, in tx: borrowing Transaction) throws {
        if let position = checkpoint.position {
            try tx.execute(
                "INSERT OR REPLACE INTO import_checkpoints (name, position) VALUES (?, ?)",
                [.text(checkpoint.name), .integer(Int64(position))])
        } else {
            try tx.execute("DELETE FROM import_checkpoints WHERE name = ?", [.text(checkpoint.name)])
        }
    }
}
