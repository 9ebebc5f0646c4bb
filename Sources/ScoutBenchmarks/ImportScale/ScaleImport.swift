import BookCatalog
import Foundation

/// One store's import of the scale catalog: the import until a search finds the file's last
/// book, then the wait for the search index that search started building in the background
/// (timed apart, before the relations, so that it weighs on neither), then the relations of the
/// changed books, each timed with its peak resident memory, then the latency of its ranked search.
struct ScaleImport {
    let store: String
    let searchable: Duration
    /// CPU time of the import until searchable (both cores: reading and writing overlap).
    let importCPU: Duration
    let importPeak: Int?
    let relations: Int
    let relating: Duration
    let relatingCPU: Duration
    let relationsPeak: Int?
    /// The rest of the search index's build (``BookStore/prepareSearch()``) once searchable.
    let indexFile: Duration
    /// Each of ``ScaleSearch/queries``' fastest time.
    let searchLatencies: [Duration]

    static func measure(
        _ name: String, store: any BookStore, files: ScaleCatalogFiles, search: ScaleSearch, clock: ContinuousClock
    ) async throws -> ScaleImport {
        PeakMemory.resetPeak()
        let startCPU = PeakMemory.ownCPUTime()
        var summary = ImportSummary()
        let searchable = try await clock.measure {
            summary = try await JSONLinesImporter(store: store, batchSize: files.batchSize).importBooks(
                from: files.jsonLines)
            try await requireFound(files.probe, in: store, name: name)
        }
        guard summary.skipped.isEmpty else {
            let first = summary.skipped[0]
            throw BenchmarkFailure(
                "\(name) skipped \(summary.skipped.count) generated lines, the first at line \(first.line): \(first.reason)"
            )
        }
        let importPeak = PeakMemory.ownPeakBytes()
        let importedCPU = PeakMemory.ownCPUTime()
        let indexFile = try await clock.measure { try await store.prepareSearch() }
        PeakMemory.resetPeak()
        let relatingStartCPU = PeakMemory.ownCPUTime()
        var relations = 0
        let relating = try await clock.measure {
            relations = try await store.rebuildRelations(affecting: summary.changedBooks)
        }
        let relatingCPU = PeakMemory.ownCPUTime() - relatingStartCPU
        let relationsPeak = PeakMemory.ownPeakBytes()
        return ScaleImport(
            store: name, searchable: searchable, importCPU: importedCPU - startCPU, importPeak: importPeak,
            relations: relations, relating: relating, relatingCPU: relatingCPU, relationsPeak: relationsPeak,
            indexFile: indexFile,
            searchLatencies: try await search.latencies(of: "Scout \(name)", store: store))
    }

    /// Fails unless searching the probe's title finds it: the import is searchable only then.
    private static func requireFound(
        _ probe: (title: String, sourceID: String), in store: any BookStore, name: String
    ) async throws {
        let found = try await store.search(probe.title, limit: 100)
        guard found.contains(where: { $0.sourceID == probe.sourceID }) else {
            throw BenchmarkFailure(
                "\(name) did not find “\(probe.title)” (generated book \(probe.sourceID)) right after importing it")
        }
    }
}
