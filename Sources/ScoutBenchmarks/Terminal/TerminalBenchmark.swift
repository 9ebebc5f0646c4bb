import Foundation
import InstantSearch
import Networking
import Providers
import ScoutTestSupport
import TerminalUI

/// Issue 7's benchmark: `scout tui` in process, painting into a memory sink instead of a
/// terminal. (1) Keystroke to painted frame with cached results: queries typed and erased key by
/// key once to fill the session's cache from FakeWikipedia, then many times more, each key timed
/// from `handle` to the frame written (goal p95 ≤ 8 ms). (2) Bytes per frame when only the
/// selection moves (goal ≤ 1 KB).
struct TerminalBenchmark {
    var rounds = 200
    var size = WindowSize(rows: 40, columns: 120)
    let words = ["alpha", "zürich", "東京タワー"]

    @MainActor
    func run() async throws {
        let pages = words.flatMap { word in
            (1...60).map {
                FakeWikipedia.Page(
                    pageID: word.hashValue & 0xFFFF + $0, title: "\(word.capitalized) \($0)",
                    description: "Page \($0) about \(word) — 説明 🙂")
            }
        }
        try await withFakeWikipedia(pages: pages) { fake in
            let provider = try WikipediaProvider(
                client: APIClient(configuration: .init(userAgent: "ScoutBenchmarks/1 (bench@example.org)")),
                language: "en",
                apiTemplate: fake.baseURL.absoluteString)
            let model = SearchViewModel(provider: provider, configuration: .init(debounce: .zero))
            let sink = TerminalOutput.memory(keepsText: false)
            let app = TerminalApp(
                tabs: [SourceTab(name: "Wikipedia", model: model)], output: sink, size: size, clock: ContinuousClock())
            app.render()
            try await warmUp(app)
            let warmUpRequests = fake.recorder.count
            let latencies = try await typing(app)
            let moves = await selectionMoves(app, sink: sink)
            report(latencies: latencies, moves: moves, requests: fake.recorder.count - warmUpRequests)
        }
    }

    /// Every prefix of every word, typed once and waited for, so later keystrokes hit the cache.
    @MainActor
    private func warmUp(_ app: TerminalApp) async throws {
        for word in words {
            for character in word {
                app.handle(.key(.text(String(character))))
                try await waitUntil { app.model.isLoading == false && app.model.state.query != nil }
            }
            for _ in word { app.handle(.key(.backspace)) }
        }
    }

    /// Each key timed from handling to the frame written.
    @MainActor
    private func typing(_ app: TerminalApp) async throws -> [Duration] {
        var latencies: [Duration] = []
        let clock = ContinuousClock()
        for round in 0..<rounds {
            let word = words[round % words.count]
            let keys = word.map { Key.text(String($0)) } + Array(repeating: Key.backspace, count: word.count)
            for key in keys {
                let start = clock.now
                app.handle(.key(key))
                app.render()
                latencies.append(start.duration(to: clock.now))
                await Task.yield()  // let the model's own publications and scheduled renders run
            }
        }
        return latencies
    }

    /// Bytes written per frame when ↓ moves the selection over cached results.
    @MainActor
    private func selectionMoves(_ app: TerminalApp, sink: TerminalOutput) async -> [Int] {
        app.handle(.key(.text("alpha")))
        app.render()
        await Task.yield()
        var sizes: [Int] = []
        for _ in 0..<15 {
            let before = sink.bytesWritten
            app.handle(.key(.down))
            app.render()
            sizes.append(sink.bytesWritten - before)
        }
        return sizes
    }

    private func waitUntil(_ condition: @MainActor () -> Bool) async throws {
        for _ in 0..<2_000 {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    private func report(latencies: [Duration], moves: [Int], requests: Int) {
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Duration { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        var table = Report(
            title:
                "scout tui in process (\(size.columns)×\(size.rows), memory sink): keystroke → painted frame, cached results",
            columns: ["measure", "value", "goal"])
        let p95 = percentile(0.95)
        table.add(["keystrokes timed", "\(sorted.count) (upstream requests meanwhile: \(requests))", ""])
        table.add(["p50", percentile(0.5).milliseconds, ""])
        table.add(["p95", p95.milliseconds, "≤ 8 ms: \(p95 <= .milliseconds(8) ? "met" : "NOT met")"])
        table.add(["p99", percentile(0.99).milliseconds, ""])
        let largest = moves.max() ?? 0
        let mean = moves.isEmpty ? 0 : moves.reduce(0, +) / moves.count
        table.add([
            "bytes per selection move (max)", "\(largest) B", "≤ 1024 B: \(largest <= 1024 ? "met" : "NOT met")",
        ])
        table.add(["bytes per selection move (mean)", "\(mean) B", ""])
        table.print()
    }
}
