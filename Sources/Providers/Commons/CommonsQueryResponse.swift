/// The MediaWiki `action=query` reply of a Commons file search (`generator=search` with
/// `prop=imageinfo`), as it comes off the wire in formatversion 2 (pages as an array) or 1
/// (pages keyed by id). It stops at the provider: everything past it sees `SearchPage`.
struct CommonsQueryResponse: Decodable {
    struct Query: Decodable {
        let pages: [Page]
        let searchinfo: SearchInfo?

        enum CodingKeys: String, CodingKey { case pages, searchinfo }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            pages = container.mediaWikiPages(forKey: .pages)
            searchinfo = try? container.decodeIfPresent(SearchInfo.self, forKey: .searchinfo)
        }
    }

    /// One file page. Id and title are required; a malformed optional part is dropped, not the
    /// page (SECURITY.md T6) — a file whose `imageinfo` is missing still has a title and a page.
    struct Page: Decodable {
        let pageid: Int
        let ns: Int?
        let title: String
        let index: Int?
        let imageinfo: ImageInfo?

        enum CodingKeys: String, CodingKey { case pageid, ns, title, index, imageinfo }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            pageid = try container.decode(Int.self, forKey: .pageid)
            title = try container.decode(String.self, forKey: .title)
            ns = try? container.decodeIfPresent(Int.self, forKey: .ns)
            index = try? container.decodeIfPresent(Int.self, forKey: .index)
            // Only the current revision is asked for (`iilimit` 1), so the first entry is it.
            imageinfo =
                (try? container.decodeIfPresent([Lossy<ImageInfo>].self, forKey: .imageinfo))?
                .first?.value
        }
    }

    /// `iiprop=url|size|mime|extmetadata` with `iiurlwidth`.
    struct ImageInfo: Decodable {
        let url: String?
        let descriptionurl: String?
        let width: Int?
        let height: Int?
        let size: Int?
        let mime: String?
        let thumburl: String?
        let thumbwidth: Int?
        let thumbheight: Int?
        /// Extmetadata values by field name (HTML); malformed fields are left out.
        let extmetadata: [String: String]

        enum CodingKeys: String, CodingKey {
            case url, descriptionurl, width, height, size, mime, thumburl, thumbwidth, thumbheight, extmetadata
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try? container.decodeIfPresent(String.self, forKey: .url)
            descriptionurl = try? container.decodeIfPresent(String.self, forKey: .descriptionurl)
            width = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .width))?.value
            height = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .height))?.value
            size = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .size))?.value
            mime = try? container.decodeIfPresent(String.self, forKey: .mime)
            thumburl = try? container.decodeIfPresent(String.self, forKey: .thumburl)
            thumbwidth = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .thumbwidth))?.value
            thumbheight = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .thumbheight))?.value
            let fields = try? container.decodeIfPresent([String: Lossy<MetadataField>].self, forKey: .extmetadata)
            extmetadata = (fields ?? [:]).compactMapValues { $0.value?.value }
        }

        /// The text of an extmetadata field (`Artist`, `LicenseShortName` …) with its HTML
        /// stripped; nil when absent or empty.
        func metadata(_ name: String) -> String? {
            guard let value = extmetadata[name] else { return nil }
            let text = HTMLText.plain(value)
            return text.isEmpty ? nil : text
        }
    }

    /// `{"value": "…", "source": "commons-desc-page", "hidden": ""}`; values are HTML, and a
    /// few fields (dates, GPS) arrive as numbers.
    struct MetadataField: Decodable {
        let value: String

        enum CodingKeys: String, CodingKey { case value }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try? container.decode(String.self, forKey: .value) {
                value = text
            } else {
                value = String(try container.decode(Double.self, forKey: .value))
            }
        }
    }

    struct SearchInfo: Decodable {
        let totalhits: Int?
    }

    /// Only the offset Scout continues from.
    struct Continue: Decodable {
        let gsroffset: FlexibleInt?
    }

    let query: Query?
    let `continue`: Continue?
    let error: WikipediaQueryResponse.ClassicError?
    let errors: [WikipediaQueryResponse.ModernError]?
}
