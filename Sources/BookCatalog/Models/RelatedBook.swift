/// A book related to another one, with the relation that links them.
///
/// ```swift
/// for related in try await store.related(to: hungerGames.id) {
///     print(related.book.title, related.relation.reason)  // Catching Fire  same series: The Hunger Games #2
/// }
/// ```
public struct RelatedBook: Sendable, Hashable {
    /// The relation from the book asked about to ``book``.
    public var relation: Relation
    /// The related book (``Relation/to``).
    public var book: Book

    /// Makes a value: `RelatedBook(relation: relation, book: catchingFire)`.
    public init(relation: Relation, book: Book) {
        self.relation = relation
        self.book = book
    }
}
