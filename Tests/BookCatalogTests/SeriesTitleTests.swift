import BookCatalog
import Testing

@Suite(.timeLimit(.minutes(10))) struct SeriesTitleTests {
    /// `"Death #1; Discworld #4"`: each membership's name and label, as a table can say it.
    private static func described(_ series: [SeriesMembership]) -> String {
        series.map { "\($0.name) \($0.label)" }.joined(separator: "; ")
    }

    /// Title shapes found in goodbooks-10k `books.csv` (but the `#5 Part 2` row), each with the
    /// title and the memberships it must give.
    @Test(
        arguments: [
            ("The Hunger Games (The Hunger Games, #1)", "The Hunger Games", "The Hunger Games #1"),
            ("Dune (Dune Chronicles #1)", "Dune", "Dune Chronicles #1"),
            ("New Spring (Wheel of Time, #0)", "New Spring", "Wheel of Time #0"),
            ("The Kill Order (Maze Runner, #0.5)", "The Kill Order", "Maze Runner #0.5"),
            (
                "The Way of Kings, Part 1 (The Stormlight Archive #1.1)", "The Way of Kings, Part 1",
                "The Stormlight Archive #1.1"
            ),
            ("Harry Potter Boxset (Harry Potter, #1-7)", "Harry Potter Boxset", "Harry Potter #1–7"),
            ("His Dark Materials (His Dark Materials #1-3)", "His Dark Materials", "His Dark Materials #1–3"),
            ("The Oedipus Cycle (The Theban Plays, #1–3)", "The Oedipus Cycle", "The Theban Plays #1–3"),
            (
                "Four: A Divergent Story Collection (Divergent, #0.1 - 0.4)", "Four: A Divergent Story Collection",
                "Divergent #0.1–0.4"
            ),
            ("The Assassin's Blade (Throne of Glass, #0.1-0.5)", "The Assassin's Blade", "Throne of Glass #0.1–0.5"),
            ("1Q84 #1-2 (1Q84, #1-2)", "1Q84 #1-2", "1Q84 #1–2"),
            (
                "The Twilight Saga Complete Collection  (Twilight, #1-4 + 3.5)",
                "The Twilight Saga Complete Collection", "Twilight #1–4"
            ),
            ("The Eye of the World, Part 1 (Wheel of time, #1-1)", "The Eye of the World, Part 1", "Wheel of time #1"),
            ("The Selection Stories (The Selection, #0.5, 2.5)", "The Selection Stories", "The Selection #0.5–2.5"),
            (
                "A Touch of Dead (Sookie Stackhouse, #4.1, #4.3, #5.1, #7.1, #8.1)", "A Touch of Dead",
                "Sookie Stackhouse #4.1–8.1"
            ),
            (
                "Harry Potter and the Order of the Phoenix (Harry Potter, #5, Part 1)",
                "Harry Potter and the Order of the Phoenix", "Harry Potter #5, Part 1"
            ),
            (
                "Harry Potter and the Order of the Phoenix (Harry Potter, #5 Part 2)",
                "Harry Potter and the Order of the Phoenix", "Harry Potter #5, Part 2"
            ),
            (
                "A Dance with Dragons: Dreams and Dust (A Song of Ice and Fire #5, Part 1 of 2)",
                "A Dance with Dragons: Dreams and Dust", "A Song of Ice and Fire #5, Part 1 of 2"
            ),
            (
                "A Storm of Swords: Blood and Gold (A Song of Ice and Fire, #3: Part 2 of 2)",
                "A Storm of Swords: Blood and Gold", "A Song of Ice and Fire #3, Part 2 of 2"
            ),
            (
                "To Green Angel Tower, Part 2 (Memory, Sorrow, and Thorn, #3; Part 2)", "To Green Angel Tower, Part 2",
                "Memory, Sorrow, and Thorn #3, Part 2"
            ),
            ("Mort (Death, #1; Discworld, #4)", "Mort", "Death #1; Discworld #4"),
            ("The Color of Magic (Discworld, #1; Rincewind #1)", "The Color of Magic", "Discworld #1; Rincewind #1"),
            ("Carpe Jugulum (Discworld #23; Witches #6)", "Carpe Jugulum", "Discworld #23; Witches #6"),
            (
                "The Reversal (Harry Bosch, #16; Mickey Haller, #4; Harry Bosch Universe, #19)", "The Reversal",
                "Harry Bosch #16; Mickey Haller #4; Harry Bosch Universe #19"
            ),
            ("Night Play (Dark-Hunter #5, Were-Hunter #1)", "Night Play", "Dark-Hunter #5; Were-Hunter #1"),
            ("No Mercy (Dark-Hunter #18, Were-Hunter, #5)", "No Mercy", "Dark-Hunter #18; Were-Hunter #5"),
            (
                "Eternal Rider (Lords of Deliverance, #1, Demonica, #6)", "Eternal Rider",
                "Lords of Deliverance #1; Demonica #6"
            ),
            (
                "Raising Steam (Discworld, #40, Moist von Lipwig #3 )", "Raising Steam",
                "Discworld #40; Moist von Lipwig #3"
            ),
            (
                "The Dark Elf Trilogy (Forgotten Realms: Dark Elf Trilogy, #1-3; Legend of Drizzt, #1-3)",
                "The Dark Elf Trilogy", "Forgotten Realms: Dark Elf Trilogy #1–3; Legend of Drizzt #1–3"
            ),
            (
                "The Bite Before Christmas (Argeneau, #15.5; Night Huntress, #6.5)", "The Bite Before Christmas",
                "Argeneau #15.5; Night Huntress #6.5"
            ),
            ("Hush, Hush (Hush, Hush, #1)", "Hush, Hush", "Hush, Hush #1"),
            (
                "The Dragonbone Chair (Memory, Sorrow, and Thorn, #1)", "The Dragonbone Chair",
                "Memory, Sorrow, and Thorn #1"
            ),
            ("Strange Candy (Anita Blake, Vampire Hunter #0.5)", "Strange Candy", "Anita Blake, Vampire Hunter #0.5"),
            ("Beyond Exile (Day by Day Armageddon,# 2)", "Beyond Exile", "Day by Day Armageddon #2"),
            ("Judy Moody (Judy Moody, # 1)", "Judy Moody", "Judy Moody #1"),
            ("Ranma ½, Vol. 1 (Ranma ½ (US 2nd), #1)", "Ranma ½, Vol. 1", "Ranma ½ (US 2nd) #1"),
            ("One Tuesday Morning (9/11, #1)", "One Tuesday Morning", "9/11 #1"),
            ("The 5th Wave (The 5th Wave, #1)", "The 5th Wave", "The 5th Wave #1"),
            ("The Fifth Dominion (Imajica Part #1/2)", "The Fifth Dominion", "Imajica Part #1"),
            ("Shadow of Night (All Souls Trilogy,  #2)", "Shadow of Night", "All Souls Trilogy #2"),
            ("  Book (Saga (Extended), #3)  ", "Book", "Saga (Extended) #3"),
        ] as [(String, String, String)])
    func goodbooksTitleShapesParse(raw: String, title: String, series: String) {
        let parsed = SeriesTitle(parsing: raw)
        #expect(parsed.title == title)
        #expect(Self.described(parsed.series) == series)
    }

    @Test(arguments: [
        "Les Misérables",
        "Hamlet (Folger Shakespeare Library)",
        "The World of the Hunger Games (Hunger Games Trilogy)",
        "1984 (Signet Classics) (Paperback)",
        "Why We (Still) Read",
        "(Untitled)",
        "(Harry Potter, #1)",
        "Nancy Drew: #1-64",
        "Sin City: Una Dura Despedida, #1 de 3",
        "#GIRLBOSS",
        "Broken (Series, #)",
        "Nameless (#3)",
        "Unbalanced (Series, #1",
    ])
    func parenthesesThatAreNoSeriesStayInTheTitle(raw: String) {
        #expect(SeriesTitle(parsing: raw) == SeriesTitle(title: raw, series: []))
    }

    /// The values behind the labels: a range is a collection, not its first number; a part
    /// is kept as written; numbers are exact.
    @Test func membershipsCarryNumbersRangesAndParts() {
        #expect(
            SeriesTitle(parsing: "Harry Potter Boxset (Harry Potter, #1-7)").series == [
                SeriesMembership(name: "Harry Potter", number: 1, lastNumber: 7)
            ])
        let phoenix = SeriesTitle(parsing: "Order of the Phoenix (Harry Potter, #5, Part 1)")
        #expect(phoenix.series == [SeriesMembership(name: "Harry Potter", number: 5, part: "Part 1")])
        #expect(phoenix.seriesName == "Harry Potter" && phoenix.seriesNumber == 5)
        #expect(!phoenix.series[0].isCollection)
        let assassin = SeriesTitle(parsing: "The Assassin's Blade (Throne of Glass, #0.1-0.5)")
        #expect(assassin.series.first?.number == 0.1 && assassin.series.first?.lastNumber == 0.5)
        #expect(assassin.series.first?.isCollection == true)
        #expect(
            SeriesTitle(parsing: "Mort (Death, #1; Discworld, #4)").series == [
                SeriesMembership(name: "Death", number: 1), SeriesMembership(name: "Discworld", number: 4),
            ])
    }

    @Test(
        arguments: [
            (SeriesMembership(name: "s", number: 7), "#7"),
            (SeriesMembership(name: "s", number: 0.5), "#0.5"),
            (SeriesMembership(name: "s", number: 1, lastNumber: 7), "#1–7"),
            (SeriesMembership(name: "s", number: 1, lastNumber: 1), "#1"),
            (SeriesMembership(name: "s", number: 5, part: "Part 1"), "#5, Part 1"),
            (SeriesMembership(name: "s", part: "Part 2"), "Part 2"),
            (SeriesMembership(name: "s"), ""),
        ])
    func labelsSayThePlaceAsReadersWriteIt(membership: SeriesMembership, label: String) {
        #expect(membership.label == label)
    }

    /// Series order: single volumes by number, then part (the whole volume first); books
    /// without a number; collections by first, then last number.
    @Test func seriesOrderPutsVolumesThenUnnumberedThenCollections() {
        let ordered = [
            SeriesMembership(name: "s", number: 0), SeriesMembership(name: "s", number: 0.5),
            SeriesMembership(name: "s", number: 1), SeriesMembership(name: "s", number: 5),
            SeriesMembership(name: "s", number: 5, part: "Part 1"),
            SeriesMembership(name: "s", number: 5, part: "Part 2 of 2"),
            SeriesMembership(name: "s", number: 5, part: "Part 10"), SeriesMembership(name: "s", number: 7),
            SeriesMembership(name: "s"), SeriesMembership(name: "s", number: 0.1, lastNumber: 0.5),
            SeriesMembership(name: "s", number: 1, lastNumber: 4),
            SeriesMembership(name: "s", number: 1, lastNumber: 7),
        ]
        for (index, membership) in ordered.enumerated() {
            #expect(!membership.precedesInSeries(membership))
            for later in ordered[(index + 1)...] {
                #expect(membership.precedesInSeries(later), "\(membership.label) before \(later.label)")
                #expect(!later.precedesInSeries(membership), "\(later.label) after \(membership.label)")
            }
        }
        #expect(ordered.reversed().sorted { $0.precedesInSeries($1) } == ordered)
    }
}
