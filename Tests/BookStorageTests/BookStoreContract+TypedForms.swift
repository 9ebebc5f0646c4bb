import BookCatalog
import Testing

/// The ways people type names and titles find the book: initials in any spacing, possessives
/// without the apostrophe, words run together, letters such as ø typed as o — on both stores,
/// with candidates from the store's index and from the index in memory.
extension BookStoreContract {
    static let typedFormsShelf: [Book] = [
        Book(
            source: "forms", sourceID: "1", title: "Harry Potter and the Sorcerer's Stone", authors: ["J.K. Rowling"],
            ratingsCount: 4_600_000),
        Book(
            source: "forms", sourceID: "2", title: "A Game of Thrones", authors: ["George R.R. Martin"],
            ratingsCount: 1_900_000),
        Book(
            source: "forms", sourceID: "3", title: "Ender's Game", authors: ["Orson Scott Card"],
            ratingsCount: 1_000_000),
        Book(
            source: "forms", sourceID: "4", title: "The Da Vinci Code", authors: ["Dan Brown"], ratingsCount: 1_800_000),
        Book(
            source: "forms", sourceID: "5", title: "The Amazing Spider-Man", authors: ["Stan Lee"], ratingsCount: 5_000),
        Book(source: "forms", sourceID: "6", title: "The Snowman", authors: ["Jo Nesbø"], ratingsCount: 90_000),
        Book(
            source: "forms", sourceID: "7", title: "The Hitchhiker's Guide to the Galaxy", authors: ["Douglas Adams"],
            ratingsCount: 1_000_000),
        Book(source: "forms", sourceID: "8", title: "Æsop's Fables", authors: ["Aesop"], ratingsCount: 100_000),
        Book(source: "forms", sourceID: "9", title: "Die Straße", authors: ["Ann Petry"], ratingsCount: 10_000),
        // Distractors that share words with the queries.
        Book(
            source: "forms", sourceID: "10", title: "The Happiest Baby on the Block", authors: ["Harvey Karp"],
            ratingsCount: 20_000),
        Book(source: "forms", sourceID: "11", title: "Game Change", authors: ["John Heilemann"], ratingsCount: 30_000),
        Book(
            source: "forms", sourceID: "12", title: "Code Name Verity", authors: ["Elizabeth Wein"],
            ratingsCount: 100_000),
        Book(
            source: "forms", sourceID: "13", title: "Man's Search for Meaning", authors: ["Viktor E. Frankl"],
            ratingsCount: 300_000),
        Book(
            source: "forms", sourceID: "14", title: "The Little Prince", alternateTitles: ["Le Petit Prince"],
            authors: ["Antoine de Saint-Exupéry"], ratingsCount: 800_000),
        Book(
            source: "forms", sourceID: "15", title: "One Hundred Years of Solitude",
            alternateTitles: ["Cien años de soledad"], authors: ["Gabriel García Márquez"], ratingsCount: 600_000),
        Book(source: "forms", sourceID: "16", title: "Prince Caspian", authors: ["C.S. Lewis"], ratingsCount: 400_000),
    ]

    @Test(
        arguments: StoreKind.available, SearchPath.allCases)
    func typedFormsFindTheBookFirst(kind: StoreKind, path: SearchPath) async throws {
        try await kind.withStore { store throws in
            _ = try await store.upsert(Self.typedFormsShelf)
            let expectations: [(String, String)] = [
                ("jk rowling", "Harry Potter and the Sorcerer's Stone"),
                ("j k rowling", "Harry Potter and the Sorcerer's Stone"),
                ("j.k. rowling", "Harry Potter and the Sorcerer's Stone"),
                ("J. K. Rowling", "Harry Potter and the Sorcerer's Stone"),
                ("jk", "Harry Potter and the Sorcerer's Stone"),
                ("george rr martin", "A Game of Thrones"),
                ("enders game", "Ender's Game"),
                ("ender's game", "Ender's Game"),
                ("ender’s ga", "Ender's Game"),
                ("hitchhikers", "The Hitchhiker's Guide to the Galaxy"),
                ("davinci code", "The Da Vinci Code"),
                ("da vinci", "The Da Vinci Code"),
                ("spiderman", "The Amazing Spider-Man"),
                ("spider-man", "The Amazing Spider-Man"),
                ("spider man", "The Amazing Spider-Man"),
                ("nesbo", "The Snowman"),
                ("nesbø snowman", "The Snowman"),
                ("aesops fables", "Æsop's Fables"),
                ("æsop", "Æsop's Fables"),
                ("strasse", "Die Straße"),
                ("die straße", "Die Straße"),
                ("petit prince", "The Little Prince"),
                ("le petit pr", "The Little Prince"),
                ("cien años", "One Hundred Years of Solitude"),
                ("cien anos de", "One Hundred Years of Solitude"),
                ("soledad", "One Hundred Years of Solitude"),
                ("little prince", "The Little Prince"),
                // A typo in a short word typed whole.
                ("teh little prince", "The Little Prince"),
            ]
            for (query, title) in expectations {
                let found = try await path.search(query, limit: 5, in: store)
                #expect(found.first?.title == title, "\(kind) \(path) “\(query)” → \(found.map(\.title))")
            }
        }
    }

    @Test(arguments: StoreKind.available, SearchPath.allCases)
    func aJoinedWordIsHighlightedWhole(kind: StoreKind, path: SearchPath) async throws {
        try await kind.withStore { store throws in
            _ = try await store.upsert(Self.typedFormsShelf)
            try await store.prepareSearch()
            let ender = try #require(try await path.rankedSearch("enders game", limit: 1, in: store).first)
            #expect(ender.book.title == "Ender's Game")
            // "Ender's" (0..<7) and "Game" (8..<12).
            #expect(ender.highlights.filter { $0.field == .title }.map(\.range) == [0..<7, 8..<12])
            #expect(ender.isWholeTitle)
            let jk = try #require(try await path.rankedSearch("jk rowl", limit: 1, in: store).first)
            // "J.K" (0..<3) and "Rowl" (5..<9).
            #expect(jk.highlights.filter { $0.field == .authors }.map(\.range) == [0..<3, 5..<9])
        }
    }

    @Test(arguments: StoreKind.available, SearchPath.allCases)
    func aBookFoundByAnotherTitleSaysWhich(kind: StoreKind, path: SearchPath) async throws {
        try await kind.withStore { store throws in
            _ = try await store.upsert(Self.typedFormsShelf)
            let prince = try #require(try await path.rankedSearch("petit prince", limit: 1, in: store).first)
            #expect(prince.book.title == "The Little Prince")
            #expect(prince.matchedAlternateTitle == "Le Petit Prince")
            #expect(prince.titleRanges.isEmpty)
            let little = try #require(try await path.rankedSearch("little prince", limit: 1, in: store).first)
            #expect(little.matchedAlternateTitle == nil)
            #expect(little.titleRanges == [4..<10, 11..<17])
        }
    }
}
