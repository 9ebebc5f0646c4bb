/// The MediaWiki `action=query` reply of a Commons file search (`generator=search` with
/// `prop=imageinfo`), as it comes off the wire in formatversion 2 (pages as an array) or 1
/// (pages keyed by id). It stops at the provider: everything past it sees `SearchPage`.
struct CommonsQueryResponse: MediaWikiQueryReply {
    struct Query {
        var pages: [Page] = []
        var searchinfo: SearchInfo?
    }

    /// One file page. Id and title are required; a malformed optional part is dropped, not the
    /// page (SECURITY.md T6) — a file whose `imageinfo` is missing still has a title and a page.
    struct Page {
        let pageid: Int
        let ns: Int?
        let title: String
        let index: Int?
        let imageinfo: ImageInfo?
    }

    /// `iiprop=url|size|mime|extmetadata` with `iiurlwidth`.
    struct ImageInfo {
        var url: String?
        var descriptionurl: String?
        var width: Int?
        var height: Int?
        var size: Int?
        var mime: String?
        var thumburl: String?
        var thumbwidth: Int?
        var thumbheight: Int?
        /// Extmetadata values by field name (HTML); malformed fields are left out.
        var extmetadata: [String: String] = [:]

        /// The text of an extmetadata field (`Artist`, `LicenseShortName` …) with its HTML
        /// stripped; nil when absent or empty.
        func metadata(_ name: String) -> String? {
            guard let value = extmetadata[name] else { return nil }
            let text = HTMLText.plain(value)
            return text.isEmpty ? nil : text
        }
    }

    struct SearchInfo {
        var totalhits: Int?
    }

    /// Only the offset Scout continues from.
    struct Continue {
        var gsroffset: Int?
    }

    var query: Query?
    var `continue`: Continue?
    var error: WikipediaQueryResponse.ClassicError?
    var errors: [WikipediaQueryResponse.ModernError]?
}
