/// How one book matched one search: the parts of its fields that matched, for highlighting, and
/// the measures the ranking rules compare (see ``BookRanking``).
public struct BookMatch: Sendable, Hashable {
    /// A matched part of one field: the word, or the part of it typed so far.
    public struct Highlight: Sendable, Hashable {
        public let field: BookField
        /// Which author or tag; 0 for the title and the series.
        public let element: Int
        /// In the element's text, in UTF-16 code units.
        public let range: Range<Int>
    }

    public let book: Book
    public let highlights: [Highlight]
    /// Query words that found a word of their own in the book.
    public let matchedWords: Int
    /// Typos across the matched words.
    public let typos: Int
    /// How far the matched words stand from the order and adjacency they were typed in.
    public let proximity: Int
    /// The fields the words matched in, summed (title 0, series 1, authors 2, tags 3).
    public let fieldScore: Int
    /// Where the first matched title word stands (0: at the start), or, with no title word
    /// matched, where the first matched word stands in its field.
    public let position: Int
    /// Whether the query is the whole title, word for word (a typo or two included).
    public let isWholeTitle: Bool
    /// Words matched whole, not as a prefix.
    public let exactWords: Int
    /// The matched query words as the book spells them where a typo was forgiven ("the" for
    /// "teh"; for a prefix, as far as it was typed), as typed otherwise: the "did you mean" of a
    /// search whose best book needed a typo. Query words that matched nothing are left out.
    public let spelledAs: [String]

    /// Whether this match ranks before `other`, rule by rule: words matched, typos, proximity,
    /// field, position, exactness, popularity, id.
    public func ranks(before other: BookMatch) -> Bool {
        if matchedWords != other.matchedWords { return matchedWords > other.matchedWords }
        if typos != other.typos { return typos < other.typos }
        if proximity != other.proximity { return proximity < other.proximity }
        if fieldScore != other.fieldScore { return fieldScore < other.fieldScore }
        if position != other.position { return position < other.position }
        if isWholeTitle != other.isWholeTitle { return isWholeTitle }
        if exactWords != other.exactWords { return exactWords > other.exactWords }
        let (popularity, otherPopularity) = (book.ratingsCount ?? 0, other.book.ratingsCount ?? 0)
        if popularity != otherPopularity { return popularity > otherPopularity }
        return book.id < other.book.id
    }
}
