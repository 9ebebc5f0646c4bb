import Foundation
import InstantSearch
import Networking
import Providers
import ScoutModels
import ScoutTestSupport

/// Issue 3's benchmark, with issue 13's goals: 200 real-looking queries typed key by key
/// (intervals 60–250 ms) by 20 simulated people at once against FakeWikipedia answering in 80 ms,
/// for three strategies in one run: the original app's throttle, plain debounce, and
/// `SearchSession`. With `SCOUT_BENCH_TYPING_ALTERNATIVES` set, the same run adds a row for each
/// debounce design `SearchSession`'s default was chosen over.
struct TypingBenchmark {
    var people = 20
    var queryCount = 200
    var upstreamLatency = Duration.milliseconds(80)
    /// How long a person looks at the results before clearing the field for the next query.
    var pause = Duration.milliseconds(1200)

    enum Kind {
        case original
        case debounce
        case session(SearchSession.Configuration)
    }

    /// The rows of a run, in order: the label and the strategy.
    var kinds: [(label: String, kind: Kind)] = [
        ("original (throttle 50 ms)", .original), ("plain debounce 150 ms", .debounce),
        ("SearchSession", .session(.init())),
    ]

    /// `SearchSession` with the debounce designs its default (the typing rhythm inside a word,
    /// the base debounce after a whole word the results know) was measured against.
    static let alternatives: [(label: String, kind: Kind)] = [
        ("SearchSession, rhythm ×1.4 only", .session(.init(searchesSoonerAfterWholeWords: false))),
        (
            "SearchSession, rhythm ×1.2 only",
            .session(.init(typingRhythmFactor: 1.2, searchesSoonerAfterWholeWords: false))
        ),
        ("SearchSession, fixed 150 ms", .session(.init(typingRhythmFactor: 0))),
        ("SearchSession, rhythm ×1.6, whole words", .session(.init(typingRhythmFactor: 1.6))),
    ]

    struct Outcome {
        var requests = 0
        var latencies: [Duration] = []
        var overheads: [Duration] = []
        var staleOverwrites = 0
        var wrong = 0
    }

    func run() async throws {
        let corpus = try TypingCorpus(queryCount: queryCount)
        let (script, pages) = (corpus.script, corpus.pages)
        var kinds = kinds
        if ProcessInfo.processInfo.environment["SCOUT_BENCH_TYPING_ALTERNATIVES"] != nil { kinds += Self.alternatives }
        var outcomes: [(String, Outcome)] = []
        try await withFakeWikipedia(pages: pages) { fake in
            fake.faults.latency = upstreamLatency
            for (label, kind) in kinds {
                // Each strategy starts with an empty log: every person searches it for their final
                // query, so a log that kept the earlier strategies' requests would cost the later
                // ones more (copying it, and holding the recorder's lock the server records with).
                fake.recorder.removeAll()
                var outcome = await simulate(kind, script: script, fake: fake)
                await Self.settle([fake])
                outcome.requests = fake.recorder.count
                outcomes.append((label, outcome))
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
                group.addTask { await type(queries, person: person, kind: kind, fake: fake) }
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

    private func type(_ queries: [TypingScript.Query], person: Int, kind: Kind, fake: FakeWikipedia) async -> Outcome {
        // A contact per person tells whose request the fake received.
        let userAgent = UserAgent.make(contact: "typist-\(person)@bench.invalid")
        let client = APIClient(configuration: .init(userAgent: userAgent))
        guard let provider = try? WikipediaProvider(client: client, apiTemplate: fake.baseURL.absoluteString) else {
            return Outcome()
        }
        let screen = Screen()
        let strategy: any TypingStrategy =
            switch kind {
            case .original: OriginalStrategy(provider: provider, screen: screen)
            case .debounce: DebounceStrategy(provider: provider, screen: screen, debounce: .milliseconds(150))
            case .session(let configuration):
                SessionStrategy(provider: provider, screen: screen, configuration: configuration)
            }
        var outcome = Outcome()
        for query in queries {
            let lastKey = await query.type(into: strategy, screens: [screen])
            try? await Task.sleep(for: pause)
            let final = query.searchedText
            if screen.shownText != final { outcome.wrong += 1 }
            if let shown = screen.firstShown(final) {
                let latency = max(.zero, shown - lastKey)
                // The final search's own upstream round trips: one (the full-text fill rides
                // along with the prefix search), none when served from the cache.
                let roundTrips = fake.requests.filter { request in
                    request.userAgent == userAgent && request.arrivedAt >= lastKey
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

    /// Waits until requests stop arriving at `fakes` (a strategy that never cancels may still have
    /// some waiting for its budget), so each strategy is charged its own requests and the next one
    /// starts against idle upstreams.
    static func settle(_ fakes: [any FakeService]) async {
        func received() -> Int { fakes.reduce(0) { $0 + $1.recorder.count } }
        var last = received()
        var quiet = Duration.zero
        while quiet < .seconds(1) {
            try? await Task.sleep(for: .milliseconds(100))
            let count = received()
            quiet = count == last ? quiet + .milliseconds(100) : .zero
            last = count
        }
    }

    private func print(_ outcomes: [(String, Outcome)], script: TypingScript) {
        var report = Report(
            title: "Typing: \(script.queries.count) queries, \(script.keystrokeCount) keystrokes, "
                + "\(people) people at once, upstream 80 ms",
            columns: [
                "strategy", "requests/query", "last key→final p50", "p95", "overhead p50", "p95", "stale overwrites",
                "wrong finals",
            ])
        for (label, outcome) in outcomes {
            report.add([
                label,
                (Double(outcome.requests) / Double(script.queries.count)).formatted(decimals: 2),
                percentile(outcome.latencies, 0.50).milliseconds, percentile(outcome.latencies, 0.95).milliseconds,
                percentile(outcome.overheads, 0.50).milliseconds, percentile(outcome.overheads, 0.95).milliseconds,
                "\(outcome.staleOverwrites)", "\(outcome.wrong)",
            ])
        }
        report.print()
        let outcome = { (label: String) in outcomes.first { $0.0 == label }?.1 }
        guard let original = outcome(kinds[0].label), let plain = outcome(kinds[1].label),
            let session = outcome(kinds[2].label), original.requests > 0
        else { return }
        let share = Double(session.requests) / Double(original.requests)
        let latency = percentile(session.latencies, 0.50)
        let overhead = percentile(session.overheads, 0.95)
        let plainOverhead = percentile(plain.overheads, 0.95)
        func verdict(_ isMet: Bool) -> String { isMet ? "met" : "missed" }
        Swift.print(
            """

            SearchSession: last key → final p50 \(latency.milliseconds) (goal ≤ 300 ms: \(verdict(latency <= .milliseconds(300)))); \
            requests \(share.formatted(decimals: 2)) × the original's (goal ≤ 0.25: \(verdict(share <= 0.25))); \
            \(session.staleOverwrites) stale, \(session.wrong) wrong (goal 0 and 0: \
            \(verdict(session.staleOverwrites == 0 && session.wrong == 0))); p95 overhead \(overhead.milliseconds) \
            against plain debounce's \(plainOverhead.milliseconds) (goal: no higher: \(verdict(overhead <= plainOverhead))).
            overhead = last key → final results − the final search's upstream time (80 ms per round \
            trip; the full-text fill rides along with the prefix search) − the strategy's own debounce \
            when it sent a request.
            """)
    }
}

/// The `fraction` percentile (nearest rank) of `values`; zero when empty.
func percentile(_ values: [Duration], _ fraction: Double) -> Duration {
    guard !values.isEmpty else { return .zero }
    let sorted = values.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}
