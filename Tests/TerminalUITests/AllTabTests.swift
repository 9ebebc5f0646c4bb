import Foundation
import InstantSearch
import ScoutModels
import ScoutTestSupport
import Synchronization
import Testing

@testable import TerminalUI

/// The All tab drawn in memory over three sources: one that answers at once, one held back on
/// a manual clock, one that fails until told otherwise.
@MainActor
@Suite("Terminal app: the All tab", .timeLimit(.minutes(10)))
struct AllTabTests {
    /// Numbered results for any query, `count` in all, after `delay` on `clock`; fails while
    /// `failures` is above zero.
    final class Source: SearchProvider {
        let source: SourceID
        let displayName: String
        let count: Int
        let delay: Duration
        let clock: ManualClock
        let calls = Atomic(0)
        let failures: Atomic<Int>

        init(
            _ source: SourceID, _ name: String, count: Int = 20, delay: Duration = .zero, failures: Int = 0,
            clock: ManualClock
        ) {
            self.source = source
            displayName = name
            self.count = count
            self.delay = delay
            self.clock = clock
            self.failures = Atomic(failures)
        }

        struct Down: SearchFailure {
            let userMessage = "Books did not answer. Retry?"
            let isOffline = false
            let retryAfter: Duration? = nil
        }

        func search(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) async throws -> SearchPage {
            calls.add(1, ordering: .relaxed)
            if delay > .zero { try await clock.sleep(for: delay) }
            if failures.load(ordering: .relaxed) > 0 {
                failures.subtract(1, ordering: .relaxed)
                throw Down()
            }
            let items = (0..<min(count, limit)).map { index in
                SearchItem(
                    id: "\(index)", title: "\(displayName) \(index)", description: "from \(displayName)",
                    thumbnail: nil,
                    link: URL(string: "https://example.org/\(source.rawValue)/\(index)")!, source: source)
            }
            return SearchPage(items: items, nextCursor: count > limit ? SearchCursor("\(limit)") : nil)
        }
    }

    let upstream = ManualClock()

    private func app(_ sources: [Source]) -> TerminalApp {
        let configuration = SearchSession.Configuration(debounce: .zero, pageSize: 20)
        let tabs = sources.map {
            SourceTab(
                name: $0.displayName, model: SearchViewModel(provider: $0, configuration: configuration),
                source: $0.source)
        }
        let all = OverviewTab(
            name: "All", model: MultiSearchViewModel(providers: sources, configuration: configuration))
        return TerminalApp(
            tabs: tabs, overview: all, output: .memory(), size: WindowSize(rows: 30, columns: 100), clock: ManualClock()
        )
    }

    private func screen(_ app: TerminalApp) -> [String] {
        let (grid, _) = AppView(app: app).draw()
        return (0..<grid.rows).map { row in (0..<grid.columns).map { grid[row, $0].text }.joined() }
    }

    /// Types `text` as one key event (pasted): one search per source.
    private func type(_ text: String, into app: TerminalApp) {
        app.handle(.key(.text(text)))
    }

    @Test("sections in fixed order, each in its place: a fast one shows while a slow one loads, a failed one says why")
    func sectionsInPlace() async throws {
        let slow = Source(.wikipedia, "Wikipedia", delay: .seconds(5), clock: upstream)
        let fast = Source(.commons, "Commons", clock: upstream)
        let failing = Source(.books, "Books", failures: .max, clock: upstream)
        let app = app([slow, fast, failing])
        #expect(app.isShowingAll)
        #expect(screen(app)[1].hasPrefix(" All   Wikipedia   Commons   Books "))
        type("dune", into: app)
        let model = try #require(app.overview?.model)
        #expect(
            await eventually { model.sections[1].state.items.count == 20 && model.sections[2].state.message != nil })
        let early = screen(app)
        let headings = early.indices.filter {
            ["Wikipedia", "Commons", "Books"].contains(early[$0].trimmingCharacters(in: .whitespaces))
        }
        #expect(headings.map { early[$0].trimmingCharacters(in: .whitespaces) } == ["Wikipedia", "Commons", "Books"])
        #expect(early[headings[0] + 1].contains("Searching Wikipedia for “dune”…"))
        #expect(early[headings[1] + 1].contains("Commons 0"))
        #expect(early[headings[1] + 3].contains("Commons 1"))
        #expect(early[headings[2] + 1].contains("Books did not answer. Retry? — r to retry"))
        #expect(early.contains { $0.contains("more in Commons →") })

        await upstream.waitForSleepers(count: 1)
        upstream.advance(by: .seconds(5))
        #expect(await eventually { model.sections[0].state.items.count == 20 })
        let later = screen(app)
        #expect(later[headings[0] + 1].contains("Wikipedia 0"))
        #expect(later[headings[1]].trimmingCharacters(in: .whitespaces) == "Commons")  // not moved
        #expect(later[headings[2] + 1].contains("r to retry"))

        failing.failures.store(0, ordering: .relaxed)
        app.handle(.key(.text("r")))
        #expect(await eventually { model.sections[2].state.items.count == 20 })
        #expect(failing.calls.load(ordering: .relaxed) == 2)
        #expect(screen(app)[headings[2] + 1].contains("Books 0"))
    }

    @Test("↑/↓ move across sections' lines; Enter opens a result; “more in …” shows that source's tab")
    func moveOpenAndMore() async throws {
        let first = Source(.wikipedia, "Wikipedia", clock: upstream)
        let second = Source(.books, "Books", clock: upstream)
        let app = app([first, second])
        type("dune", into: app)
        let model = try #require(app.overview?.model)
        #expect(await eventually { model.sections.allSatisfy { $0.state.items.count == 20 } })
        let perSection = try #require(app.overviewLayout?.itemsPerSection)
        #expect(perSection >= 3 && perSection <= 5)
        _ = screen(app)
        #expect(app.selectedSlot == OverviewSlot(section: 0, item: 0))
        for _ in 0..<perSection { app.handle(.key(.down)) }
        #expect(app.selectedSlot == OverviewSlot(section: 0, item: nil))  // "more in Wikipedia →"
        app.handle(.key(.down))
        #expect(app.selectedSlot == OverviewSlot(section: 1, item: 0))
        app.handle(.key(.enter))
        #expect(app.pendingLinks == [URL(string: "https://example.org/books/0")!])
        app.handle(.key(.up))
        app.handle(.key(.up))
        #expect(app.selectedSlot == OverviewSlot(section: 0, item: perSection - 1))
        app.handle(.key(.down))
        let more = screen(app)
        #expect(more.contains { $0.hasPrefix("▌ more in Wikipedia →") })
        app.handle(.key(.enter))
        #expect(!app.isShowingAll)
        #expect(app.tabs[app.activeTab].name == "Wikipedia")
        #expect(app.model.query == "dune")
        app.handle(.key(.backTab))
        #expect(app.isShowingAll)
    }
}
