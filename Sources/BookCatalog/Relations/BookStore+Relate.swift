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
        try await rebuildRelations(affecting: touched, booksPerChunk: RelationRun.booksPerChunk)
    }

    /// ``rebuildRelations(affecting:)`` computing and writing the relations of `booksPerChunk`
    /// source books at a time (at least 1): the same rows whatever the chunk, only the memory
    /// and the overlap change.
    ///
    /// ```swift
    /// try await store.rebuildRelations(affecting: nil, booksPerChunk: 5_000)
    /// ```
    @discardableResult
    public func rebuildRelations(affecting touched: Set<Int64>?, booksPerChunk: Int) async throws -> Int {
        if let touched, touched.isEmpty { return 0 }
        let builder = RelationBuilder()
        let picks = try await readerPicks(minimumRating: 4)
        let links = try await outgoingLinks()
        // What the rules read alone, grouped once for the neighbourhood and every rule, a page of
        // subjects at a time; the books' pages only when links may lead to them.
        let catalog = try await RelationCatalog.load(from: self, keepsPages: !links.isEmpty)
        let books = catalog.count
        // Past half the catalog, one full replacement is cheaper than deleting book by book; the
        // neighbourhood holds the touched books, so a first import skips computing it at all.
        var sources: Set<Int64>?
        if let touched, touched.count * 2 < books {
            sources = await builder.neighbourhood(of: touched, in: catalog, picks: picks, links: links)
        }
        if let count = sources?.count, count * 2 >= books { sources = nil }
        let run = RelationRun(builder: builder, catalog: catalog, picks: picks, links: links)
        let positions = run.sourcePositions(sources)
        let size = max(booksPerChunk, 1)
        // A chunk at a time, the next computed while the store writes the last: memory holds two
        // chunks' relations, not the catalog's (15 million rows with their reasons at a million
        // books), and the store's one transaction still swaps the old set for the new at once.
        return try await RelationChunks.stream { send in
            for start in stride(from: 0, to: positions.count, by: size) {
                try Task.checkCancellation()
                let chunk = await run.relations(at: positions[start..<min(start + size, positions.count)])
                guard await send(chunk) else { return }
            }
        } into: { chunks in
            try await replaceRelations(for: RelationBuilder.kinds, from: sources, chunks: chunks)
        }
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
        let catalog = RelationCatalog(books.map(RelationSubject.init))
        let reading = CoReading(picks: picks, catalog: catalog)
        var result = grouped(with: touched, in: catalog, links: links)
        result.formUnion(similarTags(in: catalog, at: catalog.sourcePositions(touched)[...]).relations.map(\.to))
        result.formUnion(
            alsoEnjoyed(reading, in: catalog, at: reading.sourcePositions(touched, in: catalog)[...]).map(\.to))
        return result
    }

    /// ``neighbourhood(of:among:picks:links:)`` over a catalog already grouped, its similar
    /// tags and also enjoyed computed in chunks.
    func neighbourhood(
        of touched: Set<Int64>, in catalog: RelationCatalog, picks: [ReaderPick], links: [OutgoingLink]
    ) async -> Set<Int64> {
        let reading = CoReading(picks: picks, catalog: catalog)
        var result = grouped(with: touched, in: catalog, links: links)
        let tags = await Self.inChunks(catalog.sourcePositions(touched), size: nil) {
            similarTags(in: catalog, at: $0).relations
        }
        let enjoyed = await Self.inChunks(reading.sourcePositions(touched, in: catalog), size: nil) {
            alsoEnjoyed(reading, in: catalog, at: $0)
        }
        result.formUnion(tags.map(\.to))
        result.formUnion(enjoyed.map(\.to))
        return result
    }

    /// The touched books, the books sharing a series or first author with one, and those whose
    /// page lists one as similar.
    private func grouped(with touched: Set<Int64>, in catalog: RelationCatalog, links: [OutgoingLink]) -> Set<Int64> {
        var result = touched
        let touchedPositions = catalog.sourcePositions(touched)
        let series = Set(touchedPositions.flatMap { catalog.seriesKeys(at: $0) })
        let authors = Set(touchedPositions.compactMap { catalog.author(at: $0) })
        for (position, id) in catalog.ids.enumerated() {
            if catalog.seriesKeys(at: position).contains(where: series.contains) { result.insert(id) }
            if let author = catalog.author(at: position), authors.contains(author) { result.insert(id) }
        }
        let touchedURLs = Set(touchedPositions.compactMap { catalog.pages.isEmpty ? nil : catalog.pages[$0] })
        result.formUnion(links.filter { touchedURLs.contains(Self.linkKey($0.to)) }.map(\.from))
        return result
    }
}
