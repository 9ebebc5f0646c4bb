import Synchronization

extension TypoTolerance {
    /// The words of a catalog's vocabulary (``BookStore/searchTerms()``, or its index file's)
    /// its ``TermDictionary`` holds: all but CJK words and their pairs of characters, and romaji
    /// index words, which are never widened and would only grow the trie.
    ///
    /// ```swift
    /// TypoTolerance.dictionaryWords(["dune", "人間", "·ningen"])   // ["dune"]
    /// ```
    public static func dictionaryWords(_ terms: [String]) -> [String] {
        terms.filter { !SearchText.isCJKWord($0) && !Romaji.isIndexWord($0) }
    }

    /// What search derives from one generation of a catalog: the dictionary of its words and,
    /// unless turned off, the build of its ``CandidateIndex``, which starts once the dictionary
    /// is built, so a search that waits for the dictionary never waits for the index too.
    struct SearchCatalog: Sendable {
        let dictionary: TermDictionary
        let index: IndexBuild?
        /// The generation it is of: the one asked for, or the older one of the index file held
        /// through a live import (``SearchIndexFile/loadHeld(after:for:)``).
        let generation: Int64

        /// Builds the dictionary from `store` as it is now, and starts the index's build when
        /// `indexesBooks`: mapped from `indexFile` when that holds `generation`'s (whose
        /// vocabulary then makes the dictionary, without reading every word from the store),
        /// else built from the store and written there. An index mapped at `generation` is
        /// handed to `early` at once, before the dictionary is built.
        static func build(
            from store: some BookStore, at generation: Int64, indexesBooks: Bool, indexFile: SearchIndexFile?,
            early: EarlyIndex? = nil
        ) async throws -> SearchCatalog {
            var mapped: CandidateIndex?
            var problem = IndexFileProblem.missing
            if indexesBooks, let indexFile {
                switch try await TypoTolerance.mapCurrent(indexFile, at: generation, of: store, early: early) {
                case .success(let index): mapped = index
                case .failure(let failure):
                    problem = failure
                    mapped = try await indexFile.loadHeld(after: failure, for: store)
                }
            }
            let generation = mapped?.generation ?? generation
            let terms: [String]
            if let mapped { terms = mapped.vocabularyWords() } else { terms = try await store.searchTerms() }
            let dictionary = TermDictionary(TypoTolerance.dictionaryWords(terms))
            guard indexesBooks else { return SearchCatalog(dictionary: dictionary, index: nil, generation: generation) }
            // A catalog too large for the index is searched in the store, as without one.
            let index = IndexBuild { [mapped, problem] in
                if let mapped { return mapped }
                let build = {
                    try CandidateIndex(
                        try await store.searchEntries(), generation: generation,
                        catalogIdentity: indexFile?.catalogIdentity ?? 0)
                }
                guard let indexFile else { return try? await build() }
                return try? await indexFile.rebuild(after: problem, build)
            }
            return SearchCatalog(dictionary: dictionary, index: index, generation: generation)
        }
    }

    /// The build of one generation's ``CandidateIndex``, in its own task; a build the store
    /// failed (its error thrown by ``wait()``) starts again when ``index`` is next asked for.
    final class IndexBuild: Sendable {
        private typealias State = (task: Task<Void, any Error>, index: CandidateIndex?, hasFailed: Bool)
        private let make: @Sendable () async throws -> CandidateIndex?
        private let state: Mutex<State?> = Mutex(nil)

        init(_ make: @escaping @Sendable () async throws -> CandidateIndex?) {
            self.make = make
            state.withLock { $0 = (start(), nil, false) }
        }

        /// The index once built; nil while it builds, for a catalog too large, and after a
        /// failure (which starts the build again).
        var index: CandidateIndex? {
            state.withLock { state in
                if state?.hasFailed == true { state = (start(), nil, false) }
                return state?.index
            }
        }

        /// Waits for the build in flight; throws the store's error if it failed.
        func wait() async throws {
            guard let task = state.withLock({ $0?.task }) else { return }
            try await task.value
        }

        private func start() -> Task<Void, any Error> {
            Task { [self] in
                do {
                    let index = try await make()
                    state.withLock { $0?.index = index }
                } catch {
                    state.withLock { $0?.hasFailed = true }
                    throw error
                }
            }
        }
    }

    /// The cached ``SearchCatalog``, the build of one in flight, and the catalog generation last read,
    /// guarded by ``TypoTolerance``'s mutex. Only bookkeeping happens under the lock; a build runs
    /// in its own task, so a search never holds the lock across a suspension, and searches
    /// arriving during a build share that same task instead of starting another.
    struct CatalogCache: Sendable {
        typealias Build = Task<SearchCatalog, any Error>
        /// Time since the ``TypoTolerance`` was made, on its clock.
        typealias Instant = Duration

        /// What a search can have of the catalog.
        enum Lookup: Sendable {
            case ready(SearchCatalog)
            /// An older one, to use while the current generation's builds, and that build's index
            /// once mapped from its file (``EarlyIndex``), to answer meanwhile.
            case stale(SearchCatalog, early: EarlyIndex?)
            /// An older one kept while a live bulk import makes a generation a batch
            /// (``BulkImportAware``): nothing builds until it ends, and its index answers, each
            /// hit checked against its book (``CandidateIndex/checkedSearch(_:limit:in:)``).
            case held(SearchCatalog)
            /// None yet: the build of the first one, and the index it mapped from its file as
            /// soon as it has (``EarlyIndex``).
            case building(Build, early: EarlyIndex)

