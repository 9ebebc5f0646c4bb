import Dispatch
import SQLite
import Synchronization

/// The rows of `books_fts` built from every book (``SQLiteBookStore/rebuildSearchIndex(in:)``),
/// their texts made and their words folded on a second core while SQLite writes.
///
/// Measured at 200,000 generated books (`scout-bench import-scale`, perf): the rebuild was 8.0 s
/// of the import's 20.7 s of CPU, and it runs alone at the end, after the reading core has
/// finished: of it, SQLite's FTS5 work about 4 s and ``SQLiteBookStore/indexWordsFunction``
/// (the Swift word folding SQLite called row by row on the writing thread) about 3–3.5 s. So the
/// statement that reads the books gives their stored columns, a worker makes a chunk of them
/// into the very texts the SQL function got (``IndexSource/texts(as:)``, or SQLite's own
/// expressions for a book it cannot be sure of) and folds them with
/// ``SQLiteBookStore/indexWords(of:)``, the function's own body, while the writer inserts the
/// chunk before it. The rows are the same, in the same key order.
extension SQLiteBookStore {
    /// Index rows a chunk: two chunks in hand at most (one folding, one being inserted), a few
    /// MB whatever the catalog's size.
    static let indexFillChunk = 2_000

    /// Fills the empty `books_fts` from every book, in key order, in `tx`.
    static func fillSearchIndex(in tx: borrowing Transaction) throws {
        let layout = currentIndexLayout
        var chunk: [IndexSource] = []
        chunk.reserveCapacity(indexFillChunk)
        var folding: IndexFolding?
        try tx.forEachRow("SELECT \(layout.sourceColumns) FROM books ORDER BY 1") { row in
            chunk.append(try IndexSource(row))
            guard chunk.count == indexFillChunk else { return }
            let next = IndexFolding(chunk, layout: layout)
            chunk.removeAll(keepingCapacity: true)
            if let folding { try insert(folding.rows(), in: tx) }
            folding = next
        }
        if let folding { try insert(folding.rows(), in: tx) }
        try insert(chunk.map { IndexRow($0, layout: layout) }, in: tx)
    }

    private static func insert(_ rows: [IndexRow], in tx: borrowing Transaction) throws {
        for row in rows {
            let values: [SQLiteValue]
            switch row {
            case .folded(let folded): values = folded
            case .fromSQLite(let id): values = try sqliteTexts(ofBook: id, in: tx)
            }
            try tx.execute("INSERT INTO books_fts (rowid, title, authors) VALUES (?, ?, ?)", values)
        }
    }

    /// The index row of the book `id` from SQLite's own expressions, the triggers' definition,
    /// folded here: for a book whose lists ``IndexSource`` leaves to SQLite.
    private static func sqliteTexts(ofBook id: Int64, in tx: borrowing Transaction) throws -> [SQLiteValue] {
        let unfolded = IndexLayout(
            withSeries: currentIndexLayout.withSeries, withAlternates: currentIndexLayout.withAlternates,
            withReadings: currentIndexLayout.withReadings, indexing: { $0 })
        let rows = try tx.query("SELECT \(unfolded.values(of: "books")) FROM books WHERE id = ?", [.integer(id)]) {
            row in
            [try row.value(0), IndexRow.fold(try row.optionalString(1)), IndexRow.fold(try row.optionalString(2))]
        }
        // The rebuild's transaction holds the write lock: no book goes while it reads them.
        guard let row = rows.first else {
            throw BookStoreError(
                kind: .other, database: .sqlite,
                description: "Book \(id) went while the search index was rebuilt; nothing was written. Search again.")
        }
        return row
    }
}

/// One book's index row: its key and folded texts, or the book SQLite must make them for.
private enum IndexRow: Sendable {
    case folded([SQLiteValue])
    case fromSQLite(id: Int64)

    init(_ source: IndexSource, layout: SQLiteBookStore.IndexLayout) {
        guard let texts = source.texts(as: layout) else {
            self = .fromSQLite(id: source.id)
            return
        }
        self = .folded([.integer(source.key), Self.fold(texts.title), Self.fold(texts.names)])
    }

    /// A text as the SQL function answers it: its words, `NULL` for `NULL`.
    static func fold(_ text: String?) -> SQLiteValue {
        text.map { .text(SQLiteBookStore.indexWords(of: $0)) } ?? .null
    }
}

/// A chunk's rows, started on a worker thread at once; ``rows()`` waits for it.
private final class IndexFolding: Sendable {
    private let result = Mutex<[IndexRow]>([])
    private let done = DispatchSemaphore(value: 0)

    init(_ chunk: [IndexSource], layout: SQLiteBookStore.IndexLayout) {
        DispatchQueue.global().async { [self] in
            let rows = chunk.map { IndexRow($0, layout: layout) }
            result.withLock { $0 = rows }
            done.signal()
        }
    }

    /// The chunk's rows, once made.
    func rows() -> [IndexRow] {
        done.wait()
        return result.withLock { $0 }
    }
}
