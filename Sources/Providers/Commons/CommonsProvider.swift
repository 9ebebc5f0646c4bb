import Foundation
import Networking
import ScoutModels

/// Photos from Wikimedia Commons through the MediaWiki action API: full-text search in the File
/// namespace (`generator=search`, `gsrnamespace=6`) with `prop=imageinfo`, one request per page,
/// paged with MediaWiki's continuation. No key needed; Wikimedia's host budget applies
/// (`wikimedia.org` in ``Networking/APIClient/Configuration/knownHosts``).
///
/// Each result's title is the file name without `File:` and extension, its description
/// "author · licence" (plain text), its thumbnail a standard-width rendition, its link the file
/// page; ``ScoutModels/SearchItem/details`` hold `author`, `license`, `mime`, `width`, `height`
/// and `original` when known.
///
/// ```swift
/// let commons = try CommonsProvider(client: client, apiAddress: "https://commons.wikimedia.org/w/api.php")
/// let page = try await commons.search(try SearchQuery("matterhorn"), cursor: nil, limit: 30)
/// let more = try await commons.search(try SearchQuery("matterhorn"), cursor: page.nextCursor, limit: 30)
/// ```
public struct CommonsProvider: SearchProvider {
    public let source = SourceID.commons
    public let displayName = "Wikimedia Commons"

    public let client: APIClient
    /// The API endpoint, such as `https://commons.wikimedia.org/w/api.php`.
    public let apiURL: URL
    /// Thumbnails are requested at the standard width at least this wide.
    public let thumbnailWidth: Int
    /// Links to the wiki's pages, made from `apiURL`.
    let articleLinks: WikipediaLinks.ArticleLinks
    /// How long one call may take, retries included.
    public let deadline: Duration

    /// Commons' API; pass another address for a mirror or a test server.
    public static let defaultAPIAddress = "https://commons.wikimedia.org/w/api.php"

    /// - Parameters:
    ///   - apiAddress: the `http(s)` address of a MediaWiki `api.php`.
    ///   - thumbnailWidth: snapped up to Wikimedia's standard widths (120, 250, 330, 500 …),
    ///     which are served from cache instead of rendered on demand.
    public init(
        client: APIClient, apiAddress: String = defaultAPIAddress, thumbnailWidth: Int = 330,
        deadline: Duration = .seconds(3)
    ) throws(CommonsConfigurationError) {
        guard let url = URL(string: apiAddress), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme), url.host?.isEmpty == false
        else { throw .invalidAPIAddress(apiAddress) }
        guard let articleLinks = WikipediaLinks.ArticleLinks(apiURL: url) else { throw .invalidAPIAddress(apiAddress) }
        self.client = client
        self.apiURL = url
        self.articleLinks = articleLinks
        self.thumbnailWidth = WikipediaLinks.snappedWidth(thumbnailWidth)
        self.deadline = deadline
    }

    /// One page of files; `cursor` is the continuation offset of the page before (nil: the first).
    /// `limit` is clamped to 1…50. The last page has no `nextCursor`.
    public func search(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) async throws -> SearchPage {
        guard !query.isEmpty else { return SearchPage(items: [], nextCursor: nil) }
        let offset = cursor.flatMap { Self.offset($0.rawValue) } ?? 0
        let reply = try await client.send(searchEndpoint(query, offset: offset, limit: min(max(limit, 1), 50)))
        // A continuation that does not move forward (only image info left to fetch) ends the
        // results rather than asking for the same page again; one past the deepest offset ends
        // them too, so every cursor given out is one readCursor reads back.
        let next = reply.continue?.gsroffset.flatMap {
            $0 > offset && $0 <= Self.maximumOffset ? SearchCursor(String($0)) : nil
        }
        return SearchPage(items: items(from: reply), nextCursor: next, total: reply.query?.searchinfo?.totalhits)
    }

    /// The deepest continuation offset (CirrusSearch, behind Commons' search, stops at 10,000 results).
    public static let maximumOffset = 10_000

    /// A continuation offset in decimal, `0` being the first page (see ``ScoutModels/CursorReading``).
    public func readCursor(_ text: String) -> CursorReading {
        guard let offset = Self.offset(text) else { return .invalid }
        return offset == 0 ? .firstPage : .page(SearchCursor(String(offset)))
    }

    /// The offset a cursor's text names; nil when it is not one this provider writes.
    static func offset(_ text: String) -> Int? { CursorReading.number(text, in: 0...maximumOffset) }

    /// Files in rank order (MediaWiki lists pages by id and gives the rank in `index`).
    func items(from reply: CommonsQueryResponse) -> [SearchItem] {
        let pages = reply.query?.pages ?? []
        return pages.filter { ($0.ns ?? 6) == 6 }
            .sorted { ($0.index ?? .max, $0.pageid) < ($1.index ?? .max, $1.pageid) }
            .compactMap(item(for:))
    }
}

/// Why a ``CommonsProvider`` could not be set up.
public enum CommonsConfigurationError: Error, Equatable, CustomStringConvertible {
    case invalidAPIAddress(String)

    public var description: String {
        switch self {
        case .invalidAPIAddress(let address):
            "'\(address)' is not an http(s) address for the Commons API; give the address of its api.php, such as "
                + "https://commons.wikimedia.org/w/api.php"
        }
    }
}
