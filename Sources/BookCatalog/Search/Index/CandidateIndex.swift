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
/// ids; for each word the books holding it, ascending, each with the fields (title, authors) it
/// holds the word in (postings). All in flat little-endian arrays inside one image of bytes
/// (``Layout``), read in place: built in memory, or mapped from its ``SearchIndexFile`` so the
/// processes on a host share it; the vocabulary is binary-searched rather than held as strings.
///
/// A search intersects its terms' postings: the rarest term's books, in rank order, are the
/// candidates, and each other term is asked for them by galloping along its postings (see
/// ``forEachMatch(of:readsAll:_:)``), so a query reads pages of its terms' postings, which lie
/// together, never every candidate's words, which the index no longer holds (format 4): the
/// postings say which fields a book holds each word in.
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

    /// The bytes every field below reads, kept alive with them.
    let storage: IndexBytes
    /// The catalog generation it was built at (as its file records it).
    public let generation: Int64
    /// The identity of the catalog it was built from (``SearchIndexFile/catalogIdentity``).
    public let catalogIdentity: Int64
    /// Per book, in rank order: its id less ``idBase``, and its ratings count as
    /// ``Layout/ratingsCode(_:)`` codes it.
    let ids: PackedIntegers<UInt64>
    let idBase: Int64
    let ratingsCounts: PackedIntegers<UInt64>
    /// How many alternate titles book `b` has, after its title among its elements.
    let alternateCounts: PackedIntegers<UInt8>
    /// How many series names book `b` has, after its alternate titles among its elements.
    let seriesCounts: PackedIntegers<UInt8>
    /// The UTF-8 of every book's titles, series names and authors, one after the other; element
    /// `e` (a title, a series name or an author) ends at `elementEnds[e]`, and book `b`'s
    /// elements are `elementStarts[b]..<elementStarts[b + 1]`: its title, its
    /// `alternateCounts[b]` alternate titles, its `seriesCounts[b]` series names, its authors.
    /// Its title words are those of the titles and the series.
    let text: PackedIntegers<UInt8>
    let elementEnds: PackedIntegers<UInt32>
    let elementStarts: PackedIntegers<UInt32>
    /// The distinct folded words, sorted by their UTF-8 bytes, one after the other; word `w`
    /// (its id is its place) ends at `vocabularyEnds[w]`.
    let vocabularyText: PackedIntegers<UInt8>
    let vocabularyEnds: PackedIntegers<UInt32>
    /// Word `w`'s books are `postings[postingStarts[w]..<postingStarts[w + 1]]`, ascending, each
    /// with the fields it holds `w` in (``Layout/posting(book:fields:)``).
    let postings: PackedIntegers<UInt32>
    let postingStarts: PackedIntegers<UInt32>
    /// The ids of CJK words, which a query word matches anywhere inside (see ``SearchText``).
    let cjkWords: PackedIntegers<UInt32>
    /// The places (ascending) of the books with ``Book/textReadings`` (few books have them, so
    /// a catalog without pays nothing); the `i`th one's readings end at `readingEnds[i]` in
    /// `readingText`, as (length, UTF-8) pairs of key then value, lengths UInt32.
    let readingPlaces: PackedIntegers<UInt32>
    let readingEnds: PackedIntegers<UInt32>
    let readingText: PackedIntegers<UInt8>

    /// The index held by `storage`, whose header `header` has checked.
    init(storage: IndexBytes, header: Header) {
        self.storage = storage
        generation = header.generation
        catalogIdentity = header.catalogIdentity
        idBase = header.idBase
        func section<T>(_ section: Layout.Section) -> PackedIntegers<T> {
            PackedIntegers(header.sections[section.rawValue].bytes, width: header.sections[section.rawValue].width)
        }
        ids = section(.ids)
        ratingsCounts = section(.ratingsCounts)
        alternateCounts = section(.alternateCounts)
        seriesCounts = section(.seriesCounts)
        text = section(.text)
        elementEnds = section(.elementEnds)
        elementStarts = section(.elementStarts)
        vocabularyText = section(.vocabularyText)
        vocabularyEnds = section(.vocabularyEnds)
        postings = section(.postings)
        postingStarts = section(.postingStarts)
        cjkWords = section(.cjkWords)
        readingPlaces = section(.readingPlaces)
        readingEnds = section(.readingEnds)
        readingText = section(.readingText)
    }

    /// How many books it holds: `index.count`.
    public var count: Int { ids.count }

    /// How many bytes its image takes (a file's mapping shares its pages between processes and
    /// holds in memory only those read), for benchmarks and operators: `index.byteCount / index.count`.
    public var byteCount: Int { storage.bytes.count }

    /// Whether its bytes are its file's mapping rather than memory of its own.
    public var isMapped: Bool { storage.isMapped }
}
