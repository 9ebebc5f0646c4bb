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
        try await replaceRelations(for: kinds, from: sources, first: relations) { once in
            defer { once = nil }
            return once
        }
    }

    /// ``replaceRelations(for:from:with:)`` reading the relations chunk by chunk from
    /// `chunks` inside the transaction, each written and dropped before the next is taken (the
    /// next is computed meanwhile). Chunks in ascending source order reach the primary key's
    /// B-tree in key order. A full replacement (`sources` `nil`) builds `relations_to` once
    /// after the rows instead of row by row (see ``relationsToIndex``), and checks that each
    /// row's books are stored against their ids read once (``StoredBookIDs``) instead of
    /// SQLite's look-up a row. Throws ``BookStoreError``, or what the producer threw.
    ///
    /// ```swift
    /// try await store.replaceRelations(for: RelationBuilder.kinds, from: nil, chunks: chunks)
    /// ```
    public func replaceRelations(
        for kinds: Set<Relation.Kind>, from sources: Set<Int64>?, chunks: RelationChunks
    ) async throws {
        try await replaceRelations(for: kinds, from: sources, first: nil, isBulk: sources == nil) { _ in
            try chunks.next()
        }
    }

    /// Deletes, then inserts the chunks `next` gives (`nil` at the end) in one transaction; `next`
    /// gets a slot holding `first`, the one-array form's whole list. `isBulk` leaves
    /// `relations_to` out while the rows go in, and checks the rows' books itself, set-wise,
    /// with SQLite's foreign-key checks off.
    private func replaceRelations(
        for kinds: Set<Relation.Kind>, from sources: Set<Int64>?, first: [Relation]?, isBulk: Bool = false,
        next: @escaping @Sendable (inout [Relation]?) throws -> [Relation]?
    ) async throws {
        guard !kinds.isEmpty else { return }
        let write: @Sendable (borrowing Transaction) throws -> Void = { tx in
            let stored = isBulk ? try StoredBookIDs.read(in: tx) : nil
            if isBulk { try tx.execute("DROP INDEX IF EXISTS relations_to") }
            try Self.deleteRelations(of: kinds, from: sources, in: tx)
            var slot = first
            while let chunk = try next(&slot) {
                let rows = Self.inKeyOrder(chunk, of: kinds)
                try stored?.check(rows)
                try Self.insert(rows, in: tx)
            }
            if isBulk { try tx.execute(Self.relationsToIndex) }
        }
        try await storeWork {
            if isBulk {
                try await database.transactionWithoutForeignKeyChecks(write)
            } else {
                try await database.transaction(write)
            }
        }
    }

    /// The relations of `kinds` among `relations` in key order, so the primary key's B-tree
    /// grows at its end instead of all over (the rules give them kind by kind, each book's by
    /// score); among repeats of one key the order they came in stays, so the last still wins.
    private static func inKeyOrder(_ relations: [Relation], of kinds: Set<Relation.Kind>) -> [Relation] {
        relations.enumerated().filter { kinds.contains($0.element.kind) }.sorted { lhs, rhs in
            let (left, right) = (lhs.element, rhs.element)
            if left.from != right.from { return left.from < right.from }
            if left.to != right.to { return left.to < right.to }
            if left.kind != right.kind { return left.kind.rawValue < right.kind.rawValue }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Inserts `relations`, many rows a statement: a rebuild writes millions. Every full
    /// statement runs the same SQL text, so the connection's statement cache prepares it once
    /// and reuses it; only the last, shorter one prepares its own. A repeat later in a statement
    /// (or a later statement) replaces the earlier one.
    private static func insert(_ relations: [Relation], in tx: borrowing Transaction) throws {
        let insert = "INSERT OR REPLACE INTO relations (from_id, to_id, kind, score, reason) VALUES "
        let full = insert + placeholders(relationsPerInsert)
        for start in stride(from: 0, to: relations.count, by: relationsPerInsert) {
            let rows = relations[start..<min(start + relationsPerInsert, relations.count)]
            var values: [SQLiteValue] = []
            values.reserveCapacity(rows.count * 5)
            // Appended one by one: a literal array a row made millions of short-lived arrays.
            for relation in rows {
                values.append(.integer(relation.from))
                values.append(.integer(relation.to))
                values.append(.text(relation.kind.rawValue))
                values.append(.real(relation.score))
                values.append(.text(relation.reason))
            }
            try tx.execute(rows.count == relationsPerInsert ? full : insert + placeholders(rows.count), values)
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
