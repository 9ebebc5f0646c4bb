/// A store that reads a backup a page of books at a time from one snapshot of its catalog, so
/// that ``JSONLinesExporter`` writes a catalog of any size in bounded memory — ten million
/// books' relations held whole, with the file they make, would need tens of gigabytes — and
/// writes it as it stood when the export began, whatever is written meanwhile: an import, a
/// crawl or a relation rebuild in another process would otherwise leave a backup whose early
/// pages are of one catalog and later ones of another (a book's keys missed as it is merged,
/// relations half old and half new). Both stores conform; a store that does not is read whole
/// with ``BookStore/allBooks()`` and ``BookStore/contents()``.
///
/// ```swift
/// let count = try await store.readingSnapshot { pages in
///     let first = try await pages.books(after: .min, limit: 1_000)
///     let relations = try await pages.contents(.relations, ofBooksAfter: .min, through: first.last!.id)
///     return try await pages.count()
/// }
/// ```
public protocol BackupPaging: BookStore {
    /// Calls `body` with the catalog as it stands now, read a page at a time: every page comes
    /// from that one state until `body` returns (a read transaction held on a connection of
    /// the snapshot's own). Throws what `body` throws, or the store's error.
    func readingSnapshot<T>(_ body: (any BackupPages) async throws -> T) async throws -> T
}

/// One snapshot of a catalog (``BackupPaging/readingSnapshot(_:)``), read a page at a time.
public protocol BackupPages: Sendable {
    /// How many books the snapshot holds.
    func count() async throws -> Int

    /// Up to `limit` books whose ids are greater than `id`, by id ascending.
    func books(after id: Int64, limit: Int) async throws -> [Book]

    /// One part of ``BookStore/contents()`` — keys, readings, links or relations — for the books
    /// whose ids are greater than `id` and at most `last` (a relation or link by the book it is
    /// listed under), in the order ``BookStore/contents()`` gives; the other parts are empty.
    func contents(_ part: CatalogContents.Part, ofBooksAfter id: Int64, through last: Int64) async throws
        -> CatalogContents
}

extension CatalogContents {
    /// One of the four things a catalog holds besides its books' fields.
    public enum Part: Sendable, Hashable, CaseIterable {
        /// ``CatalogContents/keys``.
        case keys
        /// ``CatalogContents/readings``.
        case readings
        /// ``CatalogContents/links``.
        case links
        /// ``CatalogContents/relations``.
        case relations
    }

    /// Only `part` of these contents, and only for the books whose ids are greater than `id`
    /// and at most `last`: what a ``BackupPaging`` store answers, from contents read whole.
    func only(_ part: Part, ofBooksAfter id: Int64, through last: Int64) -> CatalogContents {
        func holds(_ book: Int64) -> Bool { book > id && book <= last }
        switch part {
        case .keys: return CatalogContents(keys: keys.filter { holds($0.book) })
        case .readings: return CatalogContents(readings: readings.filter { holds($0.book) })
        case .links: return CatalogContents(links: links.filter { holds($0.from) })
        case .relations: return CatalogContents(relations: relations.filter { holds($0.from) })
        }
    }
}
