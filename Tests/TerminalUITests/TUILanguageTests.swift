import Foundation
import ScoutTestSupport
import Testing

/// `scout tui` in the reader's languages: Ctrl-L moves the Wikipedia tab through `--lang`'s
/// languages, then the environment's (`LANGUAGE`), keeping the query; a code that names no
/// Wikipedia is a usage error.
@Suite("scout tui languages", .serialized, .timeLimit(.minutes(10)))
struct TUILanguageTests {
    @Test("Ctrl-L searches the next language, --lang's first, then LANGUAGE's, round again to the first")
    func switchLanguage() async throws {
        try await withFakeWikipedia(pages: []) { fake in
            fake.languages = [
                "en": [.init(pageID: 1, title: "Oslo")], "de": [.init(pageID: 2, title: "Zürichsee")],
                "fr": [.init(pageID: 3, title: "Lac de Zurich")],
            ]
            let environment = [
                "SCOUT_WIKIPEDIA_API": fake.languageTemplate, "SCOUT_BOOKS_API": "http://127.0.0.1:9/",
                "LANGUAGE": "fr_CH:de", "LANG": "C.UTF-8",
            ]
            try await withScoutInTmux(
                ["--images", "none", "--lang", "en,de", "--source", "wikipedia"], environment: environment
            ) { tmux in
                try await tmux.waitFor("Type to search")
                try tmux.type("Zürichsee")
                try await tmux.waitFor("0 results")
                try tmux.press("C-l")
                let german = try await tmux.waitFor("Wikipedia de · 1 result")
                #expect(german.contains("▌ Zürichsee"))
                #expect(german.contains("Wikipedia in de — Ctrl-L for the next language"))
                try tmux.press("C-l")
                let french = try await tmux.waitFor("Wikipedia fr")
                #expect(!french.split(separator: "\n").dropLast().contains { $0.contains("Lac de Zurich") })
                try tmux.type(" ")
                try tmux.press("C-u")
                try tmux.type("Lac")
                try await tmux.waitFor("Lac de Zurich")
                try tmux.press("C-l")
                try await tmux.waitFor("Wikipedia en")
                let languages = fake.requests.compactMap(FakeWikipedia.language(of:))
                #expect(Array(Set(languages)).sorted() == ["de", "en", "fr"])
            }
        }
    }

    @Test("--ui-lang ja: Ctrl-L says which language it chose in Japanese")
    func switchLanguageInJapanese() async throws {
        try await withFakeWikipedia(pages: []) { fake in
            fake.languages = ["en": [.init(pageID: 1, title: "Oslo")], "de": [.init(pageID: 2, title: "Zürichsee")]]
            let environment = [
                "SCOUT_WIKIPEDIA_API": fake.languageTemplate, "SCOUT_BOOKS_API": "http://127.0.0.1:9/",
                "LANGUAGE": "", "LANG": "C.UTF-8",
            ]
            try await withScoutInTmux(
                ["--images", "none", "--lang", "en,de", "--ui-lang", "ja", "--source", "wikipedia"],
                environment: environment
            ) { tmux in
                try await tmux.waitFor("入力して")
                try tmux.type("Zürichsee")
                try await tmux.waitFor("0 件")
                try tmux.press("C-l")
                let german = try await tmux.waitFor("Ctrl-L で次の言語へ")
                #expect(german.contains("Wikipedia（de）"))
                #expect(german.contains("Zürichsee"))
            }
        }
    }

    @Test("a --lang that names no Wikipedia is a usage error with a sentence", arguments: ["xx", "en,,de", "EN"])
    func badLanguage(lang: String) async throws {
        let result = try await ScoutExecutable.run(["tui", "--lang", lang])
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("--lang takes Wikipedia language codes such as en, de or zh-yue"))
    }
}
