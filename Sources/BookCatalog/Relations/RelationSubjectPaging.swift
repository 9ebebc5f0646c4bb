/// A store that reads its ``RelationSubject``s a page at a time, by id, so that a rebuild groups
/// them into the compact ``RelationCatalog`` as they come and never holds them all (nor, on
/// PostgreSQL, a whole result set of a million rows twice over: libpq's and its copy). Both
/// stores conform; a store that does not is read whole with
/// ``BookStore/relationSubjects()``.
///
/// ```swift
/// let first = try await store.relationSubjects(after: .min, limit: 20_000)
/// let second = try await store.relationSubjects(after: first.last?.id ?? .min, limit: 20_000)
/// ```
public protocol RelationSubjectPaging: BookStore {
    /// Up to `limit` subjects of the books whose ids are greater than `id`, by id ascending:
    /// the next page after the book `id`.
    func relationSubjects(after id: Int64, limit: Int) async throws -> [RelationSubject]
}

extension RelationCatalog {
    /// How many subjects a rebuild reads at a time from a ``RelationSubjectPaging`` store: a few
    /// megabytes of rows, few enough queries (50 at a million books) that paging costs nothing.
    static let subjectsPerPage = 20_000

    /// The catalog of every book of `store`, read a page at a time when it pages
    /// (``RelationSubjectPaging``) and whole otherwise; `keepsPages` when relations listed on
    /// pages will be built.
    static func load(from store: some BookStore, keepsPages: Bool) async throws -> RelationCatalog {
        var builder = Builder(keepsPages: keepsPages)
        guard let paging = store as? any RelationSubjectPaging else {
            for subject in try await store.relationSubjects() { builder.add(subject) }
            return RelationCatalog(builder)
        }
        var after = Int64.min
        while true {
            try Task.checkCancellation()
            let page = try await paging.relationSubjects(after: after, limit: subjectsPerPage)
            for subject in page { builder.add(subject) }
            // A page that does not move past the last id would be read again forever: the end.
            guard page.count == subjectsPerPage, let last = page.last?.id, last > after else { break }
            after = last
        }
        return RelationCatalog(builder)
    }
}
