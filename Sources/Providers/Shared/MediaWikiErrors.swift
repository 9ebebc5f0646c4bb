import Networking

/// MediaWiki's two error shapes — classic `{"error":{…}}` and `errorformat`'s `{"errors":[…]}` —
/// as an ``Networking/APIError``, the same for every wiki Scout reads.
enum MediaWikiErrors {
    static func check(
        classic: WikipediaQueryResponse.ClassicError?, modern: [WikipediaQueryResponse.ModernError]?, source: String
    ) throws(APIError) {
        if let error = classic {
            throw APIError(
                kind: .upstream(code: error.code, message: error.info ?? error.code), source: source,
                details: "MediaWiki error \(error.code)")
        }
        if let error = modern?.first {
            throw APIError(
                kind: .upstream(code: error.code, message: error.text ?? error.html ?? error.code), source: source,
                details: "MediaWiki error \(error.code)")
        }
    }
}
