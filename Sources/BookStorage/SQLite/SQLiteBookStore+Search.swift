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
            // Index rows are keyed most-read first (see `rankKey`), so each query reads only the
            // first `limit` matches: one-column matches, then, if short, any matches.
            let sql = """
                SELECT \(Self.selectColumns) FROM (
                    SELECT rowid AS rank_key FROM books_fts WHERE books_fts MATCH ? ORDER BY rowid LIMIT ?
                ) AS hits JOIN books ON books.id = (hits.rank_key & \(Self.idMask))
                ORDER BY hits.rank_key
                """
            let oneColumn = "{title} : (\(match)) OR {authors} : (\(match))"
            let isOneTerm = query.terms.count == 1
            return try await withFreshSearchIndex { tx in
                let sameColumn = try tx.query(sql, [.text(oneColumn), .integer(Int64(limit))], Self.book(from:))
                guard sameColumn.count < limit, !isOneTerm else { return sameColumn }
                let found = Set(sameColumn.map(\.id))
                let any = try tx.query(
                    sql, [.text(match), .integer(Int64(limit + sameColumn.count))], Self.book(from:))
                return sameColumn + any.filter { !found.contains($0.id) }.prefix(limit - sameColumn.count)
            }
        }
    }

    /// How many books match every term of `query`, in any column: what ``search(_:limit:)``
    /// would find with no limit, counted by FTS5 without reading the books.
    ///
    /// ```swift
    /// try await store.searchCount(BookQuery(terms: [.init(["love"], isPrefix: true)]))
    /// ```
    public func searchCount(_ query: BookQuery) async throws -> Int {
        try await storeWork {
            guard let match = Self.match(query) else { return 0 }
            let counts = try await withFreshSearchIndex { tx in
                try tx.query("SELECT count(*) FROM books_fts WHERE books_fts MATCH ?", [.text(match)]) { row in
                    try row.int64(0)
                }
            }
            return Int(counts.first ?? 0)
        }
    }

    /// Every distinct word in the title and author index, from FTS5's own vocabulary.
    ///
    /// ```swift
    /// let words = try await store.searchTerms()
    /// ```
    public func searchTerms() async throws -> [String] {
        try await storeWork {
            try await withFreshSearchIndex { tx in
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
