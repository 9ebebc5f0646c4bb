extension TypoTolerance {
    /// The cached ``TermDictionary``, the build in flight, and the catalog generation last read,
    /// guarded by ``TypoTolerance``'s mutex. Only bookkeeping happens under the lock; a build runs
    /// in its own task, so a search never holds the lock across a suspension, and searches
    /// arriving during a build share that same task instead of starting another.
    struct DictionaryCache: Sendable {
        typealias Build = Task<TermDictionary, any Error>
        /// Time since the ``TypoTolerance`` was made, on its clock.
        typealias Instant = Duration

        /// What a search can have of the dictionary.
        enum Lookup: Sendable {
            case ready(TermDictionary)
            /// An older dictionary, to use while the current generation's builds.
            case stale(TermDictionary)
            /// No dictionary yet: the build of the first one.
            case building(Build)

            /// The dictionary to use now without waiting, current or older; `nil` while building.
            var dictionaryAtHand: TermDictionary? {
                switch self {
                case .ready(let dictionary), .stale(let dictionary): dictionary
                case .building: nil
                }
            }
        }

        /// A build this lookup started; whoever asked records its end with ``finish(_:at:with:)``.
        typealias Started = (task: Build, generation: Int64)

        private var cached: (generation: Int64, dictionary: TermDictionary)?
        private var inFlight: (generation: Int64, task: Build)?
        private var lastRead: (generation: Int64, at: Instant)?

        /// The generation read at most `interval` before `now`, if any: reading it costs a round
        /// trip to a database server, as much as the search it would precede.
        func recentGeneration(within interval: Duration, of now: Instant) -> Int64? {
            guard let lastRead, now - lastRead.at <= interval else { return nil }
            return lastRead.generation
        }

        /// Notes the generation read at `instant`; a read that finished late never moves it back.
        mutating func noteGeneration(_ generation: Int64, readAt instant: Instant) {
            if let lastRead, lastRead.generation > generation { return }
            lastRead = (generation, instant)
        }

        /// The cached dictionary if it is of `generation` (or newer); else an older one while a
        /// build of `generation` runs in the background (a catalog being imported changes every
        /// moment, and a search should not wait a second for a dictionary that is stale again at
        /// once; one build at a time); else, with no dictionary yet, the build of it. The build is
        /// started now unless one already runs; `started` then names it.
        mutating func dictionaryOrBuild(at generation: Int64, from store: some BookStore) -> (
            lookup: Lookup, started: Started?
        ) {
            if let cached {
                if cached.generation >= generation { return (.ready(cached.dictionary), nil) }
                return (.stale(cached.dictionary), inFlight == nil ? startBuild(of: generation, from: store) : nil)
            }
            if let inFlight, inFlight.generation == generation { return (.building(inFlight.task), nil) }
            let started = startBuild(of: generation, from: store)
            return (.building(started.task), started)
        }

        private mutating func startBuild(of generation: Int64, from store: some BookStore) -> Started {
            // Not cancelled with the search that started it: the next keystroke's search, which
            // superseded it, needs the same dictionary.
            // CJK index words (pairs of characters) are never widened; they would only grow the trie.
            let task = Build { TermDictionary(try await store.searchTerms().filter { !SearchText.isCJKWord($0) }) }
            inFlight = (generation, task)
            return (task, generation)
        }

        /// Records the end of `task`, which built the dictionary of `generation` (`nil` when it
        /// failed, so the next search retries). A newer cached generation is never replaced.
        mutating func finish(_ task: Build, at generation: Int64, with dictionary: TermDictionary?) {
            if inFlight?.task == task { inFlight = nil }
            guard let dictionary else { return }
            if cached.map({ $0.generation <= generation }) ?? true { cached = (generation, dictionary) }
        }
    }
}
