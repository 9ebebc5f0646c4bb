import BookCatalog
import Testing

@Suite(.timeLimit(.minutes(1))) struct AlternateTitlesTests {
    @Test(
        "the original title when its words differ, then the title without its subtitle",
        arguments: [
            ("The Little Prince", "Le Petit Prince", ["Le Petit Prince"]),
            (
                "Harry Potter and the Sorcerer's Stone", "Harry Potter and the Philosopher's Stone",
                ["Harry Potter and the Philosopher's Stone"]
            ),
            ("The Hobbit", "The Hobbit or There and Back Again", ["The Hobbit or There and Back Again"]),
            ("The Hobbit: or There and Back Again", nil, ["The Hobbit"]),
            ("Sapiens: A Brief History of Humankind", "", ["Sapiens"]),
            ("Dune: Deluxe Edition", nil, ["Dune"]),
            // The original first, then the short title, each once.
            ("The Hobbit: Graphic Novel", "The Hobbit", ["The Hobbit"]),
            ("Homo Deus: A Brief History of Tomorrow", "ההיסטוריה של המחר", ["ההיסטוריה של המחר", "Homo Deus"]),
            // Only case, punctuation or diacritics differ: the same words, so no alternate.
            ("The Hunger Games", "The Hunger Games", []),
            ("Les Misérables", "LES MISERABLES!", []),
            ("Ender's Game", "Enders Game", []),
            // Too short to be a title of its own: one word of fewer than four letters.
            ("It: A Novel", nil, []),
            ("Go: A Coder's Guide", "  ", []),
            // Two short words are enough; a colon without a space after it is no subtitle.
            ("Mr X: A Life", nil, ["Mr X"]),
            ("Re:Zero", nil, []),
            ("Star Wars: Episode IV: A New Hope", nil, ["Star Wars"]),
            ("…", "—", []),
            // A series suffix is no part of a title: the title again, or the original without it.
            ("Big Boned", "Big Boned (Heather Wells, #3)", []),
            ("Mort", "Mortal (Death, #1; Discworld, #4)", ["Mortal"]),
        ] as [(String, String?, [String])])
    func derived(title: String, originalTitle: String?, expected: [String]) {
        #expect(AlternateTitles.derived(title: title, originalTitle: originalTitle) == expected)
    }

    @Test func cleanedTitlesAreTrimmedDistinctAndCappedWithTheBook() {
        let limit = FieldLimits.alternateTitles
        let long = String(repeating: "é", count: limit.bytes)  // two bytes each
        let cleaned = AlternateTitles.cleaned(
            ["  Le Petit Prince ", "le petit prince", "", "The Little Prince", long] + (1...20).map { "Title \($0)" },
            title: "The Little Prince")
        #expect(cleaned.count == 22)
        var book = Book(source: "m", sourceID: "prince", title: "The Little Prince", alternateTitles: cleaned)
        #expect(book.capFields() == 1)
        #expect(book.alternateTitles.count == limit.count)
        #expect(book.alternateTitles.prefix(2) == ["Le Petit Prince", String(long.prefix(limit.bytes / 2))])
        #expect(
            book.alternateTitles.dropFirst(2) == ["Title 1", "Title 2", "Title 3", "Title 4", "Title 5", "Title 6"])
        #expect(AlternateTitles.cleaned([], title: "Dune").isEmpty)
    }
}
