import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// `scout search wikipedia` as a process against FakeWikipedia (`SCOUT_WIKIPEDIA_API`).
@Suite("scout search", .timeLimit(.minutes(10)))
struct SearchCommandTests {
    static let pages: [FakeWikipedia.Page] =
        [
            .init(pageID: 1, title: "Zürich", description: "Largest city in Switzerland"),
            .init(pageID: 2, title: "Zürich Hauptbahnhof", description: "Railway station"),
            .init(pageID: 3, title: "東京タワー", description: "Tower in \u{1B}[31mTokyo"),
        ] + (10...40).map { .init(pageID: $0, title: "Alpha \($0)") }

    /// English whatever the machine's locale, unless `locale` says otherwise.
    private func search(
        _ arguments: [String], fake: FakeWikipedia, columns: Int = 100, locale: String = "C.UTF-8"
    ) async throws -> ScoutExecutable.Result {
        try await ScoutExecutable.run(
            ["search", "wikipedia"] + arguments,
            environment: [
                "SCOUT_WIKIPEDIA_API": fake.baseURL.absoluteString, "COLUMNS": "\(columns)", "LC_ALL": locale,
            ])
    }

    @Test("--lang, else SCOUT_WIKIPEDIA_LANG, names the Wikipedia searched")
    func language() async throws {
        try await withFakeWikipedia(pages: []) { fake in
            fake.languages = ["de": [.init(pageID: 1, title: "Zürichsee")], "ja": [.init(pageID: 2, title: "Zürich")]]
            let environment = ["SCOUT_WIKIPEDIA_API": fake.languageTemplate, "SCOUT_WIKIPEDIA_LANG": "ja"]
            let german = try await ScoutExecutable.run(
                ["search", "wikipedia", "zür", "--lang", "de"], environment: environment)
            #expect(german.exitCode == 0)
            #expect(german.standardOutput.contains("Zürichsee"))
            let configured = try await ScoutExecutable.run(["search", "wikipedia", "zür"], environment: environment)
            #expect(configured.standardOutput.contains("Zürich"))
            #expect(!configured.standardOutput.contains("Zürichsee"))
            #expect(fake.requests.compactMap(FakeWikipedia.language(of:)) == ["de", "ja"])
        }
    }

