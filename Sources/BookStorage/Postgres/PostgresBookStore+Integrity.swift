import BookCatalog
import Postgres

extension PostgresBookStore {
    /// How many books one integrity query checks at a time, so memory stays flat on large catalogs.
    static let integrityChunkSize = 5000

    /// Problems found in the store, as sentences saying what to do; empty when it is sound:
    /// books whose search entry does not match their title and authors (written around the
    /// store), a `search_terms` table that disagrees with those entries, a missing generation
    /// row, constraints or indexes left invalid, and — when the `amcheck` extension is installed
    /// — damaged B-tree indexes. Foreign keys keep relations, readings and links from pointing at
    /// missing books.
    ///
    /// ```swift
    /// for problem in try await store.integrityProblems() { print(problem) }
    /// ```
    public func integrityProblems() async throws -> [String] {
        try await storeWork {
            var problems = try await staleSearchEntries()
            problems += try await searchTermProblems()
            let states = try await database.query("SELECT count(*) FROM catalog_state") { try $0.int(0) }
            if states != [1] {
                problems.append(
                    "The catalog_state table must hold exactly one row; restore it with the generation counter.")
            }
            let tables: PostgresValue = .textArray(Self.tables)
            problems += try await database.query(
                """
                SELECT conname, conrelid::regclass::text FROM pg_constraint
                WHERE conrelid = ANY ($1::text[]::regclass[]) AND NOT convalidated ORDER BY conname
                """, [tables]
            ) { row in
                "The constraint \(try row.string(0)) on \(try row.string(1)) is not validated: "
                    + "run ALTER TABLE \(try row.string(1)) VALIDATE CONSTRAINT \(try row.string(0))."
            }
            let indexes = try await database.query(
                """
                SELECT index.relname, pg_index.indisvalid, am.amname = 'btree' FROM pg_index
                JOIN pg_class AS index ON index.oid = pg_index.indexrelid JOIN pg_am AS am ON am.oid = index.relam
                WHERE pg_index.indrelid = ANY ($1::text[]::regclass[]) ORDER BY index.relname
                """, [tables]
            ) { row in (name: try row.string(0), isValid: try row.bool(1), isBTree: try row.bool(2)) }
            for index in indexes where !index.isValid {
                problems.append(
                    "The index \(index.name) is invalid (a build was interrupted): run REINDEX INDEX \(index.name).")
            }
            let hasAmcheck =
                try await database.query("SELECT count(*) FROM pg_extension WHERE extname = 'amcheck'") {
                    try $0.int(0)
                } == [1]
            for index in indexes where hasAmcheck && index.isValid && index.isBTree {
                do {
                    try await database.execute("SELECT bt_index_check($1::text::regclass)", [.text(index.name)])
                } catch let error as PostgresError where error.kind != .connectionFailed {
                    problems.append("amcheck finds the index \(index.name) damaged: run REINDEX INDEX \(index.name).")
                }
            }
            return problems
        }
    }

    /// One sentence per book whose `search` column differs from what its title and authors give.
    private func staleSearchEntries() async throws -> [String] {
        let compare = """
            SELECT books.id FROM books
            JOIN unnest($1::int8[], $2::text[]) AS expected (id, search) ON books.id = expected.id
            WHERE books.search <> expected.search::tsvector ORDER BY books.id
            """
        var problems: [String] = []
        try await forEachChunkOfBooks { chunk in
            let vectors = chunk.map(SearchIndex.vector(of:))
            problems += try await database.query(compare, [.integerArray(chunk.map(\.id)), .textArray(vectors)]) {
                "The search entry of book \(try $0.int64(0)) does not match its title and authors: "
                    + "apply the book again to rebuild it."
            }
        }
        return problems
    }
}
