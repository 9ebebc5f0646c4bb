import Foundation
import HTTPServer

/// `action=opensearch`: `[query, [titles], [descriptions], [urls]]` over prefix search, with
/// redirects resolved unless `redirects=return`.
struct MediaWikiOpenSearch {
    let index: WikipediaIndex
    let articleBaseURL: String

    func run(_ request: inout MediaWikiRequest) throws(MediaWikiError) -> Response {
        let module = "opensearch"
        let text = try request.required("search", module: module)
        let limit = try request.limit("limit", default: 10, max: 500, module: module)
        let namespaces = try request.namespaces("namespace", module: module)
        let resolves = request["redirects"] != "return"
        var titles: [String] = []
        for match in index.prefixMatches(text, namespaces: namespaces) where titles.count < limit {
            let page = index.pages[match.pageIndex]
            let title = match.matchesTitle || resolves ? page.title : page.redirects[match.redirectIndices[0]]
            if !titles.contains(title) { titles.append(title) }
        }
        let urls = titles.map { title in
            let path = title.replacingOccurrences(of: " ", with: "_")
            return articleBaseURL + (path.addingPercentEncoding(withAllowedCharacters: Self.titleCharacters) ?? path)
        }
        let body: WireJSON = .array([
            .string(text), .array(titles.map { WireJSON.string($0) }), .array(titles.map { _ in .string("") }),
            .array(urls.map { WireJSON.string($0) }),
        ])
        let style = WireJSON.Style(escapesSlashes: false, escapesNonASCII: request.escapesNonASCII)
        return Response(headers: ["Content-Type": "application/json; charset=utf-8"], bytes: body.encoded(style))
    }

    private static let titleCharacters: CharacterSet = {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x7F)))
        allowed.insert(charactersIn: "-._~!$&'()*+,;=:@/")
        return allowed
    }()
}
