import Foundation
import SQLite

extension SQLiteBookStore {
    /// The store id of the book with `key`, or `nil`.
    private static func id(of key: BookKey, in tx: borrowing Transaction) throws -> Int64? {
        let sql = "SELECT id FROM books WHERE source = ? AND source_id = ?"
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

    /// The saved checkpoint of the import `name`, or `nil`.
    public func checkpoint(named name: String) async throws -> ImportCheckpoint? {
        try await database.query("SELECT position FROM import_checkpoints WHERE name = ?", [.text(name)]) { row in
            ImportCheckpoint(name: name, position: try row.int(0))
        }.first
    }

    /// Every (reader, book) rated at least `minimumRating`, by book.
    public func readerPicks(minimumRating: Int) async throws -> [ReaderPick] {
        try await database.query(
            "SELECT reader, book_id FROM readings WHERE rating >= ? ORDER BY book_id, reader",
            [.integer(Int64(minimumRating))]
        ) { row in ReaderPick(reader: try row.string(0), book: try row.int64(1)) }
    }

    /// Every stored "similar books" link, by book.
    public func outgoingLinks() async throws -> [OutgoingLink] {
        let rows = try await database.query("SELECT from_id, to_url FROM listed_links ORDER BY from_id, to_url") {
            row -> OutgoingLink? in
            guard let url = URL(string: try row.string(1)) else { return nil }
            return OutgoingLink(from: try row.int64(0), to: url)
        }
        return rows.compactMap(\.self)
    }
}
