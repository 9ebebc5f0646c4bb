import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// `lang` on `/api/v1/search` and `/search`, and `/api/v1/wikipedia/counts`: a request names
/// the Wikipedia it searches; a code that names none is a 400 with a sentence before anything
/// runs; each language's search is its own key — in the cache, in flight, as the stale copy
/// and for its cursors (SECURITY.md T19) — and the counts of other languages go through the
/// same keys. One FakeWikipedia answers every language, each at a host of its own
/// (`<code>.localhost`).
@Suite("Wikipedia in the reader's language", .timeLimit(.minutes(10)))
struct WikipediaLanguageTests {
    static let english: [FakeWikipedia.Page] = [.init(pageID: 1, title: "Zurich Insurance")]
    static let german: [FakeWikipedia.Page] =
        [.init(pageID: 10, title: "Zürich"), .init(pageID: 11, title: "Zürichsee")]
        + (12..<40).map { .init(pageID: $0, title: "Zürich \($0)") }
    static let french: [FakeWikipedia.Page] = [.init(pageID: 20, title: "Zurich (ville)")]

    /// Scout on a fake whose `en`, `de` and `fr` Wikipedias hold the pages above; `en` is the
    /// server's default.
    func withLanguages(
        clock: ManualClock? = nil, _ body: (FakeWikipedia, RawHTTPConnection, UInt16) async throws -> Void
    ) async throws {
        try await withScoutApp(
            pages: [],
            configureForFake: { configuration, fake in
                configuration.wikipediaAPITemplate = fake.languageTemplate
                configuration.wikipediaLanguage = "en"
                if let clock { configuration.clock = clock }
            },
            client: clock.map(oneAttemptClient(on:))
        ) { fake, _, port in
            fake.languages = ["en": Self.english, "de": Self.german, "fr": Self.french]
            try await body(fake, try RawHTTPConnection(port: port), port)
        }
    }

    @Test(
        "lang names the Wikipedia searched; none means the server's default, and lang=en on an en server is the same search"
    )
    func langPicksTheWikipedia() async throws {
        try await withLanguages { fake, connection, _ in
            let german = try await connection.get("/api/v1/search?q=Z%C3%BCr&lang=de&limit=5")
            #expect(german.status == 200)
            #expect(Self.titles(try german.json()).first == "Zürich")
            #expect(fake.requests.compactMap(FakeWikipedia.language(of:)) == ["de"])
            let english = try await connection.get("/api/v1/search?q=Zur")
            #expect(Self.titles(try english.json()) == ["Zurich Insurance"])
            let named = try await connection.get("/api/v1/search?q=Zur&lang=en")
            #expect(try named.json()["cached"] == true)
            #expect(fake.requests.compactMap(FakeWikipedia.language(of:)) == ["de", "en"])
        }
    }

    @Test(
        "a lang that names no Wikipedia is a 400 bad_language with a sentence, for every source, before any upstream call",
        arguments: ["xx", "EN", "en-US", "de,fr", "../etc", "en%0Aa", "", String(repeating: "a", count: 300)])
    func badLanguage(code: String) async throws {
        try await withLanguages { fake, connection, _ in
            for source in ["wikipedia", "commons"] {
                let reply = try await connection.get("/api/v1/search?q=Zur&source=\(source)&lang=\(code)")
                #expect(reply.status == 400)
                let error = try reply.json()["error"]
                #expect(error?["code"] == "bad_language")
                let message = error?["message"]?.stringValue ?? ""
                #expect(message.contains("There is no Wikipedia with the language code"))
                #expect(message.contains("leave lang out"))
                #expect(message.count < 300)
            }
            let page = try await connection.get("/search?q=Zur&lang=\(code)")
            #expect(page.status == 400)
            #expect(page.text.contains("There is no Wikipedia with the language code"))
            #expect(fake.requests.isEmpty)
        }
    }

    @Test("lang is checked, then ignored, by sources without languages")
    func otherSourcesIgnoreLang() async throws {
        try await withLanguages { fake, connection, _ in
            let unknown = try await connection.get("/api/v1/search?q=Zur&source=nowhere&lang=de")
            #expect(unknown.status == 400)
            #expect(try unknown.json()["error"]?["code"] == "unknown_source")
            // Past lang, the parse goes on to what Commons reads (its cursor): no upstream is asked.
            let named = try await connection.get("/api/v1/search?q=Zur&source=commons&lang=de&cursor=x")
            #expect(named.status == 400)
            #expect(try named.json()["error"]?["code"] == "bad_cursor")
            #expect(fake.requests.isEmpty)
        }
    }

