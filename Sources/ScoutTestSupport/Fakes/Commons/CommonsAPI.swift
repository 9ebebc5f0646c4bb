import HTTPServer

/// The fake's `api.php`: file search (`generator=search` in namespace 6) with `prop=imageinfo`,
/// over a snapshot of the fake's files, with MediaWiki's request parsing, warnings, error shapes
/// and serialization (shared with ``FakeWikipedia``).
struct CommonsAPI {
    let files: [FakeCommons.File]
    let apiURL: String

    func respond(to record: RecordedRequest) -> Response {
        guard record.path == MediaWikiAPI.path else { return FaultReplies.errorPage(status: 404) }
        var request = MediaWikiRequest(items: record.parameterList)
        let reply = { (request: MediaWikiRequest) in
            MediaWikiReply(request: request, servedBy: "mw-api-ext.fake", apiURL: apiURL)
        }
        do throws(MediaWikiError) {
            if let version = request.badFormatVersion {
                throw MediaWikiError.badValue("formatversion", version, module: "main")
            }
            switch request["format"] {
            case nil, "json", "jsonfm": break
            case let other?: throw MediaWikiError.badValue("format", other, module: "main")
            }
            guard request["action"] == "query" else {
                throw MediaWikiError.badValue("action", request["action"] ?? "", module: "main")
            }
            guard request["generator"] == "search" else {
                throw MediaWikiError.badValue("generator", request["generator"] ?? "", module: "query")
            }
            let members = try search(&request)
            return reply(request).success(members)
        } catch {
            return reply(request).failure(error)
        }
    }

    /// The result members: `batchcomplete` or `continue`, then `query` with `searchinfo` and `pages`.
    private func search(_ request: inout MediaWikiRequest) throws(MediaWikiError) -> [(String, WireJSON)] {
        let module = "query+search"
        let text = try request.required("gsrsearch", module: module)
        let limit = try request.limit("gsrlimit", default: 10, max: 500, module: module)
        let offset = max(0, try request.integer("gsroffset", default: 0, module: module))
        let namespaces = try request.namespaces("gsrnamespace", module: module)
        let words = TextFolding.words(text)
        let matches =
            namespaces.contains(6)
            ? files.filter { file in
                let haystack = Set(TextFolding.words(file.title + " " + file.text))
                return !words.isEmpty && words.allSatisfy(haystack.contains)
            } : []
        let window = Array(matches.enumerated().dropFirst(offset).prefix(limit))
        let renderer = try CommonsFileRenderer(request: &request)
        let ranked = window.map { (rank: $0.offset + 1, file: $0.element) }.sorted { $0.file.pageID < $1.file.pageID }
        let pages = ranked.map { (id: $0.file.pageID, json: renderer.render($0.file, index: $0.rank)) }

        var query: [(String, WireJSON)] = []
        if request.list("gsrinfo").contains("totalhits") {
            query.append(("searchinfo", .object([("totalhits", .int(matches.count))])))
        }
        if !pages.isEmpty {
            if request.formatVersion == .two {
                query.append(("pages", .array(pages.map(\.json))))
            } else {
                query.append(("pages", .object(pages.map { (String($0.id), $0.json) })))
            }
        }
        var result: [(String, WireJSON)] = []
        if offset + limit < matches.count {
            result.append(
                ("continue", .object([("gsroffset", .int(offset + limit)), ("continue", .string("gsroffset||"))])))
        } else {
            result.append(("batchcomplete", request.formatVersion == .two ? .bool(true) : .string("")))
        }
        if !query.isEmpty { result.append(("query", .object(query))) }
        return result
    }
}
