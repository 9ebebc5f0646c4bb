/// Where books are kept: ``SQLiteBookStore`` (embedded) and `PostgresBookStore` (at scale).
///
/// One contract test suite runs against every implementation.
///
/// Upserts match a record to a book already stored by any of its keys, its ISBN, or its folded
/// title and first author (see ``BookMatcher``) and merge into it, so one book is one record
/// whichever sources named it, and importing the same data twice leaves the same rows. Search is prefix search over titles and authors, safe
/// for any user text.
///
/// ```swift
/// func show(_ query: String, in store: some BookStore) async throws {
///     for book in try await store.search(query, limit: 10) { print(book.title) }
/// }
/// ```
public protocol BookStore: Sendable {
    // MARK: Writing

    /// Writes `batch` in one transaction: upserts its books, matched and merged as
    /// ``BookMatcher`` says (``Book/id`` of the input is ignored; a book with no tags keeps its
    /// stored tags, so a file without tags never erases what a tags file gave; every key a book
    /// was imported under is kept, and tags, readings and links find it by any of them), replaces the tags of the books its ``ImportBatch/tags`` name, merges
    /// its readings, stores its links, and saves or removes its checkpoint. All or nothing.
    ///
    /// ```swift
    /// let result = try await store.apply(ImportBatch(books: books))  // result.inserted, .updated, …
    /// ```
    func apply(_ batch: ImportBatch) async throws -> UpsertResult

    /// The saved checkpoint of the import `name`, or `nil` when none is saved.
    ///
    /// ```swift
    /// let resumeAt = try await store.checkpoint(named: name)?.position ?? 0
    /// ```
    func checkpoint(named name: String) async throws -> ImportCheckpoint?

    // MARK: Reading books

    /// The book with the store id `id`, or `nil`: `try await store.book(id: 1)`.
    func book(id: Int64) async throws -> Book?

    /// The book known by the key `key` (its own or one of a record merged into it), or `nil`:
    /// `try await store.book(key: key)`.
    func book(key: BookKey) async throws -> Book?

    /// The books with the store ids `ids` that exist, in any order:
    /// `try await store.books(ids: [1, 2])`.
    func books(ids: [Int64]) async throws -> [Book]

    /// How many books the store holds: `try await store.count()`.
    func count() async throws -> Int

    /// Every book in the store, by id: `let books = try await store.allBooks()`.
    func allBooks() async throws -> [Book]

    /// A number that changes whenever a write changes the books (their words included), so
    /// callers can cache what they derive from the catalog: `try await store.generation()`.
    func generation() async throws -> Int64

    // MARK: Search

    /// One page of the books whose title or authors match every word of `text` as a person
    /// types it — the last word as a prefix, case- and diacritic-insensitive, typo tolerant (1
    /// typo from 4 characters, 2 from 9) — in the order of ``BookRanking``'s rules, each with
    /// the parts of its title and authors that matched: `limit` books from `offset`, with how
    /// many match in all and where the next page starts. Pages at one generation give every
    /// matching book once (see ``TypoTolerance/rankedPage(_:offset:limit:in:)``). Any text is safe.
    ///
    /// ```swift
    /// let page = try await store.rankedPage("les miser", offset: 0, limit: 10)
    /// page.matches.first?.highlights   // title 0..<3 ("Les"), 4..<9 ("Misér")
    /// page.total                       // every book that matches
    /// ```
    func rankedPage(_ text: String, offset: Int, limit: Int) async throws -> BookSearchPage

    /// The candidates for a ranked search: books matching every term of `query` (any of a
    /// term's alternatives, in the title or the authors), books matching all terms in one field
    /// first, then by ratings count, then by id.
    ///
    /// ```swift
    /// let books = try await store.search(SearchText.exactQuery("dune")!, limit: 10)
    /// ```
    func search(_ query: BookQuery, limit: Int) async throws -> [Book]

    /// How many books match every term of `query`: as many as ``search(_:limit:)`` would find
    /// with no limit. `try await store.searchCount(SearchText.exactQuery("love")!)`.
    func searchCount(_ query: BookQuery) async throws -> Int

    /// Every distinct word the search index holds for titles and authors, folded as
    /// ``SearchText`` folds them: the dictionary typo tolerance draws on.
    ///
    /// ```swift
    /// let words = try await store.searchTerms()  // ["a", "collins", "fire", "games", …]
    /// ```
    func searchTerms() async throws -> [String]

    /// Every book's id, title, authors and ratings count, in any order: what the
    /// ``CandidateIndex`` of ranked search holds in memory.
    ///
    /// ```swift
    /// let index = try CandidateIndex(try await store.searchEntries())
    /// ```
    func searchEntries() async throws -> [SearchEntry]

    /// Builds what ranked search keeps in memory (the typo dictionary, the candidate index) for
    /// the catalog as it is, and waits for it, so the first searches need not; a server calls
    /// it before it takes searches: `try await store.prepareSearch()`.
    func prepareSearch() async throws

    // MARK: Signals for relations

    /// Every (reader, book) whose reading has a rating of at least `minimumRating`.
    ///
    /// ```swift
    /// let loved = try await store.readerPicks(minimumRating: 4)
    /// ```
    func readerPicks(minimumRating: Int) async throws -> [ReaderPick]

    /// Every stored "similar books" link: `let links = try await store.outgoingLinks()`.
    func outgoingLinks() async throws -> [OutgoingLink]

    /// What the relation rules read of every book (``RelationSubject``), by id, read with one
    /// query of those columns alone: `let subjects = try await store.relationSubjects()`.
    func relationSubjects() async throws -> [RelationSubject]

    // MARK: Relations

