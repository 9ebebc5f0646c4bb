import BookCatalog
import Testing

@Suite(.timeLimit(.minutes(10))) struct SeriesTitleTests {
    @Test(
        arguments: [
            ("The Hunger Games (The Hunger Games, #1)", "The Hunger Games", "The Hunger Games", 1.0),
            ("Catching Fire (The Hunger Games, #2)", "Catching Fire", "The Hunger Games", 2.0),
            (
                "The Hobbit: or There and Back Again (Middle-earth, #0.5)", "The Hobbit: or There and Back Again",
                "Middle-earth", 0.5
            ),
            (
                "The Lord of the Rings (The Lord of the Rings, #1-3)", "The Lord of the Rings", "The Lord of the Rings",
                1.0
            ),
            ("His Dark Materials (His Dark Materials #1-3)", "His Dark Materials", "His Dark Materials", 1.0),
            ("The Colour of Magic (Discworld, #1; Rincewind #1)", "The Colour of Magic", "Discworld", 1.0),
            ("Shadow of Night (All Souls Trilogy,  #2)", "Shadow of Night", "All Souls Trilogy", 2.0),
            ("I, Robot (Robot #0.1)", "I, Robot", "Robot", 0.1),
            ("Title (Omnibus, #0.1 - 0.4)", "Title", "Omnibus", 0.1),
        ] as [(String, String, String, Double)])
    func seriesSuffixIsSplitOff(raw: String, title: String, series: String, number: Double) {
        #expect(SeriesTitle(parsing: raw) == SeriesTitle(title: title, seriesName: series, seriesNumber: number))
    }

    @Test(arguments: [
        "Les Misérables",
        "Hamlet (Folger Shakespeare Library)",
        "The Da Vinci Code (Robert Langdon)",
        "1984 (Signet Classics) (Paperback)",
        "Why We (Still) Read",
        "(Untitled)",
        "Broken (Series, #)",
        "Unbalanced (Series, #1",
    ])
    func parenthesesThatAreNoSeriesStayInTheTitle(raw: String) {
        #expect(SeriesTitle(parsing: raw) == SeriesTitle(title: raw, seriesName: nil, seriesNumber: nil))
    }

    @Test func nestedParenthesesInTheSeriesName() {
        let parsed = SeriesTitle(parsing: "  Book (Saga (Extended), #3)  ")
        #expect(parsed == SeriesTitle(title: "Book", seriesName: "Saga (Extended)", seriesNumber: 3))
    }
}