            /// The dictionary to use now without waiting, current or older; `nil` while building.
            var dictionaryAtHand: TermDictionary? {
                switch self {
                case .ready(let catalog), .stale(let catalog, _), .held(let catalog): catalog.dictionary
                case .building: nil
                }
            }

            /// The candidate index kept through a live import, once built. None for an index of
            /// no books (a catalog that import is filling): nothing in it to check, while the
            /// store's own search finds the committed books (PostgreSQL by scans meanwhile).
            var heldIndex: CandidateIndex? {
                guard case .held(let catalog) = self, let index = catalog.index?.index, index.count > 0 else {
                    return nil
                }
                return index
            }

            /// The candidate index of the current generation, once built, or once mapped by the
            /// build of it in flight while that builds its dictionary.
            var currentIndex: CandidateIndex? {
                switch self {
                case .ready(let catalog): catalog.index?.index
                case .building(_, let early): early.index
                case .stale(_, let early): early?.index
                case .held: nil
                }
            }
        }

        /// A build this lookup started; whoever asked records its end with ``finish(_:at:with:)``.
        typealias Started = (task: Build, generation: Int64)

        private var cached: (generation: Int64, catalog: SearchCatalog)?
        private var inFlight: (generation: Int64, task: Build, early: EarlyIndex)?
        /// The generation last read, when, and whether a live bulk import was writing it.
        private var lastRead: (generation: Int64, at: Instant, importIsLive: Bool)?

        /// The generation read at most `interval` before `now`, if any: reading it costs a round
        /// trip to a database server, as much as the search it would precede.
        func recentGeneration(within interval: Duration, of now: Instant) -> Int64? {
            guard let lastRead, now - lastRead.at <= interval else { return nil }
            return lastRead.generation
        }

        /// The build in flight, if any.
        var build: Started? { inFlight.map { ($0.task, $0.generation) } }

        /// Forgets the generation last read, so the next search reads it again: this process
        /// just wrote to the catalog.
        mutating func forgetGeneration() {
            lastRead = nil
        }

        /// Notes the generation read at `instant`, and whether a live bulk import was writing it
        /// then; a read that finished late never moves it back.
        mutating func noteGeneration(_ generation: Int64, readAt instant: Instant, importIsLive: Bool = false) {
            if let lastRead, lastRead.generation > generation { return }
            lastRead = (generation, instant, importIsLive)
        }

        /// Whether a catalog is cached that is older than `generation`: only then does it
        /// matter whether a live import wrote that generation (see ``Lookup/held(_:)``).
        func hasOlderCatalog(than generation: Int64) -> Bool {
            cached.map { $0.generation < generation } ?? false
        }

        /// The cached catalog if it is of `generation` (or newer); else an older one while a
        /// build of `generation` runs in the background (a catalog being imported changes every
        /// moment, and a search should not wait a second for a dictionary that is stale again at
        /// once; one build at a time); else, with no dictionary yet, the build of it. The build is
        /// started now unless one already runs; `started` then names it.
        mutating func catalogOrBuild(
            at generation: Int64, from store: some BookStore, indexesBooks: Bool, indexFile: SearchIndexFile? = nil
        ) -> (lookup: Lookup, started: Started?) {
            if let cached {
                if cached.generation >= generation { return (.ready(cached.catalog), nil) }
                // A live import's every batch is a generation: none is built until it ends.
                if let lastRead, lastRead.generation == generation, lastRead.importIsLive {
                    return (.held(cached.catalog), nil)
                }
                let started =
                    inFlight == nil
                    ? startBuild(of: generation, from: store, indexesBooks: indexesBooks, indexFile: indexFile) : nil
                // The build of this generation may have mapped its file already: another
                // process's import wrote it, and it answers while the dictionary is built.
                let early = inFlight.flatMap { $0.generation == generation ? $0.early : nil }
                return (.stale(cached.catalog, early: early), started.map { ($0.task, generation) })
            }
            if let inFlight, inFlight.generation == generation {
                return (.building(inFlight.task, early: inFlight.early), nil)
            }
            let build = startBuild(of: generation, from: store, indexesBooks: indexesBooks, indexFile: indexFile)
            return (.building(build.task, early: build.early), (build.task, generation))
        }

        private mutating func startBuild(
            of generation: Int64, from store: some BookStore, indexesBooks: Bool, indexFile: SearchIndexFile?
        ) -> (task: Build, early: EarlyIndex) {
            // Not cancelled with the search that started it: the next keystroke's search, which
            // superseded it, needs the same catalog.
            let early = EarlyIndex()
            let task = Build {
                try await SearchCatalog.build(
                    from: store, at: generation, indexesBooks: indexesBooks, indexFile: indexFile, early: early)
            }
            inFlight = (generation, task, early)
            return (task, early)
        }

        /// Records the end of `task`, which built the catalog of `generation` (`nil` when it
        /// failed, so the next search retries). A newer cached generation is never replaced. A
        /// catalog of an older generation was held through a live import, which then wrote
        /// `generation`: so noted, the next lookups hold it rather than build again.
        mutating func finish(_ task: Build, at generation: Int64, with catalog: SearchCatalog?) {
            if inFlight?.task == task { inFlight = nil }
            guard let catalog else { return }
            let built = min(generation, catalog.generation)
            if built < generation, lastRead?.generation == generation { lastRead?.importIsLive = true }
            if cached.map({ $0.generation <= built }) ?? true { cached = (built, catalog) }
        }
    }
}