    /// Deletes the stored relations of `kinds` that start at a book of `sources` (at any book
    /// when `nil`) and stores those of `relations` of `kinds`, in one transaction; a relation
    /// repeated (same from, to and kind) keeps its last value.
    ///
    /// ```swift
    /// try await store.replaceRelations(for: [.sameSeries], from: nil, with: relations)
    /// ```
    func replaceRelations(for kinds: Set<Relation.Kind>, from sources: Set<Int64>?, with relations: [Relation])
        async throws

    /// ``replaceRelations(for:from:with:)`` with the relations read chunk by chunk from
    /// `chunks` (``RelationChunks/next()``) and written as they come, each chunk dropped once
    /// written, all in the one transaction: readers see the old set or the new one, never a mix,
    /// and a relation repeated (in one chunk or across chunks) keeps its last value. An error of
    /// the producer rolls it back and is thrown.
    ///
    /// ```swift
    /// try await RelationChunks.stream({ send in _ = await send(relations) }) { chunks in
    ///     try await store.replaceRelations(for: [.sameSeries], from: nil, chunks: chunks)
    /// }
    /// ```
    func replaceRelations(for kinds: Set<Relation.Kind>, from sources: Set<Int64>?, chunks: RelationChunks)
        async throws

    /// Books related to the book `id` (of `kind`, or of every kind for `nil`), each once — its
    /// strongest relation, with the reasons of all its relations joined by "; " — and never the
    /// book itself; ordered by kind (in ``Relation/Kind/allCases`` order), then score
    /// descending, then id, at most `limit` books.
    ///
    /// ```swift
    /// let next = try await store.related(to: id, kind: .sameSeries, limit: 5)
    /// ```
    func related(to id: Int64, kind: Relation.Kind?, limit: Int) async throws -> [RelatedBook]

    // MARK: Maintenance

    /// Merges the books the catalog holds more than once (imported before imports matched, see
    /// ``BookMatcher``) in one transaction: each group's survivor takes the merged fields, every
    /// key, reading, listed link and relation of the others, which are deleted. Returns the
    /// groups merged; running it again finds none. Relations of the survivors need rebuilding
    /// afterwards (``rebuildRelations(affecting:)``).
    ///
    /// ```swift
    /// let groups = try await store.mergeDuplicates()
    /// try await store.rebuildRelations(affecting: Set(groups.map(\.book.id)))
    /// ```
    func mergeDuplicates() async throws -> [DuplicateGroup]

    /// Takes `keys` from the books holding them — their source saying those records are gone,
    /// as Open Library's dumps say of deleted and redirected works — and deletes each book left
    /// with no key but aliases, with its readings, links and relations; a book another source
    /// also names stays, without the key. Keys no book holds are ignored, so retiring twice
    /// changes nothing. All in one transaction; returns the ids of the books deleted.
    ///
    /// ```swift
    /// let deleted = try await store.retire(keys: [BookKey(source: "openlibrary", sourceID: "/works/OL14W")])
    /// ```
    func retire(keys: [BookKey]) async throws -> [Int64]

    /// Problems the database finds in itself (an empty array when it is sound):
    /// `try await store.integrityProblems()`.
    func integrityProblems() async throws -> [String]

    /// Every key, reading, link and relation the catalog holds, in store id order: with
    /// ``allBooks()``, everything a backup must restore.
    ///
    /// ```swift
    /// let contents = try await store.contents()
    /// ```
    func contents() async throws -> CatalogContents
}

extension BookStore {
    /// The first page of ``rankedPage(_:offset:limit:)``: the best `limit` books for `text`,
    /// each with how it matched.
    ///
    /// ```swift
    /// let first = try await store.rankedSearch("les miser", limit: 10).first  // Les Misérables
    /// ```
    public func rankedSearch(_ text: String, limit: Int) async throws -> [BookMatch] {
        try await rankedPage(text, offset: 0, limit: limit).matches
    }

    /// ``rankedSearch(_:limit:)``'s books alone.
    ///
    /// ```swift
    /// let books = try await store.search("les miser", limit: 10)  // Les Misérables
    /// ```
    public func search(_ text: String, limit: Int) async throws -> [Book] {
        try await rankedSearch(text, limit: limit).map(\.book)
    }

    /// Inserts new books and updates changed ones, all in one transaction.
    ///
    /// ```swift
    /// let result = try await store.upsert(books)  // result.inserted, .updated, .unchanged
    /// ```
    public func upsert(_ books: [Book]) async throws -> UpsertResult {
        try await apply(ImportBatch(books: books))
    }

    /// Up to 50 books related to the book `id`, of `kind` or of every kind:
    /// `try await store.related(to: id)`.
    public func related(to id: Int64, kind: Relation.Kind? = nil) async throws -> [RelatedBook] {
        try await related(to: id, kind: kind, limit: 50)
    }

    /// Replaces every stored relation of `kinds` with `relations`:
    /// `try await store.replaceRelations(for: [.sameSeries], with: relations)`.
    public func replaceRelations(for kinds: Set<Relation.Kind>, with relations: [Relation]) async throws {
        try await replaceRelations(for: kinds, from: nil, with: relations)
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
    /// Tags, readings and links of the batch whose book is not stored, so were not written.
    public var unmatched: Int
    /// The store ids of the books the batch changed: inserted or updated, or given tags,
    /// readings or links — the books whose relations may need rebuilding.
    public var touched: Set<Int64>

    /// Makes a result: `UpsertResult(inserted: 1, updated: 0, unchanged: 0, ids: [1])`.
    public init(
        inserted: Int = 0, updated: Int = 0, unchanged: Int = 0, ids: [Int64] = [], unmatched: Int = 0,
        touched: Set<Int64> = []
    ) {
        self.touched = touched
        self.inserted = inserted
        self.unmatched = unmatched
        self.updated = updated
        self.unchanged = unchanged
        self.ids = ids
    }
}
