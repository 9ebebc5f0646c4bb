import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

extension BookStoreContract {
    /// goodbooks-10k's first rows, as `books.csv` has them: The Hunger Games and Catching Fire
    /// (both in the starter catalog, without ISBNs there) and a book the starter lacks.
    static let goodbooksCSV = """
        book_id,goodreads_book_id,best_book_id,work_id,books_count,isbn,isbn13,authors,original_publication_year,original_title,title,language_code,average_rating,ratings_count,work_ratings_count,work_text_reviews_count,ratings_1,ratings_2,ratings_3,ratings_4,ratings_5,image_url,small_image_url
        1,2767052,2767052,2792775,272,439023483,9.78043902348e+12,Suzanne Collins,2008.0,The Hunger Games,"The Hunger Games (The Hunger Games, #1)",eng,4.34,4780653,4942365,155254,66715,127936,560092,1481305,2706317,https://images.gr-assets.com/books/1447303603m/2767052.jpg,https://images.gr-assets.com/books/1447303603s/2767052.jpg
        18,6148028,6148028,6171458,201,439023491,9.7804390235e+12,Suzanne Collins,2009.0,Catching Fire,"Catching Fire (The Hunger Games, #2)",eng,4.3,1831039,1988079,88538,10492,48030,262010,687238,980309,https://images.gr-assets.com/books/1358273780m/6148028.jpg,https://images.gr-assets.com/books/1358273780s/6148028.jpg
        718,11742691,11742691,16692130,11,545422906,9.7805454229e+12,Kate Egan,2012.0,,The Hunger Games: Official Illustrated Movie Companion,en-US,4.51,119915,120075,384,1968,2226,10191,24365,81325,https://images.gr-assets.com/books/1363678804m/11742691.jpg,https://images.gr-assets.com/books/1363678804s/11742691.jpg

        """

    @Test(arguments: StoreKind.available)
    func theStarterCatalogAndAGoodbooksImportHoldOneHungerGames(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let starter = try #require(try await StarterCatalog.installIfEmpty(into: store))
            let importer = GoodbooksImporter(store: store)
            let summary = try await importer.importBooks(from: CSVReader(text: Self.goodbooksCSV))
            #expect(summary.imported == 1 && summary.updated == 2)
            #expect(try await store.count() == starter.imported + 1)
            let starterKey = BookKey(source: StarterCatalog.source, sourceID: "the-hunger-games-collins")
            let merged = try #require(try await store.book(key: starterKey))
            #expect(try await store.book(key: BookKey(source: "goodbooks", sourceID: "2767052")) == merged)
            #expect(try await store.book(key: BookKey(source: "goodreads-id", sourceID: "2767052")) == merged)
            // The richer value of each field: goodbooks' ratings, ISBN and cover, the starter's tags.
            #expect(merged.ratingsCount == 4_780_653 && merged.isbn13 == "9780439023481")
            #expect(merged.coverURL != nil && merged.tags == ["young adult", "dystopia", "science fiction"])
            #expect(
                try await store.search("the hunger games", limit: 10).filter { $0.title == "The Hunger Games" }.count
                    == 1)

