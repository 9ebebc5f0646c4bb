import BookCatalog
import Testing

/// An author's name with a word of the title, the commonest way people look a book up, puts the
/// book first — not a companion whose title names the author, nor a boxed set — on both stores
/// and both candidate paths.
extension BookStoreContract {
    static let famousShelf: [Book] = [
        Book(
            source: "famous", sourceID: "1", title: "The Hunger Games", authors: ["Suzanne Collins"],
            ratingsCount: 4_780_653),
        Book(
            source: "famous", sourceID: "2",
            title: "The Girl Who Was on Fire: Your Favorite Authors on Suzanne Collins' Hunger Games Trilogy",
            authors: ["Leah Wilson"], ratingsCount: 20_000),
        Book(
            source: "famous", sourceID: "3", title: "The Hobbit", authors: ["J.R.R. Tolkien"], ratingsCount: 2_071_616),
        Book(
            source: "famous", sourceID: "4",
            title: "J.R.R. Tolkien 4-Book Boxed Set: The Hobbit and The Lord of the Rings", authors: ["J.R.R. Tolkien"],
            ratingsCount: 100_000),
        Book(
            source: "famous", sourceID: "5", title: "To Kill a Mockingbird", authors: ["Harper Lee"],
            ratingsCount: 3_198_671),
        Book(source: "famous", sourceID: "6", title: "Killing Floor", authors: ["Lee Child"], ratingsCount: 150_000),
    ]

    @Test(arguments: StoreKind.available, SearchPath.allCases)
    func anAuthorWithATitleWordFindsTheFamousBookFirst(kind: StoreKind, path: SearchPath) async throws {
        try await kind.withStore { store throws in
            _ = try await store.upsert(Self.famousShelf)
            for (query, title) in [
                ("collins hunger", "The Hunger Games"), ("Collins hunger ", "The Hunger Games"),
                ("hunger collins", "The Hunger Games"), ("tolkien hobbit", "The Hobbit"),
                ("hobbit tolkien ", "The Hobbit"), ("lee kill ", "To Kill a Mockingbird"),
                ("lee kill", "To Kill a Mockingbird"),
                // A title's own words still win over a split between author and title.
                (
                    "girl who was on fire",
                    "The Girl Who Was on Fire: Your Favorite Authors on Suzanne Collins' Hunger Games Trilogy"
                ),
            ] {
                let found = try await path.search(query, limit: 5, in: store).map(\.title)
                #expect(found.first == title, "\(kind) \(path) “\(query)” → \(found)")
            }
        }
    }
}
