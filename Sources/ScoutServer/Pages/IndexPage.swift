import Foundation
import HTTPServer
import Localization

/// The page `/` answers with: `Assets/index.html`, a template whose `{{key}}`s are catalog
/// keys, rendered once per language when the app starts (so a request only picks one), each
/// with its own `ETag`.
///
/// The template's other names: `{{lang}}` (the `<html lang>`), `{{search}}` (the field's
/// label for the default source), `{{strings}}` (the script's texts, ``PageText/scriptStrings(_:)``)
/// and `{{languages}}` (the switch).
///
/// ```swift
/// let pages = IndexPage.renderAll(template: template)
/// pages[.japanese]?.html.contains(#"<html lang="ja">"#)   // true
/// ```
struct IndexPage: Sendable {
    let html: String
    let bytes: [UInt8]
    let etag: String

    init(template: String, messages: Messages) {
        var values: [String: String] = [
            "lang": messages.language.code,
            "search": PageText.escaped(messages, "page.search.source", ["source": messages.text("source.wikipedia")]),
            "strings": PageText.scriptStrings(messages),
            "languages": PageText.languageSwitch(messages, query: []),
        ]
        var html = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            html += rest[..<open.lowerBound]
            let name = String(rest[open.upperBound..<close.lowerBound])
            if values[name] == nil { values[name] = PageText.escaped(messages, name) }
            html += values[name] ?? ""
            rest = rest[close.upperBound...]
        }
        html += rest
        self.html = html
        bytes = Array(html.utf8)
        etag = "\"\(messages.language.code)-\(StaticAssets.fingerprint(bytes))\""
    }

    /// The page in every language Scout has.
    static func renderAll(template: String) -> [Language: IndexPage] {
        Dictionary(
            uniqueKeysWithValues: Language.allCases.map { ($0, IndexPage(template: template, messages: Messages($0))) })
    }

    /// The reply to `request`: this page, or 304 when `If-None-Match` names it; `choice`'s
    /// headers on both.
    func response(for request: Request, choice: PageLanguage) -> Response {
        var headers = choice.headers
        headers["ETag"] = etag
        headers["Cache-Control"] = "no-cache"
        if let condition = request.headers["If-None-Match"],
            condition.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag })
        {
            return Response(status: 304, headers: headers)
        }
        headers["Content-Type"] = "text/html; charset=utf-8"
        return Response(status: 200, headers: headers, bytes: bytes)
    }
}
