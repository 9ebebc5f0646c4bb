import BookCatalog

// The witnesses' documentation is BookStore's and RelationSubjectPaging's; the queries are
// shared with the other store.
extension SQLiteBookStore: RelationSubjectPaging {
    public func relationSubjects() async throws -> [RelationSubject] { try await everyRelationSubject() }

    public func relationSubjects(after id: Int64, limit: Int) async throws -> [RelationSubject] {
        try await relationSubjectPage(after: id, limit: limit)
    }
}
