import Foundation
import ScoutTestSupport
import Testing

@testable import BookCatalog

/// An export is a full backup: `import jsonl` of it into an empty catalog restores every table —
/// books, their other keys, readings (ratings and to-read shelves), "similar books" links and
/// relations, with their scores and reasons — on both stores (T23).
extension BookStoreContract {
    /// Everything a catalog holds, with books named by key instead of store id, so catalogs
    /// whose ids differ compare equal.
    struct Tables: Equatable {
        var books: Set<Book>
        var keys: Set<[String]>
        var readings: Set<[String]>
        var links: Set<[String]>
        var relations: Set<[String]>

        init(of store: any BookStore) async throws {
            let stored = try await store.allBooks()
            var names: [Int64: String] = [:]
            for book in stored { names[book.id] = "\(book.source)/\(book.sourceID)" }
            func name(_ id: Int64) -> String { names[id] ?? "missing \(id)" }
            books = Set(
                stored.map { book in
                    var book = book
                    book.id = 0
                    return book
                })
            let contents = try await store.contents()
            keys = Set(contents.keys.map { [name($0.book), $0.key.source, $0.key.sourceID] })
            readings = Set(
                contents.readings.map {
                    [name($0.book), $0.reader, $0.rating.map(String.init) ?? "-", String($0.wantsToRead)]
                })
            links = Set(contents.links.map { [name($0.from), $0.to.absoluteString] })
            relations = Set(
                contents.relations.map {
                    [name($0.from), name($0.to), $0.kind.rawValue, String($0.score), $0.reason]
                })
        }
    }

    @Test(arguments: StoreKind.available)
    func anExportImportedIntoAnEmptyCatalogRestoresEveryTable(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            let hunger = BookKey(SampleBooks.hungerGames)
            let fire = BookKey(SampleBooks.catchingFire)
            let hugo = BookKey(SampleBooks.miserables)
            // Another source's record of The Hunger Games (same ISBN) merges in: a second key.
            var other = SampleBooks.hungerGames
            (other.source, other.sourceID) = ("goodreads", "2767052")
            _ = try await store.upsert([other])
            _ = try await store.apply(
                ImportBatch(
                    readings: [
                        Reading(reader: "goodbooks:1", book: hunger, rating: 5),
                        Reading(reader: "goodbooks:1", book: fire, rating: 4, wantsToRead: true),
                        Reading(reader: "goodbooks:2", book: hunger, rating: 4),
                        Reading(reader: "goodbooks:2", book: fire, rating: 5),
                        Reading(reader: "goodbooks:3", book: hugo, wantsToRead: true),
                    ],
                    links: [ListedLink(from: hugo, to: URL(string: "https://books.example.org/hunchback")!)]))
            _ = try await store.rebuildRelations()
            // A relation no rebuild would give: the backup must keep it as it is.
            try await store.replaceRelations(
                for: [.listedSimilar],
                with: [Relation(kind: .listedSimilar, from: ids[2], to: ids[3], score: 0.25, reason: "hand-picked")])
            let original = try await Tables(of: store)
            #expect(original.keys.contains(["test/1", "goodreads", "2767052"]))
            #expect(original.readings.contains(["test/2", "goodbooks:1", "4", "true"]))
            #expect(original.relations.contains { $0[2] == "alsoEnjoyed" })

            let backup = try await JSONLinesExporter(store: store).data()
            // Read a book or two at a time, the store's pages give the same bytes as one page.
            for booksPerPage in [1, 2] {
                #expect(try await JSONLinesExporter(store: store, booksPerPage: booksPerPage).data() == backup)
            }
            try await kind.withStore { copy in
                let summary = try await JSONLinesImporter(store: copy).importBooks(from: backup)
                #expect(summary.skipped == [])
                #expect(summary.unmatched == 0)
                #expect(summary.restoredRelations == original.relations.count)
                #expect(try await Tables(of: copy) == original)
                // The copy exports the same bytes, and importing the backup again changes nothing.
                #expect(try await JSONLinesExporter(store: copy).data() == backup)
                _ = try await JSONLinesImporter(store: copy).importBooks(from: backup)
                #expect(try await Tables(of: copy) == original)
            }
        }
    }

    /// An export's pages all come from the catalog as it stood when it began, whatever is
    /// written meanwhile: here a new book, a changed one, a reading and every relation replaced,
    /// through the store's own connection, between the first page and the rest.
    @Test(arguments: StoreKind.available)
    func anExportReadsTheCatalogAsItStoodWhenItBegan(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            _ = try await store.rebuildRelations()
            let books = try await store.allBooks().sorted { $0.id < $1.id }
            let contents = try await store.contents()
            #expect(!contents.relations.isEmpty)
            let paging = try #require(store as? any BackupPaging)
            let read = try await paging.readingSnapshot { pages in
                let first = try await pages.books(after: .min, limit: 2)
                var renamed = SampleBooks.hungerGames
                renamed.title = "The Hunger Games (renamed meanwhile)"
                let meanwhile = Book(source: "test", sourceID: "meanwhile", title: "Written Meanwhile", authors: ["A"])
                _ = try await store.upsert([renamed, meanwhile])
                _ = try await store.apply(
                    ImportBatch(readings: [Reading(reader: "r", book: BookKey(SampleBooks.miserables), rating: 1)]))
                try await store.replaceRelations(for: Set(Relation.Kind.allCases), with: [])
                var read = CatalogContents()
                for part in CatalogContents.Part.allCases {
                    let page = try await pages.contents(part, ofBooksAfter: .min, through: .max)
                    (read.keys, read.readings) = (read.keys + page.keys, read.readings + page.readings)
                    (read.links, read.relations) = (read.links + page.links, read.relations + page.relations)
                }
                let rest = try await pages.books(after: try #require(first.last).id, limit: 1_000)
                return (count: try await pages.count(), books: first + rest, contents: read)
            }
            #expect(read.count == books.count)
            #expect(read.books == books)
            #expect(read.contents == contents)
            // The writes landed all the same.
            #expect(try await store.count() == books.count + 1)
            #expect(try await store.contents().relations.isEmpty)
            #expect(try await store.book(id: ids[0])?.title == "The Hunger Games (renamed meanwhile)")
        }
    }
}
