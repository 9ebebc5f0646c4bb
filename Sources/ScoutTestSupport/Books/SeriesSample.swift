import Foundation

/// Series as goodbooks-10k titles write them, for tests of series parsing and relations:
/// Harry Potter with box sets (`#1-7`, `#1-4`) and a volume in parts (`#5, Part 1`), The Hunger
/// Games with a prequel at `#0` and a box set, Throne of Glass with novellas (`#0.1`, `#0.5`)
/// and their collection (`#0.1-0.5`), and Discworld books that are in a second series
/// (`Mort (Death, #1; Discworld, #4)`).
///
/// Rows are goodbooks-10k's (Goodreads id, title, ratings count) but two, not in the data set,
/// which give the shapes it lacks: Part 2 of Order of the Phoenix written `#5 Part 2`, and a
/// Hunger Games `#0`.
///
/// ```swift
/// let summary = try await GoodbooksImporter(store: store).importBooks(from: CSVReader(text: SeriesSample.csv))
/// ```
public enum SeriesSample {
    /// One book: its Goodreads id, its title with the series suffix, its author and its ratings count.
    public struct Row: Sendable, Hashable {
        public let id: Int64
        public let title: String
        public let author: String
        public let ratings: Int
    }

    /// The books, in no series order.
    public static let rows: [Row] = [
        Row(
            id: 3, title: "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", author: rowling,
            ratings: 4_602_479),
        Row(
            id: 5, title: "Harry Potter and the Prisoner of Azkaban (Harry Potter, #3)", author: rowling,
            ratings: 1_832_823),
        Row(id: 862_041, title: "Harry Potter Boxset (Harry Potter, #1-7)", author: rowling, ratings: 190_050),
        Row(
            id: 2, title: "Harry Potter and the Order of the Phoenix (Harry Potter, #5)", author: rowling,
            ratings: 1_735_368),
        Row(
            id: 15_881, title: "Harry Potter and the Chamber of Secrets (Harry Potter, #2)", author: rowling,
            ratings: 1_779_331),
        Row(
            id: 136_251, title: "Harry Potter and the Deathly Hallows (Harry Potter, #7)", author: rowling,
            ratings: 1_746_574),
        Row(
            id: 1_317_181, title: "Harry Potter and the Order of the Phoenix (Harry Potter, #5, Part 1)",
            author: rowling,
            ratings: 16_249),
        Row(
            id: 90_000_001, title: "Harry Potter and the Order of the Phoenix (Harry Potter, #5 Part 2)",
            author: rowling,
            ratings: 15_000),
        Row(
            id: 6, title: "Harry Potter and the Goblet of Fire (Harry Potter, #4)", author: rowling, ratings: 1_753_043),
        Row(
            id: 99_298, title: "The Harry Potter Collection 1-4 (Harry Potter, #1-4)", author: rowling, ratings: 43_929),
        Row(
            id: 1, title: "Harry Potter and the Half-Blood Prince (Harry Potter, #6)", author: rowling,
            ratings: 1_678_823),
        Row(
            id: 29_056_083, title: "Harry Potter and the Cursed Child - Parts One and Two (Harry Potter, #8)",
            author: rowling, ratings: 270_603),
        Row(id: 7_260_188, title: "Mockingjay (The Hunger Games, #3)", author: collins, ratings: 1_719_760),
        Row(id: 2_767_052, title: "The Hunger Games (The Hunger Games, #1)", author: collins, ratings: 4_780_653),
        Row(
            id: 7_938_275, title: "The Hunger Games Trilogy Boxset (The Hunger Games, #1-3)", author: collins,
            ratings: 129_665),
        Row(id: 6_148_028, title: "Catching Fire (The Hunger Games, #2)", author: collins, ratings: 1_831_039),
        Row(
            id: 90_000_002, title: "The Ballad of Songbirds and Snakes (The Hunger Games, #0)", author: collins,
            ratings: 50_000),
        Row(id: 7_896_527, title: "Throne of Glass (Throne of Glass, #1)", author: maas, ratings: 274_987),
        Row(id: 18_243_700, title: "The Assassin's Blade (Throne of Glass, #0.1-0.5)", author: maas, ratings: 53_227),
        Row(
            id: 13_565_676, title: "The Assassin and the Empire (Throne of Glass, #0.5)", author: maas, ratings: 17_277),
        Row(
            id: 13_415_554, title: "The Assassin and the Pirate Lord (Throne of Glass, #0.1)", author: maas,
            ratings: 20_559),
        Row(id: 64_218, title: "Eric (Discworld, #9; Rincewind #4)", author: pratchett, ratings: 37_938),
        Row(id: 386_372, title: "Mort (Death, #1; Discworld, #4)", author: pratchett, ratings: 128_450),
        Row(id: 64_216, title: "Guards! Guards! (Discworld, #8)", author: pratchett, ratings: 108_652),
        Row(id: 34_517, title: "Reaper Man (Discworld, #11; Death, #2)", author: pratchett, ratings: 52_845),
        Row(id: 34_497, title: "The Color of Magic (Discworld, #1; Rincewind #1)", author: pratchett, ratings: 190_590),
        Row(id: 64_217, title: "Pyramids (Discworld, #7)", author: pratchett, ratings: 44_710),
    ]

    /// ``rows`` as a goodbooks-10k `books.csv` with the columns the importer requires.
    public static var csv: String {
        let header = """
            goodreads_book_id,title,authors,isbn,original_publication_year,language_code,average_rating,\
            ratings_count,image_url,small_image_url
            """
        let lines = rows.map { row in
            let title = "\"" + row.title.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return "\(row.id),\(title),\(row.author),,,eng,4.2,\(row.ratings),,"
        }
        return ([header] + lines).joined(separator: "\n") + "\n"
    }

    private static let rowling = "J.K. Rowling"
    private static let collins = "Suzanne Collins"
    private static let maas = "Sarah J. Maas"
    private static let pratchett = "Terry Pratchett"
}
