import Foundation
import ScoutTestSupport
import Testing

/// `scout tui` starts on the All tab, in a real terminal.
@Suite("scout tui All tab in tmux", .serialized, .timeLimit(.minutes(10)))
struct TUIAllTabTests {
    @Test("the first tab is All: Wikipedia's results and the book server's failure side by side; Tab moves on")
    func allSources() async throws {
        let pages: [FakeWikipedia.Page] = [.init(pageID: 1, title: "Zürich", description: "Swiss city")]
        try await withFakeWikipedia(pages: pages) { fake in
            try await withScoutInTmux(["--images", "none"], environment: tuiEnvironment(fake)) { tmux in
                let idle = try await tmux.waitFor("Type to search every source at once")
                #expect(idle.split(separator: "\n")[1].hasPrefix(" All   Wikipedia "))
                try tmux.type("zür")
                // Sections answer in any order (Commons may fail first): wait for Books' own line.
                let screen = try await tmux.waitForScreen("Wikipedia's result and Books' failure") { screen in
                    let lines = Self.lines(screen)
                    guard screen.contains("Zürich"), let books = lines.firstIndex(of: "Books") else { return false }
                    return lines.indices.contains(books + 1) && lines[books + 1].contains("did not answer")
                }
                let lines = Self.lines(screen)
                let wikipedia = try #require(lines.firstIndex(of: "Wikipedia"))
                let books = try #require(lines.firstIndex(of: "Books"))
                #expect(wikipedia < books)
                #expect(lines[books + 1].contains("r to retry"))
                try tmux.press("Tab")
                try await tmux.waitFor(" Wikipedia · 1 result")
            }
        }
    }

    private static func lines(_ screen: String) -> [String] {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
