extension TypoTolerance {
    /// The cached ``TermDictionary`` and the build in flight, guarded by ``TypoTolerance``'s
    /// mutex. Only bookkeeping happens under the lock; the build runs in its own task, so a
    /// search never holds the lock across a suspension, and searches arriving during a build
    /// await that same task instead of starting another.
    struct DictionaryCache: Sendable {
        typealias Build = Task<TermDictionary, any Error>

        /// What a search should do to get a dictionary.
        enum Lookup: Sendable {
            case ready(TermDictionary)
            case building(Build)
            /// An older dictionary to use now, and the build that will replace it when this
            /// lookup started one (its caller records the build's end; later lookups get `nil`).
            case stale(TermDictionary, started: (task: Build, generation: Int64)?)
        }

        private var cached: (generation: Int64, dictionary: TermDictionary)?
        private var inFlight: (generation: Int64, task: Build)?

        /// The cached dictionary if it is of `generation`; else an older one while a build of
        /// `generation` runs in the background (a catalog being imported changes every moment,
        /// and a search should not wait a second for a dictionary that is stale again at once);
        /// else, with no dictionary yet, the build of it, started now unless another search
        /// already started it.
        mutating func dictionaryOrBuild(at generation: Int64, from store: some BookStore) -> Lookup {
            if let cached, cached.generation == generation { return .ready(cached.dictionary) }
            if let cached, cached.generation < generation {
                guard inFlight == nil else { return .stale(cached.dictionary, started: nil) }
                let task = Build { TermDictionary(try await store.searchTerms()) }
                inFlight = (generation, task)
                return .stale(cached.dictionary, started: (task, generation))
            }
            if let inFlight, inFlight.generation == generation { return .building(inFlight.task) }
            // Not cancelled with the search that started it: the next keystroke's search, which
            // superseded it, needs the same dictionary.
            let task = Build { TermDictionary(try await store.searchTerms()) }
            inFlight = (generation, task)
            return .building(task)
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