    @Test("one text in two languages is two searches, each cached as its own, and a cursor continues its own language")
    func cacheAndCursorsPerLanguage() async throws {
        try await withLanguages { fake, connection, _ in
            let german = try await connection.get("/api/v1/search?q=Zurich&lang=de&limit=5")
            let french = try await connection.get("/api/v1/search?q=Zurich&lang=fr&limit=5")
            #expect(try french.json()["cached"] == false)
            #expect(Self.titles(try french.json()) != Self.titles(try german.json()))
            #expect(fake.requests.count == 2)
            for (language, reply) in [("de", german), ("fr", french)] {
                let again = try await connection.get("/api/v1/search?q=Zurich&lang=\(language)&limit=5")
                #expect(try again.json()["cached"] == true)
                #expect(try Self.titles(again.json()) == Self.titles(reply.json()))
            }
            #expect(fake.requests.count == 2)

            let first = try await connection.get("/api/v1/search?q=Z%C3%BCrich&lang=de&limit=5")
            let cursor = try #require(try first.json()["next"]?.stringValue)
            let second = try await connection.get(
                "/api/v1/search?q=Z%C3%BCrich&lang=de&limit=5&cursor=\(encoded(cursor))")
            #expect(second.status == 200)
            #expect(Set(Self.titles(try second.json())).isDisjoint(with: Self.titles(try first.json())))
            #expect(Self.titles(try second.json()).allSatisfy { $0.hasPrefix("Zürich") })
            #expect(fake.requests.suffix(2).compactMap(FakeWikipedia.language(of:)) == ["de", "de"])
            // The same cursor in another language is that language's search, never the cached German page.
            let elsewhere = try await connection.get(
                "/api/v1/search?q=Z%C3%BCrich&lang=fr&limit=5&cursor=\(encoded(cursor))")
            #expect(elsewhere.status == 200)
            #expect(try elsewhere.json()["cached"] == false)
            #expect(FakeWikipedia.language(of: try #require(fake.requests.last)) == "fr")
        }
    }

    @Test("an upstream failure is answered from the same language's earlier search only (T19)")
    func staleCopiesPerLanguage() async throws {
        let clock = ManualClock()
        try await withLanguages(clock: clock) { fake, connection, _ in
            let fresh = try await connection.get("/api/v1/search?q=Zurich&lang=de")
            #expect(fresh.status == 200)
            clock.advance(by: .seconds(61))  // past the cache's 60 s: only the stale copy is left
            fake.inject(.status(503))
            let french = try await connection.get("/api/v1/search?q=Zurich&lang=fr")
            #expect(french.status == 503)
            let german = try await connection.get("/api/v1/search?q=Zurich&lang=de")
            #expect(german.status == 200)
            #expect(try german.json()["stale"] == true)
            #expect(try Self.titles(german.json()) == Self.titles(fresh.json()))
        }
    }

    @Test("lang in flight together: one upstream call a language, each requester its language's answer")
    func coalescingPerLanguage() async throws {
        try await withLanguages { fake, _, port in
            fake.faults.latency = .milliseconds(200)
            var waiting: [(String, RawHTTPConnection)] = []
            for round in 0..<12 {
                let language = ["de", "fr", "en"][round % 3]
                let other = try RawHTTPConnection(port: port, timeout: .seconds(20))
                try await other.send("GET /api/v1/search?q=Zurich&lang=\(language) HTTP/1.1\r\nHost: x\r\n\r\n")
                waiting.append((language, other))
            }
            var titles: [String: Set<[String]>] = [:]
            for (language, other) in waiting {
                let reply = try await other.readResponse()
                #expect(reply.status == 200)
                titles[language, default: []].insert(Self.titles(try reply.json()))
            }
            #expect(titles.values.allSatisfy { $0.count == 1 })
            #expect(Set(titles.values.map { $0.first! }).count == 3)
            #expect(fake.requests.count == 3)
        }
    }

    @Test("the no-JavaScript page searches lang, keeps it in its links and menu, and selects it")
    func resultsPageKeepsLang() async throws {
        try await withLanguages { fake, connection, _ in
            let page = try await connection.get("/search?q=Z%C3%BCrich&lang=de")
            #expect(page.status == 200)
            #expect(page.text.contains(#"<option value="de" selected>de</option>"#))
            #expect(page.text.contains(#"<label class="language-label" for="lang">"#))
            #expect(page.text.contains("lang=de&amp;cursor="))
            #expect(FakeWikipedia.language(of: try #require(fake.requests.last)) == "de")
            let bare = try await connection.get("/search")
            #expect(bare.text.contains(#"<option value="en" selected>"#))
            let photos = try await connection.get("/search?q=Zurich&source=nowhere&lang=de")
            #expect(!photos.text.contains(#"id="lang""#))
        }
    }

