import BookCatalog
import Postgres

extension PostgresBookStore {
    /// The most related books one ``related(to:kind:limit:)`` call returns.
    ///
    /// ```swift
    /// let all = try await store.related(to: id, limit: PostgresBookStore.maximumRelatedLimit)
    /// ```
    public static let maximumRelatedLimit = 500

    /// Deletes the relations of `kinds` (those starting at `sources` only, unless `nil`) and
    /// inserts `relations`, in one transaction, so readers see the old set or the new one, never
    /// a mix. Relations of kinds not in `kinds` are not inserted; a relation repeated (same from,
    /// to and kind) keeps its last value. Throws ``BookStoreError``, for instance for an
    /// id that is not a stored book.
    ///
    /// The rows go in by `COPY`: straight into `relations` when the delete has cleared every
    /// row they could meet (no `sources`, or every relation starts at one of them), else through
    /// a staging table and one upsert, since a relation from outside `sources` may be stored.
    ///
    /// ```swift
    /// try await store.replaceRelations(for: [.sameSeries], from: nil, with: relations)
    /// ```
    public func replaceRelations(
        for kinds: Set<Relation.Kind>, from sources: Set<Int64>?, with relations: [Relation]
    ) async throws {
        try await storeWork {
            let names = kinds.map(\.rawValue).sorted()
            guard !names.isEmpty else { return }
            let kept = Self.lastOfEachKey(relations.filter { kinds.contains($0.kind) })
            let meetsNoStoredRow = sources.map { sources in kept.allSatisfy { sources.contains($0.from) } } ?? true
            let sourceList: PostgresValue = sources.map { .integerArray($0.sorted()) } ?? .null
            let deleted = try await database.transaction { tx in
                try Self.lockCatalog(tx)
                let deleted = try tx.execute(
                    "DELETE FROM relations WHERE kind = ANY ($1::text[]) AND ($2::int8[] IS NULL OR from_id = ANY ($2))",
                    [.textArray(names), sourceList])
                try Self.copy(relations: kept, meetsNoStoredRow: meetsNoStoredRow, in: tx)
                return deleted
            }
            await maintain(after: ["relations": deleted + kept.count])
        }
    }

    /// ``replaceRelations(for:from:with:)`` reading the relations chunk by chunk from `chunks`
    /// inside the transaction, each copied and dropped before the next is taken (the next is
    /// computed meanwhile). A chunk goes straight in by `COPY` when no row it could meet is
    /// written: the delete cleared its sources, and every relation starts past the sources of
    /// the chunks before (a rebuild's chunks are in ascending source order); else through the
    /// staging table's upsert, so a relation repeated across chunks keeps its last value. A
    /// full replacement (`sources` `nil`) fills a fresh table swapped in at the end (see
    /// `PostgresBookStore+RelationSwap`). Throws ``BookStoreError``, or what the producer threw.
    ///
    /// ```swift
    /// try await store.replaceRelations(for: RelationBuilder.kinds, from: nil, chunks: chunks)
    /// ```
    public func replaceRelations(
        for kinds: Set<Relation.Kind>, from sources: Set<Int64>?, chunks: RelationChunks
    ) async throws {
        let names = kinds.map(\.rawValue).sorted()
        guard !names.isEmpty else { return }
        try await storeWork {
            let swaps = sources == nil
            let (deleted, written) = try await database.transaction { tx in
                try Self.lockCatalog(tx)
                var deleted = 0
                if let sources {
                    deleted = try tx.execute(
                        "DELETE FROM relations WHERE kind = ANY ($1::text[]) AND from_id = ANY ($2::int8[])",
                        [.textArray(names), .integerArray(sources.sorted())])
                } else {
                    try Self.beginRelationSwap(replacing: kinds, in: tx)
                }
                let table = swaps ? Self.nextRelations : "relations"
                var written = 0
                // The highest source written so far: a relation from past it meets none of them.
                var highest = Int64.min
                // Whether the swap's table has its key yet: the first chunk that could repeat a
                // written key adds it, for the upsert.
                var isKeyed = !swaps
                while let chunk = try chunks.next() {
                    let kept = Self.lastOfEachKey(chunk.filter { kinds.contains($0.kind) })
                    guard let lowest = kept.map(\.from).min(), let top = kept.map(\.from).max() else { continue }
                    let cleared = sources.map { sources in kept.allSatisfy { sources.contains($0.from) } } ?? true
                    let meetsNoRow = cleared && lowest > highest
                    if !meetsNoRow && !isKeyed {
                        try Self.keyNextRelations(in: tx)
                        isKeyed = true
                    }
                    try Self.copy(relations: kept, meetsNoStoredRow: meetsNoRow, into: table, in: tx)
                    highest = max(highest, top)
                    written += kept.count
                }
                if swaps { try Self.finishRelationSwap(isKeyed: isKeyed, patience: self.schemaLockPatience, in: tx) }
                return (deleted, written)
            }
            await maintain(after: ["relations": deleted + written])
        }
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
            let sql = """
                WITH wanted AS (
                    SELECT to_id, kind, score, reason, array_position($3::text[], kind) AS kind_rank
                    FROM relations WHERE from_id = $1 AND to_id <> $1 AND ($2::text IS NULL OR kind = $2)
                ), \(RelatedRows.chosenBooks(limit: "$4", selectColumns: Self.selectColumns))
                """
            let limit = min(max(limit, 1), Self.maximumRelatedLimit)
            let parameters: [PostgresValue] = [
                .integer(id), PostgresValue(kind?.rawValue), .textArray(Relation.Kind.allCases.map(\.rawValue)),
                .integer(Int64(limit)),
            ]
            let rows = try await database.query(sql, parameters) { row in try Self.relatedBook(from: row, to: id) }
            return RelatedRows.oneRowPerBook(rows.compactMap(\.self))
        }
    }
}
