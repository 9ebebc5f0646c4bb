/// One query of the relevance benchmark: what a person typed, and the book they meant.
struct RelevanceQuery: Sendable, Hashable {
    /// How the query was made from its book.
    enum Kind: String, Sendable, CaseIterable {
        /// The title cut at a random point (at least 3 characters), as typed so far.
        case prefix
        /// One edit in a word of 5+ letters of the title, the rest of the title possibly cut.
        case typo
        /// An author's surname and one word of the title, in either order.
        case authorWord = "author+word"
        /// A title with accented letters, typed without the accents (and possibly cut).
        case accentFree = "accent-free"
        /// The first author's name with its initials typed together or apart ("jk rowling",
        /// "j. k. rowling"), and a word of the title when the name alone means another book.
        case initials
        /// A title with a possessive typed without its apostrophe ("enders game").
        case possessive
        /// A title with two words typed as one ("spiderman", "davinci code").
        case runTogether = "run-together"
        /// A title with a typo that is itself a word of the catalog ("where three's smoke").
        case wordTypo = "typo→word"
        /// A title the book also goes by — its original title, say — possibly cut.
        case originalTitle = "original title"
        /// The name of a series, meaning its most popular book.
        case series
    }

    let kind: Kind
    /// As typed: lowercase, possibly cut short.
    let text: String
    /// The ``Book/sourceID`` of the book the query means.
    let intended: String
}
