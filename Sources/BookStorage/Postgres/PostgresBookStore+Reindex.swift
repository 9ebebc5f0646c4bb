import BookCatalog
import Postgres

extension PostgresBookStore {
    /// Which words ``SearchIndex/vector(title:authors:)`` gives: bumped whenever ``SearchText``
    /// changes what it indexes, so catalogs written before are indexed again when a store opens
    /// them. Version 2 brought NFKC folding and CJK pairs; 3 Latin letters folded as typed (ø as
    /// o) and words joined as typed together (``SearchText/indexTokens(in:)``); 4 the series
    /// names with the title; 5 the alternate titles with it too; 6 kana as hiragana, Han as
    /// simplified, Hangul by its letters, and the readings (``SearchText/readingForms(of:readings:)``).
    static let searchIndexVersion: Int64 = 6

    /// Version 4: `catalog_state.search_index_version`, the ``searchIndexVersion`` the `search`
    /// entries were written with (1 for catalogs from before it was kept).
    static let searchIndexVersionMigration = PostgresMigration(
        version: 4,
        sql: "ALTER TABLE catalog_state ADD COLUMN search_index_version bigint NOT NULL DEFAULT 1;")

    /// Rewrites the `search` entries that differ from what this version's ``SearchIndex`` gives,
    /// when the catalog was indexed by an older one; a no-op otherwise. Runs in chunks, each its
    /// own writer transaction, so imports meanwhile wait seconds, not the whole pass; the version
    /// is stored last, so an interrupted pass is taken up again at the next start.
    func reindexIfStale() async throws {
        let stored = try await database.query("SELECT search_index_version FROM catalog_state") { try $0.int64(0) }
        guard let version = stored.first, version < Self.searchIndexVersion else { return }
        let rewrite = """
            UPDATE books SET search = expected.search::tsvector
            FROM unnest($1::int8[], $2::text[]) AS expected (id, search)
            WHERE books.id = expected.id AND books.search <> expected.search::tsvector
            """
        var rewritten = 0
        try await forEachChunkOfBooks { chunk in
            let vectors = chunk.map(SearchIndex.vector(of:))
            rewritten += try await database.transaction { tx in
                try Self.lockCatalog(tx)
                return try tx.execute(rewrite, [.integerArray(chunk.map(\.id)), .textArray(vectors)])
            }
        }
        let changed = rewritten > 0
        try await database.execute(
            "UPDATE catalog_state SET search_index_version = $1, generation = generation + $2",
            [.integer(Self.searchIndexVersion), .integer(changed ? 1 : 0)])
        if changed { await maintain(after: ["books": rewritten]) }
    }
}
