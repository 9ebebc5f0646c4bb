import Localization

/// Catalog texts made HTML: the words escaped, and each `{value}` filled with markup the
/// caller built (already escaped), wherever the language's sentence puts it.
///
/// ```swift
/// PageText.html(messages, "page.empty.title", ["query": "<q>\(HTMLEscaping.escape(query))</q>"])
/// // "No results for <q>zurik</q>"  ·  ja: "<q>zurik</q> に一致する結果はありません"
/// ```
enum PageText {
    static func html(_ messages: Messages, _ key: String, _ markup: [String: String] = [:]) -> String {
        fill(messages.template(key), markup)
    }

    /// `html` for the count form of `key` (`.one`, `.other`).
    static func plural(_ messages: Messages, _ key: String, count: Int, _ markup: [String: String] = [:]) -> String {
        fill(messages.template(messages.pluralKey(key, count: count)), markup)
    }

    /// The escaped text of `key` with plain-text values, escaped too.
    static func escaped(_ messages: Messages, _ key: String, _ values: [String: String] = [:]) -> String {
        HTMLEscaping.escape(messages.text(key, values))
    }

    private static func fill(_ template: String, _ markup: [String: String]) -> String {
        MessageTemplate.segments(of: template).map { segment in
            switch segment {
            case .text(let text): HTMLEscaping.escape(text)
            case .value(let name): markup[name] ?? HTMLEscaping.escape("{\(name)}")
            }
        }.joined()
    }

    /// The texts the page's script reads (`page.…`, source names, quotes, list separators),
    /// as the JSON of its `<script type="application/json" id="scout-strings">` data block:
    /// in the page itself, so the script has them without another request. `<`, `>` and `&`
    /// are written as `\u` escapes, so no text can end the element.
    static func scriptStrings(_ messages: Messages) -> String {
        var texts: [String: String] = [:]
        for prefix in ["page.", "source.", "quote", "list."] {
            texts.merge(messages.texts(withPrefix: prefix)) { first, _ in first }
        }
        var json = "{"
        for (index, key) in texts.keys.sorted().enumerated() {
            if index > 0 { json += "," }
            json += jsonString(key) + ":" + jsonString(texts[key] ?? "")
        }
        return json + "}"
    }

    private static func jsonString(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                output +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }

    /// The switch between Scout's languages: a link per language to `path` with `hl` set
    /// (a plain link, so it works without the script too), the current one marked.
    static func languageSwitch(_ messages: Messages, query: [(name: String, value: String)]) -> String {
        var html =
            #"<nav class="languages" aria-label="\#(escaped(messages, "page.language"))"><ul class="language-list">"#
        for language in Language.allCases {
            let href = HTMLEscaping.escape(path(query + [(PageLanguage.parameter, language.code)]))
            let current = language == messages.language ? #" aria-current="true""# : ""
            html += #"<li><a class="language" href="\#(href)" hreflang="\#(language.code)" lang="\#(language.code)""#
            html += #"\#(current)>\#(HTMLEscaping.escape(language.name))</a></li>"#
        }
        return html + "</ul></nav>"
    }

    private static func path(_ query: [(name: String, value: String)]) -> String {
        let isSearch = query.contains { $0.name == "q" }
        return (isSearch ? "/search?" : "/?") + HTMLEscaping.query(query)
    }
}
