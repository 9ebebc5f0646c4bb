import Synchronization

/// Typo-tolerant search over any ``BookStore``: each long enough word the catalog does not hold
/// is widened to the indexed words within its typo budget (1 typo from 4 characters — from 3
/// for a word typed whole — and 2 from 9;
/// see ``allowedTypos(in:)``); a query whose words the catalog all holds runs as typed.
///
/// Candidates come from the ``CandidateIndex`` in memory when it is of the catalog's current
/// generation, else from the store's ``BookStore/search(_:limit:)`` (which finds the same
/// books in the same order) — for the exact query, then for one typo per word, then two, while
/// fewer than the page needs have been found — and ``BookRanking`` orders them by its rules in
/// blocks of ``candidatePool``, so every store ranks alike and pages never overlap (see
/// ``rankedPage(_:offset:limit:in:)``). From the index, only the books returned are read from
/// the store, in one statement.
///
/// A store owns one (its cache belongs to that store) and delegates
/// ``BookStore/rankedPage(_:offset:limit:)`` to it. The ``TermDictionary`` (from
/// ``BookStore/searchTerms()``) is built on first need, then the index (from
/// ``BookStore/searchEntries()``) in the background; both are rebuilt in the background when
/// ``BookStore/generation()`` changes, and searches meanwhile use the previous dictionary and
/// the store's search; concurrent searches share one build. The generation is read at most once per
/// ``generationCheckInterval`` — at once after ``catalogChanged()``, which the store calls after
/// its own writes — so another process's writes reach search within about that long.
///
/// ```swift
/// let typoTolerance = TypoTolerance()
/// let books = try await typoTolerance.search("hungr games", limit: 10, in: store)
/// ```
public final class TypoTolerance: Sendable {
    /// How long a generation read stays current: reading it is a round trip to a database server.
    public let generationCheckInterval: Duration
    let cache = Mutex(CatalogCache())
    /// Whether candidates come from a ``CandidateIndex`` when one is current; without, always
    /// from the store.
    public let indexesBooks: Bool
    /// Time since this was made, on the clock it was given.
    private let elapsed: @Sendable () -> Duration
    /// Whether a word of Latin letters is also looked for among readings (romaji and pinyin,
    /// ``Romaji``); without, search runs as it did before readings, for the benchmark that
    /// measures what they cost.
    public let searchesReadings: Bool
    /// Where the candidate index is kept between runs (``SearchIndexFile``), if anywhere.
    public let indexFile: SearchIndexFile?

    /// Makes one with an empty cache; it loads on first need. `clock` times the generation
    /// checks (tests pass a manual one); `indexesBooks: false` leaves every candidate search to
    /// the store (tests that watch the store's queries). With an `indexFile`, the index of the
    /// catalog's generation is mapped from it when it holds that, and written to it when built.
    public init<C: Clock>(
        generationCheckInterval: Duration = .seconds(1), clock: C = ContinuousClock(), indexesBooks: Bool = true,
        searchesReadings: Bool = true, indexFile: SearchIndexFile? = nil
    ) where C.Duration == Duration {
        self.indexFile = indexFile
        self.generationCheckInterval = generationCheckInterval
        self.indexesBooks = indexesBooks
        self.searchesReadings = searchesReadings
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
    }

    /// Books for `text` in ``BookRanking``'s order, at most `limit`; `[]` when `text` has no words.
    ///
    /// With a dictionary at hand, a word it does not know means the exact query would find
    /// nothing (or, right after an import, only books the widened query finds too), so only the
    /// widened queries run: one statement, or two for words long enough for two typos, instead
    /// of one more. Before the first dictionary is built, the exact query runs first and the
    /// search waits for the dictionary only if that query falls short.
    ///
    /// ```swift
    /// try await typoTolerance.search("Les Miserbles", limit: 5, in: store)  // Les Misérables
    /// ```
    public func search(_ text: String, limit: Int, in store: some BookStore) async throws -> [Book] {
        try await rankedSearch(text, limit: limit, in: store).map(\.book)
    }

    /// ``search(_:limit:in:)`` with how each book matched: the highlights and the measures it
    /// was ranked by. The first page of ``rankedPage(_:offset:limit:in:)``.
    ///
    /// ```swift
    /// let first = try await typoTolerance.rankedSearch("mocki", limit: 5, in: store).first
    /// first?.highlights   // [title 0..<5]: "Mocki" of "Mockingjay"
    /// ```
    public func rankedSearch(_ text: String, limit: Int, in store: some BookStore) async throws -> [BookMatch] {
        try await rankedPage(text, offset: 0, limit: limit, in: store).matches
    }

