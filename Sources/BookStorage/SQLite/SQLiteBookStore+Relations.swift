import BookCatalog
import SQLite

extension SQLiteBookStore {
    /// The most related books one ``related(to:kind:limit:)`` call returns.
    ///
    /// ```swift
    /// let all = try await store.related(to: id, limit: SQLiteBookStore.maximumRelatedLimit)
    /// ```
    public static let maximumRelatedLimit = 500

    /// Relations written by one `INSERT` (5 parameters each, 10,000 a statement, below SQLite's
    /// 32,766). Each statement run costs more than its rows, so the more a statement the better,
    /// up to where the SQL text (hashed to find the cached statement) starts to weigh.
    static let relationsPerInsert = 2000

    /// Deletes the relations of `kinds` (those starting at `sources` only, unless `nil`) and
    /// inserts `relations`, in one transaction, so readers see the old set or the new one, never
    /// a mix. Relations of kinds not in `kinds` are not
    /// inserted; a relation repeated (same from, to and kind) keeps its last value. Throws
    /// ``BookStoreError``, for instance for an id that is not a stored book.
    ///
    /// ```swift
    /// try await store.replaceRelations(for: [.sameSeries], from: nil, with: relations)
    /// ```
    public func replaceRelations(
        for kinds: Set<Relation.Kind>, from sources: Set<Int64>?, with relations: [Relation]
    ) async throws {
        try await storeWork {
            // In key order, so the primary key's B-tree grows at its end instead of all over
            // (the rules give them kind by kind, each book's by score); among repeats of one
            // key the order they came in stays, so the last still wins.
            let kept = relations.enumerated().filter { kinds.contains($0.element.kind) }.sorted { lhs, rhs in
                let (left, right) = (lhs.element, rhs.element)
                if left.from != right.from { return left.from < right.from }
                if left.to != right.to { return left.to < right.to }
                if left.kind != right.kind { return left.kind.rawValue < right.kind.rawValue }
                return lhs.offset < rhs.offset
            }.map(\.element)
            let names = kinds.map(\.rawValue).sorted()
            guard !names.isEmpty else { return }
            let kindList = names.map { _ in "?" }.joined(separator: ", ")
            let deleteAll = "DELETE FROM relations WHERE kind IN (\(kindList))"
            let deleteFrom = "DELETE FROM relations WHERE from_id = ? AND kind IN (\(kindList))"
            let insert = "INSERT OR REPLACE INTO relations (from_id, to_id, kind, score, reason) VALUES "
            try await database.transaction { tx in
                if let sources {
                    for source in sources.sorted() {
                        try tx.execute(deleteFrom, [.integer(source)] + names.map(SQLiteValue.text))
                    }
                } else {
                    try tx.execute(deleteAll, names.map(SQLiteValue.text))
                }
                // Many rows a statement: a rebuild writes millions. Every full chunk runs the same
                // SQL text, so the connection's statement cache prepares it once and reuses it;
                // only the last, shorter chunk prepares its own. A repeat later in a statement
                // still replaces the earlier one.
                let full = insert + Self.placeholders(Self.relationsPerInsert)
                for start in stride(from: 0, to: kept.count, by: Self.relationsPerInsert) {
                    let rows = kept[start..<min(start + Self.relationsPerInsert, kept.count)]
                    var values: [SQLiteValue] = []
                    values.reserveCapacity(rows.count * 5)
                    for relation in rows {
                        values += [
                            .integer(relation.from), .integer(relation.to), .text(relation.kind.rawValue),
                            .real(relation.score), .text(relation.reason),
                        ]
                    }
                    let sql = rows.count == Self.relationsPerInsert ? full : insert + Self.placeholders(rows.count)
                    try tx.execute(sql, values)
                }
            }
        }
    }

    /// `(?, ?, ?, ?, ?), …` for `rows` relations.
    private static func placeholders(_ rows: Int) -> String {
        Array(repeating: "(?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }

    /// Books related to the book `id`, with their relations: of `kind` only, or of every kind
    /// when `nil`; one row per book (its strongest relation, with the reasons of all joined;
    /// see ``RelatedRows``), never the book itself; ordered by kind (in ``Relation/Kind/allCases``
    /// order), then score descending, then id. `limit` (books) is clamped to 1…``maximumRelatedLimit``.
    ///
    /// ```swift
    /// let series = try await store.related(to: hungerGames.id, kind: .sameSeries, limit: 5)
    /// series.map(\.book.title)  // ["Catching Fire", "Mockingjay", …]
    /// ```
    public func related(to id: Int64, kind: Relation.Kind? = nil, limit: Int = 50) async throws -> [RelatedBook] {
        try await storeWork {
            let rank = Relation.Kind.allCases.enumerated().map { "WHEN '\($1.rawValue)' THEN \($0)" }
            let sql = """
                WITH wanted AS (
                    SELECT to_id, kind, score, reason,
                        CASE kind \(rank.joined(separator: " ")) ELSE \(rank.count) END AS kind_rank
                    FROM relations WHERE from_id = ?1 AND to_id <> ?1 AND (?2 IS NULL OR kind = ?2)
                ), \(RelatedRows.chosenBooks(limit: "?3", selectColumns: Self.selectColumns))
                """
            let kindValue = kind.map { SQLiteValue.text($0.rawValue) } ?? .null
            let limit = min(max(limit, 1), Self.maximumRelatedLimit)
            let rows = try await database.query(sql, [.integer(id), kindValue, .integer(Int64(limit))]) { row in
                try Self.relatedBook(from: row, to: id)
            }
            return RelatedRows.oneRowPerBook(rows.compactMap(\.self))
        }
    }
}
