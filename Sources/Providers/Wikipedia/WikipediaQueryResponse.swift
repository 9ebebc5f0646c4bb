/// The MediaWiki `action=query` reply as it comes off the wire, in formatversion 1 (pages keyed
/// by id) or 2 (pages as an array). It stops at the provider: everything past it sees `SearchPage`.
struct WikipediaQueryResponse: Decodable {
    struct Query: Decodable {
        let pages: [Page]
        let redirects: [Redirect]
        let searchinfo: SearchInfo?
        let search: [SearchHit]

        enum CodingKeys: String, CodingKey { case pages, redirects, searchinfo, search }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            pages = container.mediaWikiPages(forKey: .pages)
            redirects =
                (try? container.decodeIfPresent([Lossy<Redirect>].self, forKey: .redirects))?
                .compactMap(\.value) ?? []
            searchinfo = try? container.decodeIfPresent(SearchInfo.self, forKey: .searchinfo)
            search =
                (try? container.decodeIfPresent([Lossy<SearchHit>].self, forKey: .search))?
                .compactMap(\.value) ?? []
        }
    }

    struct Page: Decodable {
        let pageid: Int
        let ns: Int?
        let title: String
        let index: Int?
        let description: String?
        let terms: Terms?
        let thumbnail: Thumbnail?

        enum CodingKeys: String, CodingKey { case pageid, ns, title, index, description, terms, thumbnail }

        /// Id and title are required; a malformed optional part is dropped, not the page.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            pageid = try container.decode(Int.self, forKey: .pageid)
            title = try container.decode(String.self, forKey: .title)
            ns = try? container.decodeIfPresent(Int.self, forKey: .ns)
            index = try? container.decodeIfPresent(Int.self, forKey: .index)
            description = try? container.decodeIfPresent(String.self, forKey: .description)
            terms = try? container.decodeIfPresent(Terms.self, forKey: .terms)
            thumbnail = try? container.decodeIfPresent(Thumbnail.self, forKey: .thumbnail)
        }

        struct Terms: Decodable {
            let description: [String]?
        }

        struct Thumbnail: Decodable {
            let source: String
            let width: Int?
            let height: Int?
        }
    }

    struct Redirect: Decodable {
        let from: String
        let to: String
        let index: Int?
    }

    struct SearchInfo: Decodable {
        let suggestion: String?
        let totalhits: Int?
    }

    /// One `list=search` hit: the page, without page properties (those are for generator pages).
    struct SearchHit: Decodable {
        let title: String
        let ns: Int?
        let pageid: Int?
    }

    /// Only the offsets Scout continues from; MediaWiki sends them as numbers.
    struct Continue: Decodable {
        let gpsoffset: FlexibleInt?
        let gsroffset: FlexibleInt?
        let sroffset: FlexibleInt?
    }

    /// The classic error shape: `{"error":{"code","info","*"}}`.
    struct ClassicError: Decodable {
        let code: String
        let info: String?
    }

    /// The `errorformat=plaintext` shape: `{"errors":[{"code","text"}]}`.
    struct ModernError: Decodable {
        let code: String
        let text: String?
        let html: String?
    }

    let query: Query?
    let `continue`: Continue?
    let error: ClassicError?
    let errors: [ModernError]?
}
