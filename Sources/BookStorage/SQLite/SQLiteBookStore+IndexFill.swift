import Dispatch
import SQLite
import Synchronization

/// The rows of `books_fts` built from every book (``SQLiteBookStore/rebuildSearchIndex(in:)``),
/// with the words folded on a second core while SQLite writes.
///
/// Measured at 200,000 generated books (`scout-bench import-scale`, perf): the rebuild was 8.0 s
/// of the import's 20.7 s of CPU, and it runs alone at the end, after the reading core has
/// finished: of it, SQLite's FTS5 work about 4 s and ``SQLiteBookStore/indexWordsFunction``
/// (the Swift word folding SQLite called row by row on the writing thread) about 3–3.5 s. So the
/// statement that reads the books gives the folding's arguments — the very texts the SQL
/// function got, from the same expressions (``SQLiteBookStore/IndexLayout``) — and a worker
/// folds a chunk of them with ``SQLiteBookStore/indexWords(of:)``, the function's own body,
/// while the writer inserts the chunk before it. The rows are the same, in the same key order.
extension SQLiteBookStore {
    /// Index rows a chunk: two chunks in hand at most (one folding, one being inserted), a few
    /// MB whatever the catalog's size.
    static let indexFillChunk = 2_000

    /// Fills the empty `books_fts` from every book, in key order, in `tx`.
    static func fillSearchIndex(in tx: borrowing Transaction) throws {
        let arguments = IndexLayout(
            withSeries: currentIndexLayout.withSeries, withAlternates: currentIndexLayout.withAlternates,
            withReadings: currentIndexLayout.withReadings, indexing: { $0 })
        let insert = "INSERT INTO books_fts (rowid, title, authors) VALUES (?, ?, ?)"
        var chunk: [IndexArguments] = []
        chunk.reserveCapacity(indexFillChunk)
        var folding: IndexFolding?
        try tx.forEachRow("SELECT \(arguments.values(of: "books")) FROM books ORDER BY 1") { row in
            chunk.append(IndexArguments(key: try row.int64(0), title: try row.value(1), names: try row.value(2)))
            guard chunk.count == indexFillChunk else { return }
            let next = IndexFolding(chunk)
            chunk.removeAll(keepingCapacity: true)
            if let folding { try insertRows(folding.rows(), insert, in: tx) }
            folding = next
        }
        if let folding { try insertRows(folding.rows(), insert, in: tx) }
        try insertRows(chunk.map(\.folded), insert, in: tx)
    }

    private static func insertRows(_ rows: [[SQLiteValue]], _ insert: String, in tx: borrowing Transaction) throws {
        for row in rows { try tx.execute(insert, row) }
    }
}

/// One book's index row before folding: its key and the two texts the SQL function got.
private struct IndexArguments: Sendable {
    let key: Int64
    let title: SQLiteValue
    let names: SQLiteValue

    /// The row `books_fts` gets: as the SQL function answered, `NULL` for `NULL`.
    var folded: [SQLiteValue] { [.integer(key), Self.fold(title), Self.fold(names)] }

    private static func fold(_ value: SQLiteValue) -> SQLiteValue {
        // Both texts are `||` expressions, so text or NULL; NULL stays NULL, as in SQL.
        guard let text = value.stringValue else { return value }
        return .text(SQLiteBookStore.indexWords(of: text))
    }
}

/// A chunk's folding, started on a worker thread at once; ``rows()`` waits for it.
private final class IndexFolding: Sendable {
    private let result = Mutex<[[SQLiteValue]]>([])
    private let done = DispatchSemaphore(value: 0)

    init(_ chunk: [IndexArguments]) {
        DispatchQueue.global().async { [self] in
            let rows = chunk.map(\.folded)
            result.withLock { $0 = rows }
            done.signal()
        }
    }

    /// The chunk's rows, once folded.
    func rows() -> [[SQLiteValue]] {
        done.wait()
        return result.withLock { $0 }
    }
}
