import Foundation
import HTTPServer
import Localization
import ScoutServer
import ScoutTestSupport
import Testing

/// The page and the page without JavaScript in the reader's language: chosen by the switch
/// (`hl`, kept in a cookie), else `Accept-Language`, else English; every reply says what it
/// varies on, so no cache serves one reader's language to another.
@Suite("Pages in the reader's language", .timeLimit(.minutes(10)))
struct LocalizedPageTests {
    static let pages: [FakeWikipedia.Page] = [
        .init(pageID: 1, title: "東京", description: "日本の首都"),
        .init(pageID: 2, title: "東京タワー", description: "電波塔"),
    ]

    /// A page served in Japanese, saying so and what it varies on.
    func expectJapanese(_ reply: RawHTTPResponse, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status == 200, sourceLocation: sourceLocation)
        #expect(reply.text.contains(#"<html lang="ja">"#), sourceLocation: sourceLocation)
        #expect(reply.headers["Vary"] == "Accept-Language, Cookie", sourceLocation: sourceLocation)
        #expect(reply.headers["Content-Language"] == "ja", sourceLocation: sourceLocation)
    }

    @Test("/ in Japanese for Accept-Language ja: lang, words, the script's texts, Vary")
    func indexByAcceptLanguage() async throws {
        try await withScoutApp(pages: Self.pages) { _, _, port in
            let reply = try await RawHTTPConnection(port: port).get(
                "/", headers: ["Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"])
            expectJapanese(reply)
            #expect(reply.text.contains(#"placeholder="Wikipedia を検索""#))
            #expect(reply.text.contains("公開 API のインスタント検索"))
            #expect(reply.text.contains(#""page.retry":"再試行""#))
            #expect(reply.headers["Set-Cookie"] == nil)
            #expect(!reply.text.contains("{{"), "a template name was left unrendered")

            let english = try await RawHTTPConnection(port: port).get("/", headers: ["Accept-Language": "fr, en;q=0.5"])
            #expect(english.text.contains(#"<html lang="en">"#))
            #expect(english.text.contains(#"placeholder="Search Wikipedia""#))
            #expect(english.headers["ETag"] != reply.headers["ETag"], "one validator for two languages")
            let none = try await RawHTTPConnection(port: port).get("/")
            #expect(none.text.contains(#"<html lang="en">"#))
        }
    }

    @Test("the switch: ?hl=ja sets a cookie for a year; the cookie wins over Accept-Language; hl over both")
    func switchAndCookie() async throws {
        try await withScoutApp(pages: Self.pages) { _, _, port in
            let chosen = try await RawHTTPConnection(port: port).get("/?hl=ja", headers: ["Accept-Language": "en"])
            #expect(chosen.text.contains(#"<html lang="ja">"#))
            let cookie = try #require(chosen.headers["Set-Cookie"])
            #expect(
                cookie.hasPrefix("hl=ja;") && cookie.contains("Max-Age=31536000") && cookie.contains("SameSite=Lax"))
            let kept = try await RawHTTPConnection(port: port).get(
                "/", headers: ["Accept-Language": "en", "Cookie": "theme=dark; hl=ja"])
            #expect(kept.text.contains(#"<html lang="ja">"#))
            let overridden = try await RawHTTPConnection(port: port).get("/?hl=en", headers: ["Cookie": "hl=ja"])
            #expect(overridden.text.contains(#"<html lang="en">"#))
            // A value Scout has no catalog of is ignored, never echoed.
            let junk = try await RawHTTPConnection(port: port).get("/?hl=%3Cx%3E", headers: ["Cookie": "hl=<x>"])
            #expect(junk.text.contains(#"<html lang="en">"#))
            #expect(junk.headers["Set-Cookie"] == nil)
            // The switch links to each language, marking the current one.
            #expect(chosen.text.contains(#"href="/?hl=en" hreflang="en" lang="en">English</a>"#))
            #expect(chosen.text.contains(#"href="/?hl=ja" hreflang="ja" lang="ja" aria-current="true">日本語</a>"#))
        }
    }

    @Test("a cached page is revalidated per language: 304 only for the same language's ETag")
    func conditional() async throws {
        try await withScoutApp(pages: Self.pages) { _, _, port in
            let japanese = try await RawHTTPConnection(port: port).get("/", headers: ["Accept-Language": "ja"])
            let etag = try #require(japanese.headers["ETag"])
            let again = try await RawHTTPConnection(port: port).get(
                "/", headers: ["Accept-Language": "ja", "If-None-Match": etag])
            #expect(again.status == 304)
            let other = try await RawHTTPConnection(port: port).get(
                "/", headers: ["Accept-Language": "en", "If-None-Match": etag])
            #expect(other.status == 200)
        }
    }

    @Test("/search in Japanese: lang, count, words, each row's lang, the switch keeping the search")
    func searchPage() async throws {
        try await withScoutApp(pages: Self.pages) { _, _, port in
            let reply = try await RawHTTPConnection(port: port).get(
                "/search?q=%E6%9D%B1%E4%BA%AC&source=wikipedia", headers: ["Accept-Language": "ja"])
            expectJapanese(reply)
            #expect(reply.text.contains("Wikipedia の <strong>東京</strong> の検索結果 2 件"))
            #expect(reply.text.contains(#"<li class="result" lang="en">"#), "the fake is an English wiki")
            #expect(
                reply.text.contains(#"href="/search?q=%E6%9D%B1%E4%BA%AC&amp;source=wikipedia&amp;lang=en&amp;hl=en""#))
            let empty = try await RawHTTPConnection(port: port).get("/search?q=zzzz&source=wikipedia&hl=ja")
            #expect(empty.text.contains("<q>zzzz</q> に一致する結果はありません"))
            #expect(empty.headers["Set-Cookie"]?.hasPrefix("hl=ja;") == true)
        }
    }

    @Test("the rendered page: every row carries its language; English texts in a language without them")
    func rowsAndFallback() throws {
        let html = ResultsPage.render(
            query: "本", source: "books", sources: [PageSource(id: "books", name: "Books")],
            outcome: .results(
                items: [
                    PageItem(id: "1", title: "ノルウェイの森", description: nil, thumbnail: nil, link: "/b/1", language: "ja"),
                    PageItem(id: "2", title: "Dune", description: nil, thumbnail: nil, link: "/b/2"),
                    PageItem(id: "3", title: "x", description: nil, thumbnail: nil, link: "/b/3", language: "\"><b>"),
                ], next: "20.1", suggestion: nil),
            messages: Messages(.japanese))
        #expect(html.contains(#"<li class="result" lang="ja">"#))
        #expect(html.contains(#"<li class="result"><a class="result-link" href="/b/2""#))
        #expect(!html.contains("<b>"), "a language tag that is not one is left out")
        #expect(html.contains("本 の <strong>本</strong> の検索結果 3+ 件"))
        #expect(html.contains(#"aria-label="検索先""#))
    }

    @Test("a failure in Japanese: the heading and Retry in Japanese, the API's English sentence marked as English")
    func failureInJapanese() throws {
        let html = ResultsPage.render(
            query: "x", source: "wikipedia", sources: [PageSource(id: "wikipedia", name: "Wikipedia")],
            outcome: .failure(message: "Wikipedia is unavailable right now.", retryAfter: 5),
            messages: Messages(.japanese))
        #expect(html.contains(#"<p class="notice-title">Wikipedia が応答しません</p>"#))
        #expect(
            html.contains(
                #"<p class="notice-text" lang="en">Wikipedia is unavailable right now. <span lang="ja">5 秒後にもう一度お試しください。</span>"#
            ))
        #expect(html.contains(">再試行</a>"))
        let english = ResultsPage.render(
            query: "x", source: "wikipedia", sources: [], outcome: .failure(message: "Down.", retryAfter: 5))
        #expect(english.contains(#"<p class="notice-text">Down. Try again in 5 s."#))
    }
}
