/// One page of a ranked book search: its books with how each matched, how many books match in
/// all, where the next page starts, and the catalog generation the page was ranked at.
///
/// Pages of one search at one generation never overlap and leave no book out: the first page
/// at offset 0, then each at the previous page's ``nextOffset``, give every matching book once,
/// in rank order, up to ``maximumOffset`` (see ``BookStore/rankedPage(_:offset:limit:)``).
///
/// ```swift
/// var offset: Int? = 0
/// while let start = offset {
///     let page = try await store.rankedPage("love", offset: start, limit: 20)
///     for match in page.matches { print(match.book.title) }
///     offset = page.nextOffset
/// }
/// ```
public struct BookSearchPage: Sendable {
    /// The deepest offset a page may start at: 10,000 books, Elasticsearch's default
    /// `max_result_window`. Nobody reads that far down a type-ahead list, and it bounds what one
    /// request makes a store gather (a page at offset `n` reads the first `n` candidates).
    public static let maximumOffset = 10_000

    /// The page's books in rank order, each with its highlights and measures.
    public var matches: [BookMatch]
    /// How many books match the search in all (the typo-widened words included).
    public var total: Int
    /// Where the next page starts; nil on the last page, and at ``maximumOffset``.
    public var nextOffset: Int?
    /// The catalog's generation (``BookStore/generation()``) the page was ranked at: a later
    /// page of another generation may rank books differently, so a cursor carries it.
    public var generation: Int64
    /// The typed words (folded) left out because no book has every word: the page then holds
    /// the closest matches, the books with all the other words. Empty when every book matches
    /// every word.
    public var missingWords: [String]
    /// "Did you mean": the query as the best book spells it, when that book needed a typo
    /// ("lord of the rings" for "lord of teh rings"); nil otherwise, and on pages after the
    /// first block of ``TypoTolerance/candidatePool`` books.
    public var suggestion: String?

    /// Makes a page: `BookSearchPage(matches: [], total: 0, nextOffset: nil, generation: 1)`.
    public init(
        matches: [BookMatch], total: Int, nextOffset: Int?, generation: Int64, missingWords: [String] = [],
        suggestion: String? = nil
    ) {
        self.missingWords = missingWords
        self.suggestion = suggestion
        self.matches = matches
        self.total = total
        self.nextOffset = nextOffset
        self.generation = generation
    }

    /// The offset after a page of `limit` books at `offset` among `total`, if another page may
    /// start there.
    static func nextOffset(after offset: Int, limit: Int, total: Int) -> Int? {
        let end = offset + limit
        return end < total && end <= maximumOffset ? end : nil
    }
}
