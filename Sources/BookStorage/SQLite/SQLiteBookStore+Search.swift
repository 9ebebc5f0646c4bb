import BookCatalog
import SQLite

extension SQLiteBookStore {
    /// The most results one page of a search returns, whatever `limit` asks for.
    ///
    /// ```swift
    /// let all = try await store.search("the", limit: SQLiteBookStore.maximumSearchLimit)
    /// ```
    public static let maximumSearchLimit = 200

    /// One page of the books matching `text` as a person types it, ranked; see
    /// ``BookStore/rankedPage(_:offset:limit:)``. `limit` is clamped to 1…``maximumSearchLimit``.
    ///
    /// ```swift
    /// try await store.rankedPage("collins", offset: 0, limit: 5)     // books by Suzanne Collins
    /// try await store.rankedPage("les miser", offset: 0, limit: 5)   // Les Misérables
    /// ```
    public func rankedPage(_ text: String, offset: Int, limit: Int) async throws -> BookSearchPage {
        try await typoTolerantPage(text, offset: offset, limit: limit)
    }

    /// Books matching every term of `query`: books where all terms fall in one column (title
    /// *or* authors) first, then those matching across columns; within each, by ratings count.
    /// Every word is quoted, so nothing in it acts as FTS5 syntax. `limit` is clamped to
    /// 1…``BookCatalog/TypoTolerance/maximumCandidates``, the deepest page's candidates.
    ///
    /// ```swift
    /// try await store.search(BookQuery(terms: [.init(["hunger"]), .init(["ga"], isPrefix: true)]), limit: 5)
    /// ```
    public func search(_ query: BookQuery, limit: Int) async throws -> [Book] {
        try await storeWork {
            guard let match = Self.match(query) else { return [] }
            let limit = min(max(limit, 1), TypoTolerance.maximumCandidates)
            let oneColumn = "{title} : (\(match)) OR {authors} : (\(match))"
            let isOneTerm = query.terms.count == 1
            return try await withFreshSearchIndex { tx, state in
                let sql = Self.hitsSQL(state)
                let sameColumn = try tx.query(sql, [.text(oneColumn), .integer(Int64(limit))], Self.book(from:))
                guard sameColumn.count < limit, !isOneTerm else { return sameColumn }
                let found = Set(sameColumn.map(\.id))
                let any = try tx.query(
                    sql, [.text(match), .integer(Int64(limit + sameColumn.count))], Self.book(from:))
                return sameColumn + any.filter { !found.contains($0.id) }.prefix(limit - sameColumn.count)
            }
        }
    }

    /// The books whose index rows match an FTS5 expression (the first parameter), at most a
    /// number of them (the second), in index key order.
    ///
    /// Index rows are keyed most-read first (see `rankKey`), so a query over a current index
    /// reads only the first `limit` matches. A frozen index (a live import defers it, see
    /// SQLiteBookStore+DeferredIndex.swift) still holds the words of books the import has
    /// rewritten since: each hit's row must equal what the index would hold of its book now,
    /// or the book is left out — found again once the import's rebuild indexes it as it is.
    /// Rows of books added since are missing, and rows of deleted books find no book.
    static func hitsSQL(_ state: SearchIndexState) -> String {
        switch state {
        case .current:
            """
            SELECT \(selectColumns) FROM (
                SELECT rowid AS rank_key FROM books_fts WHERE books_fts MATCH ? ORDER BY rowid LIMIT ?
            ) AS hits JOIN books ON books.id = (hits.rank_key & \(idMask))
            ORDER BY hits.rank_key
            """
        case .frozen:
            // Numbered parameters: the limit is used twice. The rank key is compared to itself: a
            // changed ratings count moves the book in the order once rebuilt, but does not make
            // the hit wrong. At most `frozenHitsBeyondLimit` rejected hits are read past the
            // limit: an import that rewrote most books would otherwise make a broad prefix read
            // and check every match.
            """
            SELECT \(selectColumns) FROM (
                SELECT rowid AS rank_key, title, authors FROM books_fts WHERE books_fts MATCH ?1
                ORDER BY rowid LIMIT ?2 + \(frozenHitsBeyondLimit)
            ) AS hits CROSS JOIN books ON books.id = (hits.rank_key & \(idMask))
            WHERE (\(rankKey("books")), hits.title, hits.authors) IS (\(currentIndexLayout.values(of: "books")))
            ORDER BY hits.rank_key LIMIT ?2
            """
        }
    }

    /// How many hits of a frozen index a search reads past its limit, looking for hits whose
    /// books the import left as they were. Each is checked by computing its book's index row:
    /// 0.19 ms a hit in a debug build on a loaded 2-core machine (1,005 rejected hits took
    /// 186 ms), so this bounds what an import that rewrote most books adds to a search, at the
    /// cost of missing, until the rebuild, unchanged books that rank behind that many rewritten ones.
    ///
    /// ```swift
    /// let mostHitsRead = limit + SQLiteBookStore.frozenHitsBeyondLimit
    /// ```
    public static let frozenHitsBeyondLimit = 200

    /// How many books match every term of `query`, in any column: what ``search(_:limit:)``
    /// would find with no limit, counted by FTS5 without reading the books. While a live import
    /// defers the index (see ``hitsSQL(_:)``) it counts the books as they were when the import
    /// began: a count shown beside results, where reading every matching book to check it would
    /// cost more than the search.
    ///
    /// ```swift
    /// try await store.searchCount(BookQuery(terms: [.init(["love"], isPrefix: true)]))
    /// ```
    public func searchCount(_ query: BookQuery) async throws -> Int {
        try await storeWork {
            guard let match = Self.match(query) else { return 0 }
            let counts = try await withFreshSearchIndex { tx, _ in
                try tx.query("SELECT count(*) FROM books_fts WHERE books_fts MATCH ?", [.text(match)]) { row in
                    try row.int64(0)
                }
            }
            return Int(counts.first ?? 0)
        }
    }

    /// Every distinct word in the title and author index, from FTS5's own vocabulary: while a
    /// live import defers the index, the words as they were when it began (a word only a
    /// rewritten book had widens a typo to a query that then finds nothing).
    ///
    /// ```swift
    /// let words = try await store.searchTerms()
    /// ```
    public func searchTerms() async throws -> [String] {
        try await storeWork {
            try await withFreshSearchIndex { tx, _ in
                try tx.query("SELECT term FROM books_fts_vocabulary") { row in try row.string(0) }
            }
        }
    }

    /// The FTS5 expression for `query`: terms joined by AND, alternatives by OR, every word
    /// quoted, a CJK word as the phrase of its pairs (``SearchText/indexPattern(of:isPrefix:)``);
    /// `nil` for a query without words.
    static func match(_ query: BookQuery) -> String? {
        let terms = query.terms.compactMap { term -> String? in
            let words = term.alternatives.filter { !$0.isEmpty }.map { word in
                let pattern = SearchText.indexPattern(of: word, isPrefix: term.isPrefix)
                return pattern.words.map(FTS5Query.quoted).joined(separator: " + ") + (pattern.isPrefix ? "*" : "")
            }
            guard !words.isEmpty else { return nil }
            return words.count == 1 ? words[0] : "(" + words.joined(separator: " OR ") + ")"
        }
        return terms.isEmpty ? nil : terms.joined(separator: " AND ")
    }
}
