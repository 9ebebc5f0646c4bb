/// Everything one import transaction writes: books, then tags, readings, listed links, other
/// keys and relations that refer to books by key, and the import's checkpoint — all committed
/// together or not at all.
///
/// Tags, readings and links whose book is not stored are not written and are counted in
/// ``UpsertResult/unmatched``.
///
/// ```swift
/// let batch = ImportBatch(books: books, checkpoint: ImportCheckpoint(name: key, position: 2000))
/// let result = try await store.apply(batch)
/// ```
public struct ImportBatch: Sendable, Hashable {
    /// Books to insert or update, matched on ``BookKey``. Any change to them drops
    /// ``matchKeys``, so keys computed ahead never describe other books.
    public var books: [Book] { didSet { matchKeys = nil } }
    /// ``BookMatchKeys`` of each of ``books``, in order, when the importer
    /// computed them ahead on its reading task (``RecordReadAhead``), so the store's writer does
    /// not; `nil` when nobody did, and the store computes them. Set it after the last change to
    /// ``books``: changing them sets it back to `nil`.
    public var matchKeys: [BookMatchKeys]?
    /// New tags for stored books.
    public var tags: [BookTags]
    /// Readings to merge.
    public var readings: [Reading]
    /// "Similar books" links to store (a link already stored is kept once).
    public var links: [ListedLink]
    /// Other keys of stored books (a key another book holds already is left to it).
    public var aliases: [BookAlias]
    /// Relations between stored books, replacing a stored one of the same books and kind.
    public var relations: [KeyedRelation]
    /// Where the import is once this batch is committed; saved in the same transaction.
    public var checkpoint: ImportCheckpoint?
    /// About how many records the import still holds after this batch (estimated from the
    /// bytes read so far): 0 for its last batch and for a write that is not part of an import.
    /// A store may write a batch with many to follow without its search index's per-book
    /// upkeep, and rebuild the index once, with the batch that has none to follow
    /// (`SQLiteBookStore` defers its full-text index, `PostgresBookStore` its word counts; see
    /// docs/ARCHITECTURE.md).
    public var recordsToFollow: Int

    /// Makes a batch; every part is optional: `ImportBatch(books: books)`.
    public init(
        books: [Book] = [], tags: [BookTags] = [], readings: [Reading] = [], links: [ListedLink] = [],
        aliases: [BookAlias] = [], relations: [KeyedRelation] = [], checkpoint: ImportCheckpoint? = nil,
        recordsToFollow: Int = 0
    ) {
        self.recordsToFollow = max(recordsToFollow, 0)
        self.aliases = aliases
        self.relations = relations
        self.books = books
        self.tags = tags
        self.readings = readings
        self.links = links
        self.checkpoint = checkpoint
    }

    /// Whether the batch writes nothing at all.
    public var isEmpty: Bool {
        books.isEmpty && tags.isEmpty && readings.isEmpty && links.isEmpty && aliases.isEmpty && relations.isEmpty
            && checkpoint == nil
    }
}

/// How far an import got: the records of the file named `name` before `position` are committed.
/// An interrupted import resumes from here; a finished one removes its checkpoint
/// (``position`` `nil`).
///
/// ```swift
/// ImportCheckpoint(name: "goodbooks books.csv 3286659 9f2c…", position: 4000)
/// ImportCheckpoint(name: name, position: nil)  // done: forget the checkpoint
/// ```
public struct ImportCheckpoint: Sendable, Hashable {
    /// Identifies the import: its kind and its file's size and content hash.
    public var name: String
    /// How many records are committed, or `nil` when the import finished.
    public var position: Int?

    /// Makes a checkpoint: `ImportCheckpoint(name: name, position: 4000)`.
    public init(name: String, position: Int?) {
        self.name = name
        self.position = position
    }
}
