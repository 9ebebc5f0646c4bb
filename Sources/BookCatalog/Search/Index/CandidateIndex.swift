/// Every book's title and author words in memory, answering ``BookStore/search(_:limit:)``'s
/// candidate search — the same books in the same order — without a round trip to the store.
///
/// The stores' own indexes answer that search in 0.1–2 ms (a long query, or two common words,
/// costs SQLite's FTS5 a merge of posting lists per word, and PostgreSQL a round trip besides);
/// an engine in process, such as tantivy, answers in a fraction of that. So ``TypoTolerance``
/// keeps one of these beside its dictionary, built from ``BookStore/searchEntries()`` with the
/// catalog's generation, and asks the store only for the full rows of the books it returns.
///
/// Layout: books in search order (ratings count, most first, then id), so a book's index is its
/// rank; the vocabulary sorted by UTF-8 bytes, so every word a prefix begins is one run of word
/// ids; for each word the books holding it, ascending (postings); for each book its title's and
/// its authors' word ids. All in flat arrays of `UInt32`, the text in one array of bytes: 130
/// bytes a book on the benchmarks' generated million (``byteCount``), where each `String` of
/// more than 15 bytes would be a heap object of its own.
///
/// A search picks its rarest term (fewest postings) to drive it. When that term is common, the
/// first matches lie among the first books, so it first walks books in rank order and checks
/// each against every term, as many books as the term has postings at most; otherwise, or when
/// the walk found too few matches in one field, it checks the driver's books, in rank order.
///
/// ```swift
/// let index = try CandidateIndex(try await store.searchEntries())
/// index.search(SearchText.exactQuery("hunger ga")!, limit: 64)   // as store.search would
/// ```
public struct CandidateIndex: Sendable {
    /// A catalog whose text or words do not fit the index's 32-bit offsets (over 4 GiB of
    /// titles and authors); search then stays with the store.
    public struct TooLarge: Error, CustomStringConvertible {
        public var description: String { "the catalog is too large for the in-memory search index" }
    }

    /// Per book, in rank order.
    let ids: [Int64]
    let ratingsCounts: [Int?]
    /// How many alternate titles book `b` has, after its title among its elements.
    let alternateCounts: [UInt8]
    /// How many series names book `b` has, after its alternate titles among its elements.
    let seriesCounts: [UInt8]
    /// The UTF-8 of every book's titles, series names and authors, one after the other; element
    /// `e` (a title, a series name or an author) ends at `elementEnds[e]`, and book `b`'s
    /// elements are `elementStarts[b]..<elementStarts[b + 1]`: its title, its
    /// `alternateCounts[b]` alternate titles, its `seriesCounts[b]` series names, its authors.
    /// Its title words are those of the titles and the series.
    let text: [UInt8]
    let elementEnds: [UInt32]
    let elementStarts: [UInt32]
    /// Book `b`'s distinct title word ids are `bookWords[wordStarts[b]..<authorWordStarts[b]]`,
    /// its distinct author word ids from there to `wordStarts[b + 1]`.
    let bookWords: [UInt32]
    let wordStarts: [UInt32]
    let authorWordStarts: [UInt32]
    /// The distinct folded words, sorted by their UTF-8 bytes; a word's id is its place here.
    let vocabulary: [String]
    let wordIDs: [String: UInt32]
    /// Word `w`'s books are `postings[postingStarts[w]..<postingStarts[w + 1]]`, ascending.
    let postings: [UInt32]
    let postingStarts: [UInt32]
    /// The ids of CJK words, which a query word matches anywhere inside (see ``SearchText``).
    let cjkWords: [UInt32]
    /// The ``Book/textReadings`` of the books that have any, by their place in rank order (few
    /// books have them, so a catalog without pays nothing).
    let textReadings: [Int: [String: String]]

    /// How many books it holds: `index.count`.
    public var count: Int { ids.count }

    /// About how many bytes its arrays and words take (the dictionary of word ids estimated at
    /// Swift's load factor), for benchmarks and operators: `index.byteCount / index.count`.
    public var byteCount: Int {
        let integers =
            elementEnds.count + elementStarts.count + bookWords.count + wordStarts.count
            + authorWordStarts.count + postings.count + postingStarts.count + cjkWords.count
        let words = vocabulary.reduce(0) { $0 + MemoryLayout<String>.stride + $1.utf8.count }
        let wordTable = wordIDs.capacity * (MemoryLayout<String>.stride + MemoryLayout<UInt32>.stride) * 4 / 3
        return ids.count * MemoryLayout<Int64>.stride + ratingsCounts.count * MemoryLayout<Int?>.stride + text.count
            + alternateCounts.count + seriesCounts.count
            + textReadings.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count } }
            + integers * MemoryLayout<UInt32>.stride + words + wordTable
    }
}
