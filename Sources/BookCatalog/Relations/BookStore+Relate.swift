extension BookStore {
    /// Recomputes every relation from the stored books, reader picks (ratings of 4 or more) and
    /// links with `RelationBuilder()`, and replaces the stored ones in one transaction. Returns
    /// how many relations are stored. Rebuilding again without changes leaves the same rows.
    ///
    /// ```swift
    /// let count = try await store.rebuildRelations()
    /// ```
    @discardableResult
    public func rebuildRelations() async throws -> Int {
        try await rebuildRelations(affecting: nil)
    }

    /// Rebuilds the relations an import changed: those from the `touched` books (what
    /// ``ImportSummary/changedBooks`` lists) and from their neighbourhood (see
    /// ``RelationBuilder/neighbourhood(of:among:picks:links:)``), leaving every other book's
    /// relations as they are. `nil` rebuilds everything. Returns how many relations it stored.
    ///
    /// Incremental rebuilding is exact for same series, same author and listed similar. For
    /// similar tags and also enjoyed it does not revisit books that merely lose ground to the
    /// new ones through changed tag rarity or reader counts; `scout books relate` recomputes
    /// everything.
    ///
    /// ```swift
    /// let summary = try await importer.importBooks(from: url)
    /// try await store.rebuildRelations(affecting: summary.changedBooks)
    /// ```
    @discardableResult
    public func rebuildRelations(affecting touched: Set<Int64>?) async throws -> Int {
        if let touched, touched.isEmpty { return 0 }
        let builder = RelationBuilder()
        let books = try await allBooks()
        let picks = try await readerPicks(minimumRating: 4)
        let links = try await outgoingLinks()
        // Past half the catalog, one full replacement is cheaper than deleting book by book; the
        // neighbourhood holds the touched books, so a first import skips computing it at all.
        var sources: Set<Int64>?
        if let touched, touched.count * 2 < books.count {
            sources = builder.neighbourhood(of: touched, among: books, picks: picks, links: links)
        }
        if let count = sources?.count, count * 2 >= books.count { sources = nil }
        let relations = builder.relations(among: books, picks: picks, links: links, from: sources)
        try await replaceRelations(for: RelationBuilder.kinds, from: sources, with: relations)
        return relations.count
    }
}

extension RelationBuilder {
    /// The books whose relations may change when `touched` change: the touched books, the
    /// other books of any of their series and of their first authors, and the books the touched ones
    /// now relate to (similarity and co-reading are symmetric, so those may now point back).
    ///
    /// ```swift
    /// let sources = RelationBuilder().neighbourhood(of: [newBook.id], among: books, picks: [], links: [])
    /// ```
    public func neighbourhood(
        of touched: Set<Int64>, among books: [Book], picks: [ReaderPick], links: [OutgoingLink]
    ) -> Set<Int64> {
        var result = touched
        let touchedBooks = books.filter { touched.contains($0.id) }
        let series = Set(touchedBooks.flatMap(Self.seriesKeys(of:)))
        let authors = Set(touchedBooks.compactMap { Self.groupingKey($0.authors.first) })
        for book in books {
            if !series.isDisjoint(with: Self.seriesKeys(of: book)) { result.insert(book.id) }
            if let key = Self.groupingKey(book.authors.first), authors.contains(key) { result.insert(book.id) }
        }
        let direct = similarTags(among: books, from: touched) + alsoEnjoyed(picks: picks, among: books, from: touched)
        result.formUnion(direct.map(\.to))
        let touchedURLs = Set(touchedBooks.compactMap { $0.sourceURL.map(Self.linkKey) })
        result.formUnion(links.filter { touchedURLs.contains(Self.linkKey($0.to)) }.map(\.from))
        return result
    }
}
