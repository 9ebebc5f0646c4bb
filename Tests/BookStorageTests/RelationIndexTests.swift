import BookCatalog
import BookStorage
import Foundation
import Postgres
import SQLite
import ScoutTestSupport
import Testing

/// The indexes of `relations` in each store: what the migrations leave of a catalog holding
/// relations, and what a full streamed replacement (which builds them apart from its rows)
/// leaves, committed or rolled back.
@Suite("Relation indexes", .timeLimit(.minutes(10))) struct RelationIndexTests {
    /// A relation replacement streamed as a rebuild writes it: every chunk of `chunks` in order.
    static func replace(_ store: any BookStore, kinds: Set<Relation.Kind>, chunks: [[Relation]]) async throws {
        try await RelationChunks.stream { send in
            for chunk in chunks { guard await send(chunk) else { return } }
        } into: { relationChunks in
            try await store.replaceRelations(for: kinds, from: nil, chunks: relationChunks)
        }
    }

    /// A full replacement that fails after its first chunk.
    static func failedReplacement(_ store: any BookStore, writing relation: Relation) async {
        struct Interrupted: Error {}
        await #expect(throws: Interrupted.self) {
            try await RelationChunks.stream { send in
                _ = await send([relation])
                throw Interrupted()
            } into: { chunks in
                try await store.replaceRelations(for: [.sameAuthor], from: nil, chunks: chunks)
            }
        }
    }

    static func sqliteIndexes(_ database: Database) async throws -> [String] {
        try await database.query(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'relations' AND sql IS NOT NULL "
                + "ORDER BY name"
        ) { try $0.string(0) }
    }

    static func postgresIndexes(_ database: PostgresDatabase) async throws -> [String] {
        try await database.query(
            "SELECT indexname FROM pg_indexes WHERE tablename IN ('relations', 'relations_next') ORDER BY indexname"
        ) { try $0.string(0) }
    }

    static func postgresConstraints(_ database: PostgresDatabase) async throws -> [String] {
        try await database.query(
            "SELECT conname FROM pg_constraint WHERE conrelid = 'relations'::regclass ORDER BY conname"
        ) { try $0.string(0) }
    }

    /// A catalog of version 14 holding relations loses `relations_by_kind`, keeps its rows and
    /// answers from them as before.
    @Test func aSQLiteCatalogFromVersion14KeepsItsRelationsWithoutTheKindIndex() async throws {
        let database = try await Database(path: ":memory:")
        try await database.defineFunction("scout_index_words") { SearchText.indexWords(in: $0).joined(separator: " ") }
        try await database.migrate(SQLiteBookStore.migrations.filter { $0.version <= 14 })
        try await database.execute(
            "INSERT INTO books (id, source, source_id, title) VALUES (1, 'old', '1', 'Mort'), (2, 'old', '2', 'Sourcery')"
        )
        try await database.execute(
            """
            INSERT INTO relations (from_id, to_id, kind, score, reason)
            VALUES (1, 2, 'sameAuthor', 0.5, 'same author: Terry Pratchett'), (2, 1, 'sameSeries', 1, 'same series: Discworld #4')
            """)
        #expect(try await Self.sqliteIndexes(database) == ["relations_by_kind", "relations_to"])
        let store = try await SQLiteBookStore(database: database)
        #expect(try await database.schemaVersion() == SQLiteBookStore.migrations.map(\.version).max())
        #expect(try await Self.sqliteIndexes(database) == ["relations_to"])
        let related = try await store.related(to: 1)
        #expect(related.map(\.relation.reason) == ["same author: Terry Pratchett"])
        #expect(try await store.related(to: 2, kind: .sameSeries).map(\.book.title) == ["Mort"])
        #expect(try await store.integrityProblems().isEmpty)
    }

    /// A full streamed replacement builds `relations_to` again after its rows; one rolled back
    /// leaves it too.
    @Test func aSQLiteFullReplacementLeavesTheTargetIndex() async throws {
        try await withTemporaryDirectory(prefix: "scout-relation-indexes") { directory in
            let store = try await SQLiteBookStore(path: directory.appendingPathComponent("books.sqlite").path)
            let ids = try await store.upsert(SampleBooks.all).ids
            let relation = Relation(kind: .sameAuthor, from: ids[0], to: ids[1], score: 1, reason: "same author: A")
            try await Self.replace(store, kinds: [.sameAuthor], chunks: [[relation]])
            #expect(try await Self.sqliteIndexes(store.database) == ["relations_to"])
            await Self.failedReplacement(store, writing: relation)
            #expect(try await Self.sqliteIndexes(store.database) == ["relations_to"])
            #expect(try await store.related(to: ids[0]).map(\.relation) == [relation])
        }
    }

    /// A full streamed replacement checks its rows' books itself, with SQLite's foreign-key
    /// checks off for its transaction alone: a relation from or to a book not stored fails it
    /// with the book's number, and afterwards the connection checks again (a dangling relation
    /// fails, and deleting a book deletes the relations to it).
    @Test func aSQLiteFullReplacementChecksItsBooksAndLeavesForeignKeysOn() async throws {
        try await withTemporaryDirectory(prefix: "scout-relation-checks") { directory in
            let store = try await SQLiteBookStore(path: directory.appendingPathComponent("books.sqlite").path)
            let ids = try await store.upsert(SampleBooks.all).ids
            let kept = Relation(kind: .sameAuthor, from: ids[0], to: ids[1], score: 1, reason: "same author: A")
            let missing = (ids.max() ?? 0) + 1
            let dangling = [
                Relation(kind: .sameAuthor, from: ids[0], to: missing, score: 1, reason: "same author: A"),
                Relation(kind: .sameAuthor, from: missing, to: ids[1], score: 1, reason: "same author: A"),
            ]
            for relation in dangling {
                let error = await #expect(throws: BookStoreError.self) {
                    try await Self.replace(store, kinds: [.sameAuthor], chunks: [[kept], [relation]])
                }
                #expect(error?.kind == .constraintViolation)
                #expect(error?.description.contains("book \(missing)") == true)
                #expect(try await Self.sqliteIndexes(store.database) == ["relations_to"])
            }
            #expect(try await store.related(to: ids[0]).isEmpty)
            try await Self.replace(store, kinds: [.sameAuthor], chunks: [[kept]])
            #expect(try await store.related(to: ids[0]).map(\.relation) == [kept])
            await #expect(throws: BookStoreError.self) {
                try await store.replaceRelations(for: [.sameAuthor], from: nil, with: dangling)
            }
            try await store.database.execute("DELETE FROM books WHERE id = ?", [.integer(ids[1])])
            #expect(try await store.database.query("SELECT count(*) FROM relations") { try $0.int(0) } == [0])
        }
    }

    /// A catalog of version 10 holding relations loses `relations_by_kind` and keeps its rows.
    @Test func aPostgresCatalogFromVersion10KeepsItsRelationsWithoutTheKindIndex() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let database = try await PostgresDatabase(url: try PostgresURL(url))
            try await database.migrate(PostgresBookStore.migrations.filter { $0.version <= 10 })
            _ = try await database.execute(
                """
                INSERT INTO books (id, source, source_id, title) VALUES (1, 'old', '1', 'Mort'), (2, 'old', '2', 'Sourcery')
                """)
            _ = try await database.execute(
                """
                INSERT INTO relations (from_id, to_id, kind, score, reason)
                VALUES (1, 2, 'sameAuthor', 0.5, 'same author: Terry Pratchett'), (2, 1, 'sameSeries', 1, 'same series: Discworld #4')
                """)
            #expect(
                try await Self.postgresIndexes(database) == ["relations_by_kind", "relations_pkey", "relations_to"])
            let store = try await PostgresBookStore(url: url)
            #expect(try await database.schemaVersion() == PostgresBookStore.migrations.map(\.version).max())
            #expect(try await Self.postgresIndexes(database) == ["relations_pkey", "relations_to"])
            #expect(try await store.related(to: 1).map(\.relation.reason) == ["same author: Terry Pratchett"])
            #expect(try await store.related(to: 2, kind: .sameSeries).map(\.book.title) == ["Mort"])
            #expect(try await store.integrityProblems().isEmpty)
        }
    }

    /// The fresh table a full replacement swaps in has the key, the target index and both
    /// foreign keys under the names the migrations gave them, and nothing of it is left after a
    /// rollback.
    @Test func aPostgresFullReplacementSwapsInTheSameTable() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            let ids = try await store.upsert(SampleBooks.all).ids
            let relation = Relation(kind: .sameAuthor, from: ids[0], to: ids[1], score: 1, reason: "same author: A")
            try await Self.replace(store, kinds: [.sameAuthor], chunks: [[relation]])
            let expected = ["relations_from_id_fkey", "relations_pkey", "relations_to_id_fkey"]
            #expect(try await Self.postgresConstraints(store.database) == expected)
            #expect(try await Self.postgresIndexes(store.database) == ["relations_pkey", "relations_to"])
            await Self.failedReplacement(store, writing: relation)
            #expect(try await Self.postgresConstraints(store.database) == expected)
            #expect(try await Self.postgresIndexes(store.database) == ["relations_pkey", "relations_to"])
            #expect(try await store.related(to: ids[0]).map(\.relation) == [relation])
        }
    }
}
