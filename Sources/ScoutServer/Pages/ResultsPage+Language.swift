/// The Wikipedia language menu of the results page's form: a labelled `<select name="lang">`
/// of every Wikipedia's code, the one searched selected, so the form searches the language
/// chosen without JavaScript too (`app.js` names the options in the page's language and
/// remembers the choice). Shown for Wikipedia and for All, whose Wikipedia section it sets:
/// other sources have no languages.
extension ResultsPage {
    /// Whether a search in the tab `source` is in one of Wikipedia's languages (`rules.js`'s
    /// `hasLanguage`, which the script follows): Wikipedia's own tab, and All.
    static func hasLanguage(_ source: String) -> Bool { source == "wikipedia" || source == "all" }

    /// The menu for `page` (none unless it searches Wikipedia in a language, with options to
    /// offer), its label in the page's language (`page.wikipedia.language`).
    static func languageMenu(_ page: Page) -> String {
        guard hasLanguage(page.source), let language = page.language, !page.languages.isEmpty else { return "" }
        var html = #"<div class="language" id="language">"#
        html += #"<label class="language-label" for="lang">\#(text("page.wikipedia.language", page))</label>"#
        html += #"<select class="language-select" id="lang" name="lang">"#
        for code in page.languages {
            let escaped = HTMLEscaping.escape(code)
            let selected = code == language ? " selected" : ""
            html += #"<option value="\#(escaped)"\#(selected)>\#(escaped)</option>"#
        }
        html += "</select></div>\n"
        return html
    }
}
