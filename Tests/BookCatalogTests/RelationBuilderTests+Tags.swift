import BookCatalog
import Testing

extension RelationBuilderTests {
    /// Books by number, with tags; filler books carry none of the shared ones, so every shared
    /// tag weighs something.
    private static func tagged(_ id: Int64, _ tags: [String]) -> Book {
        Book(id: id, source: "test", sourceID: "\(id)", title: "Book \(id)", authors: ["Author \(id)"], tags: tags)
    }

    @Test("Each similar-tags relation names the tags its own two books share, strongest first")
    func similarTagsNameTheirOwnPair() {
        // The reasons are written after the strongest relations are chosen: a reason that named
        // another candidate's tags (or the book's own) would show here.
        let books =
            [
                Self.tagged(1, ["dystopia", "young-adult", "romance"]),
                Self.tagged(2, ["dystopia", "young-adult"]),
                Self.tagged(3, ["romance", "poetry"]),
            ] + (10..<16).map { Self.tagged($0, ["cookery"]) }
        let relations = RelationBuilder().similarTags(among: books)
        let reasons = Dictionary(
            uniqueKeysWithValues: relations.filter { $0.from == 1 }.map { ($0.to, $0.reason) })
        #expect(reasons == [2: "shares tags: dystopia, young adult", 3: "shares tags: romance"])
        #expect(relations.first { $0.from == 3 && $0.to == 1 }?.reason == "shares tags: romance")
    }
}
