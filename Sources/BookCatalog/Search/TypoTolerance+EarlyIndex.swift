import Synchronization

// Ready at once at ten million books (issue #37): `scout serve` on a catalog whose index file is
// current answered its first search after 1.6 s: until the catalog's books were counted and the
// typo dictionary built from the file's vocabulary (search ready after 11.5 s, in process), a
// search went to the store's own search. The mapped index answers as soon as it is mapped.

extension TypoTolerance {
    /// The index in `file` when it is `store`'s at `generation`, handed to `early` as soon as it
    /// is mapped, before the count that confirms it holds as many books as the catalog (a scan
    /// of the whole table: 0.6–0.8 s for PostgreSQL at ten million books). A file of the same
    /// catalog identity and generation but another catalog (restored from a backup, or made
    /// again at the same path, that reached the same generation) is rare and answers for that
    /// moment at most: withdrawn once counted, reported, and built again.
    static func mapCurrent(
        _ file: SearchIndexFile, at generation: Int64, of store: some BookStore, early: EarlyIndex?
    ) async throws -> Result<CandidateIndex, IndexFileProblem> {
        let loaded = file.load(generation: generation)
        guard case .success(let index) = loaded else { return loaded }
        early?.publish(index)
        do {
            let confirmed = try await SearchIndexFile.confirm(index, bookCount: { try await store.count() })
            if case .failure = confirmed { early?.withdraw() }
            return confirmed
        } catch {
            early?.withdraw()
            throw error
        }
    }

    /// The index a catalog build in flight mapped from its file, current, published as soon as
    /// it is mapped: the dictionary built from its vocabulary takes seconds at ten million books
    /// (search was ready after 11.5 s, in process), and until it is built a search would
    /// otherwise go to the store's own search, a catalog-wide full-text query, when the index to
    /// answer it is already mapped.
    final class EarlyIndex: Sendable {
        private let mapped: Mutex<CandidateIndex?> = Mutex(nil)

        /// The index once mapped; nil before, and for a build with no current file.
        var index: CandidateIndex? { mapped.withLock { $0 } }

        func publish(_ index: CandidateIndex) { mapped.withLock { $0 = index } }

        func withdraw() { mapped.withLock { $0 = nil } }
    }
}
