import HTTPServer
import ScoutModels

/// The `q` parameter as every route that takes one reads it (`/api/v1/search`,
/// `/api/v1/books/search`, `/map`), by the rule `openapi.json` states: 1 to 256 characters
/// as sent (Unicode code points, what JSON Schema's `maxLength` counts), at least one of them
/// neither whitespace nor a control character (its `pattern`). Anything else is a 400
/// `bad_query` with a sentence, so the document and the server never disagree on a query.
///
/// The text is then normalized as ``ScoutModels/SearchQuery`` does (NFC, controls removed,
/// whitespace collapsed), which never makes it longer in characters than it was sent.
///
/// ```swift
/// let query = try SearchTextParameter.read(request.query["q"], whenEmpty: "Type a title to search for (q).")
/// ```
enum SearchTextParameter {
    /// The most code points `q` may have as sent.
    static let maximumLength = SearchQuery.maximumLength

    /// `raw` normalized; a 400 `bad_query` naming `source` when it is too long, and with
    /// `emptyMessage` when nothing but whitespace and controls (or nothing) was sent.
    static func read(_ raw: String?, source: SourceID? = nil, whenEmpty emptyMessage: String) throws -> SearchQuery {
        let raw = raw ?? ""
        let length = raw.unicodeScalars.count
        guard length <= maximumLength else {
            throw GatewayError.badRequest(
                "bad_query", SearchQueryError.tooLong(length: length, limit: maximumLength).description, source: source)
        }
        let query: SearchQuery
        do {
            query = try SearchQuery(raw)
        } catch {
            throw GatewayError.badRequest("bad_query", error.description, source: source)
        }
        guard !query.isEmpty else { throw GatewayError.badRequest("bad_query", emptyMessage, source: source) }
        return query
    }
}
