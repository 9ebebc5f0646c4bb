import Foundation

// `scout-bench [name…]`: runs the named benchmarks, or all of them but those run only when named.
let benchmarks: [(name: String, run: () async throws -> Void)] = [
    ("static-reply", { try StaticReplyBenchmark().run() }),
    ("typing", { try await TypingBenchmark().run() }),
    ("typing-all", { try await AllTypingBenchmark().run() }),
    ("cached-search", { try await CachedSearchBenchmark().run() }),
    ("fleet", { try await FleetBenchmark().run() }),
    ("books", { try await BooksBenchmark().run() }),
    ("serve-start", { try await ServeStartBenchmark().run() }),
    ("openlibrary", { try await OpenLibraryBenchmark().run() }),
    ("relevance", { try await RelevanceBenchmark().run() }),
    ("import-scale", { try await ImportScaleBenchmark().run() }),
    ("similar-tags", { try await SimilarTagsQualityBenchmark().run() }),
    ("search-scale", { try await SearchScaleBenchmark().run() }),
    ("cjk", { try await CJKBenchmark().run() }),
    ("tui", { try await TerminalBenchmark().run() }),
    ("images", { try await ImagesBenchmark().run() }),
    ("transport", { try await TransportBenchmark().run() }),
    ("chaos-soak", { try await ChaosSoak().run() }),
    ("load-soak", { try await LoadSoak().run() }),
    ("crawl-soak", { try await CrawlSoak().run() }),
]
/// What a run of everything leaves out: the soaks (`make soak` names them) and search-scale, the
/// half of import-scale that `make bench` already measures, kept for work on search at scale.
let runOnlyWhenNamed: Set<String> = ["search-scale", "chaos-soak", "load-soak", "crawl-soak"]
let requested = Array(CommandLine.arguments.dropFirst())
var failed = false
for benchmark in benchmarks
where requested.isEmpty ? !runOnlyWhenNamed.contains(benchmark.name) : requested.contains(benchmark.name) {
    do {
        try await benchmark.run()
    } catch {
        FileHandle.standardError.write(Data("scout-bench: \(benchmark.name) failed: \(error)\n".utf8))
        failed = true
    }
}
exit(failed ? 1 : 0)
