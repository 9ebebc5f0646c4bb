import Foundation
import ScoutTestSupport
import Testing

/// `scout tui` as a person uses it: the built binary in a real terminal (tmux), against
/// FakeWikipedia (`SCOUT_WIKIPEDIA_API`), typed into with `send-keys`, read with `capture-pane`.
@Suite("scout tui in tmux", .serialized, .timeLimit(.minutes(10)))
struct TUIEndToEndTests {
    static let cities: [FakeWikipedia.Page] = [
        .init(pageID: 1, title: "Zug", description: "Town in Switzerland"),
        .init(pageID: 2, title: "Zürich", description: "Largest city in Switzerland"),
        .init(pageID: 3, title: "Zürich Hauptbahnhof", description: "Railway station"),
        .init(pageID: 4, title: "Zurbarán", description: "Spanish painter"),
    ]

    @Test("typing with out-of-order replies: the screen ends on the final query's results")
    func outOfOrder() async throws {
        let clock = ManualClock()
        try await withFakeWikipedia(pages: Self.cities, clock: clock) { fake in
            // Shorter queries answer late, after the longer ones: held until the clock moves.
            fake.faults.setLatency { text in text.count < 4 ? .seconds(1) : .zero }
            try await withScoutInTmux(environment: tuiEnvironment(fake)) { tmux in
                try await tmux.waitFor("Type to search Wikipedia")
                for (typed, prefix) in ["z", "u", "r", "i"].enumerated() {
                    try tmux.type(prefix)
                    // Its search has reached the upstream before the next key comes.
                    #expect(await Self.hasReceived(typed + 1, fake), "a search for each prefix")
                }
                let screen = try await tmux.waitFor("Zürich Hauptbahnhof")
                #expect(screen.hasPrefix("› zuri"))
                clock.advance(by: .seconds(1))  // the late replies go
                #expect(await Self.hasAnsweredAll(fake), "every late reply has been sent")
                // A key pressed after them is handled after them: once the selection has moved,
                // the screen shows whatever they did.
                let before = Self.selectedRow(on: screen)
                try tmux.press("Down")
                let settled = try await tmux.waitForScreen("the selection moved") { Self.selectedRow(on: $0) != before }
                #expect(!settled.contains("Zug"))
                #expect(!settled.contains("Zurbarán"))
                #expect(settled.contains("Largest city in Switzerland"))
                #expect(settled.contains("2 results"))
                #expect(fake.recorder.count >= 2)  // at least one request was superseded
            }
        }
    }

    /// Whether `fake` receives `count` requests within `eventually`'s bound.
    static func hasReceived(_ count: Int, _ fake: FakeWikipedia) async -> Bool {
        await eventually { fake.recorder.count >= count }
    }

    /// Whether `fake` hands over a reply to every request it has had within `eventually`'s bound.
    static func hasAnsweredAll(_ fake: FakeWikipedia) async -> Bool {
        await eventually {
            fake.requests.allSatisfy { fake.recorder.answeredAt(sequenceNumber: $0.sequenceNumber) != nil }
        }
    }

    /// The row the selection marks (`▌`), if any.
    static func selectedRow(on screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("▌") }.map(String.init)
    }

    @Test("the endless list: moving to the end loads the next page")
    func endless() async throws {
        let pages = (1...70).map { FakeWikipedia.Page(pageID: $0, title: "Alpha \($0)", description: "Page \($0)") }
        try await withFakeWikipedia(pages: pages) { fake in
            try await withScoutInTmux(environment: tuiEnvironment(fake)) { tmux in
                try await tmux.waitFor("Type to search")
                try tmux.type("alpha")
                try await tmux.waitFor("20+ results")
                for _ in 0..<19 { try tmux.press("Down") }
                let screen = try await tmux.waitFor("40+ results")
                #expect(screen.contains("▌ Alpha 20"))
                try tmux.press("PageDown", "PageDown", "PageDown")
                // Three pages on from Alpha 20: past 30, how far depends on how many pages have
                // loaded by then (the selection stops at the last loaded row).
                try await tmux.waitForScreen("the selection moved on") { screen in
                    screen.split(separator: "\n").contains { line in
                        line.hasPrefix("▌ Alpha ") && (Int(line.dropFirst("▌ Alpha ".count)) ?? 0) > 30
                    }
                }
            }
        }
    }

    @Test("a resize repaints the whole screen at the new size")
    func resize() async throws {
        try await withFakeWikipedia(pages: Self.cities) { fake in
            try await withScoutInTmux(environment: tuiEnvironment(fake)) { tmux in
                try await tmux.waitFor("Type to search")
                try tmux.type("zür")
                try await tmux.waitFor("Zürich Hauptbahnhof")
                try tmux.run(["resize-window", "-t", "main", "-x", "50", "-y", "12"])
                let screen = try await tmux.waitForScreen("a 12-row layout") { screen in
                    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                    return lines.count >= 12 && lines[11].contains("Wikipedia ·")
                }
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines[0].hasPrefix("› zür"))
                #expect(lines.prefix(12).allSatisfy { $0.count <= 50 })
                #expect(screen.contains("Zürich"))
            }
        }
    }

    @Test("a failing source says so with “r to retry”; r retries")
    func retry() async throws {
        try await withFakeWikipedia(pages: Self.cities) { fake in
            fake.faults.inject(.status(503))
            try await withScoutInTmux(environment: tuiEnvironment(fake)) { tmux in
                try await tmux.waitFor("Type to search")
                try tmux.type("zür")
                try await tmux.waitFor("r to retry", timeout: .seconds(15))
                fake.faults.clearFaults()
                try tmux.type("r")
                let screen = try await tmux.waitFor("Zürich Hauptbahnhof")
                #expect(!screen.contains("r to retry"))
                #expect(screen.hasPrefix("› zür\n"))
            }
        }
    }
}
