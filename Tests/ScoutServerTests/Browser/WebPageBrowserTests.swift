import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// The web page in a real browser: headless Chromium driven by `Tests/browser/scenarios.py`,
/// against Scout's app in this process and FakeWikipedia behind it, with every state a scenario
/// reaches audited by axe-core (any violation fails). One test per scenario; serialized, since
/// each starts its own Chromium. Skipped (with the reason) where Chromium, chromedriver,
/// python3-selenium or axe-selenium-python (`make test` installs it) are missing — except on
/// CI, where that fails.
@Suite(
    "Web page in Chromium", .serialized,
    .enabled(if: BrowserEnvironment.requirement.mayRun, Comment(rawValue: BrowserEnvironment.requirement.skipReason)),
    .timeLimit(.minutes(10)))
struct WebPageBrowserTests {
    @Test("typing: the final query's rows win even when earlier keystrokes answer later")
    func typing() async throws {
        try await withUpstreams(BrowserFixtures.berTitles) { fake, images in
            fake.faults.setLatency { $0 == "ber" ? nil : .milliseconds(2500) }
            try await runScenario("typing", wikipedia: fake, images: images)
        }
    }

    @Test("keyboard: ↓↓ Enter opens the second row in a new tab, Esc clears, / focuses")
    func keyboard() async throws {
        try await withUpstreams(BrowserFixtures.planets) { fake, images in
            try await runScenario("keyboard", wikipedia: fake, images: images)
        }
    }

    @Test("history: back, forward, reload and a shared link restore the search; recent searches")
    func history() async throws {
        try await withUpstreams(BrowserFixtures.greek) { fake, images in
            try await runScenario("history", wikipedia: fake, images: images)
        }
    }

    @Test("languages: the reader's language first, other languages with hits offered, the choice kept")
    func languages() async throws {
        try await withUpstreams(["Oslo"]) { fake, images in
            fake.languages = [
                "en": [.init(pageID: 1, title: "Oslo")],
                "de": [.init(pageID: 2, title: "Zürichsee"), .init(pageID: 3, title: "Zürich")],
                "fr": [.init(pageID: 4, title: "Lac de Zurich")],
            ]
            try await runScenario(
                "languages", wikipedia: fake, images: images,
                configure: { $0.wikipediaAPITemplate = fake.languageTemplate })
        }
    }

    @Test("empty state offers the suggestion, and clicking it searches it")
    func suggestion() async throws {
        try await withUpstreams(BrowserFixtures.zurich, suggestions: ["zurik": "zurich"]) { fake, images in
            try await runScenario("suggestion", wikipedia: fake, images: images)
        }
    }

    @Test("a 503 from Wikipedia shows an error naming it; Retry recovers")
    func error() async throws {
        try await withUpstreams(BrowserFixtures.oslo) { fake, images in
            fake.faults.inject(.status(503))
            try await runScenario("error", wikipedia: fake, images: images) { command in
                guard command == "recover" else { throw ScenarioControlError.unknown(command) }
                fake.faults.clearFaults()
            }
        }
    }

    @Test("endless list: scrolling to the end loads pages 2, 3 and 4, once each, no duplicates")
    func endless() async throws {
        try await withUpstreams(BrowserFixtures.items) { fake, images in
            fake.faults.latency = .milliseconds(300)
            try await runScenario("endless", wikipedia: fake, images: images)
        }
    }

    @Test("without JavaScript the form submits to /search, rendered on the server, with More results")
    func noJavaScript() async throws {
        try await withUpstreams(BrowserFixtures.osloMany) { fake, images in
            try await runScenario("no-javascript", wikipedia: fake, images: images)
        }
    }

    @Test("books: cover rows with the prefix highlighted; a book's Related panel, by keyboard and click")
    func books() async throws {
        try await withThumbnailServer { images in
            try await withBookCatalog(BookFixtures.books(coverBase: images.base)) { store in
                try await withFakeWikipedia(pages: []) { fake in
                    try await runScenario("books", wikipedia: fake, images: images, books: store)
                }
            }
        }
    }

    @Test("an input method's composition: kana while composing, then the conversion; results at each step; axe")
    func inputMethod() async throws {
        try await withBookCatalog(BookFixtures.readings()) { store in
            try await withFakeWikipedia(pages: []) { fake in
                try await runScenario("input-method", wikipedia: fake, books: store)
            }
        }
    }

    @Test("Japanese: Accept-Language ja, the words, each row's lang, the switch that persists, axe on every state")
    func japanese() async throws {
        try await withBookCatalog(BookFixtures.murakami()) { store in
            try await withFakeWikipedia(pages: []) { fake in
                fake.faults.inject(.status(503))  // the failure notice, in Japanese
                try await runScenario("japanese", wikipedia: fake, books: store)
            }
        }
    }

    @Test("XSS corpus (T2): typing shows every payload as text; 0 dialogs, 0 injected elements")
    func xss() async throws {
        try await withFakeWikipedia(pages: BrowserFixtures.xssPages()) { fake in
            try await runScenario("xss", wikipedia: fake)
        }
    }

    @Test("XSS corpus (T2) on the server-rendered page without JavaScript")
    func xssWithoutJavaScript() async throws {
        try await withFakeWikipedia(pages: BrowserFixtures.xssPages()) { fake in
            try await runScenario("xss-no-javascript", wikipedia: fake)
        }
    }
}
