import HTTPServer

/// The fake's `api.php`: turns one recorded request into the reply the real API would give,
/// from a snapshot of the fake's pages.
struct MediaWikiAPI {
    let index: WikipediaIndex
    let suggestions: [String: String]
    let servedBy: String
    let apiURL: String
    let articleBaseURL: String

    static let path = "/w/api.php"

    func respond(to record: RecordedRequest) -> Response {
        guard record.path == Self.path else { return FaultReplies.errorPage(status: 404) }
        var items = record.parameterList
        if record.method == .post,
            record.headers["Content-Type"]?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
        {
            let form = QueryParameters(raw: String(decoding: record.body, as: UTF8.self))
            items += form.items.map { ($0.name, $0.value) }
        }
        var request = MediaWikiRequest(items: items)
        let reply = { (request: MediaWikiRequest) in
            MediaWikiReply(request: request, servedBy: servedBy, apiURL: apiURL)
        }
        do throws(MediaWikiError) {
            if let version = request.badFormatVersion {
                throw MediaWikiError.badValue("formatversion", version, module: "main")
            }
            switch request["format"] {
            case nil, "json", "jsonfm": break
            case let other?: throw MediaWikiError.badValue("format", other, module: "main")
            }
            switch request["action"] {
            case "query":
                var query = MediaWikiQuery(index: index, suggestions: suggestions)
                let members = try query.run(&request)
                return reply(request).success(members)
            case "opensearch":
                return try MediaWikiOpenSearch(index: index, articleBaseURL: articleBaseURL).run(&request)
            case nil, "help":
                return Response.html(
                    "<!DOCTYPE html><title>MediaWiki API help</title><h1>Main module</h1>"
                        + "<p>The fake answers action=query and action=opensearch.</p>")
            case let action?:
                throw MediaWikiError.badValue("action", action, module: "main")
            }
        } catch {
            return reply(request).failure(error)
        }
    }
}
