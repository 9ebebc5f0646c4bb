/// What an import matches a book by, worked out once: its keys (``BookIdentity/keys(of:)``), its
/// own match key (``BookIdentity/matchKey(of:)``), which a store writes as the row's match key
/// and ``BookMatcher`` compares, and the match keys it is looked up by
/// (``BookIdentity/matchKeys(of:)``). An import works them out on its reading core
/// (``ImportBatch/matchKeys``) so that the store's writer, which the import waits on, does not
/// (issue #37's profile: folding a new book's own key was 6.6 % of SQLite's writer, its keys,
/// which parse its address, 2.3 %).
///
/// ```swift
/// let keys = BookMatchKeys(of: sorcerersStone)
/// keys.own == BookIdentity.matchKey(of: sorcerersStone)  // true
/// keys.lookups == BookIdentity.matchKeys(of: sorcerersStone)  // true
/// ```
public struct BookMatchKeys: Sendable, Hashable {
    /// ``BookIdentity/keys(of:)`` of the book: its own key first.
    public let keys: [BookKey]
    /// ``BookIdentity/matchKey(of:)`` of the book.
    public let own: String?
    /// ``BookIdentity/matchKeys(of:)`` of the book.
    public let lookups: [String]

    /// Works out `book`'s keys; its title's own match key is folded once for both uses.
    public init(of book: Book) {
        keys = BookIdentity.keys(of: book)
        own = BookIdentity.matchKey(of: book)
        lookups = BookIdentity.matchKeys(of: book, own: own)
    }
}