    @Test("a table that fits the terminal: title, description, link")
    func table() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            let result = try await search(["zür"], fake: fake, columns: 100)
            #expect(result.exitCode == 0)
            let lines = result.standardOutput.split(separator: "\n")
            #expect(lines.first?.hasPrefix("TITLE") == true)
            #expect(
                lines.contains {
                    $0.hasPrefix("Zürich ") && $0.contains("Largest city") && $0.hasSuffix("/wiki/Z%C3%BCrich")
                })
            // Narrow terminals get two lines per result instead of a cramped table.
            let narrow = try await search(["zür"], fake: fake, columns: 40)
            #expect(narrow.standardOutput.contains("1. Zürich — Largest city"))
            #expect(narrow.standardOutput.contains("   http://127.0.0.1:\(fake.port)/wiki/Z%C3%BCrich"))
        }
    }

    @Test("upstream text cannot inject escape codes")
    func noEscapes() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            let result = try await search(["東京"], fake: fake, columns: 200)
            #expect(result.exitCode == 0)
            #expect(result.standardOutput.contains("Tower in [31mTokyo"))
            #expect(!result.standardOutput.contains("\u{1B}"))
        }
    }

    @Test("--json prints one object per line with the documented fields")
    func jsonLines() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            let result = try await search(["zür", "--json"], fake: fake)
            #expect(result.exitCode == 0)
            let lines = result.standardOutput.split(separator: "\n")
            #expect(lines.count == 2)
            let first = try JSONDecoder().decode(JSONValue.self, from: Data(lines[0].utf8))
            #expect(first["title"] == "Zürich")
            #expect(first["id"] == "1")
            #expect(first["source"] == "wikipedia")
            #expect(first["description"] == "Largest city in Switzerland")
            #expect(first["thumbnail"] == .null)
            #expect(first["link"]?.stringValue?.hasSuffix("/wiki/Z%C3%BCrich") == true)
        }
    }

    @Test("--limit and --all: one page, or every page")
    func paging() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            let one = try await search(["alpha", "--json", "--limit", "5"], fake: fake)
            #expect(one.standardOutput.split(separator: "\n").count == 5)
            let all = try await search(["alpha", "--json", "--limit", "10", "--all"], fake: fake)
            let ids = all.standardOutput.split(separator: "\n").compactMap {
                try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))["id"]?.stringValue
            }
            #expect(ids.count == 31)
            #expect(Set(ids).count == 31)
        }
    }

    @Test("no results prints the suggestion and exits 0")
    func noResults() async throws {
        try await withFakeWikipedia(pages: Self.pages, suggestions: ["zurik": "zurich"]) { fake in
            let result = try await search(["zurik"], fake: fake)
            #expect(result.exitCode == 0)
            #expect(result.standardOutput == "No results for “zurik” on Wikipedia. Did you mean “zurich”?\n")
        }
    }

    @Test("in Japanese: from LC_ALL, or --ui-lang over it; --json the same in any language")
    func japanese() async throws {
        try await withFakeWikipedia(pages: Self.pages, suggestions: ["zurik": "zurich"]) { fake in
            let table = try await search(["zür"], fake: fake, locale: "ja_JP.UTF-8")
            #expect(
                table.standardOutput.split(separator: "\n").first?.hasPrefix("タイトル") == true, "\(table.standardOutput)")
            let none = try await search(["zurik", "--ui-lang", "ja"], fake: fake)
            #expect(none.standardOutput == "Wikipedia に「zurik」の結果はありません。もしかして「zurich」?\n")
            let english = try await search(["zurik", "--ui-lang", "en"], fake: fake, locale: "ja_JP.UTF-8")
            #expect(english.standardOutput.hasPrefix("No results for “zurik”"))
            let json = try await search(["zür", "--json"], fake: fake, locale: "ja_JP.UTF-8")
            #expect(json.standardOutput == (try await search(["zür", "--json"], fake: fake)).standardOutput)
            let bad = try await search(["zür", "--ui-lang", "fr"], fake: fake)
            #expect(bad.exitCode == 64)
            #expect(bad.standardError.contains("--ui-lang takes en or ja, not 'fr'"))
        }
    }

    @Test("a failing upstream is a sentence on stderr and exit 1")
    func failure() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            fake.inject(.status(503))
            let result = try await search(["zür"], fake: fake)
            #expect(result.exitCode == 1)
            #expect(result.standardError == "scout: Wikipedia is unavailable right now. Retry in a little while.\n")
            #expect(result.standardOutput.isEmpty)
        }
        let refused = try await ScoutExecutable.run(
            ["search", "wikipedia", "x"], environment: ["SCOUT_WIKIPEDIA_API": "http://127.0.0.1:1/w/api.php"])
        #expect(refused.exitCode == 1)
        #expect(refused.standardError.contains("Could not reach Wikipedia"))
    }

    @Test(
        "bad input is a usage error",
        arguments: [
            ["search"], ["search", "wikipedia"], ["search", "flickr-nope", "x"],
            ["search", "wikipedia", "x", "--limit", "0"], ["search", "wikipedia", "x", "--lang", "../etc"],
            ["search", "wikipedia", "x", "--lang", "xx"],
            ["search", "wikipedia", String(repeating: "x", count: 257)],
        ])
    func usage(arguments: [String]) async throws {
        let result = try await ScoutExecutable.run(arguments)
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix("scout: "))
    }

    @Test("the query reaches the upstream exactly (T5, from the CLI)")
    func exactQuery() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            _ = try await search(["a+b&c=d#e", "Zu\u{308}rich", "  東京 "], fake: fake)
            #expect(fake.requests.first?.parameters["gpssearch"] == "a+b&c=d#e Zürich 東京")
        }
    }
}

/// Proxies are honoured as curl honours them: `http_proxy` carries plain-http requests, and
/// `no_proxy` names hosts that are reached directly.
@Suite("scout search through a proxy", .timeLimit(.minutes(10)))
struct ProxyTests {
    @Test("with http_proxy, requests go through the proxy; no_proxy bypasses it")
    func proxy() async throws {
        try await withFakeWikipedia(pages: SearchCommandTests.pages) { fake in
            try await withFakeForwardProxy { proxy in
                let api = ["SCOUT_WIKIPEDIA_API": fake.baseURL.absoluteString]
                let through = try await ScoutExecutable.run(
                    ["search", "wikipedia", "zür"], environment: api.merging(["http_proxy": proxy.url]) { $1 })
                #expect(through.exitCode == 0)
                #expect(through.standardOutput.contains("Zürich"))
                // Every request of the search (a short query may take two) went through the proxy.
                let carried = proxy.targets.count
                #expect(carried >= 1 && carried == fake.requests.count)
                #expect(proxy.targets.allSatisfy { $0.hasPrefix("http://127.0.0.1:\(fake.port)/w/api.php?") })

                let bypassing = try await ScoutExecutable.run(
                    ["search", "wikipedia", "zür"],
                    environment: api.merging(["http_proxy": proxy.url, "no_proxy": "127.0.0.1"]) { $1 })
                #expect(bypassing.exitCode == 0)
                #expect(proxy.targets.count == carried)
                #expect(fake.requests.count == 2 * carried)
            }
        }
    }
}