    @Test("the All page without JavaScript: the menu sets its Wikipedia section's language, kept in its links")
    func allPageKeepsLang() async throws {
        try await withLanguages { fake, connection, _ in
            let page = try await connection.get("/search?q=Z%C3%BCrich&source=all&lang=de")
            #expect(page.status == 200)
            #expect(page.text.contains(#"<option value="de" selected>de</option>"#))
            #expect(page.text.contains(#"<mark>Zürich</mark>see"#))
            #expect(FakeWikipedia.language(of: try #require(fake.requests.last)) == "de")
            #expect(page.text.contains(#"href="/search?q=Z%C3%BCrich&amp;source=wikipedia&amp;lang=de">More in"#))
        }
    }

    @Test("the no-JavaScript page in Japanese: the menu's label from the catalog, the switch keeping lang")
    func resultsPageInJapanese() async throws {
        try await withLanguages { _, connection, _ in
            let page = try await connection.get("/search?q=Z%C3%BCrich&lang=de", headers: ["Accept-Language": "ja"])
            #expect(page.status == 200)
            #expect(page.text.contains(#"<html lang="ja">"#))
            #expect(page.text.contains(#"<label class="language-label" for="lang">Wikipedia の言語</label>"#))
            #expect(page.text.contains(#"<option value="de" selected>de</option>"#))
            // The switch to English keeps the search, its Wikipedia's language too.
            #expect(page.text.contains(#"href="/search?q=Z%C3%BCrich&amp;source=wikipedia&amp;lang=de&amp;hl=en""#))
            // The script's texts carry the menu's and the offer's words.
            #expect(page.text.contains(#""page.wikipedia.offers":"ほかの言語では見つかりました：""#))
        }
    }

    @Test("counts in other languages come from each language's first page, through the cache, at most 3")
    func counts() async throws {
        try await withLanguages { fake, connection, _ in
            let reply = try await connection.get("/api/v1/wikipedia/counts?q=Z%C3%BCrichsee&langs=de,fr,en")
            #expect(reply.status == 200)
            let body = try reply.json()
            #expect(body["query"] == "Zürichsee")
            let counts = body["counts"]?.arrayValue ?? []
            #expect(counts.map { $0["lang"]?.stringValue } == ["de", "fr", "en"])
            #expect(counts[0]["found"] == 1)
            #expect(counts[0]["more"] == false)
            #expect(counts[1]["found"] == 0)
            #expect(counts[2]["found"] == 0)
            #expect(fake.requests.count == 3)
            // Choosing the language offered is the page's own search: already cached.
            let chosen = try await connection.get("/api/v1/search?q=Z%C3%BCrichsee&lang=de")
            #expect(try chosen.json()["cached"] == true)
            #expect(fake.requests.count == 3)

            // A first page full of prefix matches: its count, and more.
            let full = try await connection.get("/api/v1/wikipedia/counts?q=Z%C3%BCrich&langs=de")
            #expect(try full.json()["counts"]?.arrayValue?.first?["found"] == 20)
            #expect(try full.json()["counts"]?.arrayValue?.first?["more"] == true)
        }
    }

    @Test(
        "counts refuse a bad, missing or fourth language with a sentence, before any upstream call",
        arguments: ["", "xx", "de,fr,ja,es", "de,,fr", "DE"])
    func badCounts(langs: String) async throws {
        try await withLanguages { fake, connection, _ in
            let reply = try await connection.get("/api/v1/wikipedia/counts?q=Zurich&langs=\(langs)")
            #expect(reply.status == 400)
            #expect(try reply.json()["error"]?["code"] == "bad_language")
            #expect(try (reply.json()["error"]?["message"]?.stringValue ?? "").contains("lang"))
            #expect(fake.requests.isEmpty)
        }
    }

    @Test("a language whose Wikipedia fails has found null; the others still count")
    func countsSurviveAFailure() async throws {
        try await withLanguages { fake, connection, _ in
            fake.inject(.status(404), when: { FakeWikipedia.language(of: $0) == "fr" })
            let reply = try await connection.get("/api/v1/wikipedia/counts?q=Z%C3%BCrich&langs=fr,de")
            #expect(reply.status == 200)
            let counts = try reply.json()["counts"]?.arrayValue ?? []
            #expect(counts.first?["found"] == .null)
            #expect(counts.last?["found"] == 20)
        }
    }

    @Test("sources lists Wikipedia's languages and the server's default")
    func sourcesListLanguages() async throws {
        try await withLanguages { _, connection, _ in
            let body = try await connection.get("/api/v1/sources").json()
            let wikipedia = try #require(body["sources"]?.arrayValue?.first { $0["id"] == "wikipedia" })
            #expect(wikipedia["language"] == "en")
            let languages = wikipedia["languages"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(languages.count > 300 && languages.contains("zh-yue") && languages.contains("de"))
            let commons = try #require(body["sources"]?.arrayValue?.first { $0["id"] == "commons" })
            #expect(commons["languages"] == nil)
        }
    }

    static func titles(_ body: JSONValue) -> [String] {
        (body["items"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
    }
}
