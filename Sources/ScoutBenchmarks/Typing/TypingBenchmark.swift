import Foundation
import Networking
import Providers
import ScoutModels
import ScoutTestSupport

/// Issue 3's benchmark: 200 real-looking queries typed key by key (intervals 60–250 ms) by 20
/// simulated people at once against FakeWikipedia answering in 80 ms, for three strategies in
/// one run: the original app's throttle, plain debounce, and `SearchSession`.
struct TypingBenchmark {
    var people = 20
    var queryCount = 200
    var upstreamLatency = Duration.milliseconds(80)
    /// How long a person looks at the results before clearing the field for the next query.
    var pause = Duration.milliseconds(1200)

    enum Kind: String, CaseIterable {
        case original = "original (throttle 50 ms)"
        case debounce = "plain debounce 150 ms"
        case session = "SearchSession"
    }

    struct Outcome {
        var requests = 0
        var latencies: [Duration] = []
        var overheads: [Duration] = []
        var staleOverwrites = 0
        var wrong = 0
    }

    func run() async throws {
        let titles = try TypingScript.bookTitles(
            from: SharedFixtures.url("data/goodbooks-10k/books.csv"), limit: 3000)
        let script = TypingScript(titles: titles, count: queryCount, seed: 2026)
        let pages = titles.enumerated().map { index, title in
            FakeWikipedia.Page(pageID: index + 1, title: title, description: "Book", extract: title)
        }
        var outcomes: [(Kind, Outcome)] = []
        try await withFakeWikipedia(pages: pages) { fake in
            fake.faults.latency = upstreamLatency
            for kind in Kind.allCases {
                let before = fake.recorder.count
                var outcome = await simulate(kind, script: script, fake: fake)
                outcome.requests = fake.recorder.count - before
                outcomes.append((kind, outcome))
            }
        }
        print(outcomes, script: script)
    }

    /// Everyone types their share of the script at once, each with their own app (client, budget,
    /// strategy); returns what they saw.
    private func simulate(_ kind: Kind, script: TypingScript, fake: FakeWikipedia) async -> Outcome {
        await withTaskGroup(of: Outcome.self) { group in
            for person in 0..<people {
                let queries = stride(from: person, to: script.queries.count, by: people).map { script.queries[$0] }
                group.addTask { await type(queries, kind: kind, fake: fake) }
            }
            var total = Outcome()
            for await outcome in group {
                total.latencies += outcome.latencies
                total.overheads += outcome.overheads
                total.staleOverwrites += outcome.staleOverwrites
                total.wrong += outcome.wrong
            }
            return total
        }
    }

    private func type(_ queries: [TypingScript.Query], kind: Kind, fake: FakeWikipedia) async -> Outcome {
        let client = APIClient(configuration: .init(userAgent: UserAgent.make(environment: [:])))
        guard let provider = try? WikipediaProvider(client: client, apiTemplate: fake.baseURL.absoluteString) else {
            return Outcome()
        }
        let screen = Screen()
        let strategy: any TypingStrategy =
            switch kind {
            case .original: OriginalStrategy(provider: provider, screen: screen)
            case .debounce: DebounceStrategy(provider: provider, screen: screen, debounce: .milliseconds(150))
            case .session: SessionStrategy(provider: provider, screen: screen)
            }
        var outcome = Outcome()
        for query in queries {
            var lastKey = ContinuousClock.now
            for keystroke in query.keystrokes {
                try? await Task.sleep(for: keystroke.delay)
                screen.typed(keystroke.text)
                lastKey = ContinuousClock.now
                strategy.keystroke(keystroke.text)
            }
            try? await Task.sleep(for: pause)
            let final = (try? SearchQuery(query.text))?.text ?? query.text
            if screen.shownText != final { outcome.wrong += 1 }
            if let shown = screen.firstShown(final) {
                let latency = max(.zero, shown - lastKey)
                // The final search's own upstream round trips (prefix, and full-text fill when
                // the prefix search finds less than a page); none when served from the cache.
                let roundTrips = fake.requests.filter { request in
                    request.arrivedAt >= lastKey
                        && (request.parameters["gpssearch"] ?? request.parameters["gsrsearch"]) == final
                }.count
                let waited = roundTrips > 0 ? strategy.deliberateDelay : .zero
                outcome.latencies.append(latency)
                outcome.overheads.append(latency - upstreamLatency * roundTrips - waited)
            }
            strategy.clear()
            screen.clear()
            try? await Task.sleep(for: .milliseconds(300))
        }
        outcome.staleOverwrites = screen.staleOverwrites
        return outcome
    }

    private func print(_ outcomes: [(Kind, Outcome)], script: TypingScript) {
        var report = Report(
            title: "Typing: \(script.queries.count) queries, \(script.keystrokeCount) keystrokes, "
                + "\(people) people at once, upstream 80 ms",
            columns: [
                "strategy", "requests/query", "last key→final p50", "p95", "overhead p50", "p95", "stale overwrites",
                "wrong finals",
            ])
        let originalRequests = outcomes.first { $0.0 == .original }?.1.requests ?? 0
        for (kind, outcome) in outcomes {
            report.add([
                kind.rawValue,
                (Double(outcome.requests) / Double(script.queries.count)).formatted(decimals: 2),
                percentile(outcome.latencies, 0.50).milliseconds, percentile(outcome.latencies, 0.95).milliseconds,
                percentile(outcome.overheads, 0.50).milliseconds, percentile(outcome.overheads, 0.95).milliseconds,
                "\(outcome.staleOverwrites)", "\(outcome.wrong)",
            ])
        }
        report.print()
        if let session = outcomes.first(where: { $0.0 == .session })?.1, originalRequests > 0 {
            let share = Double(session.requests) / Double(originalRequests)
            let overhead = percentile(session.overheads, 0.95)
            Swift.print(
                """

                SearchSession: \(session.staleOverwrites) stale, \(session.wrong) wrong (goal 0 and 0); \
                requests \(share.formatted(decimals: 2)) × the original's (goal ≤ 0.33); \
                p95 overhead \(overhead.milliseconds) (goal ≤ 5 ms).
                overhead = last key → final results − the final search's upstream time (80 ms per round \
                trip: prefix, plus the full-text fill when the prefix search finds less than a page) \
                − the strategy's own debounce when it sent a request.
                """)
        }
    }
}

/// The `fraction` percentile (nearest rank) of `values`; zero when empty.
func percentile(_ values: [Duration], _ fraction: Double) -> Duration {
    guard !values.isEmpty else { return .zero }
    let sorted = values.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}
