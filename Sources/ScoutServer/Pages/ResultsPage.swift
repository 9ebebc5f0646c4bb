import Foundation
import Localization
import ScoutModels

/// The page `GET /search?q=…&source=…` answers with: a whole HTML document with the search
/// form, the source tabs and one page of results, so Scout works without JavaScript. With
/// JavaScript the same markup is taken over by `app.js`, which runs the search in the address
/// again and keeps it live while you type.
///
/// Every piece of text — titles, descriptions, the suggestion, the error message, the query
/// itself — is HTML-escaped; attribute values are quoted and escaped; only `http(s)` links
/// become links (others are shown as text); thumbnails only from this server or http(s)
/// (SECURITY.md T2). The page needs no inline script or style, so the CSP stays strict.
///
/// ```swift
/// router.add(.get, "/search") { request in
///     let outcome: PageOutcome = …   // from the same gateway as /api/v1/search
///     return .html(ResultsPage.render(
///         query: normalizedQuery, source: "wikipedia",
///         sources: [PageSource(id: "wikipedia", name: "Wikipedia")], outcome: outcome))
/// }
/// ```
public enum ResultsPage {
    /// The whole document for one search.
    ///
    /// - Parameters:
    ///   - query: The query as the server normalized it (shown in the field, the title and
    ///     the links); empty for the bare form (use ``PageOutcome/start``).
    ///   - source: The source searched (`wikipedia`), also when it is not in `sources`.
    ///   - sources: The tabs, in order (what `GET /api/v1/sources` lists).
    ///   - outcome: Results, an empty result with a suggestion, or a failure.
    ///   - language: The Wikipedia searched (`de`), kept in every link of the page; nil for
    ///     other sources.
    ///   - languages: The codes the language menu offers (none: no menu).
    ///   - messages: the reader's language (``PageLanguage``): every word of the page, the
    ///     `<html lang>`, the numbers, and the texts handed to the script.
    /// - Returns: UTF-8 HTML; serve it with `Response.html(_:)`.
    public static func render(
        query: String, source: String, sources: [PageSource], outcome: PageOutcome, language: String? = nil,
        languages: [String] = [], messages: Messages = Messages(.english)
    ) -> String {
        let sourceName = sources.first { $0.id == source }.map { sourceTitle($0, messages) } ?? source.capitalized
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        let title = trimmed.isEmpty ? "Scout" : "\(trimmed) – Scout"
        let page = Page(
            query: trimmed, source: source, sourceName: sourceName, language: hasLanguage(source) ? language : nil,
            languages: languages, messages: messages)
        var html = head(title: title, page: page)
        html += form(query: query, page: page, sources: sources)
        html += status(page, outcome: outcome)
        html +=
            #"<aside class="related" id="related" aria-label="\#(text("page.related", page))" hidden></aside>"# + "\n"
        html += #"<section class="recent" id="recent" aria-labelledby="recent-heading" hidden>"#
        html += #"<h2 class="recent-heading" id="recent-heading">\#(text("page.recent", page))</h2>"#
        html += #"<ul class="recent-list" id="recent-list"></ul></section>"# + "\n"
        html += results(page, outcome: outcome)
        html += foot(page)
        return html
    }

    /// What every part of one page needs: the search shown and the reader's language.
    struct Page {
        let query: String
        let source: String
        let sourceName: String
        /// The Wikipedia searched (`de`), kept in every link of the page; nil for other sources.
        let language: String?
        /// The codes the Wikipedia language menu offers (none: no menu).
        let languages: [String]
        let messages: Messages
    }

    /// A source's name in the reader's language when the catalog has it (`source.books`).
    static func sourceTitle(_ source: PageSource, _ messages: Messages) -> String {
        messages.has("source.\(source.id)") ? messages.text("source.\(source.id)") : source.name
    }

    static func text(_ key: String, _ page: Page, _ values: [String: String] = [:]) -> String {
        PageText.escaped(page.messages, key, values)
    }

    /// `/search?q=…&source=…` (and `&lang=…`, `&cursor=…`), percent-encoded; escape it for an
    /// attribute.
    public static func searchPath(query: String, source: String, cursor: String? = nil, language: String? = nil)
        -> String
    {
        var items: [(name: String, value: String)] = [("q", query), ("source", source)]
        if let language { items.append(("lang", language)) }
        if let cursor { items.append(("cursor", cursor)) }
        return "/search?" + HTMLEscaping.query(items)
    }

    // MARK: - Parts

