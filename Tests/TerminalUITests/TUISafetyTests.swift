import Foundation
import ScoutTestSupport
import Testing

/// What upstream text can do to the terminal (nothing), and the terminal after `scout tui`.
@Suite("scout tui terminal safety", .serialized, .timeLimit(.minutes(10)))
struct TUISafetyTests {
    static let hostile: [FakeWikipedia.Page] = [
        .init(pageID: 1, title: "Evil \u{1B}[2J\u{1B}[H clear", description: "title \u{1B}]0;pwned\u{07} set"),
        .init(pageID: 2, title: "Evil \u{9B}31m csi", description: "alt \u{1B}[?1049l screen"),
        .init(pageID: 3, title: "Evil \u{202E}gnp.exe", description: "bidi \u{2066}x\u{2069} and bell\u{07}"),
        .init(pageID: 4, title: "Evil 東京タワー 🙂 wide", description: "e\u{301}\u{301} marks"),
    ]

    @Test("escape-injection payloads are shown as text and change nothing")
    func injection() async throws {
        try await withFakeWikipedia(pages: Self.hostile) { fake in
            try await withScoutInTmux(environment: tuiEnvironment(fake)) { tmux in
                try await tmux.waitFor("Type to search")
                let titleBefore = try tmux.value("#{pane_title}")
                try tmux.type("evil")
                let screen = try await tmux.waitFor("marks")
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines[0].hasPrefix("› evil"))
                #expect(screen.contains("Evil [2J[H clear"))
                #expect(screen.contains("title ]0;pwned set"))
                #expect(screen.contains("Evil 31m csi"))
                #expect(screen.contains("Evil gnp.exe"))
                #expect(screen.contains("Evil 東京タワー 🙂 wide"))
                #expect(lines.last { !$0.isEmpty }?.contains("4 results") == true)
                #expect(try tmux.value("#{pane_title}") == titleBefore)
                #expect(try tmux.value("#{alternate_on}") == "1")
                // The wide title took its full width: the selection marker column stayed put.
                #expect(lines.filter { $0.hasPrefix("  Evil") || $0.hasPrefix("▌ Evil") }.count == 4)
            }
        }
    }

    @Test("q on an empty query quits and restores the terminal")
    func restoredOnQuit() async throws {
        try await withFakeWikipedia(pages: []) { fake in
            try await withScoutInTmux(environment: tuiEnvironment(fake)) { tmux in
                try await tmux.waitFor("Type to search")
                #expect(try tmux.value("#{alternate_on}") == "1")
                try tmux.type("q")
                try await tmux.waitFor("EXIT=0")
                #expect(try tmux.value("#{alternate_on}") == "0")
                #expect(try tmux.value("#{cursor_flag}") == "1")
                try await waitForFile("after.txt", in: tmux)
                #expect(tmux.file("before.txt") == tmux.file("after.txt"))
            }
        }
    }

    @Test("SIGTERM restores the terminal too", arguments: [SIGTERM, SIGHUP, SIGINT])
    func restoredOnSignal(signal: Int32) async throws {
        try await withFakeWikipedia(pages: []) { fake in
            try await withScoutInTmux(environment: tuiEnvironment(fake)) { tmux in
                try await tmux.waitFor("Type to search")
                let pid = try #require(try tmux.scoutPID())
                kill(pid, signal)
                try await tmux.waitFor("EXIT=\(128 + signal)")
                #expect(try tmux.value("#{alternate_on}") == "0")
                try await waitForFile("after.txt", in: tmux)
                #expect(tmux.file("before.txt") == tmux.file("after.txt"))
            }
        }
    }

    @Test("without a terminal: exit 2 and a pointer to scout search")
    func notATerminal() async throws {
        let result = try await ScoutExecutable.run(["tui"])
        #expect(result.exitCode == 2)
        #expect(result.standardError == "scout tui needs a terminal; use scout search\n")
        #expect(result.standardOutput.isEmpty)
        // Usage mistakes are found first, terminal or not.
        let usage = try await ScoutExecutable.run(["tui", "--images", "sixel"])
        #expect(usage.exitCode == 64)
        #expect(usage.standardError.contains("--images takes kitty, blocks or none"))
    }

    private func waitForFile(_ name: String, in tmux: Tmux) async throws {
        _ = await eventually(within: .seconds(2), pollingEvery: .milliseconds(20)) { tmux.file(name)?.isEmpty == false }
    }
}
