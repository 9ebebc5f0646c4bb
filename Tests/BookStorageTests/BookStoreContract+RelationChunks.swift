import BookCatalog
import ScoutTestSupport
import Testing

extension BookStoreContract {
    /// `store.replaceRelations(for:from:chunks:)` fed `chunks` in order; how many relations it took.
    static func replace(
        _ store: any BookStore, kinds: Set<Relation.Kind>, from sources: Set<Int64>? = nil, chunks: [[Relation]]
    ) async throws -> Int {
        try await RelationChunks.stream { send in
            for chunk in chunks { guard await send(chunk) else { return } }
        } into: { relationChunks in
            try await store.replaceRelations(for: kinds, from: sources, chunks: relationChunks)
        }
    }

    /// Chunk by chunk, as a rebuild writes: a repeat in a later chunk (even from an earlier
    /// chunk's source, which PostgreSQL cannot `COPY` straight in) keeps its last value, kinds
    /// outside the replaced set are ignored, and an incremental replacement leaves other sources.
    @Test(arguments: StoreKind.available)
    func relationsReplacedChunkByChunkKeepTheLastOfARepeat(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            let first = Self.relation(.sameAuthor, 0, 1, score: 0.1, ids: ids)
            let other = Self.relation(.sameAuthor, 3, 2, ids: ids)
            var repeated = first
            repeated.score = 0.75
            let ignored = Self.relation(.alsoEnjoyed, 2, 3, ids: ids)
            let taken = try await Self.replace(
                store, kinds: [.sameAuthor], chunks: [[first], [], [other, ignored], [repeated]])
            #expect(taken == 4)
            #expect(try await store.related(to: ids[0]).map(\.relation) == [repeated])
            #expect(try await store.related(to: ids[3]).map(\.relation) == [other])
            #expect(try await store.related(to: ids[2]).isEmpty)

            var newer = other
            newer.reason = "rebuilt"
            _ = try await Self.replace(store, kinds: [.sameAuthor], from: [ids[3]], chunks: [[newer], [newer]])
            #expect(try await store.related(to: ids[0]).map(\.relation) == [repeated])
            #expect(try await store.related(to: ids[3]).map(\.relation) == [newer])
        }
    }

    /// A producer that fails after some chunks were written rolls the whole replacement back.
    @Test(arguments: StoreKind.available)
    func aFailingProducerLeavesTheOldRelations(kind: StoreKind) async throws {
        struct Interrupted: Error {}
        try await kind.withShelf { store, ids in
            let old = Self.relation(.sameSeries, 0, 1, ids: ids)
            try await store.replaceRelations(for: [.sameSeries], with: [old])
            let new = Self.relation(.sameSeries, 2, 3, ids: ids)
            await #expect(throws: Interrupted.self) {
                try await RelationChunks.stream { send in
                    _ = await send([new])
                    throw Interrupted()
                } into: { chunks in
                    try await store.replaceRelations(for: [.sameSeries], from: nil, chunks: chunks)
                }
            }
            #expect(try await store.related(to: ids[0]).map(\.relation) == [old])
            #expect(try await store.related(to: ids[2]).isEmpty)
        }
    }
}
