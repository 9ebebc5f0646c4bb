extension TypoTolerance {
    /// How many candidates are ranked together: the store's candidate order (books matching
    /// every word in one field first, then by ratings count) is cut into blocks this long, and
    /// ``BookRanking`` orders each block. Enough that the book a person means is in the first
    /// block even when many more popular books match a short prefix.
    public static let candidatePool = 64

    /// The most candidates one page asks a store for: those before ``BookSearchPage/maximumOffset``
    /// and a page of the largest size the stores allow (200), in whole blocks.
    public static let maximumCandidates =
        (BookSearchPage.maximumOffset + 200 + candidatePool - 1) / candidatePool * candidatePool

    /// One page of the books for `text` in rank order: `limit` books from `offset` (clamped to
    /// ``BookSearchPage/maximumOffset``), with how many match in all.
    ///
    /// The rank order is one list per query and catalog generation, so pages never overlap or
    /// skip: the candidates (every book matching every word, the typo-widened words included)
    /// in the store's candidate order, cut into blocks of ``candidatePool``, each block in
    /// ``BookRanking``'s order. A page ranks only the blocks it spans, and asks for candidates
    /// up to the end of its last block. The first block is what a first page always ranked.
    ///
    /// When no book matches every word as typed, words of the catalog get their typo budget too;
    /// when still none does, the page holds the closest matches instead and names the word left
    /// out (``BookSearchPage/missingWords``).
    ///
    /// With a dictionary at hand, a word it does not know means the exact query would find
    /// nothing (or, right after an import, only books the widened query finds too), so only the
    /// widened queries run. Before the first dictionary is built, the exact query runs first;
    /// finding any book means every word is in the catalog, so widening would add nothing, and
    /// only finding none waits for the dictionary.
    ///
    /// ```swift
    /// let second = try await typoTolerance.rankedPage("love", offset: 20, limit: 20, in: store)
    /// second.total        // every book matching "love"
    /// second.nextOffset   // 40, or nil on the last page
    /// ```
    public func rankedPage(_ text: String, offset: Int, limit: Int, in store: some BookStore) async throws
        -> BookSearchPage
    {
        let generation = try await currentGeneration(of: store)
        guard let exact = SearchText.exactQuery(text).map({ searchesReadings ? $0 : $0.withoutReadings }), limit > 0
        else {
            return BookSearchPage(matches: [], total: 0, nextOffset: nil, generation: generation)
        }
        let offset = min(max(offset, 0), BookSearchPage.maximumOffset)
        let block = Self.candidatePool
        let wanted = (offset + limit + block - 1) / block * block
        let budgets = exact.terms.map { Self.allowedTypos(in: $0.alternatives[0], isPrefix: $0.isPrefix) }
        let hasTypoBudget = budgets.contains { $0 > 0 }
        let lookup = indexesBooks || hasTypoBudget ? catalogLookup(for: store, at: generation) : nil
        let index = indexesBooks ? lookup?.currentIndex ?? lookup?.heldIndex : nil
        let search = Candidates(store: store, index: index, checksHits: lookup?.heldIndex != nil)

        var found = try await candidates(
            exact, budgets: budgets, lookup: lookup, limit: wanted, in: store, from: search)
        if found.books.isEmpty, hasTypoBudget {
            // No book holds the words as typed: a word of the catalog may be a typo of another
            // ("where three's smoke", "the fifth fitness"), so every word gets its typo budget.
            found = try await candidates(
                exact, budgets: budgets, lookup: lookup, limit: wanted, in: store, from: search,
                widensKnownWords: true)
        }
        var missingWords: [String] = []
        if found.books.isEmpty, exact.terms.count > 1 {
            // No book has every word: the closest matches are the books with all words but one,
            // leaving out the last word whose absence finds any (as Meilisearch's `last`
            // strategy drops words from the end) — one list still, so pages stay exact. At most
            // one search per word, and only when the whole query found nothing.
            for left in exact.terms.indices.reversed() {
                var terms = exact.terms
                terms.remove(at: left)
                var fewerBudgets = budgets
                fewerBudgets.remove(at: left)
                let closer = try await candidates(
                    BookQuery(terms: terms), budgets: fewerBudgets, lookup: lookup, limit: wanted, in: store,
                    from: search)
                guard !closer.books.isEmpty else { continue }
                found = closer
                missingWords = [exact.terms[left].alternatives[0]]
                break
            }
        }
        // A short list is the whole list; only a full one needs counting.
        let total = found.books.count < wanted ? found.books.count : try await search.count(found.countQuery)
        let firstBlock = offset / block * block
        var ranked: [BookMatch] = []
        for start in stride(from: firstBlock, to: found.books.count, by: block) {
            ranked += BookRanking.rank(
                Array(found.books[start..<min(start + block, found.books.count)]), for: found.words)
        }
        var page = Array(ranked.dropFirst(offset - firstBlock).prefix(limit))
        if index != nil, !page.isEmpty {
            // The index holds titles and authors only: the page's books are read whole, and
            // matched again so the highlights fit the text returned (a write may have changed it
            // since the index was built); their order stays the page's.
            let stored = Dictionary(
                try await store.books(ids: page.map(\.book.id)).map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first })
            page = page.compactMap { stored[$0.book.id].map { BookRanking.match($0, for: found.words) } }
        }
        return BookSearchPage(
            matches: page, total: total,
            nextOffset: BookSearchPage.nextOffset(after: offset, limit: limit, total: total),
            generation: generation, missingWords: missingWords,
            suggestion: firstBlock == 0 ? ranked.first.flatMap(Self.suggestion) : nil)
    }

    /// What the best book says the query meant, when it needed a typo.
    private static func suggestion(from best: BookMatch) -> String? {
        best.typos > 0 ? best.spelledAs.joined(separator: " ") : nil
    }

    /// Where candidates come from: the ``CandidateIndex`` of the current generation when there
    /// is one (or the one kept through a live import, `checksHits`), else the store's own
    /// search, which finds the same books in the same order.
    private struct Candidates<Store: BookStore> {
        let store: Store
        let index: CandidateIndex?
        let checksHits: Bool

        func find(_ query: BookQuery, limit: Int) async throws -> [Book] {
            if let index, checksHits { return try await index.checkedSearch(query, limit: limit, in: store) }
            if let index { return index.search(query, limit: limit) }
            return try await store.search(query, limit: limit)
        }

        func count(_ query: BookQuery) async throws -> Int {
            if let index { return index.count(query) }
            return try await store.searchCount(query)
        }
    }

    /// The first `limit` candidates for `exact`, the query words to rank them by, and the query
    /// whose matches are all the candidates there are (to count them).
    private func candidates<Store: BookStore>(
        _ exact: BookQuery, budgets: [Int], lookup: CatalogCache.Lookup?, limit: Int, in store: Store,
        from search: Candidates<Store>, widensKnownWords: Bool = false
    ) async throws -> (books: [Book], words: [QueryWord], countQuery: BookQuery) {
        let typed = exact.terms.map { QueryWord($0) }
        guard let maximumTypos = budgets.max(), maximumTypos > 0 else {
            return (try await search.find(exact, limit: limit), typed, exact)
        }
        let dictionary: TermDictionary
        if let atHand = lookup?.dictionaryAtHand {
            dictionary = atHand
        } else {
            let books = try await search.find(exact, limit: limit)
            if !books.isEmpty { return (books, typed, exact) }
            dictionary = try await self.dictionary(for: store)
        }
        let widening = Widening(exact, budgets: budgets, dictionary: dictionary, widensKnownWords: widensKnownWords)
        guard widening.widensAnything else {
            return (try await search.find(exact, limit: limit), widening.queryWords, exact)
        }
        let books = try await widened(widening, upTo: maximumTypos, limit: limit, from: search)
        return (books, widening.queryWords, widening.query(allowingTypos: maximumTypos))
    }

    /// The books the widened queries find, one typo per word before two, so closer matches are
    /// candidates first: each round's query holds the last one's words, so it finds its books
    /// too, and at most that many of its first `limit` are old, so asking for `limit` always
    /// yields enough new ones. The list is the same prefix whatever `limit` is.
    private func widened<Store: BookStore>(
        _ widening: Widening, upTo maximumTypos: Int, limit: Int, from search: Candidates<Store>
    ) async throws -> [Book] {
        var books: [Book] = []
        var seen = Set<Int64>()
        var previous: BookQuery?
        for typos in 1...maximumTypos {
            let query = widening.query(allowingTypos: typos)
            guard query != previous else { continue }
            previous = query
            for book in try await search.find(query, limit: limit) where seen.insert(book.id).inserted {
                books.append(book)
            }
            if books.count >= limit { break }
        }
        return Array(books.prefix(limit))
    }
}