            try await store.rebuildRelations()
            let related = try await store.related(to: merged.id)
            #expect(!related.isEmpty)
            #expect(!related.contains { $0.book.id == merged.id })
            #expect(Set(related.map(\.book.id)).count == related.count)
            #expect(related.filter { $0.book.title == "Catching Fire" }.count == 1)
            // The series in its order: the prequel (#0, from the starter catalog), then #2.
            #expect(
                related.prefix(2).map { String($0.relation.reason.prefix(32)) } == [
                    "same series: The Hunger Games #0", "same series: The Hunger Games #2",
                ],
                "\(related.map(\.relation.reason))")

            let again = try await importer.importBooks(from: CSVReader(text: Self.goodbooksCSV))
            #expect(again.imported == 0 && again.updated == 0 && again.unchanged == 3)
        }
    }

    @Test(arguments: StoreKind.available)
    func theStarterCatalogMeetsGoodbooksByOriginalTitleAndByYearsAFewApart(kind: StoreKind) async throws {
        // Rows as goodbooks gives them: the US title with the original as `original_title`, and
        // the year of the English edition.
        let csv = """
            book_id,goodreads_book_id,best_book_id,work_id,books_count,isbn,isbn13,authors,original_publication_year,original_title,title,language_code,average_rating,ratings_count,image_url,small_image_url
            2,3,3,4640799,491,,,"J.K. Rowling, Mary GrandPré",1997.0,Harry Potter and the Philosopher's Stone,"Harry Potter and the Sorcerer's Stone (Harry Potter, #1)",eng,4.44,4602479,,
            80,157993,157993,2180358,1708,,,"Antoine de Saint-Exupéry, Richard Howard",1946.0,Le Petit Prince,The Little Prince,eng,4.28,738757,,

            """
        try await kind.withStore { store throws in
            let starter = try #require(try await StarterCatalog.installIfEmpty(into: store))
            let summary = try await GoodbooksImporter(store: store).importBooks(from: CSVReader(text: csv))
            #expect(summary.imported == 0 && summary.updated == 2)
            #expect(try await store.count() == starter.imported)
            for (query, title) in [
                ("philosopher's stone", "Harry Potter and the Philosopher's Stone"),
                ("sorcerer's stone", "Harry Potter and the Philosopher's Stone"),
                ("little prince", "The Little Prince"),
            ] {
                let found = try await store.search(query, limit: 10).filter { $0.title.hasPrefix(title) }
                #expect(found.count == 1, "\(kind) “\(query)” → \(found.map(\.title))")
                #expect((found.first?.ratingsCount ?? 0) > 700_000)
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func anISBNMatchesABookOfAnotherTitle(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let first = Book(source: "a", sourceID: "1", title: "Nineteen Eighty-Four", isbn13: "9780451524935")
            let second = Book(
                source: "b", sourceID: "x", title: "1984", authors: ["George Orwell"], isbn13: "9780451524935",
                ratingsCount: 5)
            let third = Book(source: "c", sourceID: "y", title: "Animal Farm", isbn10: "0451526341")
            let fourth = Book(source: "d", sourceID: "z", title: "Animal Farm: A Fairy Story", isbn10: "0451526341")
            let result = try await store.upsert([first, second, third, fourth])
            // The second and fourth add their titles as the books' alternate titles.
            #expect(result.inserted == 2 && result.updated == 2 && result.unchanged == 0)
            #expect(result.ids[0] == result.ids[1] && result.ids[2] == result.ids[3])
            let book = try #require(try await store.book(key: BookKey(second)))
            #expect(book.title == "Nineteen Eighty-Four" && book.authors == ["George Orwell"] && book.ratingsCount == 5)
            #expect(book.alternateTitles == ["1984"])
            #expect(try await store.search("1984", limit: 1).map(\.title) == ["Nineteen Eighty-Four"])
            #expect(try await store.count() == 2)
        }
    }

    @Test(arguments: StoreKind.available)
    func titleAndFirstAuthorMatchWhateverThePunctuationCaseAndDiacritics(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let books = [
                Book(source: "a", sourceID: "1", title: "Les Misérables", authors: ["Victor Hugo"], year: 1862),
                Book(source: "b", sourceID: "1", title: "LES MISERABLES!", authors: ["victor  hugo", "Someone"]),
                Book(source: "c", sourceID: "1", title: "les misérables", authors: ["Victor Hugo"], year: 1862),
                Book(
                    source: "d", sourceID: "1", title: "One Hundred Years of Solitude", authors: ["G. García Márquez"]),
                Book(
                    source: "e", sourceID: "1", title: "One hundred years of solitude.", authors: ["g garcia marquez"]),
            ]
            let result = try await store.upsert(books)
            #expect(
                Set(result.ids[0...2]).count == 1 && result.ids[3] == result.ids[4] && result.ids[0] != result.ids[3])
            #expect(try await store.count() == 2)
            let merged = try #require(try await store.book(key: BookKey(books[1])))
            #expect(merged.title == "Les Misérables" && merged.authors == ["victor  hugo", "Someone"])
            #expect(merged.year == 1862)
        }
    }

    @Test(arguments: StoreKind.available)
    func booksAlikeInTitleAreNotMergedAcrossAuthorsYearsVolumesOrWithinASource(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let books = [
                Book(source: "a", sourceID: "1", title: "Emma", authors: ["Jane Austen"], year: 1815),
                Book(source: "b", sourceID: "1", title: "Emma", authors: ["Alexander McCall Smith"], year: 2014),
                Book(source: "c", sourceID: "1", title: "Emma", authors: ["Jane Austen"], year: 1996),
                Book(source: "d", sourceID: "1", title: "Emma", authors: []),
                Book(
                    source: "e", sourceID: "1", title: "The Promise", seriesName: "Avatar", seriesNumber: 1,
                    authors: ["Gene Luen Yang"]),
                Book(
                    source: "f", sourceID: "1", title: "The Promise", seriesName: "Avatar", seriesNumber: 2,
                    authors: ["Gene Luen Yang"]),
                Book(source: "a", sourceID: "2", title: "Emma", authors: ["Jane Austen"], year: 1815),
                Book(source: "a", sourceID: "3", title: "Persuasion", isbn13: "9780141439686"),
                Book(source: "a", sourceID: "4", title: "Persuasion (Penguin Classics)", isbn13: "9780141439686"),
            ]
            let result = try await store.upsert(books)
            #expect(result.inserted == books.count && Set(result.ids).count == books.count)
            #expect(try await store.count() == books.count)
        }
    }

    @Test(arguments: StoreKind.available)
    func importingMergedRecordsAgainChangesNothing(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            var richer = SampleBooks.hungerGames
            (richer.source, richer.sourceID, richer.isbn13) = ("other", "hg", nil)
            (richer.description, richer.tags) = ("A longer description of the book.", ["a", "b", "c"])
            let batch = [SampleBooks.hungerGames, richer, SampleBooks.catchingFire]
            let first = try await store.upsert(batch)
            #expect(first.inserted == 2 && first.updated == 1 && first.ids[0] == first.ids[1])
            let generation = try await store.generation()
            let second = try await store.upsert(batch)
            #expect(second == UpsertResult(unchanged: 3, ids: first.ids))
            #expect(try await store.generation() == generation)
            let book = try #require(try await store.book(id: first.ids[0]))
            #expect(book.description == richer.description && book.tags == richer.tags)
            // Readings and tags find the merged book by either key.
            _ = try await store.apply(
                ImportBatch(readings: [Reading(reader: "ann", book: BookKey(richer), rating: 5)]))
            #expect(try await store.readerPicks(minimumRating: 5) == [ReaderPick(reader: "ann", book: first.ids[0])])
        }
    }

    @Test(arguments: StoreKind.available)
    func mergingDuplicatesKeepsRelationsReadingsLinksAndKeys(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let copy = Book(
                source: "other", sourceID: "9", title: "Placeholder", authors: ["Suzanne Collins"], year: 2008,
                description: "The first book of the trilogy, at length.")
            let ids = try await store.upsert([SampleBooks.hungerGames, SampleBooks.catchingFire, copy]).ids
            // A catalog from before imports matched: the copy is The Hunger Games under another title.
            try await kind.execute("UPDATE books SET title = 'The Hunger Games' WHERE id = \(ids[2])", in: store)
            let link = try #require(URL(string: "https://example.org/similar"))
            _ = try await store.apply(
                ImportBatch(
                    readings: [
                        Reading(reader: "ann", book: BookKey(copy), rating: 5),
                        Reading(reader: "bob", book: BookKey(copy), rating: 4),
                        Reading(reader: "bob", book: BookKey(SampleBooks.hungerGames), rating: 5),
                    ], links: [ListedLink(from: BookKey(copy), to: link)]))
            try await store.replaceRelations(
                for: [.alsoEnjoyed],
                with: [
                    Relation(kind: .alsoEnjoyed, from: ids[2], to: ids[1], score: 0.5, reason: "enjoyed"),
                    Relation(kind: .alsoEnjoyed, from: ids[1], to: ids[2], score: 0.5, reason: "enjoyed"),
                    Relation(kind: .alsoEnjoyed, from: ids[2], to: ids[0], score: 0.9, reason: "itself"),
                ])

            let groups = try await store.mergeDuplicates()
            #expect(groups.map(\.duplicates) == [[ids[2]]])
            #expect(groups.first?.book.id == ids[0])
            #expect(try await store.count() == 2)
            let merged = try #require(try await store.book(key: BookKey(copy)))
            #expect(merged.id == ids[0] && merged.description == copy.description)
            #expect(merged.ratingsCount == SampleBooks.hungerGames.ratingsCount)
            #expect(
                try await store.readerPicks(minimumRating: 4) == [
                    ReaderPick(reader: "ann", book: ids[0]), ReaderPick(reader: "bob", book: ids[0]),
                ])
            #expect(try await store.readerPicks(minimumRating: 5).count == 2)  // bob's own 5 stays
            #expect(try await store.outgoingLinks() == [OutgoingLink(from: ids[0], to: link)])
            #expect(try await store.related(to: ids[0]).map(\.book.id) == [ids[1]])
            #expect(try await store.related(to: ids[1]).map(\.book.id) == [ids[0]])
            #expect(try await store.integrityProblems().isEmpty)
            #expect(try await store.mergeDuplicates().isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func aRelatedListNeverNamesTheBookItselfOrABookTwice(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            try await store.replaceRelations(
                for: Set(Relation.Kind.allCases),
                with: [
                    Relation(kind: .sameSeries, from: ids[0], to: ids[0], score: 1, reason: "itself"),
                    Relation(kind: .alsoEnjoyed, from: ids[0], to: ids[1], score: 0.2, reason: "readers also enjoyed"),
                    Relation(kind: .sameSeries, from: ids[0], to: ids[1], score: 1, reason: "same series: #2"),
                    Relation(kind: .sameAuthor, from: ids[0], to: ids[1], score: 1, reason: "same author"),
                    Relation(kind: .sameAuthor, from: ids[0], to: ids[2], score: 0.5, reason: "same author"),
                ])
            let related = try await store.related(to: ids[0], kind: nil, limit: 1)
            #expect(related.map(\.book.id) == [ids[1]])
            #expect(related.first?.relation.kind == .sameSeries)
            #expect(related.first?.relation.reason == "same series: #2; same author; readers also enjoyed")
            #expect(try await store.related(to: ids[0]).map(\.book.id) == [ids[1], ids[2]])
            #expect(try await store.related(to: ids[0], kind: .sameSeries).map(\.book.id) == [ids[1]])
        }
    }
}
