import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// A rebuild computes and writes its relations a chunk of source books at a time; what it
/// stores is what building them all in one list stores, whatever the chunk.
@Suite("Streamed relation rebuild", .timeLimit(.minutes(10))) struct StreamedRelationTests {
    /// 90 books by 12 authors, every fifth in one of three series, each with three of 20 tags,
    /// a page, and its page listing two others; 150 readers loving six books each.
    static let catalog: ImportBatch = {
        let books = (1...90).map { (number: Int) -> Book in
            var book = Book(
                source: "test", sourceID: "\(number)", title: "Book \(number)",
                seriesName: number % 5 == 0 ? "Series \(number % 3)" : nil,
                seriesNumber: number % 5 == 0 ? Double(number) : nil, authors: ["Author \(number % 12)"],
                ratingsCount: (number * 37) % 101,
                tags: ["tag-\(number % 4)", "tag-\(number % 9)", "tag-\(number % 20)"])
            book.sourceURL = page(number)
            return book
        }
        let readings = (1...150).flatMap { (reader: Int) -> [Reading] in
            (0..<6).map { pick in
                Reading(reader: "reader \(reader)", book: BookKey(books[(reader * 7 + pick * 13) % 90]), rating: 5)
            }
        }
        let links = books.enumerated().flatMap { index, book in
            [
                ListedLink(from: BookKey(book), to: page((index * 11) % 90 + 1)),
                ListedLink(from: BookKey(book), to: page(index % 7 + 2)),
            ]
        }
        return ImportBatch(books: books, readings: readings, links: links)
    }()

    static func page(_ number: Int) -> URL { URL(string: "https://books.example/book/\(number)")! }

    /// Every stored relation, in key order.
    static func stored(_ store: SQLiteBookStore) async throws -> [Relation] {
        try await store.contents().relations.sorted {
            ($0.from, $0.to, $0.kind.rawValue) < ($1.from, $1.to, $1.kind.rawValue)
        }
    }

    @Test("A chunked rebuild stores what one list of every relation stores", arguments: [1, 2, 7, 40, 89, 90, 10_000])
    func chunkedRebuildStoresTheOneListsRelations(booksPerChunk: Int) async throws {
        try await withTemporaryStore { store in
            _ = try await store.apply(Self.catalog)
            let subjects = try await store.relationSubjects()
            let whole = await RelationBuilder().relations(
                among: subjects, picks: try await store.readerPicks(minimumRating: 4),
                links: try await store.outgoingLinks())
            #expect(Set(whole.map(\.kind)) == RelationBuilder.kinds)
            try await store.replaceRelations(for: RelationBuilder.kinds, with: whole)
            let expected = try await Self.stored(store)
            #expect(expected.count == whole.count)

            try await store.replaceRelations(for: RelationBuilder.kinds, with: [])
            let count = try await store.rebuildRelations(affecting: nil, booksPerChunk: booksPerChunk)
            #expect(count == whole.count)
            #expect(try await Self.stored(store) == expected)
        }
    }

    @Test("A relation repeated across chunks keeps its last value; a failing producer leaves the old rows")
    func repeatsAcrossChunksAndFailures() async throws {
        try await withTemporaryStore { store in
            let ids = try await store.apply(Self.catalog).ids
            let relation: @Sendable (Double) -> Relation = { score in
                Relation(kind: .sameAuthor, from: ids[0], to: ids[1], score: score, reason: "score \(score)")
            }
            let other = Relation(kind: .sameAuthor, from: ids[2], to: ids[3], score: 1, reason: "other")
            let count = try await RelationChunks.stream { send in
                var sent: [Bool] = []
                for chunk in [[relation(0.1)], [other, relation(0.2)], [], [relation(0.3)]] {
                    sent.append(await send(chunk))
                }
                #expect(sent == [true, true, true, true])
            } into: { chunks in
                try await store.replaceRelations(for: [.sameAuthor], from: nil, chunks: chunks)
            }
            #expect(count == 4)
            let kept = try await Self.stored(store)
            #expect(kept.map(\.reason) == ["score 0.3", "other"])

            struct Broken: Error {}
            await #expect(throws: Broken.self) {
                try await RelationChunks.stream { send in
                    _ = await send([Relation(kind: .sameAuthor, from: ids[4], to: ids[5], score: 1, reason: "new")])
                    throw Broken()
                } into: { chunks in
                    try await store.replaceRelations(for: [.sameAuthor], from: nil, chunks: chunks)
                }
            }
            #expect(try await Self.stored(store) == kept)
        }
    }

    @Test("A store that takes no chunks lets the producer go")
    func aStoreTakingNothingStopsTheProducer() async throws {
        let sent = try await RelationChunks.stream { send in
            var accepted = 0
            for _ in 0..<1_000 {
                guard await send([]) else { break }
                accepted += 1
            }
            #expect(accepted == 0)
        } into: { _ in
        }
        #expect(sent == 0)
    }
}
