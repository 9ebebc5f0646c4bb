import Foundation

/// Writes a whole ``BookStore`` in Scout's JSON Lines format — a full backup that
/// ``JSONLinesImporter`` restores: one JSON object per line, keys sorted, absent optionals left
/// out. First every book (the ``Book`` shape without ``Book/id``, with its other keys), then
/// every reading, "similar books" link and relation, naming books by key
/// (``JSONLinesBackupLine``).
///
/// A store that pages (``BackupPaging``, both stores) is read a thousand books at a time, all
/// from one snapshot of its catalog, and its lines go out as they are made, so an export holds a
/// page of rows, a megabyte of lines and every book's key (``BookKeyTable``) — never the catalog
/// nor the file — and is the catalog as it stood when it began. Exporting an unchanged store
/// twice gives the same bytes.
///
/// ```swift
/// let count = try await JSONLinesExporter(store: store).export(to: .file(URL(fileURLWithPath: "books.jsonl")))
/// ```
public struct JSONLinesExporter: Sendable {
    /// The store the books come from.
    public let store: any BookStore
    /// How many books a page of a ``BackupPaging`` store holds; the readings, links and
    /// relations of that many books are read at once too.
    let booksPerPage: Int
    /// Times the progress reports.
    let clock: any Clock<Duration>
    /// Hears the books, readings, links and relations written, a phase each (as an import's
    /// files are), after every page.
    let progress: ImportProgressHandler?

    /// Makes an exporter: `JSONLinesExporter(store: store)`, or with a progress handler
    /// (`JSONLinesExporter(store: store, progress: bar.show)`).
    public init(
        store: any BookStore, clock: any Clock<Duration> = ContinuousClock(), progress: ImportProgressHandler? = nil
    ) {
        self.init(store: store, booksPerPage: 1_000, clock: clock, progress: progress)
    }

    /// Makes an exporter reading `booksPerPage` books at a time (at least one): what tests use
    /// to cross many pages with few books.
    init(
        store: any BookStore, booksPerPage: Int, clock: any Clock<Duration> = ContinuousClock(),
        progress: ImportProgressHandler? = nil
    ) {
        self.store = store
        self.booksPerPage = max(booksPerPage, 1)
        self.clock = clock
        self.progress = progress
    }

    /// The whole store as JSON Lines, books in store id order, each line ending in `\n`, and
    /// how many books it holds. Held whole: for a catalog of any size, ``export(to:)``.
    ///
    /// ```swift
    /// let (data, books) = try await exporter.backup()
    /// ```
    public func backup() async throws -> (data: Data, books: Int) {
        var lines = BackupLines(writer: nil)
        let books = try await write(to: &lines)
        return (Data(lines.pending), books)
    }

    /// The whole store as JSON Lines (see ``backup()``).
    ///
    /// ```swift
    /// let text = String(decoding: try await exporter.data(), as: UTF8.self)
    /// ```
    public func data() async throws -> Data {
        try await backup().data
    }

    /// Writes the whole store to `destination` as it is read (see ``ExportDestination`` for
    /// how each kind of file is written) and returns how many books it holds. Throws
    /// ``BookCatalogError/unwritableFile(path:reason:)`` — a full disk too — and the store's
    /// errors; a regular file is then left as it was.
    ///
    /// ```swift
    /// let count = try await exporter.export(to: .file(URL(fileURLWithPath: "books.jsonl")))
    /// ```
    @discardableResult
    public func export(to destination: ExportDestination) async throws -> Int {
        let writer = try destination.open()
        var lines = BackupLines(writer: writer)
        let books = try await write(to: &lines)
        try lines.flush()
        try writer.finish()
        return books
    }

    /// Writes the whole store to the file at `url`: `export(to: .file(url))`.
    @discardableResult
    public func export(to url: URL) async throws -> Int {
        try await export(to: .file(url))
    }

    /// Writes every line of the backup to `lines`, from one snapshot of a store that pages.
    private func write(to lines: inout BackupLines) async throws -> Int {
        if let paging = store as? any BackupPaging {
            return try await paging.readingSnapshot { pages in
                try await write(from: .paging(pages), perPage: booksPerPage, to: &lines)
            }
        }
        let books = try await store.allBooks().sorted { $0.id < $1.id }
        return try await write(
            from: .whole(books: books, contents: try await store.contents()), perPage: .max, to: &lines)
    }

    /// Writes every line of the backup to `lines`: the books a page at a time, keeping each
    /// one's key, then the readings, links and relations of the same pages in turn.
    private func write(from source: BackupSource, perPage: Int, to lines: inout BackupLines) async throws -> Int {
        var progress = ExportProgress(handler: self.progress, clock: clock)
        if progress.isHeard {
            progress.start("books", steps: try await source.count())
        }
        let (keys, pageEnds, written) = try await Self.writeBooks(
            from: source, perPage: perPage, to: &lines, progress: &progress)
        progress.finish()
        for (part, phase) in [
            (CatalogContents.Part.readings, "readings"), (.links, "links"), (.relations, "relations"),
        ] {
            progress.start(phase, steps: pageEnds.count)
            var after = Int64.min
            for last in pageEnds {
                try Task.checkCancellation()
                let contents = try await source.contents(part, ofBooksAfter: after, through: last)
                progress.advance(steps: 1, records: try Self.writeContents(contents, named: keys, to: &lines))
                after = last
            }
            progress.finish()
        }
        return written
    }

