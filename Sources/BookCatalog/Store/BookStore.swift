/// Where books are kept: implemented by ``SQLiteBookStore`` and, later, a PostgreSQL store.
///
/// Upserts match on the natural key (``Book/source`` + ``Book/sourceID``), so importing the
/// same data twice leaves the same rows. Search is prefix search over titles and authors, safe
/// for any user text.
///
/// ```swift
/// func show(_ query: String, in store: some BookStore) async throws {
///     for book in try await store.search(query, limit: 10) { print(book.title) }
/// }
/// ```
public protocol BookStore: Sendable {
    /// Inserts new books and updates changed ones, all in one transaction.
    ///
    /// ```swift
    /// let result = try await store.upsert(books)  // result.inserted, .updated, .unchanged
    /// ```
    func upsert(_ books: [Book]) async throws -> UpsertResult

    /// The book with the store id `id`, or `nil`: `try await store.book(id: 1)`.
    func book(id: Int64) async throws -> Book?

    /// How many books the store holds: `try await store.count()`.
    func count() async throws -> Int

    /// Every book in the store, by id: `let books = try await store.allBooks()`.
    func allBooks() async throws -> [Book]

    /// Books whose title or authors match every word of `text`, the last one as a prefix; case-
    /// and diacritic-insensitive. Books matching all words in one field come first, then by
    /// ratings count.
    ///
    /// ```swift
    /// let books = try await store.search("les miser", limit: 10)  // Les Misérables
    /// ```
    func search(_ text: String, limit: Int) async throws -> [Book]

    /// Deletes every stored relation of `kinds` and stores `relations` (those of `kinds`), in
    /// one transaction.
    ///
    /// ```swift
    /// try await store.replaceRelations(for: [.sameSeries], with: relations)
    /// ```
    func replaceRelations(for kinds: Set<Relation.Kind>, with relations: [Relation]) async throws

    /// Books related to the book `id` (of `kind`, or of every kind for `nil`), ordered by kind,
    /// then score descending, at most `limit`.
    ///
    /// ```swift
    /// let next = try await store.related(to: id, kind: .sameSeries, limit: 5)
    /// ```
    func related(to id: Int64, kind: Relation.Kind?, limit: Int) async throws -> [RelatedBook]

    /// Recomputes the relations ``RelationBuilder`` derives from the stored books and replaces
    /// them; returns how many are stored: `try await store.rebuildRelations()`.
    @discardableResult
    func rebuildRelations() async throws -> Int
}

extension BookStore {
    /// Up to 50 books related to the book `id`, of `kind` or of every kind:
    /// `try await store.related(to: id)`.
    public func related(to id: Int64, kind: Relation.Kind? = nil) async throws -> [RelatedBook] {
        try await related(to: id, kind: kind, limit: 50)
    }
}

/// What an upsert did: how many books it inserted, updated or found unchanged, and their ids.
///
/// ```swift
/// let result = try await store.upsert(books)
/// print("\(result.inserted) new, \(result.updated) updated, \(result.unchanged) unchanged")
/// ```
public struct UpsertResult: Sendable, Hashable {
    /// Books that were not in the store.
    public var inserted: Int
    /// Books that were in the store with different data.
    public var updated: Int
    /// Books that were in the store with the same data.
    public var unchanged: Int
    /// The store ids of the books, in the order they were given.
    public var ids: [Int64]

    /// Makes a result: `UpsertResult(inserted: 1, updated: 0, unchanged: 0, ids: [1])`.
    public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0, ids: [Int64] = []) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
        self.ids = ids
    }
}
