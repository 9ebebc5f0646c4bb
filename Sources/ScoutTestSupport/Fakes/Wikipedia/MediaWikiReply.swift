import Foundation
import HTTPServer

/// Serializes results, warnings and errors the way MediaWiki's JSON formatter does for the
/// request's `format`, `formatversion` and `errorformat`.
struct MediaWikiReply {
    let request: MediaWikiRequest
    let servedBy: String
    let apiURL: String

    var docref: String {
        "See \(apiURL) for API usage. Subscribe to the mediawiki-api-announce mailing list at "
            + "&lt;https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/&gt; "
            + "for notice of API deprecations and breaking changes."
    }

    /// A successful result: `members` plus any warnings, in MediaWiki's member order.
    func success(_ members: [(String, WireJSON)]) -> Response {
        var all = members
        if let warnings = warningsMember() {
            let position = all.firstIndex { $0.0 == "query" } ?? all.endIndex
            all.insert(warnings, at: position)
        }
        return serialize(.object(all), errorCode: nil)
    }

    /// The error reply (HTTP 200 with a `MediaWiki-API-Error` header, as the real API sends).
    func failure(_ error: MediaWikiError) -> Response {
        var members: [(String, WireJSON)] = []
        switch request.errorFormat {
        case .classic:
            var body: [(String, WireJSON)] = [("code", .string(error.code)), ("info", .string(error.info))]
            body.append((request.formatVersion == .one ? "*" : "docref", .string(docref)))
            members.append(("error", .object(body)))
            if let warnings = warningsMember() { members.append(warnings) }
        case .text, .raw, .none:
            members.append(("errors", .array([message(code: error.code, text: error.info, module: error.module)])))
            if let warnings = warningsMember() { members.append(warnings) }
            members.append(("docref", .string(docref)))
        }
        members.append(("servedby", .string(servedBy)))
        return serialize(.object(members), errorCode: error.code)
    }

    private func warningsMember() -> (String, WireJSON)? {
        let warnings = request.warnings
        guard !warnings.isEmpty else { return nil }
        if request.errorFormat != .classic {
            return ("warnings", .array(warnings.map { message(code: $0.code, text: $0.text, module: $0.module) }))
        }
        var byModule: [(String, [String])] = []
        for warning in warnings {
            let module = warning.module.split(separator: "+").last.map(String.init) ?? warning.module
            if let index = byModule.firstIndex(where: { $0.0 == module }) {
                byModule[index].1.append(warning.text)
            } else {
                byModule.append((module, [warning.text]))
            }
        }
        let key = request.formatVersion == .one ? "*" : "warnings"
        return (
            "warnings",
            .object(
                byModule.map { module -> (String, WireJSON) in
                    (module.0, .object([(key, .string(module.1.joined(separator: "\n")))]))
                })
        )
    }

    private func message(code: String, text: String, module: String) -> WireJSON {
        switch request.errorFormat {
        case .raw:
            .object([
                ("code", .string(code)), ("key", .string("apierror-\(code)")), ("params", .array([])),
                ("module", .string(module)),
            ])
        case .none:
            .object([("code", .string(code)), ("module", .string(module))])
        case .classic, .text:
            .object([("code", .string(code)), ("text", .string(text)), ("module", .string(module))])
        }
    }

    /// JSON for `format=json`, JSONP with `callback`, and the HTML page `jsonfm` (the default
    /// when `format` is missing, as on the real API) wraps around pretty JSON.
    private func serialize(_ value: WireJSON, errorCode: String?) -> Response {
        let bytes = value.encoded(WireJSON.Style(escapesSlashes: false, escapesNonASCII: request.escapesNonASCII))
        var headers: HTTPHeaders = [:]
        if let errorCode { headers["MediaWiki-API-Error"] = errorCode }
        headers["Cache-Control"] = "private, must-revalidate, max-age=0"
        if request["format"] == "json" {
            if let callback = request["callback"], !callback.isEmpty {
                headers["Content-Type"] = "text/javascript; charset=utf-8"
                return Response(headers: headers, bytes: Array("/**/\(callback)(".utf8) + bytes + Array(")".utf8))
            }
            headers["Content-Type"] = "application/json; charset=utf-8"
            return Response(headers: headers, bytes: bytes)
        }
        let escaped = String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        let html = """
            <!DOCTYPE html>
            <html class="client-nojs" lang="en" dir="ltr"><head><meta charset="UTF-8"><title>MediaWiki API result</title></head>
            <body><div class="api-pretty-header">This is the HTML representation of the JSON format. \
            HTML is good for debugging, but is unsuitable for application use.</div>
            <pre class="api-pretty-content">\(escaped)</pre></body></html>

            """
        headers["Content-Type"] = "text/html; charset=utf-8"
        return Response(headers: headers, bytes: Array(html.utf8))
    }
}