    /// Writes every book's line, `perPage` books at a time, and returns each book's key and the
    /// last id of each page: the ranges the other parts are read by.
    private static func writeBooks(
        from source: BackupSource, perPage: Int, to lines: inout BackupLines, progress: inout ExportProgress
    ) async throws -> (keys: BookKeyTable, pageEnds: [Int64], written: Int) {
        var keys = BookKeyTable()
        var pageEnds: [Int64] = []
        var written = 0
        var after = Int64.min
        while true {
            try Task.checkCancellation()
            let page = try await source.books(after: after, limit: perPage)
            // A page that does not move past the last id would be read again forever: the end.
            guard let last = page.last?.id, last > after else { break }
            for book in page { keys.append(id: book.id, key: BookKey(book)) }
            var otherKeys: [Int64: [BookKey]] = [:]
            for stored in try await source.contents(.keys, ofBooksAfter: after, through: last).keys
            where stored.key != keys.key(of: stored.book) {
                otherKeys[stored.book, default: []].append(stored.key)
            }
            for book in page { try lines.append(JSONLinesRecord(book, otherKeys: otherKeys[book.id] ?? [])) }
            written += page.count
            progress.advance(steps: page.count, records: page.count)
            pageEnds.append(last)
            guard page.count >= perPage else { break }
            after = last
        }
        return (keys, pageEnds, written)
    }

    /// The lines of `contents`' readings, links and relations, naming books by their keys in
    /// `keys`; a row naming a book that is not there (removed while the export ran) is left out.
    /// Returns how many lines it wrote.
    private static func writeContents(
        _ contents: CatalogContents, named keys: BookKeyTable, to lines: inout BackupLines
    )
        throws -> Int
    {
        let before = lines.count
        for reading in contents.readings {
            guard let book = keys.key(of: reading.book) else { continue }
            try lines.append {
                BackupLineBytes.append(
                    .init(book: book, reader: reading.reader, rating: reading.rating, wantsToRead: reading.wantsToRead),
                    to: &$0)
            }
        }
        for link in contents.links {
            guard let from = keys.key(of: link.from) else { continue }
            try lines.append { BackupLineBytes.append(.init(from: from, to: link.to), to: &$0) }
        }
        for relation in contents.relations {
            guard let from = keys.key(of: relation.from), let to = keys.key(of: relation.to) else { continue }
            try lines.append {
                try BackupLineBytes.append(
                    .init(kind: relation.kind, from: from, to: to, score: relation.score, reason: relation.reason),
                    to: &$0)
            }
        }
        return lines.count - before
    }
}

/// The lines of a backup as they are made: sent to the writer a megabyte at a time, or held
/// whole when there is none (``JSONLinesExporter/backup()``).
private struct BackupLines {
    /// Where full buffers go; nil keeps every line in `pending`.
    let writer: ExportWriter?
    /// The lines not yet written.
    private(set) var pending: [UInt8] = []
    /// How many lines were added.
    private(set) var count = 0
    private let encoder = JSONLinesRecord.encoder
    /// How much is gathered before a write: few enough calls, little memory.
    private static let bufferSize = 1 << 20

    init(writer: ExportWriter?) {
        self.writer = writer
    }

    /// Adds `value` as one line, encoded by the encoder.
    mutating func append(_ value: some Encodable) throws {
        let line = try encoder.encode(value)
        try append { bytes in
            bytes.append(contentsOf: line)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// Adds the line `write` appends (``BackupLineBytes``).
    mutating func append(_ write: (inout [UInt8]) throws -> Void) throws {
        try write(&pending)
        count += 1
        if writer != nil, pending.count >= Self.bufferSize { try flush() }
    }

    /// Writes what is pending.
    mutating func flush() throws {
        guard let writer, !pending.isEmpty else { return }
        try writer.write(pending)
        pending.removeAll(keepingCapacity: true)
    }
}

/// Where an export reads the store: a page at a time from a snapshot of a store that pages, or
/// from a store that does not, read whole once and answered as one page.
private enum BackupSource {
    case paging(any BackupPages)
    /// The books in id order, and the rest.
    case whole(books: [Book], contents: CatalogContents)

    /// How many books there are.
    func count() async throws -> Int {
        switch self {
        case .paging(let pages): try await pages.count()
        case .whole(let books, _): books.count
        }
    }

    /// Up to `limit` books with ids above `id`, by id ascending.
    func books(after id: Int64, limit: Int) async throws -> [Book] {
        switch self {
        case .paging(let pages): try await pages.books(after: id, limit: limit)
        case .whole(let books, _): Array(books.lazy.filter { $0.id > id }.prefix(limit))
        }
    }

    /// `part` of the contents of the books with ids above `id` and at most `last`.
    func contents(_ part: CatalogContents.Part, ofBooksAfter id: Int64, through last: Int64) async throws
        -> CatalogContents
    {
        switch self {
        case .paging(let pages): try await pages.contents(part, ofBooksAfter: id, through: last)
        case .whole(_, let contents): contents.only(part, ofBooksAfter: id, through: last)
        }
    }
}
