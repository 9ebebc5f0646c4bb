import BookCatalog
import Testing

/// The ranking rules (see ``BookRanking``), one table of cases that every store must answer
/// alike: words matched, typos, proximity, field, position, exactness, popularity.
extension BookStoreContract {
    /// A catalog of the shapes the rules are about; ratings make popularity point the wrong way
    /// wherever a rule must win over it.
    static let rankingShelf: [Book] = [
        ranked("1", "To Kill a Mockingbird", by: "Harper Lee", ratings: 4_500_000),
        ranked("2", "Mockingjay", by: "Suzanne Collins", ratings: 1_700_000),
        ranked("3", "Harry Potter and the Half-Blood Prince", by: "J.K. Rowling", ratings: 1_700_000),
        ranked("4", "The Book Thief", by: "Markus Zusak", ratings: 1_100_000),
        ranked("5", "Room", by: "Emma Donoghue", ratings: 600_000),
        ranked("6", "Emma", by: "Jane Austen", ratings: 500_000),
        ranked("7", "Night Shift", by: "Stephen King", ratings: 1_000_000),
        ranked("8", "Night", by: "Elie Wiesel", ratings: 500_000),
        ranked("9", "Gone with the Wind", by: "Margaret Mitchell", ratings: 1_000_000),
        ranked("10", "Gone Girl", by: "Gillian Flynn", ratings: 500_000),
        ranked("11", "Thief of Time", by: "Terry Pratchett", ratings: 200_000),
        ranked("12", "Wanderland", by: "A. Walker", ratings: 10),
        ranked("13", "Wandurland", by: "B. Walker", ratings: 1_000),
        ranked("14", "Mortality", by: "Christopher Hitchens", ratings: 20_000),
        ranked("15", "Morality for Beautiful Girls", by: "Alexander McCall Smith", ratings: 30_000),
        ranked("16", "The 7 Habits of Highly Effective People", by: "Stephen R. Covey", ratings: 314_000),
        ranked("17", "The 7 Habits of Highly Effective Teens", by: "Sean Covey", ratings: 19_000),
    ]

    /// Query → the titles expected first, in order.
    static let rankingCases: [(query: String, first: [String])] = [
        // Position: the title that starts with what was typed.
        ("Mocki", ["Mockingjay", "To Kill a Mockingbird"]),
        // Proximity: both words side by side, in the typed order.
        ("The B", ["The Book Thief"]),
        // Field: the title before an author's name.
        ("Emma", ["Emma", "Room"]),
        // Exactness: the whole title before a longer one.
        ("Night", ["Night", "Night Shift"]),
        // Words: each query word needs a word of its own ("gone" cannot also be "g").
        ("Gone G", ["Gone Girl", "Gone with the Wind"]),
        // Popularity, when every rule ties.
        ("gone", ["Gone with the Wind", "Gone Girl"]),
        // Position again, over popularity.
        ("thief", ["Thief of Time", "The Book Thief"]),
        // Typos: one typo before two, and a word found through one at all.
        ("wonderland ", ["Wanderland", "Wandurland"]),
        ("mockinjay ", ["Mockingjay"]),
        // Order: words typed out of order still match, after those in order.
        ("thief book", ["The Book Thief"]),
        // Exactness: the whole title through one typo, before a longer title through one too.
        ("motrality", ["Mortality", "Morality for Beautiful Girls"]),
        // Position is the title's: where an author's surname stands in their name does not count.
        ("covey habits", ["The 7 Habits of Highly Effective People", "The 7 Habits of Highly Effective Teens"]),
    ]

    private static func ranked(_ id: String, _ title: String, by author: String, ratings: Int) -> Book {
        Book(source: "ranking", sourceID: id, title: title, authors: [author], ratingsCount: ratings)
    }

    @Test(arguments: StoreKind.available, SearchPath.allCases)
    func rankingRulesDecideTheOrder(kind: StoreKind, path: SearchPath) async throws {
        try await kind.withStore { store throws in
            _ = try await store.upsert(Self.rankingShelf)
            for (query, first) in Self.rankingCases {
                let titles = try await path.search(query, limit: 10, in: store).map(\.title)
                #expect(Array(titles.prefix(first.count)) == first, "\(kind) \(path) \"\(query)\" → \(titles)")
            }
        }
    }
}
