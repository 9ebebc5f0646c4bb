import Foundation
import Localization

extension ResultsPage {
    /// The All page's sections, rendered on the server for a browser without JavaScript: each
    /// source's heading, its first rows as links (``row(_:query:)``), "nothing matches" or its
    /// failure, and "More in X →" to that source's page of the same search. The markup and class
    /// names are the script's (`allview.js`), so the page looks the same either way; the script
    /// removes these (`#all-sections-server`) and draws its own live sections.
    static func allSections(_ page: Page, _ sections: [PageSection]) -> String {
        var html = #"<div class="all-sections" id="all-sections-server">"#
        for section in sections {
            let source = HTMLEscaping.escape(section.source)
            let name = HTMLEscaping.escape(section.name)
            let heading = "all-heading-\(source)"
            html += #"<section class="all-section" data-source="\#(source)" aria-labelledby="\#(heading)">"#
            html += #"<h2 class="all-heading" id="\#(heading)">\#(name)</h2><div class="all-body">"#
            if let failure = section.failure {
                // The API's sentence is English: marked so on a page in another language.
                let sentenceLanguage = page.messages.language == .english ? "" : #" lang="en""#
                html += #"<p class="notice-text"\#(sentenceLanguage)>\#(HTMLEscaping.escape(failure))</p>"#
            } else if section.items.isEmpty {
                html += #"<p class="all-empty">\#(text("page.all.empty", page, ["source": section.name]))</p>"#
            } else {
                html += #"<ul class="result-list all-list">"#
                html += section.items.prefix(Self.rowsPerSection).map { row($0, query: page.query) }.joined()
                html += "</ul>"
            }
            let language = section.source == "wikipedia" ? page.language : nil
            let href = HTMLEscaping.escape(searchPath(query: page.query, source: section.source, language: language))
            html += #"</div><p class="all-more-line"><a class="all-more" href="\#(href)">"#
            html += text("page.all.more", page, ["source": section.name]) + "</a></p></section>"
        }
        return html + "</div>\n"
    }

    /// Rows a section shows: the script's `ALL_LIMIT` (rules.js).
    static let rowsPerSection = 3
}