    /// How many typos a query word may have: 0 below 3 characters (and at 3 for the word still
    /// being typed, `isPrefix`), for numbers and for CJK words (one character there is a
    /// syllable or a word), 1 from 3, 2 from 9. Characters are
    /// counted in the folded word, as people see them. A word the catalog holds is never
    /// widened whatever its budget (see ``Widening``), so in practice a 4-letter word gets its
    /// typo only when it is no word of the catalog: a letter dropped from "rules" leaves
    /// "rues", which nothing else would find.
    ///
    /// ```swift
    /// TypoTolerance.allowedTypos(in: "teh")        // 1
    /// TypoTolerance.allowedTypos(in: "teh", isPrefix: true)  // 0
    /// TypoTolerance.allowedTypos(in: "hary")       // 1
    /// TypoTolerance.allowedTypos(in: "miserables") // 2
    /// TypoTolerance.allowedTypos(in: "19845")      // 0
    /// ```
    public static func allowedTypos(in word: String, isPrefix: Bool = false) -> Int {
        guard !word.allSatisfy(\.isNumber), !SearchText.isCJKWord(word), !Romaji.isIndexWord(word) else { return 0 }
        switch word.count {
        case 9...: return 2
        case 4...: return 1
        // A short word typed whole gets its typo too ("teh" for "the"); one still being typed
        // does not: a typo in three letters begins too many words.
        case 3: return isPrefix ? 0 : 1
        default: return 0
        }
    }

    /// Makes the next search read the catalog's generation, so it sees a write this process has
    /// just made (it would otherwise trust the generation read up to ``generationCheckInterval``
    /// ago and search an index without the written books).
    public func catalogChanged() {
        cache.withLock { $0.forgetGeneration() }
    }

    /// Builds the dictionary and index of `store`'s current generation, unless built, and waits
    /// for them: what a server does before it takes searches, so the first ones are fast. Throws
    /// what the store throws.
    ///
    /// ```swift
    /// try await typoTolerance.prepare(for: store)
    /// ```
    public func prepare(for store: some BookStore) async throws {
        // Until the lookup is ready: while an import runs, each write asks for the next build.
        while true {
            switch try await catalogLookup(for: store) {
            case .ready(let catalog), .held(let catalog):
                try await catalog.index?.wait()
                return
            case .stale, .building: break
            }
            guard let build = cache.withLock({ $0.build }) else { continue }
            _ = try await finished(build.task, at: build.generation)
        }
    }

    /// The catalog `task` builds for `generation`, recorded as finished once built, here as well
    /// as by the task that started it (``finish`` does nothing the second time): whoever waited
    /// for it runs on at once, and its next search must find it ready.
    private func finished(_ task: CatalogCache.Build, at generation: Int64) async throws -> SearchCatalog {
        let catalog = try await task.value
        cache.withLock { $0.finish(task, at: generation, with: catalog) }
        return catalog
    }

    /// The dictionary of `store` at its current generation, or an older one while that builds;
    /// before the first one is built, that build (``finished(_:at:)``: else the next search
    /// could still find it building and run the exact query again).
    func dictionary(for store: some BookStore) async throws -> TermDictionary {
        let generation = try await currentGeneration(of: store)
        switch catalogLookup(for: store, at: generation) {
        case .ready(let catalog), .stale(let catalog, _), .held(let catalog): return catalog.dictionary
        case .building(let task, _): return try await finished(task, at: generation).dictionary
        }
    }

    /// What the cache has for `store` now, at its current generation, starting a build if needed.
    func catalogLookup(for store: some BookStore) async throws -> CatalogCache.Lookup {
        catalogLookup(for: store, at: try await currentGeneration(of: store))
    }

    /// What the cache has for `store` at `generation`, starting a build if needed.
    func catalogLookup(for store: some BookStore, at generation: Int64) -> CatalogCache.Lookup {
        let (lookup, started) = cache.withLock {
            $0.catalogOrBuild(at: generation, from: store, indexesBooks: indexesBooks, indexFile: indexFile)
        }
        if let started {
            Task { [self] in
                let built = try? await started.task.value
                cache.withLock { $0.finish(started.task, at: started.generation, with: built) }
            }
        }
        return lookup
    }

    /// The catalog's generation, read from `store` unless a read within
    /// ``generationCheckInterval`` already gave it.
    func currentGeneration(of store: some BookStore) async throws -> Int64 {
        let interval = generationCheckInterval
        let now = elapsed()
        if let recent = cache.withLock({ $0.recentGeneration(within: interval, of: now) }) { return recent }
        let askedAt = now
        let generation = try await store.generation()
        let importIsLive = try await isBulkImportLive(in: store, at: generation)
        cache.withLock { $0.noteGeneration(generation, readAt: askedAt, importIsLive: importIsLive) }
        return generation
    }
}
