import Foundation

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
    /// - Returns: UTF-8 HTML; serve it with `Response.html(_:)`.
    public static func render(
        query: String, source: String, sources: [PageSource], outcome: PageOutcome, language: String? = nil,
        languages: [String] = []
    ) -> String {
        let language = source == "wikipedia" ? language : nil
        let sourceName = sources.first { $0.id == source }?.name ?? source.capitalized
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        let title = trimmed.isEmpty ? "Scout" : "\(trimmed) – Scout"
        var html = head(title: title)
        html += form(
            query: query, source: source, sourceName: sourceName, sources: sources,
            languageMenu: languageMenu(source: source, language: language, languages: languages))
        html += status(query: trimmed, source: source, language: language, sourceName: sourceName, outcome: outcome)
        html += #"<aside class="related" id="related" aria-label="Related books" hidden></aside>"# + "\n"
        html += #"<section class="recent" id="recent" aria-labelledby="recent-heading" hidden>"#
        html += #"<h2 class="recent-heading" id="recent-heading">Recent searches</h2>"#
        html += #"<ul class="recent-list" id="recent-list"></ul></section>"# + "\n"
        html += results(query: trimmed, source: source, language: language, outcome: outcome)
        html += foot
        return html
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

    private static func head(title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="description" content="Instant search over public APIs.">
        <title>\(HTMLEscaping.escape(title))</title>
        <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
        <link rel="stylesheet" href="/static/scout.css">
        <script type="module" src="/static/app.js"></script>
        </head>
        <body>
        <a class="skip-link" href="#results">Skip to results</a>
        <header class="masthead">
          <h1 class="brand-heading"><a class="brand" href="/">\
        <img class="brand-mark" src="/static/icon.svg" alt="" width="28" height="28">\
        <span class="brand-name">Scout</span></a></h1>
          <p class="tagline">Instant search over public APIs</p>
        </header>
        <main class="shell" id="main">

        """
    }

    private static func form(
        query: String, source: String, sourceName: String, sources: [PageSource], languageMenu: String
    ) -> String {
        var html = """
            <form class="search" id="search-form" action="/search" method="get" role="search">
            <div class="field">
            <label class="field-icon" for="q">\
            <span class="field-label visually-hidden">Search \(HTMLEscaping.escape(sourceName))</span></label>
            <input class="field-input" id="q" name="q" type="text" inputmode="search" \
            value="\(HTMLEscaping.escape(query))" placeholder="Search \(HTMLEscaping.escape(sourceName))" \
            autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="300" enterkeyhint="search">
            <span class="spinner" id="spinner" hidden></span>
            <kbd class="field-key" aria-hidden="true">/</kbd>
            <button class="field-submit" type="submit">Search</button>
            </div>
            <input type="hidden" id="source" name="source" value="\(HTMLEscaping.escape(source))">
            \(languageMenu)<div class="tabs" id="tabs" role="group" aria-label="Sources">
            """
        for entry in sources {
            let name = HTMLEscaping.escape(entry.name)
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
            let text = hints.map { "\($0.name): \($0.message ?? "")" }.joined(separator: " ")
            html += #"<p class="tab-note" id="tab-note">\#(HTMLEscaping.escape(text))</p>"#
        }
        html += "\n</form>\n"
        return html
    }

    private static func status(
        query: String, source: String, language: String?, sourceName: String, outcome: PageOutcome
    ) -> String {
        var html = #"<div class="status" id="status" role="status" aria-live="polite">"#
        let name = HTMLEscaping.escape(sourceName)
        switch outcome {
        case .start:
            break
        case .results(let items, let next, let suggestion) where items.isEmpty:
            html += #"<div class="notice notice--empty"><p class="notice-title">No results for "#
            html += "<q>\(HTMLEscaping.escape(query))</q></p><p class=\"notice-text\">"
            if let suggestion, !suggestion.isEmpty {
                let href = HTMLEscaping.escape(searchPath(query: suggestion, source: source, language: language))
                html += #"Did you mean <a class="suggestion" href="\#(href)">\#(HTMLEscaping.escape(suggestion))</a>?"#
            } else if let next {
                let href = HTMLEscaping.escape(
                    searchPath(query: query, source: source, cursor: next, language: language))
                html += #"Nothing on this page. <a href="\#(href)">Look further</a>."#
            } else {
                html += "\(name) has nothing that matches. Check the spelling or try fewer words."
            }
            html += "</p></div>"
        case .results(let items, let next, _):
            let count =
                "\(items.count)\(next == nil ? "" : "+") \(items.count == 1 && next == nil ? "result" : "results")"
            html += #"<p class="status-line">\#(count) for <strong>\#(HTMLEscaping.escape(query))</strong>"#
            html += " in \(name)</p>"
        case .failure(let message, let retryAfter):
            html += #"<div class="notice notice--error" role="alert">"#
            html += #"<p class="notice-title">\#(name) did not answer</p>"#
            html += #"<p class="notice-text">\#(HTMLEscaping.escape(message))"#
            if let retryAfter, retryAfter > 0 { html += " Try again in \(retryAfter) s." }
            let href = HTMLEscaping.escape(searchPath(query: query, source: source, language: language))
            html += #"</p><p class="notice-actions"><a class="button button--primary retry" href="\#(href)">Retry</a>"#
            html += "</p></div>"
        }
        html += "</div>\n"
        return html
    }

    private static func results(query: String, source: String, language: String?, outcome: PageOutcome) -> String {
        let view: String
        var rows = ""
        var more = ""
        switch outcome {
        case .start:
            view = "start"
        case .failure:
            view = "error"
        case .results(let items, let next, _):
            view = items.isEmpty ? "empty" : "results"
            rows = items.map { row($0, query: query) }.joined()
            if let next, !items.isEmpty {
                let href = HTMLEscaping.escape(
                    searchPath(query: query, source: source, cursor: next, language: language))
                more = #"<a class="button more-link" href="\#(href)">More results</a>"#
            }
        }
        return """
            <section class="results" id="results" aria-label="Results" data-view="\(view)">
            <ul class="result-list" id="result-list">\(rows)</ul>
            <div class="more" id="more">\(more)</div>
            <div class="sentinel" id="sentinel" aria-hidden="true"></div>
            </section>

            """
    }

    /// One row: a link to the item. `app.js` builds the same row without the link, as an option
    /// of its listbox (an option holds nothing interactive), and opens the link itself.
    static func row(_ item: PageItem, query: String) -> String {
        let link = HTMLEscaping.safeAddress(item.link)
        var html = #"<li class="result">"#
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

    private static let foot = """
        </main>
        <footer class="footer">
          <p>Scout searches public APIs for you; results open at their source. <span class="footer-keys">\
        <kbd>/</kbd> search · <kbd>↑</kbd><kbd>↓</kbd> move · <kbd>Enter</kbd> open · <kbd>Esc</kbd> clear</span></p>
        </footer>
        </body>
        </html>

        """
}
