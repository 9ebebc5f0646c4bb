import BookCatalog
import BookStorage
import SQLite
import ScoutTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct RelationStoreTests {
    private static let mockingjay = Book(
        source: "test", sourceID: "6", title: "Mockingjay", seriesName: "The Hunger Games", seriesNumber: 3,
        authors: ["Suzanne Collins"], ratingsCount: 1_719_760)
    private static let jungle = Book(
        source: "test", sourceID: "7", title: "Year of the Jungle", authors: ["Suzanne Collins"], ratingsCount: 900)

    /// Every stored relation, in a fixed order.
    static func storedRelations(_ store: SQLiteBookStore) async throws -> [String] {
        try await store.database.query("SELECT * FROM relations ORDER BY from_id, kind, to_id") { row in
            "\(try row.int64("from_id"))>\(try row.int64("to_id")) \(try row.string("kind")) "
                + "\(try row.double("score")) \(try row.string("reason"))"
        }
    }

    @Test func migrationsAddTheRelationsTable() async throws {
        try await withTemporaryStore { store in
            #expect(try await store.database.schemaVersion() == SQLiteBookStore.migrations.map(\.version).max())
            let columns = try await store.database.query("SELECT name FROM pragma_table_info('relations')") { row in
                try row.string(0)
            }
            #expect(columns == ["from_id", "to_id", "kind", "score", "reason"])
        }
    }

    @Test func rebuildRelatesASmallCatalogAndIsRepeatable() async throws {
        try await withTemporaryStore { store in
            let ids = try await store.upsert(SampleBooks.all + [Self.mockingjay, Self.jungle]).ids
            let (hunger, jungle) = (ids[0], ids[6])
            let count = try await store.rebuildRelations()
            let first = try await Self.storedRelations(store)
            #expect(first.count == count)

            let related = try await store.related(to: hunger)
            #expect(
                related.map { "\($0.relation.kind.rawValue) \($0.book.title): \($0.relation.reason)" } == [
                    "sameSeries Catching Fire: same series: The Hunger Games #2",
                    "sameSeries Mockingjay: same series: The Hunger Games #3",
                    "sameAuthor Year of the Jungle: same author: Suzanne Collins",
                ])
            #expect(related.allSatisfy { $0.relation.from == hunger && $0.relation.to == $0.book.id })
            #expect(try await store.related(to: hunger, kind: .sameAuthor).map(\.book.title) == ["Year of the Jungle"])
            #expect(try await store.related(to: hunger, kind: nil, limit: 1).map(\.book.title) == ["Catching Fire"])
            #expect(
                try await store.related(to: jungle).map(\.book.title) == [
                    "The Hunger Games", "Catching Fire", "Mockingjay",
                ])
            #expect(try await store.related(to: ids[2]).isEmpty)  // Les Misérables

            try await store.rebuildRelations()
            #expect(try await Self.storedRelations(store) == first)
        }
    }

    @Test func replacingOneKindKeepsTheOthers() async throws {
        try await withTemporaryStore { store in
            let ids = try await store.upsert(SampleBooks.all + [Self.mockingjay]).ids
            let enjoyed = Relation(kind: .alsoEnjoyed, from: ids[2], to: ids[3], score: 0.7, reason: "readers")
            try await store.replaceRelations(for: [.alsoEnjoyed], with: [enjoyed])
            let books = try await store.allBooks()
            try await store.replaceRelations(for: [.sameSeries], with: RelationBuilder().sameSeries(among: books))
            #expect(try await store.related(to: ids[2]).map(\.relation) == [enjoyed])

            try await store.replaceRelations(for: [.sameSeries], with: [])
            #expect(try await store.related(to: ids[0]).isEmpty)
            #expect(try await store.related(to: ids[2]).map(\.relation) == [enjoyed])

            // An unknown book id fails the whole replacement, which leaves the old rows.
            let dangling = Relation(kind: .alsoEnjoyed, from: ids[0], to: 999_999, score: 1, reason: "x")
            let error = await #expect(throws: BookStoreError.self) {
                try await store.replaceRelations(for: [.alsoEnjoyed], with: [dangling])
            }
            #expect(error?.kind == .constraintViolation && error?.database == .sqlite)
            #expect(try await store.related(to: ids[2]).map(\.relation) == [enjoyed])
        }
    }
}
