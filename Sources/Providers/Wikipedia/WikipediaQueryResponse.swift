/// The MediaWiki `action=query` reply as it comes off the wire, in formatversion 1 (pages keyed
/// by id) or 2 (pages as an array). It stops at the provider: everything past it sees `SearchPage`.
///
/// Read with ``JSONPullReader`` (see there for why). Inside `query` a malformed part is dropped,
/// not the reply (SECURITY.md T6); a malformed `query`, `continue` or error is a malformed reply.
struct WikipediaQueryResponse {
    struct Query {
        var pages: [Page] = []
        var redirects: [Redirect] = []
        var searchinfo: SearchInfo?
        var search: [SearchHit] = []
    }

    struct Page {
        let pageid: Int
        let ns: Int?
        let title: String
        let index: Int?
        let description: String?
        let terms: Terms?
        let thumbnail: Thumbnail?

        struct Terms {
            let description: [String]?
        }

        struct Thumbnail {
            let source: String
            let width: Int?
            let height: Int?
        }
    }

    struct Redirect {
        let from: String
        let to: String
        let index: Int?
    }

    struct SearchInfo {
        var suggestion: String?
        var totalhits: Int?
    }

    /// One `list=search` hit: the page, without page properties (those are for generator pages).
    struct SearchHit {
        let title: String
        let ns: Int?
        let pageid: Int?
    }

    /// Only the offsets Scout continues from; MediaWiki sends them as numbers.
    struct Continue {
        var gpsoffset: Int?
        var gsroffset: Int?
        var sroffset: Int?
    }

    /// The classic error shape: `{"error":{"code","info","*"}}`.
    struct ClassicError {
        let code: String
        let info: String?
    }

    /// The `errorformat=plaintext` shape: `{"errors":[{"code","text"}]}`.
    struct ModernError {
        let code: String
        let text: String?
        let html: String?
    }

    var query: Query?
    var `continue`: Continue?
    var error: ClassicError?
    var errors: [ModernError]?
}
