import BookCatalog
import Foundation
import ScoutTestSupport

/// A catalog of any size for scale benchmarks: titles of two to five words and authors from a
/// generated vocabulary of pronounceable words, with Zipf-like word frequencies like real titles,
/// a series for one book in five, and ratings counts spread over six orders of magnitude. Some
/// books carry what real catalogs have and people type otherwise: authors with initials
/// ("K. L. Morwyn"), possessives ("Kalo's Dorven"), hyphenated words ("Sel-Thoven"), name
/// particles ("de Rasar"), and another title.
///
/// In the ``Shape/classic`` shape (the books, relevance and CJK benchmarks') one book in five is
/// in a series named "Saga of" a common word, so a series holds thousands of books at a million
/// and relations explode with the size; the ``Shape/realistic`` shape (import-scale's) has many
/// short numbered series and Zipf-distributed subjects instead (``GeneratedShelves``).
enum GeneratedCatalog {
    /// How series and tags are made; titles and authors are drawn alike in both.
    enum Shape {
        /// "Saga of" a common word for one book in five, no tags: what the books, relevance
        /// and CJK benchmarks have always measured.
        case classic
        /// Short numbered series by one author, 3–8 subjects a book (``GeneratedShelves``).
        case realistic
    }

    static let syllables = [
        "ka", "lo", "mi", "ra", "tho", "ven", "sel", "dor", "an", "bri", "cal", "den", "el", "fin", "gar", "hol",
        "ith", "jor", "kel", "lin", "mor", "nes", "or", "pel", "quin", "ros", "sar", "tem", "ul", "var", "wyn", "zor",
    ]

    /// `count` books in batches of `batchSize`, handed to `body` one batch at a time; the same
    /// books for the same seed and shape.
    static func generate(
        count: Int, batchSize: Int = 5000, seed: UInt64, shape: Shape = .classic,
        _ body: ([Book]) async throws -> Void
    ) async rethrows {
        var random = SplitMix64(seed: seed)
        let vocabulary = (0..<40_000).map { _ in word(&random) }
        let surnames = (0..<20_000).map { _ in word(&random).capitalized }
        var shelves = shape == .realistic ? GeneratedShelves(seed: seed, words: vocabulary) : nil
        var batch: [Book] = []
        for number in 0..<count {
            func pick() -> String {
                // Squaring a uniform number favours the start of the vocabulary: a few common words.
                let unit = Double(random.next() % 1_000_000) / 1_000_000
                return vocabulary[Int(unit * unit * Double(vocabulary.count - 1))]
            }
            var titleWords = (0..<(2 + Int(random.next() % 4))).map { _ in pick().capitalized }
            switch random.next() % 16 {
            case 0, 1: titleWords[0] += "'s"
            case 2, 3: titleWords[0] += "-" + titleWords.remove(at: 1)
            case 4: titleWords.insert(["de", "van", "da"][Int(random.next() % 3)], at: titleWords.count - 1)
            default: break
            }
            let title = titleWords.joined(separator: " ")
            let surname = surnames[Int(random.next() % UInt64(surnames.count))]
            let author = random.next() % 4 == 0 ? initials(&random) + " " + surname : pick().capitalized + " " + surname
            // The classic shape's draws stay in their order, so its books stay what they were.
            let shelving = shelves?.next(author: author)
            let series: String? =
                shelving != nil
                ? shelving?.series?.name : random.next() % 5 == 0 ? "Saga of " + pick().capitalized : nil
            let otherTitle =
                random.next() % 10 == 0 ? (0..<3).map { _ in pick().capitalized }.joined(separator: " ") : nil
            batch.append(
                Book(
                    source: "generated", sourceID: String(number), title: title, seriesName: series,
                    seriesNumber: series == nil ? nil : shelving?.series?.number ?? Double(1 + random.next() % 6),
                    alternateTitles: otherTitle.map { [$0] } ?? [], authors: [shelving?.series?.author ?? author],
                    year: 1800 + Int(random.next() % 225),
                    averageRating: 3 + Double(random.next() % 200) / 100,
                    ratingsCount: Int(pow10(Double(random.next() % 600) / 100)), tags: shelving?.subjects ?? []))
            if batch.count == batchSize {
                try await body(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try await body(batch) }
    }

    /// Two or three initials as catalogs write them: "K. L." or "K.L.".
    private static func initials(_ random: inout SplitMix64) -> String {
        let letters = (0..<(2 + Int(random.next() % 2))).map { _ in
            String(Typo.letters[Int(random.next() % UInt64(Typo.letters.count))]).uppercased() + "."
        }
        return letters.joined(separator: random.next() % 2 == 0 ? " " : "")
    }

    /// A pronounceable word of two or three syllables: "kalomi".
    static func word(_ random: inout SplitMix64) -> String {
        (0..<(2 + Int(random.next() % 2))).map { _ in syllables[Int(random.next() % UInt64(syllables.count))] }.joined()
    }

    private static func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(exponent) { result *= 10 }
        return result * (1 + (exponent - exponent.rounded(.down)) * 9)
    }
}
