/// What an import did: books inserted, updated and unchanged, rows skipped, and how long it took.
///
/// ```swift
/// let summary = try await importer.importBooks(from: url)
/// print("\(summary.imported) new, \(summary.updated) updated, \(summary.skipped.count) skipped")
/// ```
public struct ImportSummary: Sendable, Hashable {
    /// Books that were not in the store before.
    public var imported: Int
    /// Books that were in the store with different data.
    public var updated: Int
    /// Books that were already in the store with the same data.
    public var unchanged: Int
    /// Rows that were not imported, with their line numbers and why, in file order.
    public var skipped: [SkippedRow]
    /// How long the import took, by the importer's clock.
    public var elapsed: Duration
    /// What was imported, such as `"books.csv"` or `"ratings.csv"`.
    public var phase: String
    /// Tags, readings, links, keys and relations written.
    public var signals: Int
    /// Tags, readings and links not written because their book is not in the catalog.
    public var unmatched: Int
    /// Where an interrupted earlier run had got to (records already committed), if this run
    /// resumed one.
    public var resumedAt: Int?
    /// Fields cut to their ``FieldLimits`` (or dropped, for a URL or ISBN over its limit) before
    /// they were stored: a title, an author list, a description … each counts once per book.
    public var truncatedFields: Int
    /// The store ids of the books the import changed (``UpsertResult/touched``), for incremental
    /// relation building.
    public var changedBooks: Set<Int64>
    /// Relations a backup restored (JSON Lines `relation` lines): when there are any, the
    /// catalog's relations are the backup's and need no rebuilding.
    public var restoredRelations = 0
    /// Books deleted because their source retired them (Open Library's deleted and redirected
    /// works; ``BookStore/retire(keys:)``).
    public var removed = 0

    /// Makes a summary: `ImportSummary(imported: 2, updated: 0, unchanged: 0, skipped: [], elapsed: .zero)`.
    public init(
        imported: Int = 0, updated: Int = 0, unchanged: Int = 0, skipped: [SkippedRow] = [], elapsed: Duration = .zero,
        phase: String = "", signals: Int = 0, unmatched: Int = 0, resumedAt: Int? = nil, truncatedFields: Int = 0,
        changedBooks: Set<Int64> = []
    ) {
        self.imported = imported
        self.updated = updated
        self.unchanged = unchanged
        self.skipped = skipped
        self.elapsed = elapsed
        self.phase = phase
        self.signals = signals
        self.unmatched = unmatched
        self.resumedAt = resumedAt
        self.truncatedFields = truncatedFields
        self.changedBooks = changedBooks
    }
}

/// A CSV row an importer skipped: the line it starts on and a sentence saying why — and, for an
/// import of several files, which file.
///
/// ```swift
/// SkippedRow(line: 7, reason: "The title is empty.")
/// SkippedRow(line: 12, reason: "The work has no title.", file: "ol_dump_works_latest.txt.gz")
/// ```
public struct SkippedRow: Sendable, Hashable {
    /// The 1-based line the row starts on (the header is line 1).
    public var line: Int
    /// Why the row was skipped; names the column, never quotes the row's data.
    public var reason: String
    /// The file's name when the import read several (Open Library's dumps); `nil` when the
    /// summary's phase names it.
    public var file: String?

    /// Makes a skipped row: `SkippedRow(line: 7, reason: "The title is empty.")`.
    public init(line: Int, reason: String, file: String? = nil) {
        self.line = line
        self.reason = reason
        self.file = file
    }
}
