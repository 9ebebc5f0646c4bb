import Foundation
import ScoutTestSupport
import Testing

/// Thumbnails and related books in a real terminal.
@Suite("scout tui thumbnails and books", .serialized, .timeLimit(.minutes(10)))
struct TUIFeatureTests {
    @Test("--images blocks draws each thumbnail as half-blocks")
    func thumbnails() async throws {
        try await withFakeImageHost { host in
            let pages = ["Zürich", "Zug"].enumerated().map { index, title in
                FakeWikipedia.Page(
                    pageID: index + 1, title: title, description: "Swiss place",
                    thumbnail: .init(
                        source: host.baseURL.absoluteString
                            + FakeImageHost.thumbnailPath(name: "Z\(index)", format: .png, width: 120).dropFirst(),
                        width: 120, height: 80))
            }
            try await withFakeWikipedia(pages: pages) { fake in
                let environment = [
                    "SCOUT_WIKIPEDIA_API": fake.baseURL.absoluteString,
                    "SCOUT_WIKIMEDIA_UPLOAD": host.baseURL.absoluteString,
                ]
                try await withScoutInTmux(["--images", "blocks", "--source", "wikipedia"], environment: environment) {
                    tmux in
                    try await tmux.waitFor("Type to search")
                    try tmux.type("z")
                    let screen = try await tmux.waitForScreen("two thumbnails") { screen in
                        screen.split(separator: "\n").filter { $0.contains("▀▀▀▀▀▀") }.count == 4
                    }
                    #expect(screen.contains("▀▀▀▀▀▀ Zürich"))
                    #expect(host.recorder.count == 2)
                }
            }
        }
    }

    @Test("photos (Commons) show as a grid of tiles; ↓ moves by a row")
    func photoGrid() async throws {
        let files = (1...30).map { FakeCommons.File(pageID: $0, title: "File:Alps \($0).jpg") }
        try await withFakeCommons(files: files) { fake in
            let environment = [
                "SCOUT_COMMONS_API": fake.baseURL.absoluteString, "SCOUT_WIKIPEDIA_API": "http://127.0.0.1:9/w/api.php",
            ]
            try await withScoutInTmux(["--images", "none", "--source", "commons"], environment: environment) { tmux in
                try await tmux.waitFor("Type to search Wikimedia Commons")
                try tmux.type("alps")
                let screen = try await tmux.waitForScreen("a row of tiles") { screen in
                    screen.split(separator: "\n").contains { $0.components(separatedBy: "Alps").count - 1 >= 5 }
                }
                #expect(screen.contains("results"))
                try tmux.press("Down")
                try await tmux.waitForScreen("the second row selected") { screen in
                    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                    return lines.count > 7 && lines[5].hasPrefix(" ▌") && lines[7].hasPrefix(" ▌")
                }
            }
        }
    }

    @Test("→ on a book shows its related books with the reasons; ← goes back; closest matches say so")
    func relatedBooks() async throws {
        try await withTemporaryDirectory { directory in
            let server = try ScoutProcess([
                "serve", "--listen", "127.0.0.1:0", "--quiet", "--database", directory.appending(path: "b.sqlite").path,
            ])
            defer { server.signal() }
            let address = try await server.waitForOutput(matching: #"http://127\.0\.0\.1:[0-9]+/"#)
            try await withScoutInTmux(
                ["--images", "none", "--source", "books", "--books-server", address],
                environment: ["SCOUT_WIKIPEDIA_API": "http://127.0.0.1:9/w/api.php"]
            ) { tmux in
                try await tmux.waitFor("Type to search Books")
                try tmux.type("the hunger games")
                try await tmux.waitFor("Suzanne Collins")
                try tmux.press("Right")
                // "Catching Fire" is already on screen among the results: wait for the related view itself.
                let related = try await tmux.waitForScreen("the related books") {
                    $0.contains("Related to “The Hunger Games") && $0.contains("same series")
                }
                #expect(related.contains("Catching Fire"))
                try tmux.press("Left")
                let back = try await tmux.waitForScreen("the results again") { !$0.contains("Related to") }
                #expect(back.contains("▌ The Hunger Games"))
                // A word no book holds: the closest matches, said to be so on the status line.
                try tmux.type(" zzyzx")
                let closest = try await tmux.waitFor("closest matches, without “zzyzx”")
                #expect(closest.contains("The Hunger Games"))
                try tmux.press("Tab")
                try await tmux.waitForScreen("the Wikipedia tab") {
                    $0.contains("r to retry") && $0.contains(" Wikipedia ·")
                }
            }
        }
    }
}
