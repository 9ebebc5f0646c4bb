import Foundation
import InstantSearch
import Networking
import Providers
import ScoutModels
import ScoutTestSupport

/// Issue 36's benchmark: the typing benchmark's people type its queries into All — a
/// `MultiSearchSession` over Wikipedia, Commons and a Books-like source — beside a single
/// `SearchSession` on Wikipedia, in one run, over HTTP to fake upstreams on 127.0.0.1. All runs
/// twice: every source at 80 ms, then the Books-like one at 2 s, so a fast section's times with
/// the slow source present can be set against its times without it.
struct AllTypingBenchmark {
    var people = 20
    var queryCount = 200
    var fastLatency = Duration.milliseconds(80)
    var slowLatency = Duration.seconds(2)
    /// How long a person looks at the results once the slowest source could have answered.
    var pause = Duration.milliseconds(1200)
    /// How much longer a person waits for a section still without the final query's answer
    /// before counting it a wrong final.
    var patience = Duration.seconds(3)
    /// How much later a p50 may be than the one it is held against and still count as no higher
    /// (a fast section with the slow source against all fast; All's first section against the
    /// single source, which is its Wikipedia section): runs on two shared cores differ by this
    /// much with nothing changed.
    var tolerance = Duration.milliseconds(10)

    /// The sections of All, in order; the single session searches the first alone.
    static let sectionNames = ["Wikipedia", "Commons", "Books-like"]
    /// The section whose source turns slow.
    static let slowSection = 2

    enum Run: CaseIterable {
        case single, allFast, allWithSlow
    }

    struct SectionOutcome {
        var requests = 0
        /// Last key → this section showing the final query's answer.
        var latencies: [Duration] = []
        var staleOverwrites = 0
        var wrong = 0
    }

    struct Outcome {
        var sections: [SectionOutcome]
        /// Last key → the first section showing the final query's answer.
        var firstShown: [Duration] = []

        init(sectionCount: Int) { sections = Array(repeating: SectionOutcome(), count: sectionCount) }

        var requests: Int { sections.reduce(0) { $0 + $1.requests } }

        mutating func add(_ other: Outcome) {
            firstShown += other.firstShown
            for index in sections.indices {
                sections[index].latencies += other.sections[index].latencies
                sections[index].staleOverwrites += other.sections[index].staleOverwrites
                sections[index].wrong += other.sections[index].wrong
            }
        }
    }

    func run() async throws {
        let corpus = try TypingCorpus(queryCount: queryCount)
        let (titles, script, pages) = (corpus.titles, corpus.script, corpus.pages)
        // Fewer files than pages: the fake Commons folds every file's words for every request,
        // CPU the real one spends elsewhere; here it would slow every section on the shared cores.
        let files = titles.prefix(500).enumerated().map { index, title in
            FakeCommons.File(pageID: index + 1, title: "File:\(title).jpg", text: title)
        }
        var outcomes: [(Run, Outcome)] = []
        try await withFakeWikipedia(pages: pages) { wikipedia in
            try await withFakeCommons(files: files) { commons in
                try await withFakeWikipedia(pages: pages) { books in
                    let fakes: [any FakeService] = [wikipedia, commons, books]
                    for run in Run.allCases {
                        outcomes.append((run, await measure(run, script: script, fakes: fakes)))
                    }
                }
            }
        }
        print(outcomes, script: script)
    }

    /// The latency of section `index`'s source in `run`.
    func latency(of index: Int, in run: Run) -> Duration {
        run == .allWithSlow && index == Self.slowSection ? slowLatency : fastLatency
    }

    /// One run: everyone types their share of the script at once; requests counted per source.
    private func measure(_ run: Run, script: TypingScript, fakes: [any FakeService]) async -> Outcome {
        for (index, fake) in fakes.enumerated() {
            fake.faults.latency = latency(of: index, in: run)
            // An empty log per run, as in the typing benchmark: each run is charged its own requests.
            fake.recorder.removeAll()
        }
        let sectionCount = run == .single ? 1 : fakes.count
        var total = await withTaskGroup(of: Outcome.self) { group in
            for person in 0..<people {
                let queries = stride(from: person, to: script.queries.count, by: people).map { script.queries[$0] }
                group.addTask {
                    await type(queries, person: person, run: run, fakes: Array(fakes.prefix(sectionCount)))
                }
            }
            var total = Outcome(sectionCount: sectionCount)
            for await outcome in group { total.add(outcome) }
            return total
        }
        await TypingBenchmark.settle(fakes)
        for index in total.sections.indices { total.sections[index].requests = fakes[index].recorder.count }
        return total
    }

    private func type(_ queries: [TypingScript.Query], person: Int, run: Run, fakes: [any FakeService]) async -> Outcome
    {
        guard let providers = try? Self.providers(for: fakes, person: person) else {
            return Outcome(sectionCount: fakes.count)
        }
        let screens = providers.map { _ in Screen() }
        let strategy: any TypingStrategy =
            run == .single
            ? SessionStrategy(provider: providers[0], screen: screens[0])
            : MultiSessionStrategy(providers: providers, screens: screens)
        let slowest = fakes.indices.map { latency(of: $0, in: run) }.max() ?? .zero
        var outcome = Outcome(sectionCount: screens.count)
        for query in queries {
            let lastKey = await query.type(into: strategy, screens: screens)
            try? await Task.sleep(for: slowest + pause)
            let final = query.searchedText
            await Self.wait(until: { screens.allSatisfy { $0.shownText == final } }, atMost: patience)
            var first: Duration?
            for (index, screen) in screens.enumerated() {
                if screen.shownText != final { outcome.sections[index].wrong += 1 }
                guard let shown = screen.firstShown(final) else { continue }
                let latency = max(.zero, shown - lastKey)
                outcome.sections[index].latencies.append(latency)
                first = min(first ?? latency, latency)
            }
            if let first { outcome.firstShown.append(first) }
            strategy.clear()
            for screen in screens { screen.clear() }
            try? await Task.sleep(for: .milliseconds(300))
        }
        for (index, screen) in screens.enumerated() { outcome.sections[index].staleOverwrites = screen.staleOverwrites }
        return outcome
    }

    /// Polls `condition` until it holds or `limit` has passed.
    private static func wait(until condition: () -> Bool, atMost limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
    }

    /// A provider per fake, in section order, each on its own client: the real sources live on
    /// different hosts, each with its own budget, where the fakes share 127.0.0.1.
    private static func providers(for fakes: [any FakeService], person: Int) throws -> [any SearchProvider] {
        func client() -> APIClient {
            APIClient(configuration: .init(userAgent: UserAgent.make(contact: "typist-\(person)@bench.invalid")))
        }
        // The Books-like source is a second fake Wikipedia over the same book titles.
        return try fakes.map { fake -> any SearchProvider in
            let address = fake.baseURL.absoluteString
            return fake is FakeCommons
                ? try CommonsProvider(client: client(), apiAddress: address)
                : try WikipediaProvider(client: client(), apiTemplate: address)
        }
    }
}
