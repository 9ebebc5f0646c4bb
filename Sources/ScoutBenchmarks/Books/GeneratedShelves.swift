import Foundation
import ScoutTestSupport

/// Series and subjects as real catalogs have them, for a generated catalog of any size, one
/// book at a time in bounded memory (``GeneratedCatalog/Shape/realistic``):
///
/// - series are many and short: 7 books in 20 belong to one, each series 2 to 12 books numbered
///   1, 2, 3… by one author, so the pool grows with the catalog (one series per ~20 books) and
///   relations grow with it linearly. A series' books come within a few hundred books of each
///   other (at most ``openSeriesLimit`` series are being filled at once) and its name is two
///   words drawn evenly from the vocabulary, so two series rarely share one;
/// - every book has 3 to 8 subjects from a vocabulary of ``subjectCount``, drawn by a Zipf law
///   (the subject of rank r weighs `1 / (r + 10)`) and listed most common first, as Open Library
///   subjects and Goodreads shelves are: the commonest subject is on about one book in eleven,
///   the rarest on a few hundred in a million.
///
/// The draws come from a stream of their own (seeded from the catalog's seed), so titles and
/// authors are drawn as in the classic shape.
struct GeneratedShelves {
    static let subjectCount = 3000
    /// Series being filled at once: a series' books lie within about this many series books.
    static let openSeriesLimit = 64
    /// Of every 20 books, how many belong to a series.
    static let seriesBooksInTwenty: UInt64 = 7
    /// Shifts the Zipf law's head: 1/(r + 10) rather than 1/(r + 1) puts the commonest subject
    /// on ~9 % of books, as common as "Fiction" among Open Library's works, rather than on half.
    static let zipfOffset = 10.0
    static let seriesKinds = ["Saga", "Chronicles", "Cycle", "Trilogy", "Quartet", "Sequence", "Mysteries"]
    static let subjectStems = [
        "Fiction", "History", "Fantasy", "Science fiction", "Poetry", "Biography", "Mystery", "Travel",
        "Juvenile fiction", "Philosophy", "Love stories", "Adventure stories", "Drama", "Essays", "Humor",
        "Politics", "Religion", "Art", "Music", "Cooking", "Psychology", "Economics", "Nature", "War",
    ]

    /// What a book gets: its series (with its author, the series' own) and its subjects.
    struct Shelving {
        var series: (name: String, number: Double, author: String)?
        var subjects: [String]
    }

    private struct OpenSeries {
        let name: String
        let author: String
        var next: Int
        var remaining: Int
    }

    private var random: SplitMix64
    private let words: [String]
    private let subjects: [String]
    /// Cumulative Zipf weights of the subjects, by rank, the last 1.
    private let cumulative: [Double]
    private var open: [OpenSeries] = []

    /// Shelves drawing series names from `words` (capitalized as they come).
    init(seed: UInt64, words: [String]) {
        precondition(!words.isEmpty, "series names need a vocabulary")
        var random = SplitMix64(seed: seed ^ 0x5EE1_5EE1_5EE1_5EE1)
        let names = Self.subjectNames(words: words, random: &random)
        var total = 0.0
        var sums: [Double] = []
        for rank in names.indices {
            total += 1 / (Double(rank) + Self.zipfOffset)
            sums.append(total)
        }
        self.random = random
        self.words = words
        subjects = names
        cumulative = sums.map { $0 / total }
    }

    /// The next book's series and subjects; `author` is the book's own, which a series it opens
    /// keeps for all its books.
    mutating func next(author: String) -> Shelving {
        var shelving = Shelving(subjects: drawSubjects(count: 3 + Int(random.next() % 6)))
        guard random.next() % 20 < Self.seriesBooksInTwenty else { return shelving }
        if open.count < Self.openSeriesLimit {
            let name =
                "The \(pickWord()) \(pickWord()) "
                + Self.seriesKinds[Int(random.next() % UInt64(Self.seriesKinds.count))]
            open.append(OpenSeries(name: name, author: author, next: 1, remaining: 2 + Int(random.next() % 11)))
        }
        let index = Int(random.next() % UInt64(open.count))
        shelving.series = (open[index].name, Double(open[index].next), open[index].author)
        open[index].next += 1
        open[index].remaining -= 1
        if open[index].remaining == 0 {
            open.swapAt(index, open.count - 1)
            open.removeLast()
        }
        return shelving
    }

    /// `count` distinct subjects, most common first.
    private mutating func drawSubjects(count: Int) -> [String] {
        var ranks: Set<Int> = []
        // Bounded: a few draws more than asked for always suffice but for the commonest few.
        for _ in 0..<(count * 8) where ranks.count < count {
            let unit = Double(random.next() % 1_000_000_007) / 1_000_000_007
            ranks.insert(min(lowerBound(of: unit), subjects.count - 1))
        }
        return ranks.sorted().map { subjects[$0] }
    }

    /// The first rank whose cumulative weight reaches `unit`.
    private func lowerBound(of unit: Double) -> Int {
        var low = 0
        var high = cumulative.count
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < unit { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func pickWord() -> String { words[Int(random.next() % UInt64(words.count))].capitalized }

    /// ``subjectCount`` distinct subject names, the stems first (the commonest subjects have
    /// the plainest names), then a vocabulary word before a stem: "Kalomi history".
    private static func subjectNames(words: [String], random: inout SplitMix64) -> [String] {
        var names = subjectStems
        var seen = Set(names.map { $0.lowercased() })
        // Bounded: a collision costs one draw; the vocabulary holds far more pairs than needed.
        for _ in 0..<(subjectCount * 4) where names.count < subjectCount {
            let word = words[Int(random.next() % UInt64(words.count))].capitalized
            let name = word + " " + subjectStems[Int(random.next() % UInt64(subjectStems.count))].lowercased()
            if seen.insert(name.lowercased()).inserted { names.append(name) }
        }
        return names
    }
}
