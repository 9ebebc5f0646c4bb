import Foundation
import InstantSearch
import Localization
import ScoutModels
import ScoutTestSupport
import Testing

@testable import TerminalUI

/// The terminal app in Japanese: chosen by the locale (`LANG=ja_JP.UTF-8` or `LC_ALL`) or
/// `--ui-lang ja`, its words from the Japanese catalog, its counts in the language's form, and
/// wide characters laid out in two cells each.
@Suite("Terminal app in Japanese", .serialized, .timeLimit(.minutes(10)))
struct TUIJapaneseTests {
    static let pages: [FakeWikipedia.Page] = [
        .init(pageID: 1, title: "東京", description: "日本の首都"),
        .init(pageID: 2, title: "東京タワー", description: "東京都港区の電波塔"),
    ]

    @Test("LC_ALL=ja_JP.UTF-8: the idle hint, the tab and the status line in Japanese")
    func byLocale() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            try await withScoutInTmux(environment: tuiEnvironment(fake, locale: "ja_JP.UTF-8")) { tmux in
                let idle = try await tmux.waitFor("入力して Wikipedia を検索")
                #expect(idle.contains(" 本 "), "the Books tab in Japanese: \(idle)")
                try tmux.type("東京")
                let screen = try await tmux.waitFor("2 件")
                #expect(screen.contains("東京タワー"))
                #expect(screen.contains("東京都港区の電波塔"))
                #expect(!screen.contains("results"))
            }
        }
    }

    @Test("--ui-lang ja wins over an English locale; no results in Japanese, with 「」 quotes")
    func byFlag() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            try await withScoutInTmux(
                ["--images", "none", "--ui-lang", "ja", "--source", "wikipedia"],
                environment: tuiEnvironment(fake, locale: "en_US.UTF-8")
            ) { tmux in
                try await tmux.waitFor("入力して")
                try tmux.type("zzzz")
                try await tmux.waitFor("Wikipedia に「zzzz」の結果はありません。")
            }
        }
    }

    @MainActor
    @Test("drawn in memory: a Japanese status line for a page of results that has more")
    func statusLine() async throws {
        struct Cities: SearchProvider {
            let source = SourceID.wikipedia
            let displayName = "Wikipedia"
            func search(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) async throws -> SearchPage {
                let items = (0..<limit).map { index in
                    SearchItem(
                        id: "\(index)", title: "東京 \(index)", description: nil, thumbnail: nil,
                        link: URL(string: "https://ja.wikipedia.org/\(index)")!, source: .wikipedia)
                }
                return SearchPage(items: items, nextCursor: SearchCursor("20"))
            }
        }
        let model = SearchViewModel(provider: Cities(), configuration: .init(debounce: .zero, pageSize: 20))
        let app = TerminalApp(
            tabs: [SourceTab(name: "Wikipedia", model: model)], output: .memory(),
            size: WindowSize(rows: 20, columns: 80), clock: ManualClock(),
            messages: Messages(.japanese))
        app.handle(.key(.text("東")))
        // No time need pass (the debounce is zero): the search task runs, and the one poll waits for it.
        #expect(await eventually { model.items.count >= 20 })
        let (grid, _) = AppView(app: app).draw()
        let status = (0..<grid.columns).map { grid[grid.rows - 1, $0].text }.joined()
        #expect(status.contains("Wikipedia · 20+ 件"), "\(status)")
    }
}
