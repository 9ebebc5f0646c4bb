import BookCatalog

// The witness's documentation is BookStore's; the query is shared with the other store.
extension PostgresBookStore {
    public func relationSubjects() async throws -> [RelationSubject] { try await everyRelationSubject() }
}
