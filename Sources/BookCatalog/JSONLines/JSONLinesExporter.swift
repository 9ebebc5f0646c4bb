import Foundation

/// Writes a whole ``BookStore`` in Scout's JSON Lines format — a full backup that
/// ``JSONLinesImporter`` restores: one JSON object per line, keys sorted, absent optionals left
/// out. First every book (the ``Book`` shape without ``Book/id``, with its other keys), then
/// every reading, "similar books" link and relation, naming books by key
/// (``JSONLinesBackupLine``).
///
/// Exporting an unchanged store twice gives the same bytes.
///
/// ```swift
/// let count = try await JSONLinesExporter(store: store).export(to: .file(URL(fileURLWithPath: "books.jsonl")))
/// ```
public struct JSONLinesExporter: Sendable {
    /// The store the books come from.
    public let store: any BookStore

    /// Makes an exporter: `JSONLinesExporter(store: store)`.
    public init(store: any BookStore) {
        self.store = store
    }

    /// The whole store as JSON Lines, books in store id order, each line ending in `\n`, and
    /// how many books it holds.
    ///
    /// ```swift
    /// let (data, books) = try await exporter.backup()
    /// ```
    public func backup() async throws -> (data: Data, books: Int) {
        let encoder = JSONLinesRecord.encoder
        let books = try await store.allBooks()
        let contents = try await store.contents()
        var keys: [Int64: BookKey] = [:]
        for book in books { keys[book.id] = BookKey(book) }
        var otherKeys: [Int64: [BookKey]] = [:]
        for stored in contents.keys where stored.key != keys[stored.book] {
            otherKeys[stored.book, default: []].append(stored.key)
        }
        var data = Data()
        func line(_ value: some Encodable) throws {
            data.append(try encoder.encode(value))
            data.append(UInt8(ascii: "\n"))
        }
        for book in books { try line(JSONLinesRecord(book, otherKeys: otherKeys[book.id] ?? [])) }
        for reading in contents.readings {
            guard let book = keys[reading.book] else { continue }
            try line(
                JSONLinesBackupLine(
                    reading: .init(
                        book: book, reader: reading.reader, rating: reading.rating, wantsToRead: reading.wantsToRead)))
        }
        for link in contents.links {
            guard let from = keys[link.from] else { continue }
            try line(JSONLinesBackupLine(link: .init(from: from, to: link.to)))
        }
        for relation in contents.relations {
            guard let from = keys[relation.from], let to = keys[relation.to] else { continue }
            try line(
                JSONLinesBackupLine(
                    relation: .init(
                        kind: relation.kind, from: from, to: to, score: relation.score, reason: relation.reason)))
        }
        return (data, books.count)
    }

    /// The whole store as JSON Lines (see ``backup()``).
    ///
    /// ```swift
    /// let text = String(decoding: try await exporter.data(), as: UTF8.self)
    /// ```
    public func data() async throws -> Data {
        try await backup().data
    }

    /// Writes the whole store to `destination` (see ``ExportDestination`` for how each kind of
    /// file is written) and returns how many books it holds. Throws
    /// ``BookCatalogError/unwritableFile(path:reason:)`` — a full disk too — and the store's
    /// errors.
    ///
    /// ```swift
    /// let count = try await exporter.export(to: .file(URL(fileURLWithPath: "books.jsonl")))
    /// ```
    @discardableResult
    public func export(to destination: ExportDestination) async throws -> Int {
        let (data, books) = try await backup()
        try destination.write(data)
        return books
    }

    /// Writes the whole store to the file at `url`: `export(to: .file(url))`.
    @discardableResult
    public func export(to url: URL) async throws -> Int {
        try await export(to: .file(url))
    }
}