    private static func head(title: String, page: Page) -> String {
        // The switch keeps the search shown, its Wikipedia language too.
        var kept: [(name: String, value: String)] = []
        if !page.query.isEmpty {
            kept = [("q", page.query), ("source", page.source)]
            if let language = page.language { kept.append(("lang", language)) }
        }
        let languages = PageText.languageSwitch(page.messages, query: kept)
        return """
            <!doctype html>
            <html lang="\(page.messages.language.code)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="description" content="\(text("page.description", page))">
            <title>\(HTMLEscaping.escape(title))</title>
            <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
            <link rel="stylesheet" href="/static/scout.css">
            <script type="module" src="/static/app.js"></script>
            <script type="application/json" id="scout-strings">\(PageText.scriptStrings(page.messages))</script>
            </head>
            <body>
            <a class="skip-link" href="#results">\(text("page.skip", page))</a>
            <header class="masthead">
              <h1 class="brand-heading"><a class="brand" href="/">\
            <img class="brand-mark" src="/static/icon.svg" alt="" width="28" height="28">\
            <span class="brand-name">Scout</span></a></h1>
              <p class="tagline">\(text("page.tagline", page))</p>
              \(languages)
            </header>
            <main class="shell" id="main">

            """
    }

    private static func form(query: String, page: Page, sources: [PageSource]) -> String {
        let source = page.source
        let search = text("page.search.source", page, ["source": page.sourceName])
        var html = """
            <form class="search" id="search-form" action="/search" method="get" role="search">
            <div class="field">
            <label class="field-icon" for="q">\
            <span class="field-label visually-hidden">\(search)</span></label>
            <input class="field-input" id="q" name="q" type="text" inputmode="search" \
            value="\(HTMLEscaping.escape(query))" placeholder="\(search)" \
            autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="300" enterkeyhint="search">
            <span class="spinner" id="spinner" hidden></span>
            <kbd class="field-key" aria-hidden="true">/</kbd>
            <button class="field-submit" type="submit">\(text("page.submit", page))</button>
            </div>
            <input type="hidden" id="source" name="source" value="\(HTMLEscaping.escape(source))">
            \(languageMenu(page))<div class="tabs" id="tabs" role="group" aria-label="\(text("page.sources", page))">
            """
        for entry in sources {
            let name = HTMLEscaping.escape(sourceTitle(entry, page.messages))
            if entry.isConfigured {
                let current = entry.id == source ? #" aria-current="page""# : ""
                let href = HTMLEscaping.escape(searchPath(query: query, source: entry.id))
                html += #"<a class="tab" href="\#(href)"\#(current)>\#(name)</a>"#
            } else {
                let hint = entry.message.map { #" title="\#(HTMLEscaping.escape($0))""# } ?? ""
                html += #"<span class="tab" aria-disabled="true"\#(hint)>\#(name)</span>"#
            }
        }
        html += "</div>\n"
        let hints = sources.filter { !$0.isConfigured && $0.message != nil }
        if hints.isEmpty {
            html += #"<p class="tab-note" id="tab-note" hidden></p>"#
        } else {
            let text = hints.map { "\(sourceTitle($0, page.messages)): \($0.message ?? "")" }.joined(separator: " ")
            html += #"<p class="tab-note" id="tab-note">\#(HTMLEscaping.escape(text))</p>"#
        }
        html += "\n</form>\n"
        return html
    }

    private static func status(_ page: Page, outcome: PageOutcome) -> String {
        var html = #"<div class="status" id="status" role="status" aria-live="polite">"#
        let messages = page.messages
        let name = HTMLEscaping.escape(page.sourceName)
        let query = HTMLEscaping.escape(page.query)
        switch outcome {
        case .start, .sections:
            break
        case .results(let items, let next, let suggestion) where items.isEmpty:
            html += #"<div class="notice notice--empty"><p class="notice-title">"#
            html += PageText.html(messages, "page.empty.title", ["query": "<q>\(query)</q>"])
            html += #"</p><p class="notice-text">"#
            if let suggestion, !suggestion.isEmpty {
                let href = HTMLEscaping.escape(
                    searchPath(query: suggestion, source: page.source, language: page.language))
                let link = #"<a class="suggestion" href="\#(href)">\#(HTMLEscaping.escape(suggestion))</a>"#
                html += PageText.html(messages, "page.empty.didYouMean", ["suggestion": link])
            } else if let next {
                let href = HTMLEscaping.escape(
                    searchPath(query: page.query, source: page.source, cursor: next, language: page.language))
                let link = #"<a href="\#(href)">\#(text("page.empty.lookFurther", page))</a>"#
                html += PageText.html(messages, "page.empty.nothingHere", ["link": link])
            } else {
                html += PageText.html(messages, "page.empty.noMatch", ["source": name])
            }
            html += "</p></div>"
        case .results(let items, let next, _):
            // "20+" while more pages follow; the plural form of the number shown.
            let count = messages.number(items.count) + (next == nil ? "" : "+")
            html += #"<p class="status-line">"#
            html += PageText.plural(
                messages, "page.count", count: next == nil ? items.count : items.count + 1,
                ["count": HTMLEscaping.escape(count), "query": "<strong>\(query)</strong>", "source": name])
            html += "</p>"
        case .failure(let message, let retryAfter):
            html += #"<div class="notice notice--error" role="alert">"#
            html += #"<p class="notice-title">\#(PageText.html(messages, "page.error.failed", ["source": name]))</p>"#
            // The API's sentence is English: marked so on a page in another language.
            let sentenceLanguage = messages.language == .english ? "" : #" lang="en""#
            html += #"<p class="notice-text"\#(sentenceLanguage)>\#(HTMLEscaping.escape(message))"#
            if let retryAfter, retryAfter > 0 {
                let wait = text("page.error.tryAgainIn", page, ["seconds": messages.number(retryAfter)])
                html +=
                    messages.language == .english
                    ? " \(wait)" : #" <span lang="\#(messages.language.code)">\#(wait)</span>"#
            }
            let href = HTMLEscaping.escape(searchPath(query: page.query, source: page.source, language: page.language))
            html += #"</p><p class="notice-actions"><a class="button button--primary retry" href="\#(href)">"#
            html += text("page.retry", page) + "</a></p></div>"
        }
        html += "</div>\n"
        return html
    }

    private static func results(_ page: Page, outcome: PageOutcome) -> String {
        let view: String
        var rows = ""
        var more = ""
        var sectionsHTML = ""
        switch outcome {
        case .start:
            view = "start"
        case .failure:
            view = "error"
        case .sections(let sections):
            // Before the (empty) result list, where the script puts its live sections; it
            // removes these when it runs the search again.
            view = "results"
            sectionsHTML = allSections(page, sections)
        case .results(let items, let next, _):
            view = items.isEmpty ? "empty" : "results"
            rows = items.map { row($0, query: page.query) }.joined()
            if let next, !items.isEmpty {
                let href = HTMLEscaping.escape(
                    searchPath(query: page.query, source: page.source, cursor: next, language: page.language))
                more = #"<a class="button more-link" href="\#(href)">\#(text("page.more", page))</a>"#
            }
        }
        return """
            <section class="results" id="results" aria-label="\(text("page.results", page))" data-view="\(view)">
            \(sectionsHTML)<ul class="result-list" id="result-list">\(rows)</ul>
            <div class="more" id="more">\(more)</div>
            <div class="sentinel" id="sentinel" aria-hidden="true"></div>
            </section>

            """
    }

    /// One row: a link to the item. `app.js` builds the same row without the link, as an option
    /// of its listbox (an option holds nothing interactive), and opens the link itself.
    static func row(_ item: PageItem, query: String) -> String {
        let link = HTMLEscaping.safeAddress(item.link)
        // The result's own language, for screen readers and CJK fonts (a Japanese title on an
        // English page is read and drawn as Japanese).
        let language = item.language.flatMap(LanguageTag.normalized).map { #" lang="\#(HTMLEscaping.escape($0))""# }
        var html = #"<li class="result"\#(language ?? "")>"#
        if let link {
            html += #"<a class="result-link" href="\#(HTMLEscaping.escape(link))" target="_blank" "#
            html += #"rel="noopener noreferrer">"#
        } else {
            html += #"<div class="result-link result-link--plain">"#
        }
        html += #"<span class="thumb" aria-hidden="true">\#(HTMLEscaping.escape(initial(of: item.title)))"#
        if let thumbnail = item.thumbnail, let source = HTMLEscaping.safeImageSource(thumbnail.url) {
            html += #"<img class="thumb-image" src="\#(HTMLEscaping.escape(source))" alt="" loading="lazy" "#
            html += #"decoding="async""#
            if let width = thumbnail.width, let height = thumbnail.height, width > 0, height > 0 {
                html += #" width="\#(width)" height="\#(height)""#
            }
            html += ">"
        }
        html += #"</span><span class="result-text"><span class="result-title">"#
        html += highlighted(item.title, query: query) + "</span>"
        if let description = item.description, !description.isEmpty {
            html += #"<span class="result-description">\#(HTMLEscaping.escape(description))</span>"#
        }
        if link == nil, !item.link.isEmpty {
            html += #"<span class="result-host">\#(HTMLEscaping.escape(item.link))</span>"#
        }
        html += "</span>" + (link == nil ? "</div>" : "</a>") + "</li>"
        return html
    }

    private static func foot(_ page: Page) -> String {
        """
        </main>
        <footer class="footer">
          <p>\(text("page.footer", page)) <span class="footer-keys">\
        <kbd>/</kbd> \(text("page.keys.search", page)) · <kbd>↑</kbd><kbd>↓</kbd> \(text("page.keys.move", page)) · \
        <kbd>Enter</kbd> \(text("page.keys.open", page)) · <kbd>Esc</kbd> \(text("page.keys.clear", page))</span></p>
        </footer>
        </body>
        </html>

        """
    }
}
