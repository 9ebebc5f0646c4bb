extension BookStore {
    /// Recomputes the ``RelationBuilder/kinds`` relations from every stored book with
    /// `RelationBuilder()` and replaces the stored ones in one transaction. Returns how many
    /// relations are stored. Rebuilding again without changed books leaves the same rows.
    ///
    /// ```swift
    /// let count = try await store.rebuildRelations()
    /// ```
    @discardableResult
    public func rebuildRelations() async throws -> Int {
        let relations = RelationBuilder().relations(among: try await allBooks())
        try await replaceRelations(for: RelationBuilder.kinds, with: relations)
        return relations.count
    }
}
